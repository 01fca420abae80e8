import { sql } from 'drizzle-orm';
import { queryRows, withTenant, type Db } from '../../db/client.ts';
import { outboxReceipt } from './capture-server.ts';
import type { DeliveryReport, SendResult, SmsGateway, SmsToSend } from './gateway.ts';
import { DeliveryError } from './gateway.ts';

/**
 * The development SMS gateway (issue 9 'SMS'; SMS_GATEWAY=dev, the default): records every SMS
 * in outbox_messages (the Outbox page shows them; one statement per church per batch) and, like
 * a real gateway, sends delivery reports shortly after: 'delivered', except for numbers ending
 * in 0000, which report 'undelivered' ('DND Active on Phone Number') so the undelivered state
 * can be seen in development. A number ending in 9999 is refused as invalid (a permanent
 * failure). `onReports` receives one church's reports at a time.
 */
export function devSmsGateway(
  db: Db,
  onReports: (tenantId: string, reports: DeliveryReport[]) => Promise<void>,
): SmsGateway {
  return {
    name: 'dev',
    async send(messages: SmsToSend[]) {
      const results: (SendResult | DeliveryError)[] = messages.map((m) =>
        m.to.endsWith('9999')
          ? new DeliveryError('permanent', 'The gateway refused the number as invalid')
          : { providerMessageId: '' },
      );
      const byTenant = new Map<string, number[]>();
      messages.forEach((m, i) => {
        if (!(results[i] instanceof DeliveryError)) byTenant.set(m.tenantId, [...(byTenant.get(m.tenantId) ?? []), i]);
      });
      for (const [tenantId, indexes] of byTenant) {
        const rows = indexes.map((i) => {
          const m = messages[i]!;
          return { key: m.idempotencyKey, from: m.from, to: m.to, text: m.text };
        });
        const inserted = await withTenant(db, tenantId, (tx) =>
          queryRows<{ id: string; key: string }>(
            tx,
            sql`insert into outbox_messages (tenant_id, channel, idempotency_key, from_address, to_address, text_body, status)
                select ${tenantId}, 'sms', r.key, r."from", r."to", r.text, 'accepted'
                  from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(key text, "from" text, "to" text, text text)
                returning id, idempotency_key as key`,
          ),
        );
        const idOf = new Map(inserted.map((r) => [r.key, `dev-${r.id}`]));
        const reports: DeliveryReport[] = [];
        for (const i of indexes) {
          const m = messages[i]!;
          const providerMessageId = idOf.get(m.idempotencyKey)!;
          results[i] = { providerMessageId };
          const undelivered = m.to.endsWith('0000');
          reports.push({
            providerMessageId,
            status: undelivered ? 'undelivered' : 'delivered',
            detail: undelivered ? 'DND Active on Phone Number' : 'Delivered',
          });
        }
        setTimeout(() => void onReports(tenantId, reports).catch(() => {}), 200);
      }
      return results;
    },
    async receipt(tenantId, key) {
      const r = await outboxReceipt(db, tenantId, key, 'sms');
      return r.taken === 'yes' ? { taken: 'yes', providerMessageId: `dev-${r.providerMessageId}` } : r;
    },
  };
}
