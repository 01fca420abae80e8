import { sql } from 'drizzle-orm';
import { smsSegments } from '@steward/contracts/sms-segments';
import { personalize } from '@steward/contracts/merge-fields';
import type { TSendEmailRequest, TSendResponse, TSendSmsRequest } from '@steward/contracts/messaging';
import { queryRows, txExecutor } from '../../db/client.ts';
import type { TenantCtx } from '../../lib/context.ts';
import { badRequest } from '../../lib/errors.ts';
import { newRowId } from '../../lib/ids.ts';
import { normalizePhone } from './phone-numbers.ts';
import type { JobQueue } from './queue.ts';

type Channel = 'sms' | 'email';
interface Candidate {
  personId: string | null;
  name: string;
  raw: string;
}
interface Recipient {
  personId: string | null;
  name: string;
  address: string;
  status: 'queued' | 'failed';
  reason: string | null;
  segments: number;
}

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The most recipients one message may have. */
export const MAX_RECIPIENTS = 50_000;

/**
 * Accepts an SMS or an e-mail for sending (POST /api/Messaging/sendSms and sendEmail;
 * existing-client-api §2.4, §6.6; issue 9 'Composing' and 'SMS'), in the request's one
 * transaction: resolves the destinations (all contacts, groups, people, typed numbers or
 * addresses), normalises phone numbers against the church's country (libphonenumber-js),
 * keeps invalid ones as failed recipients with their reason, leaves out opted-out addresses
 * (counted), takes the SMS units (segments x recipients, per recipient when personalised)
 * or refuses with 400 on `message` when the church has too few, writes the message and its
 * recipients, and enqueues one job per recipient in the same transaction (so a recipient
 * exists exactly when its job does). `isDraft` keeps the message as a draft and sends nothing;
 * `scheduledAt` (future) delays the jobs.
 * Throws 400 naming the field: subject (SMS: a mask of the church that is not approved, or no approved sender ID at all; e-mail:
 * empty), message (empty; too few units), destinations (none given), groupedContacts/ToContacts
 * (an id of another church or unknown).
 */
