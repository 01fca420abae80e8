import { sql } from 'drizzle-orm';
import { queryRows, withoutTenant, withTenant, type Db } from '../../db/client.ts';
import type { EmailTransport } from './email-transport.ts';
import { DeliveryError, type DeliveryReport, type SendResult, type SmsGateway } from './gateway.ts';
import { personalize } from '@steward/contracts/merge-fields';
import type { BatchOutcome, ClaimedJob } from './queue.ts';

/** What the delivery worker needs. */
export interface DeliveryDeps {
  db: Db;
  sms: SmsGateway;
  email: EmailTransport;
  /** logs without personal data */
  log: (event: string, fields: Record<string, unknown>) => void;
}

/** A recipient claimed for sending, with its message. */
interface Claimed {
  jobId: string;
  tenantId: string;
  recipientId: string;
  previous: 'queued' | 'sending';
  address: string;
  name: string;
  channel: 'sms' | 'email';
  sender: string;
  subject: string;
  body: string;
  bodyText: string;
  personalized: boolean;
  churchName: string;
}

/** The reason written on a recipient found half-sent by a worker that stopped, when the gateway cannot tell. */
export const INTERRUPTED_REASON =
  'Sending was interrupted and the gateway cannot say whether it took the message: not sent again, to avoid sending it twice';

/**
 * Delivers a batch of recipients' jobs (issue 9 'Every recipient is a job'), exactly once:
 * 1. each recipient is claimed in its own committed transaction: 'queued' -> 'sending'
 *    (a recipient already sent or failed is skipped: its job completes doing nothing);
 * 2. a recipient that was already 'sending' (its worker was killed mid-send) is first asked of
 *    the gateway (receipt): taken -> marked sent without sending; not taken -> sent now; the
 *    gateway cannot tell -> failed with INTERRUPTED_REASON (never a second copy);
 * 3. the messages are sent (SMS of the batch in one gateway call, which groups them into bulk
 *    requests; e-mails five at a time) and each outcome is committed: 'sent' with the gateway's
 *    id; a permanent failure -> 'failed' with its reason and the SMS units refunded; a temporary
 *    one -> its job is retried with backoff by pg-boss, from 'queued' when the gateway surely
 *    did not take it (429, 5xx, refused connection), from 'sending' when it may have (a timeout:
 *    the retry asks for a receipt first, as after a crash).
 * Answers the jobs to retry.
 */
