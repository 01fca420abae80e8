import { sql } from 'drizzle-orm';
import { queryRows, withTenant, type Db } from '../../db/client.ts';
import { outboxReceipt } from './capture-server.ts';
import type { DeliveryReport, SendResult, SmsGateway, SmsToSend } from './gateway.ts';
import { DeliveryError } from './gateway.ts';

/**
 * The development SMS gateway (issue 9 'SMS'; SMS_GATEWAY=dev, the default): records every SMS
 * in outbox_messages (the Outbox page shows them) and, like a real gateway, sends a delivery
 * report shortly after: 'delivered', except for numbers ending in 0000, which report
 * 'undelivered' ('DND Active on Phone Number') so the undelivered state can be seen in
 * development. A number ending in 9999 is refused as invalid (a permanent failure).
 */
export function devSmsGateway(db: Db, onReport: (r: DeliveryReport) => Promise<void>): SmsGateway {
  return {
    name: 'dev',
    async send(messages: SmsToSend[]) {
      const results: (SendResult | DeliveryError)[] = [];
      for (const m of messages) {
        if (m.to.endsWith('9999')) {
          results.push(new DeliveryError('permanent', 'The gateway refused the number as invalid'));
          continue;
        }
        const [row] = await withTenant(db, m.tenantId, (tx) =>
          queryRows<{ id: string }>(
            tx,
            sql`insert into outbox_messages (tenant_id, channel, idempotency_key, from_address, to_address, text_body, status)
                values (${m.tenantId}, 'sms', ${m.idempotencyKey}, ${m.from}, ${m.to}, ${m.text}, 'accepted')
                returning id`,
          ),
        );
        const providerMessageId = `dev-${row!.id}`;
        results.push({ providerMessageId });
        const undelivered = m.to.endsWith('0000');
        setTimeout(() => {
          void onReport({
            providerMessageId,
            status: undelivered ? 'undelivered' : 'delivered',
            detail: undelivered ? 'DND Active on Phone Number' : 'Delivered',
          }).catch(() => {});
        }, 200);
      }
      return results;
    },
    async receipt(tenantId, key) {
      const r = await outboxReceipt(db, tenantId, key, 'sms');
      return r.taken === 'yes' ? { taken: 'yes', providerMessageId: `dev-${r.providerMessageId}` } : r;
    },
  };
}