export async function acceptMessage(
  ctx: TenantCtx,
  queue: JobQueue,
  channel: Channel,
  input: TSendSmsRequest | TSendEmailRequest,
): Promise<TSendResponse> {
  const personalized = input.isPersonalized || input.ispersonalized;
  const message = input.message.trim();
  const subject = (input.subject ?? '').trim();
  if (!message) throw badRequest('message', 'Enter the message');
  const [church] = await queryRows<{ churchName: string; country: string }>(
    ctx.tx,
    sql`select church_name as "churchName", country_code as country from tenants where id = ${ctx.tenantId}`,
  );
  if (!church) throw badRequest('tenant', 'unknown church');
  let sender = subject;
  if (channel === 'sms') sender = await senderOf(ctx, subject);
  if (channel === 'email' && !subject) {
    throw badRequest('subject', 'Enter a subject');
  }

  const candidates = await destinations(ctx, channel, input);
  if (candidates.length === 0 && !input.isDraft)
    throw badRequest('destinations', 'Enter at least a destination for the message');
  if (candidates.length > MAX_RECIPIENTS)
    throw badRequest('destinations', `A message may go to at most ${MAX_RECIPIENTS.toLocaleString('en')} recipients`);

  // normalise, de-duplicate by address (first wins), then leave out the opted-out
  const byAddress = new Map<string, Recipient>();
  for (const c of candidates) {
    const r = normalize(channel, c, church.country);
    if (!byAddress.has(r.address)) byAddress.set(r.address, r);
  }
  const valid = [...byAddress.values()].filter((r) => r.status === 'queued');
  const optedOut = new Set(
    valid.length
      ? (
          await queryRows<{ address: string }>(
            ctx.tx,
            sql`select address from message_opt_outs
                 where tenant_id = ${ctx.tenantId} and channel = ${channel}
                   and address in (select jsonb_array_elements_text(${JSON.stringify(valid.map((r) => r.address))}::jsonb))`,
          )
        ).map((r) => r.address)
      : [],
  );
  const recipients = [...byAddress.values()].filter((r) => !optedOut.has(r.address));
  // the count depends only on the text: once per distinct personalised text
  const segmentMemo = new Map<string, number>();
  const segmentsOf = (name: string) => {
    const text = personalized ? personalize(message, { name, churchName: church.churchName }) : message;
    let n = segmentMemo.get(text);
    if (n === undefined) segmentMemo.set(text, (n = smsSegments(text).segments));
    return n;
  };
  if (channel === 'sms') for (const r of recipients) if (r.status === 'queued') r.segments = segmentsOf(r.name);
  const cost = recipients.reduce((s, r) => s + (r.status === 'queued' ? r.segments : 0), 0);

  const scheduledAt = input.scheduledAt ? new Date(input.scheduledAt) : null;
  const status = input.isDraft ? 'draft' : scheduledAt && scheduledAt.getTime() > Date.now() ? 'scheduled' : 'sending';
  let unitsLeft: number | null = null;
  if (status !== 'draft' && channel === 'sms') {
    unitsLeft = await takeUnits(ctx, cost);
  }
  const html = message;
  const text = channel === 'email' ? ((input as TSendEmailRequest).messageText ?? htmlToText(html)) : '';
  const [report] = await queryRows<{ id: string; createdAt: string }>(
    ctx.tx,
    sql`insert into communication_reports
          (tenant_id, channel, status, sender, subject, body, body_text, personalized, segments, recipient_count,
           invalid_count, opted_out_count, units_reserved, source, draft, scheduled_at, created_by)
        values (${ctx.tenantId}, ${channel}, ${status}, ${channel === 'sms' ? sender : church.churchName},
                ${channel === 'sms' ? '' : subject}, ${html}, ${text}, ${personalized ? 1 : 0},
                ${channel === 'sms' ? smsSegments(message).segments : 0}, ${recipients.length},
                ${recipients.filter((r) => r.status === 'failed').length}, ${optedOut.size},
                ${status === 'draft' ? 0 : cost}, ${input.source ?? 'compose'},
                ${status === 'draft' ? JSON.stringify(draftOf(input)) : null}::jsonb, ${scheduledAt}, ${ctx.userId})
        returning id, created_at as "createdAt"`,
  );
  const reportId = report!.id;
  if (status !== 'draft') {
    if (cost > 0) {
      await ctx.tx.execute(
        sql`insert into sms_unit_movements (tenant_id, units, reason, report_id)
            values (${ctx.tenantId}, ${-cost}, 'Message sent', ${reportId})`,
      );
    }
    // keys made here (time-ordered, lib/ids.ts): the rows are written in one statement without
    // RETURNING, and the jobs are made from the same keys
    const rows = recipients.map((r) => ({ ...r, id: newRowId() }));
    if (rows.length) {
      await ctx.tx.execute(
        sql`insert into message_recipients (tenant_id, report_id, id, person_id, name, address, status, reason, segments)
            select ${ctx.tenantId}, ${reportId}, r.id, r."personId", r.name, r.address, r.status, r.reason, r.segments
              from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
                as r(id uuid, "personId" uuid, name text, address text, status text, reason text, segments int)`,
      );
    }
    const ids = rows;
    await queue.enqueue(
      ids
        .filter((r) => r.status === 'queued')
        .map((r) => ({
          tenantId: ctx.tenantId,
          recipientId: r.id,
          startAfter: status === 'scheduled' ? scheduledAt : null,
        })),
      txExecutor(ctx.tx),
    );
  }
  const invalid = recipients
    .filter((r) => r.status === 'failed')
    .map((r) => ({ address: r.address, name: r.name, reason: r.reason ?? '' }));
  const queued = recipients.length - invalid.length;
  const text2 =
    status === 'draft'
      ? 'Draft saved'
      : status === 'scheduled'
        ? `Scheduled for ${queued} recipient${queued === 1 ? '' : 's'}`
        : `Sending to ${queued} recipient${queued === 1 ? '' : 's'}`;
  return {
    status: true,
    message: text2,
    response: text2,
    unitsUsed: status === 'draft' ? 0 : cost,
    sentMessageDTO: { id: reportId, message },
    returnObject: {
      id: reportId,
      status,
      recipients: queued,
      invalid,
      optedOut: optedOut.size,
      segments: channel === 'sms' ? smsSegments(message).segments : 0,
      unitsUsed: status === 'draft' ? 0 : cost,
      unitsLeft,
      scheduledAt: scheduledAt ? scheduledAt.toISOString() : null,
    },
  };
}