export async function deliverBatch(deps: DeliveryDeps, jobs: ClaimedJob[]): Promise<BatchOutcome> {
  const claimed: Claimed[] = [];
  const byTenant = new Map<string, ClaimedJob[]>();
  for (const job of jobs) byTenant.set(job.data.tenantId, [...(byTenant.get(job.data.tenantId) ?? []), job]);
  for (const [tenantId, group] of byTenant) claimed.push(...(await claim(deps.db, tenantId, group)));
  const retry: BatchOutcome['retry'] = [];
  const toSend: Claimed[] = [];
  for (const c of claimed) {
    if (c.previous === 'sending') {
      const receipt =
        c.channel === 'sms'
          ? await deps.sms.receipt(c.tenantId, c.recipientId)
          : await deps.email.receipt(c.tenantId, c.recipientId);
      if (receipt.taken === 'yes') {
        await markSent(deps.db, c.tenantId, [{ id: c.recipientId, providerMessageId: receipt.providerMessageId }]);
        deps.log('message.recovered', { recipientId: c.recipientId, outcome: 'already taken' });
        continue;
      }
      if (receipt.taken === 'unknown') {
        await markFailed(deps.db, c, INTERRUPTED_REASON);
        deps.log('message.recovered', { recipientId: c.recipientId, outcome: 'failed: unknown' });
        continue;
      }
    }
    toSend.push(c);
  }

  const outcomes = new Map<string, SendResult | DeliveryError>();
  const sms = toSend.filter((c) => c.channel === 'sms');
  if (sms.length) {
    try {
      const results = await deps.sms.send(
        sms.map((c) => ({
          idempotencyKey: c.recipientId,
          tenantId: c.tenantId,
          to: c.address,
          from: c.sender,
          text: c.personalized ? personalize(c.body, c) : c.body,
        })),
      );
      sms.forEach((c, i) => outcomes.set(c.recipientId, results[i] ?? new DeliveryError('temporary', 'No answer')));
    } catch (e) {
      const err = e instanceof DeliveryError ? e : new DeliveryError('temporary', 'The SMS gateway failed');
      for (const c of sms) outcomes.set(c.recipientId, err);
    }
  }
  const emails = toSend.filter((c) => c.channel === 'email');
  for (let i = 0; i < emails.length; i += 5) {
    await Promise.all(
      emails.slice(i, i + 5).map(async (c) => {
        try {
          const html = c.personalized ? personalize(c.body, c) : c.body;
          const text = c.personalized ? personalize(c.bodyText, c) : c.bodyText;
          const subject = c.personalized ? personalize(c.subject, c) : c.subject;
          outcomes.set(
            c.recipientId,
            await deps.email.send({
              idempotencyKey: c.recipientId,
              tenantId: c.tenantId,
              to: c.address,
              fromName: c.sender || c.churchName,
              subject,
              html,
              text,
            }),
          );
        } catch (e) {
          outcomes.set(
            c.recipientId,
            e instanceof DeliveryError ? e : new DeliveryError('temporary', 'Sending failed'),
          );
        }
      }),
    );
  }

  const sent: { c: Claimed; providerMessageId: string }[] = [];
  for (const c of toSend) {
    const outcome = outcomes.get(c.recipientId);
    if (!outcome || outcome instanceof DeliveryError) {
      const err = outcome ?? new DeliveryError('temporary', 'No answer');
      if (err.kind === 'permanent') {
        await markFailed(deps.db, c, err.reason);
      } else {
        // not taken: back to 'queued'; maybe taken (a timeout): left 'sending', so the retry
        // asks the gateway first and never sends a second copy blindly
        if (!err.maybeTaken) await requeue(deps.db, c, err.reason);
        retry.push({ id: c.jobId, reason: err.reason });
      }
      deps.log('message.not_sent', { recipientId: c.recipientId, kind: err.kind });
    } else {
      sent.push({ c, providerMessageId: outcome.providerMessageId });
    }
  }
  const sentByTenant = new Map<string, { id: string; providerMessageId: string }[]>();
  for (const { c, providerMessageId } of sent) {
    sentByTenant.set(c.tenantId, [...(sentByTenant.get(c.tenantId) ?? []), { id: c.recipientId, providerMessageId }]);
  }
  for (const [tenantId, rows] of sentByTenant) await markSent(deps.db, tenantId, rows);
  return { retry };
}

/**
 * Claims the jobs' recipients of one church for sending ('queued' or 'sending' -> 'sending') in
 * one statement, committed before anything is sent; recipients already sent or failed are left
 * out (their jobs complete doing nothing).
 */
async function claim(db: Db, tenantId: string, jobs: ClaimedJob[]): Promise<Claimed[]> {
  const jobOf = new Map(jobs.map((j) => [j.data.recipientId, j.id]));
  const ids = JSON.stringify([...jobOf.keys()]);
  const rows = await withTenant(db, tenantId, (tx) =>
    queryRows<Omit<Claimed, 'jobId' | 'tenantId'>>(
      tx,
      sql`with old as (
            select id, status from message_recipients
             where tenant_id = ${tenantId} and id in (select jsonb_array_elements_text(${ids}::jsonb)::uuid)
               and status in ('queued', 'sending')
             for update
          )
          update message_recipients m
             set status = 'sending', attempts = m.attempts + 1, updated_at = now()
            from old, communication_reports r, tenants t
           where m.tenant_id = ${tenantId} and m.id = old.id
             and r.tenant_id = m.tenant_id and r.id = m.report_id and t.id = m.tenant_id
          returning m.id as "recipientId", old.status as previous, m.address, m.name, r.channel, r.sender,
                    r.subject, r.body, r.body_text as "bodyText", r.personalized = 1 as personalized,
                    t.church_name as "churchName"`,
    ),
  );
  return rows.map((r) => ({ ...r, tenantId, jobId: jobOf.get(r.recipientId)! }));
}

