import { sql } from 'drizzle-orm';
import { queryRows, withoutTenant, withTenant, type Db } from '../../db/client.ts';
import { isStopReply } from './termii-gateway.ts';

/** A member's SMS to the church (a reply). */
export interface InboundSms {
  /** E.164 */
  from: string;
  text: string;
  receivedAt?: Date | null;
}

/**
 * Records a member's SMS reply (issue 9: GetAllSmsReplies; STOP opts out): the church is the
 * one that messaged the number last (messaging_address_tenant); the reply is kept in
 * sms_replies and a STOP (STOP, STOP ALL, UNSUBSCRIBE, CANCEL, END, QUIT, OPT OUT) adds the
 * number to the church's SMS opt-outs, so later messages leave it out. Answers the church's id,
 * or null when no church messaged that number (the reply is then dropped).
 */
export async function recordReply(db: Db, sms: InboundSms): Promise<string | null> {
  const [found] = await withoutTenant(db, (tx) =>
    queryRows<{ tenantId: string | null }>(tx, sql`select messaging_address_tenant(${sms.from}) as "tenantId"`),
  );
  const tenantId = found?.tenantId;
  if (!tenantId) return null;
  await withTenant(db, tenantId, async (tx) => {
    await tx.execute(
      sql`insert into sms_replies (tenant_id, from_address, body, received_at)
          values (${tenantId}, ${sms.from}, ${sms.text.slice(0, 2000)}, ${sms.receivedAt ?? new Date()})`,
    );
    if (isStopReply(sms.text)) {
      await tx.execute(
        sql`insert into message_opt_outs (tenant_id, channel, address, reason)
            values (${tenantId}, 'sms', ${sms.from}, 'Replied STOP') on conflict do nothing`,
      );
    }
  });
  return tenantId;
}