/**
 * The sender ID of an SMS: `subject` when it is one of the church's masks (it must then be
 * approved: 400 on subject otherwise); any other text (the existing client's report dialog
 * sends the report's subject there, spec 2.6: 'From' is the church) means the church's
 * approved sender ID, the first approved; 400 on subject when the church has none.
 */
async function senderOf(ctx: TenantCtx, subject: string): Promise<string> {
  const masks = await queryRows<{ status: number; mask: string; matches: boolean }>(
    ctx.tx,
    sql`select status, mask, lower(mask) = lower(${subject}) as matches from sender_ids
         where tenant_id = ${ctx.tenantId} and (lower(mask) = lower(${subject}) or status = 2)
         order by (lower(mask) = lower(${subject})) desc, reviewed_at nulls last, created_at`,
  );
  const named = masks.find((m) => m.matches);
  if (named && named.status !== 2)
    throw badRequest('subject', `The sender ID '${named.mask}' is not approved yet: choose an approved sender ID`);
  const chosen = named ?? masks.find((m) => m.status === 2);
  if (!chosen)
    throw badRequest(
      'subject',
      'This church has no approved sender ID yet: request one (Sender ID) before sending SMS',
    );
  return chosen.mask;
}

/** Takes `cost` SMS units in one update; 400 on `message` when the church has fewer. Answers what is left. */
async function takeUnits(ctx: TenantCtx, cost: number): Promise<number> {
  await ctx.tx.execute(
    sql`insert into sms_unit_balances (tenant_id, units) values (${ctx.tenantId}, 0) on conflict do nothing`,
  );
  const [row] = await queryRows<{ units: number }>(
    ctx.tx,
    sql`update sms_unit_balances set units = units - ${cost}
         where tenant_id = ${ctx.tenantId} and units >= ${cost} returning units::float8 as units`,
  );
  if (row) return Number(row.units);
  const [bal] = await queryRows<{ units: number }>(
    ctx.tx,
    sql`select units::float8 as units from sms_unit_balances where tenant_id = ${ctx.tenantId}`,
  );
  throw badRequest(
    'message',
    `Not enough SMS units: this message needs ${cost} and the church has ${Number(bal?.units ?? 0)}`,
  );
}