/** Marks recipients of one church sent with their gateway ids (one statement). */
async function markSent(db: Db, tenantId: string, rows: { id: string; providerMessageId: string }[]): Promise<void> {
  await withTenant(db, tenantId, (tx) =>
    tx.execute(sql`update message_recipients m
                      set status = 'sent', provider_message_id = s."providerMessageId", sent_at = now(),
                          reason = null, updated_at = now()
                     from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as s(id uuid, "providerMessageId" text)
                    where m.tenant_id = ${tenantId} and m.id = s.id and m.status = 'sending'`),
  );
}

/** Fails a recipient with `reason` and, for an SMS, gives its units back (one statement). */
async function markFailed(db: Db, c: Claimed, reason: string): Promise<void> {
  await withTenant(db, c.tenantId, (tx) =>
    tx.execute(sql`with f as (
                     update message_recipients set status = 'failed', reason = ${reason}, updated_at = now()
                      where tenant_id = ${c.tenantId} and id = ${c.recipientId} and status in ('queued', 'sending')
                      returning segments, report_id
                   ), b as (
                     update sms_unit_balances set units = units + (select coalesce(sum(segments), 0) from f)
                      where tenant_id = ${c.tenantId} and ${c.channel} = 'sms' and exists (select 1 from f where segments > 0)
                      returning 1
                   )
                   insert into sms_unit_movements (tenant_id, units, reason, report_id)
                   select ${c.tenantId}, segments, 'Refund: not sent', report_id from f
                    where ${c.channel} = 'sms' and segments > 0`),
  );
}

async function requeue(db: Db, c: Claimed, reason: string): Promise<void> {
  await withTenant(db, c.tenantId, (tx) =>
    tx.execute(sql`update message_recipients set status = 'queued', reason = ${reason}, updated_at = now()
                    where tenant_id = ${c.tenantId} and id = ${c.recipientId} and status = 'sending'`),
  );
}

/**
 * Applies delivery reports of one church's messages in one statement (the development gateway,
 * which knows the church). Answers the reports that matched no sent recipient yet (a report can
 * arrive before the worker has recorded the gateway's id).
 */
export async function applyDeliveryReports(
  db: Db,
  tenantId: string,
  reports: DeliveryReport[],
): Promise<DeliveryReport[]> {
  const rows = await withTenant(db, tenantId, (tx) =>
    queryRows<{ providerMessageId: string }>(
      tx,
      sql`update message_recipients m
             set status = r.status,
                 reason = case when r.status = 'undelivered' then r.detail else null end,
                 delivered_at = case when r.status = 'delivered' then now() else m.delivered_at end,
                 updated_at = now()
            from jsonb_to_recordset(${JSON.stringify(reports)}::jsonb) as r("providerMessageId" text, status text, detail text)
           where m.tenant_id = ${tenantId} and m.provider_message_id = r."providerMessageId"
             and m.status in ('sending', 'sent', 'delivered', 'undelivered')
          returning m.provider_message_id as "providerMessageId"`,
    ),
  );
  const matched = new Set(rows.map((r) => r.providerMessageId));
  return reports.filter((r) => !matched.has(r.providerMessageId));
}

/**
 * Applies a gateway's delivery report (issue 9: 'delivered' or 'undelivered' where the gateway
 * reports it): finds the church through the narrow lookup messaging_recipient_tenant, then
 * updates the recipients that carry that gateway id and are sent (or still being marked sent).
 * Answers how many recipients changed (0 for an unknown id).
 */
export async function applyDeliveryReport(db: Db, report: DeliveryReport): Promise<number> {
  const [found] = await withoutTenant(db, (tx) =>
    queryRows<{ tenantId: string | null }>(
      tx,
      sql`select messaging_recipient_tenant(${report.providerMessageId}) as "tenantId"`,
    ),
  );
  const tenantId = found?.tenantId;
  if (!tenantId) return 0;
  const rows = await withTenant(db, tenantId, (tx) =>
    queryRows<{ id: string }>(
      tx,
      sql`update message_recipients
             set status = ${report.status},
                 reason = ${report.status === 'undelivered' ? report.detail : null},
                 delivered_at = case when ${report.status} = 'delivered' then now() else delivered_at end,
                 updated_at = now()
           where tenant_id = ${tenantId} and provider_message_id = ${report.providerMessageId}
             and status in ('sending', 'sent', 'delivered', 'undelivered')
          returning id`,
    ),
  );
  return rows.length;
}
