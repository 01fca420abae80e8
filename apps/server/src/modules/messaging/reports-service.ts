import { sql } from 'drizzle-orm';
import type { TCommReport, TOutboxPage, TSentMessagesPage } from '@steward/contracts/messaging';
import { queryRows } from '../../db/client.ts';
import type { TenantCtx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';

const PAGE = 50;
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/**
 * GET /api/Messaging/getSentSMSbyId?CommReportId= (existing-client-api §6.6; issue 9): the
 * message, its recipients' counts by status (aggregated in SQL) and page `page` of its
 * recipients (50, optionally of one status). Throws 404 for a message of another church.
 */
export async function commReport(ctx: TenantCtx, id: string, page: number, status?: string): Promise<TCommReport> {
  const [r] = await queryRows<{
    id: string;
    channel: 'sms' | 'email';
    status: 'draft' | 'scheduled' | 'sending' | 'done';
    sender: string;
    subject: string;
    body: string;
    segments: number;
    unitsReserved: number;
    recipientCount: number;
    optedOut: number;
    scheduledAt: Date | null;
    createdAt: Date;
  }>(
    ctx.tx,
    sql`select id, channel, status, sender, subject, body, segments, units_reserved::float8 as "unitsReserved",
               recipient_count as "recipientCount", opted_out_count as "optedOut",
               scheduled_at as "scheduledAt", created_at as "createdAt"
          from communication_reports where tenant_id = ${ctx.tenantId} and id = ${id}`,
  );
  if (!r) throw notFound('Message');
  const countRows = await queryRows<{ status: string; n: number; units: number }>(
    ctx.tx,
    sql`select status, count(*)::int as n, coalesce(sum(segments), 0)::float8 as units
          from message_recipients where tenant_id = ${ctx.tenantId} and report_id = ${id} group by status`,
  );
  const counts = { queued: 0, sending: 0, sent: 0, delivered: 0, undelivered: 0, failed: 0 };
  for (const c of countRows) counts[c.status as keyof typeof counts] = c.n;
  const refunded = countRows.filter((c) => c.status === 'failed').reduce((s, c) => s + Number(c.units), 0);
  const filter = status ? sql`and status = ${status}` : sql``;
  const recipients = await queryRows<{
    id: string;
    name: string;
    address: string;
    status: TCommReport['recipients'][number]['status'];
    reason: string | null;
    segments: number;
    attempts: number;
    sentAt: Date | null;
    deliveredAt: Date | null;
  }>(
    ctx.tx,
    sql`select id, name, address, status, reason, segments, attempts, sent_at as "sentAt", delivered_at as "deliveredAt"
          from message_recipients where tenant_id = ${ctx.tenantId} and report_id = ${id} ${filter}
         order by id limit ${PAGE} offset ${(page - 1) * PAGE}`,
  );
  const total = status ? counts[status as keyof typeof counts] : Object.values(counts).reduce((a, b) => a + b, 0);
  const pending = counts.queued + counts.sending;
  return {
    id: r.id,
    channel: r.channel,
    status: r.status === 'draft' || r.status === 'scheduled' ? r.status : pending > 0 ? 'sending' : 'done',
    sender: r.sender,
    subject: r.subject,
    message: r.body,
    segments: r.segments,
    unitsUsed: r.channel === 'sms' ? Math.max(0, Number(r.unitsReserved) - refunded) : 0,
    recipientCount: r.recipientCount,
    optedOut: r.optedOut,
    scheduledAt: iso(r.scheduledAt),
    dateSent: iso(r.createdAt)!,
    counts,
    recipients: recipients.map((x) => ({ ...x, sentAt: iso(x.sentAt), deliveredAt: iso(x.deliveredAt) })),
    totalRecipients: total,
  };
}

/**
 * GET /api/Messaging/getCommunicationGroups (existing-client-api §6.6): `{allcontacts: [{id:
 * 'all', name: 'All Contacts', category: 'allcontacts', count}], group: [{id, name, category:
 * 'group', count}]}`; a destination is sent back as '<category>_<id>'. Counts in SQL.
 */
export async function communicationGroups(ctx: TenantCtx) {
  const [everyone] = await queryRows<{ n: number }>(
    ctx.tx,
    sql`select count(*)::int as n from people where tenant_id = ${ctx.tenantId}`,
  );
  const groups = await queryRows<{ id: string; name: string; count: number }>(
    ctx.tx,
    sql`select g.id, g.name, (select count(*)::int from group_members m
                               where m.tenant_id = g.tenant_id and m.group_id = g.id) as count
          from groups g where g.tenant_id = ${ctx.tenantId} order by g.name, g.id`,
  );
  return {
    allcontacts: [{ id: 'all', name: 'All Contacts', category: 'allcontacts', count: everyone?.n ?? 0 }],
    group: groups.map((g) => ({ ...g, category: 'group' })),
  };
}

/** The Outbox (issue 9): page `page` (50) of what the local stand-ins received for the church, newest first. */
export async function outbox(ctx: TenantCtx, page: number, channel?: 'sms' | 'email'): Promise<TOutboxPage> {
  const filter = channel ? sql`and channel = ${channel}` : sql``;
  const rows = await queryRows<{
    id: string;
    channel: 'sms' | 'email';
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string | null;
    headers: string[];
    attachments: { filename: string; contentType: string; size: number; content: string | null }[];
    status: string;
    receivedAt: Date;
  }>(
    ctx.tx,
    sql`select id, channel, from_address as "from", to_address as "to", subject, text_body as text, html_body as html,
               headers, attachments, status, received_at as "receivedAt"
          from outbox_messages where tenant_id = ${ctx.tenantId} ${filter}
         order by received_at desc, id desc limit ${PAGE} offset ${(page - 1) * PAGE}`,
  );
  const [count] = await queryRows<{ n: number }>(
    ctx.tx,
    sql`select count(*)::int as n from outbox_messages where tenant_id = ${ctx.tenantId} ${filter}`,
  );
  return { data: rows.map((r) => ({ ...r, receivedAt: iso(r.receivedAt)! })), totalItems: count?.n ?? 0 };
}

/** The church's SMS units (0 before any were given). */
export async function smsUnits(ctx: TenantCtx): Promise<number> {
  const [row] = await queryRows<{ units: number }>(
    ctx.tx,
    sql`select units::float8 as units from sms_unit_balances where tenant_id = ${ctx.tenantId}`,
  );
  return Number(row?.units ?? 0);
}

/**
 * GET /api/Messaging/getAllSentSms and getAllSentEmails (existing-client-api §1.3; issue 9):
 * page `page` (50) of the messages sent on `channel`, newest first, each with its first
 * recipient, how many it went to and its recipients' counts by status (aggregated in SQL over
 * the page's messages only). Drafts are listed by the draft calls instead.
 */
export async function sentMessages(ctx: TenantCtx, channel: 'sms' | 'email', page: number): Promise<TSentMessagesPage> {
  const rows = await queryRows<{
    id: string;
    subject: string;
    body: string;
    status: string;
    recipientCount: number;
    sentAt: Date | string;
    recipient: string | null;
    counts: Record<string, number> | null;
  }>(
    ctx.tx,
    sql`select r.id, r.subject, r.body, r.status, r.recipient_count as "recipientCount",
               coalesce(r.scheduled_at, r.created_at) as "sentAt",
               (select m.address from message_recipients m
                 where m.tenant_id = r.tenant_id and m.report_id = r.id order by m.id limit 1) as recipient,
               (select jsonb_object_agg(s.status, s.n) from (
                  select m.status, count(*)::int as n from message_recipients m
                   where m.tenant_id = r.tenant_id and m.report_id = r.id group by m.status) s) as counts
          from communication_reports r
         where r.tenant_id = ${ctx.tenantId} and r.channel = ${channel} and r.status <> 'draft'
         order by r.created_at desc, r.id desc
         limit ${PAGE} offset ${(page - 1) * PAGE}`,
  );
  const [count] = await queryRows<{ n: number }>(
    ctx.tx,
    sql`select count(*)::int as n from communication_reports
         where tenant_id = ${ctx.tenantId} and channel = ${channel} and status <> 'draft'`,
  );
  return {
    data: rows.map((r) => {
      const counts = { queued: 0, sending: 0, sent: 0, delivered: 0, undelivered: 0, failed: 0, ...(r.counts ?? {}) };
      const pending = counts.queued + counts.sending;
      return {
        id: r.id,
        recipient: r.recipientCount > 1 ? `${r.recipient ?? ''} and ${r.recipientCount - 1} more` : (r.recipient ?? ''),
        recipientCount: r.recipientCount,
        subject: r.subject,
        message: r.body,
        status: r.status === 'scheduled' ? 'scheduled' : pending > 0 ? 'sending' : 'done',
        dateSent: iso(r.sentAt),
        counts,
      };
    }),
    totalItems: count?.n ?? 0,
  };
}

/** GetAllSmsReplies (existing-client-api §1.3): page `page` (50) of SMS received from members, newest first. */
export async function smsReplies(ctx: TenantCtx, page: number) {
  const rows = await queryRows<{ id: string; phone: string; message: string; receivedAt: Date }>(
    ctx.tx,
    sql`select id, from_address as phone, body as message, received_at as "receivedAt"
          from sms_replies where tenant_id = ${ctx.tenantId}
         order by received_at desc, id desc limit ${PAGE} offset ${(page - 1) * PAGE}`,
  );
  return rows.map((r) => ({ id: r.id, phone: r.phone, message: r.message, dateReceived: iso(r.receivedAt)! }));
}

/** getSMSDrafts / getEmailDrafts (existing-client-api §1.3): the church's drafts on `channel`, newest first (at most 200). */
export async function drafts(ctx: TenantCtx, channel: 'sms' | 'email') {
  const rows = await queryRows<{ id: string; subject: string; body: string; createdAt: Date; sender: string }>(
    ctx.tx,
    sql`select id, subject, body, sender, created_at as "createdAt" from communication_reports
         where tenant_id = ${ctx.tenantId} and channel = ${channel} and status = 'draft'
         order by created_at desc, id desc limit 200`,
  );
  return rows.map((r) => ({
    id: r.id,
    subject: channel === 'sms' ? r.sender : r.subject,
    body: r.body,
    dateModified: iso(r.createdAt)!,
  }));
}