/** The people and typed addresses the request names, in order (people read in SQL, one statement). */
async function destinations(ctx: TenantCtx, channel: Channel, input: TSendSmsRequest | TSendEmailRequest) {
  const out: Candidate[] = [];
  const grouped = input.groupedContacts ?? [];
  const all = grouped.some((g) => g.toLowerCase().startsWith('allcontacts'));
  const groupIds: string[] = [];
  for (const g of grouped) {
    const [category, id = ''] = splitOnce(g, '_');
    if (category.toLowerCase() === 'allcontacts') continue;
    if (category.toLowerCase() !== 'group' || !UUID.test(id))
      throw badRequest('groupedContacts', `'${g}' is not a destination: use allcontacts_all or group_<group id>`);
    groupIds.push(id);
  }
  const personIds = splitList(input.ToContacts ?? input.toContacts ?? '');
  for (const p of personIds) if (!UUID.test(p)) throw badRequest('ToContacts', `'${p}' is not a person id`);
  if (groupIds.length) {
    const found = await queryRows<{ id: string }>(
      ctx.tx,
      sql`select id from groups where tenant_id = ${ctx.tenantId} and id in (select jsonb_array_elements_text(${JSON.stringify(groupIds)}::jsonb)::uuid)`,
    );
    if (found.length !== new Set(groupIds).size) throw badRequest('groupedContacts', 'A group was not found');
  }
  if (all || groupIds.length || personIds.length) {
    const col = channel === 'sms' ? sql`p.mobile_phone` : sql`p.email`;
    const people = await queryRows<{ id: string; name: string; raw: string | null }>(
      ctx.tx,
      sql`select p.id, trim(p.first_name || ' ' || p.last_name) as name, ${col} as raw
            from people p
           where p.tenant_id = ${ctx.tenantId}
             and (${all}
                  or p.id in (select jsonb_array_elements_text(${JSON.stringify(personIds)}::jsonb)::uuid)
                  or exists (select 1 from group_members gm where gm.tenant_id = p.tenant_id and gm.person_id = p.id
                                and gm.group_id in (select jsonb_array_elements_text(${JSON.stringify(groupIds)}::jsonb)::uuid)))
           order by p.last_name, p.first_name, p.id`,
    );
    const seen = new Set(people.map((p) => p.id));
    for (const id of personIds) if (!seen.has(id)) throw badRequest('ToContacts', 'A person was not found');
    for (const p of people) {
      // a member without a number or address is reported, not skipped silently
      out.push({ personId: p.id, name: p.name, raw: (p.raw ?? '').trim() });
    }
  }
  for (const c of input.contacts ?? []) {
    const raw = channel === 'sms' ? (c.phone ?? c.phoneNumber ?? '') : (c.email ?? '');
    if (raw.trim()) out.push({ personId: null, name: '', raw: raw.trim() });
  }
  for (const raw of splitList(input.toOthers ?? '')) out.push({ personId: null, name: '', raw });
  return out;
}

function normalize(channel: Channel, c: Candidate, country: string): Recipient {
  const base = { personId: c.personId, name: c.name, segments: 0 };
  if (!c.raw) {
    const reason = channel === 'sms' ? 'No phone number' : 'No e-mail address';
    return { ...base, address: `(none: ${c.personId ?? c.name})`, status: 'failed', reason };
  }
  if (channel === 'email') {
    const address = c.raw.toLowerCase();
    return EMAIL.test(address)
      ? { ...base, address, status: 'queued', reason: null }
      : { ...base, address: c.raw, status: 'failed', reason: 'Not an e-mail address' };
  }
  const phone = normalizePhone(c.raw, country);
  return phone.ok
    ? { ...base, address: phone.e164, status: 'queued', reason: null }
    : { ...base, address: c.raw, status: 'failed', reason: phone.reason };
}

function splitOnce(s: string, sep: string): [string, string] {
  const i = s.indexOf(sep);
  return i < 0 ? [s, ''] : [s.slice(0, i), s.slice(i + 1)];
}

function splitList(s: string): string[] {
  return s
    .split(/[,;\n]+/)
    .map((x) => x.trim())
    .filter(Boolean);
}

/** What a draft keeps to reopen it: its destinations as sent. */
function draftOf(input: TSendSmsRequest | TSendEmailRequest) {
  return {
    groupedContacts: input.groupedContacts ?? [],
    ToContacts: input.ToContacts ?? input.toContacts ?? '',
    toOthers: input.toOthers ?? '',
    contacts: input.contacts ?? [],
  };
}

/** A plain-text rendering of an e-mail's HTML (tags out, entities of the common kind decoded). */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style|head|title)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(td|th)>/gi, '  ')
    .replace(/<\/(p|div|h[1-6]|li|tr)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
