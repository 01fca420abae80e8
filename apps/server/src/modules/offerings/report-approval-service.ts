import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { TReportShareLinkCreated, TReportState, TSharedReport } from '@steward/contracts/report';
import type { TenantCtx } from '../../lib/context.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { NIL_UUID } from '../../db/columns.ts';
import { queryRows, withoutTenant, withTenant, type Db } from '../../db/client.ts';
import { activities } from '../events/schema.ts';
import { tenants, users } from '../tenancy/schema.ts';
import { hashToken } from '../auth/tokens.ts';
import { offeringReportLinks, offeringReports, offeringTransactions } from './schema.ts';
import { contributionReport } from './report-service.ts';
import { renderReportEmail, reportSubject } from './report-email.ts';

/**
 * The offering report's approval, mark-as-sent, share links and e-mail version (spec 2.6,
 * §4 'Offering report'; issue 7). A report is identified by its date and event (`activityId`
 * null for the whole day's report, stored as the nil uuid); no row means a DRAFT report.
 */

/** A report: 'YYYY-MM-DD' and the event, null for the whole day's report. */
export interface ReportKey {
  date: string;
  activityId: string | null;
}

type ReportRow = typeof offeringReports.$inferSelect;

const conflict = (message: string) => new AppError(409, message);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Throws 404 'Event was not found' unless `activityId` is an event of this church. */
async function requireEvent(ctx: TenantCtx, activityId: string | null): Promise<{ name: string } | null> {
  if (!activityId) return null;
  const [act] = await ctx.tx
    .select({ name: activities.name })
    .from(activities)
    .where(and(eq(activities.tenantId, ctx.tenantId), eq(activities.id, activityId)));
  if (!act) throw notFound('Event');
  return act;
}

async function findReport(ctx: TenantCtx, key: ReportKey, lock = false): Promise<ReportRow | undefined> {
  const q = ctx.tx
    .select()
    .from(offeringReports)
    .where(
      and(
        eq(offeringReports.tenantId, ctx.tenantId),
        eq(offeringReports.reportDate, key.date),
        eq(offeringReports.activityId, key.activityId ?? NIL_UUID),
      ),
    );
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

async function namesOf(ctx: TenantCtx, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((x): x is string => Boolean(x)))];
  if (wanted.length === 0) return new Map();
  const rows = await ctx.tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.tenantId, ctx.tenantId), inArray(users.id, wanted)));
  return new Map(rows.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim()]));
}

async function stateOf(ctx: TenantCtx, key: ReportKey, row: ReportRow | undefined): Promise<TReportState> {
  const links = row
    ? await ctx.tx
        .select()
        .from(offeringReportLinks)
        .where(
          and(
            eq(offeringReportLinks.tenantId, ctx.tenantId),
            eq(offeringReportLinks.reportId, row.id),
            isNull(offeringReportLinks.revokedAt),
          ),
        )
        .orderBy(desc(offeringReportLinks.createdAt), desc(offeringReportLinks.id))
    : [];
  const names = await namesOf(ctx, [
    row?.approvedBy ?? null,
    row?.unapprovedBy ?? null,
    row?.sentBy ?? null,
    ...links.map((l) => l.createdBy),
  ]);
  const person = (id: string | null | undefined) => (id ? { id, name: names.get(id) ?? '' } : null);
  const approved = Boolean(row?.approvedAt);
  return {
    date: key.date,
    activityId: key.activityId,
    status: approved ? 'approved' : 'draft',
    approved,
    approvedAt: iso(row?.approvedAt ?? null),
    approvedBy: person(row?.approvedBy),
    unapprovedAt: iso(row?.unapprovedAt ?? null),
    unapprovedBy: person(row?.unapprovedBy),
    sentAt: iso(row?.sentAt ?? null),
    sentBy: person(row?.sentBy),
    shareLinks: links.map((l) => ({
      id: l.id,
      createdAt: l.createdAt.toISOString(),
      createdBy: names.get(l.createdBy) ?? '',
    })),
  };
}

function requireUser(ctx: TenantCtx): string {
  if (!ctx.userId) throw new AppError(401, 'You are not signed in');
  return ctx.userId;
}

/**
 * GET /api/Offering/report/status?date=&activityId= (issue 7): whether the report is a DRAFT
 * or approved (who, when), when it was last unapproved and marked as sent, and its active
 * share links. Writes nothing. Throws 404 when activityId is not an event of this church.
 */
export async function reportStatus(ctx: TenantCtx, key: ReportKey): Promise<TReportState> {
  await requireEvent(ctx, key.activityId);
  return stateOf(ctx, key, await findReport(ctx, key));
}

/**
 * POST /api/Offering/report/approve {date, activityId} ('Approve report', spec 2.6, §4):
 * records who approved the report and when; from then on its offerings cannot be edited or
 * deleted (report-guard.ts) until it is unapproved. The report's live offerings are locked
 * first (FOR SHARE), so an edit or delete in flight finishes before, or is refused after.
 * Approving an approved report changes nothing. Throws 404 for an unknown event, 409 when the
 * report has no offerings.
 */
export async function approveReport(
  ctx: TenantCtx,
  key: ReportKey,
): Promise<{ state: TReportState; changed: boolean }> {
  const userId = requireUser(ctx);
  await requireEvent(ctx, key.activityId);
  const live = await queryRows<{ id: string }>(
    ctx.tx,
    sql`select ${offeringTransactions.id} as id from ${offeringTransactions}
        where ${offeringTransactions.tenantId} = ${ctx.tenantId}
          and ${offeringTransactions.source} = 'offering'
          and ${offeringTransactions.deletedAt} is null
          and ${offeringTransactions.transactionDate} = ${key.date}
          ${key.activityId ? sql`and ${offeringTransactions.activityId} = ${key.activityId}` : sql``}
        order by ${offeringTransactions.id}
        for share`,
  );
  if (live.length === 0) throw conflict('This report has no offerings to approve');
  const now = new Date();
  await ctx.tx
    .insert(offeringReports)
    .values({ tenantId: ctx.tenantId, reportDate: key.date, activityId: key.activityId ?? NIL_UUID })
    .onConflictDoNothing();
  const row = (await findReport(ctx, key, true))!;
  if (row.approvedAt) return { state: await stateOf(ctx, key, row), changed: false };
  const [updated] = await ctx.tx
    .update(offeringReports)
    .set({ approvedAt: now, approvedBy: userId, updatedAt: now })
    .where(and(eq(offeringReports.tenantId, ctx.tenantId), eq(offeringReports.id, row.id)))
    .returning();
  return { state: await stateOf(ctx, key, updated), changed: true };
}

/**
 * POST /api/Offering/report/unapprove {date, activityId} ('Unapprove', issue 7): the report
 * goes back to DRAFT and its offerings can be edited and deleted again; who and when are kept
 * (unapprovedBy, unapprovedAt). Share links stay but show nothing until it is approved again.
 * Unapproving a DRAFT changes nothing. Throws 404 for an unknown event.
 */
export async function unapproveReport(
  ctx: TenantCtx,
  key: ReportKey,
): Promise<{ state: TReportState; changed: boolean }> {
  const userId = requireUser(ctx);
  await requireEvent(ctx, key.activityId);
  const row = await findReport(ctx, key, true);
  if (!row?.approvedAt) return { state: await stateOf(ctx, key, row), changed: false };
  const now = new Date();
  const [updated] = await ctx.tx
    .update(offeringReports)
    .set({ approvedAt: null, approvedBy: null, unapprovedAt: now, unapprovedBy: userId, updatedAt: now })
    .where(and(eq(offeringReports.tenantId, ctx.tenantId), eq(offeringReports.id, row.id)))
    .returning();
  return { state: await stateOf(ctx, key, updated), changed: true };
}

/**
 * GET /api/Events/markAsSent?activityId=[&date=] (spec §4, §7: 'mark as sent'): records that
 * the approved report was sent (sentAt now, sentBy the user). With `date` the report is
 * (date, activityId); without it, the event's latest approved report. Throws 400 on `date`
 * when neither is given, 404 for an unknown event or when the event has no approved report,
 * 409 when the report is a DRAFT.
 */
export async function markAsSent(
  ctx: TenantCtx,
  q: { activityId: string | null; date: string | null },
): Promise<TReportState> {
  const userId = requireUser(ctx);
  await requireEvent(ctx, q.activityId);
  let row: ReportRow | undefined;
  if (q.date) row = await findReport(ctx, { date: q.date, activityId: q.activityId }, true);
  else if (q.activityId) {
    [row] = await ctx.tx
      .select()
      .from(offeringReports)
      .where(
        and(
          eq(offeringReports.tenantId, ctx.tenantId),
          eq(offeringReports.activityId, q.activityId),
          isNotNull(offeringReports.approvedAt),
        ),
      )
      .orderBy(desc(offeringReports.reportDate))
      .limit(1)
      .for('update');
    if (!row) throw notFound('An approved offering report of this event');
  } else throw badRequest('date', 'is required when no event is given');
  if (!row?.approvedAt) throw conflict('Approve the report before marking it as sent');
  const now = new Date();
  const [updated] = await ctx.tx
    .update(offeringReports)
    .set({ sentAt: now, sentBy: userId, updatedAt: now })
    .where(and(eq(offeringReports.tenantId, ctx.tenantId), eq(offeringReports.id, row.id)))
    .returning();
  return stateOf(ctx, { date: row.reportDate, activityId: q.activityId }, updated);
}

/**
 * POST /api/Offering/report/shareLinks {date, activityId} ('Get share link', issue 7): a new
 * link to a read-only view of this one report. The token is 256 random bits (base64url); only
 * its SHA-256 is stored, so it is answered this once. Earlier links keep working until revoked.
 * Throws 404 for an unknown event, 409 when the report is not approved.
 */
export async function createShareLink(ctx: TenantCtx, key: ReportKey): Promise<TReportShareLinkCreated> {
  const userId = requireUser(ctx);
  await requireEvent(ctx, key.activityId);
  const row = await findReport(ctx, key);
  if (!row?.approvedAt) throw conflict('Approve the report before sharing it');
  const token = randomBytes(32).toString('base64url');
  const [link] = await ctx.tx
    .insert(offeringReportLinks)
    .values({ tenantId: ctx.tenantId, reportId: row.id, tokenHash: hashToken(token), createdBy: userId })
    .returning();
  return { id: link!.id, token, path: `/r/${token}`, createdAt: link!.createdAt.toISOString() };
}

/**
 * POST /api/Offering/report/shareLinks/revoke {date, activityId} (issue 7): withdraws every
 * active share link of the report (revokedAt, revokedBy); their page then says the link was
 * withdrawn (410). Answers how many were revoked, with the report's state. 404 for an unknown event.
 */
export async function revokeShareLinks(
  ctx: TenantCtx,
  key: ReportKey,
): Promise<{ state: TReportState; revoked: number }> {
  const userId = requireUser(ctx);
  await requireEvent(ctx, key.activityId);
  const row = await findReport(ctx, key);
  if (!row) return { state: await stateOf(ctx, key, row), revoked: 0 };
  const now = new Date();
  const revoked = await ctx.tx
    .update(offeringReportLinks)
    .set({ revokedAt: now, revokedBy: userId })
    .where(
      and(
        eq(offeringReportLinks.tenantId, ctx.tenantId),
        eq(offeringReportLinks.reportId, row.id),
        isNull(offeringReportLinks.revokedAt),
      ),
    )
    .returning({ id: offeringReportLinks.id });
  return { state: await stateOf(ctx, key, row), revoked: revoked.length };
}

async function churchName(ctx: TenantCtx): Promise<string> {
  const [t] = await ctx.tx.select({ name: tenants.churchName }).from(tenants).where(eq(tenants.id, ctx.tenantId));
  return t?.name ?? '';
}

/** The report's own rows and total (no donors, no comparisons), as the e-mail and the share view show them. */
async function reportContent(ctx: TenantCtx, key: ReportKey) {
  const r = await contributionReport(ctx, key.date, key.activityId);
  return {
    churchName: await churchName(ctx),
    activityName: key.activityId ? r.activityName : null,
    date: key.date,
    tenantCurrency: r.tenantCurrency,
    totalToday: r.totalToday,
    rows: r.todayContributions.map((x) => ({
      contribution: x.contribution,
      channel: x.channel,
      currencyName: x.currencyName,
      amount: x.amount,
      rate: x.rate,
      convertedAmount: x.convertedAmount,
    })),
  };
}

/**
 * GET /api/Offering/report/email-html?date=&activityId=[&message=] (spec 2.6, issue 7): the
 * e-mail version of the report (report-email.ts) with its subject 'Report For {event name}' and
 * the 'View full report' address `{origin}/tenant/report/{date}[?activityID={id}]`; `message`
 * goes above the report. Used by the send dialog's Preview. Writes nothing. 404 for an unknown event.
 */
export async function emailVersion(ctx: TenantCtx, key: ReportKey, origin: string, message?: string) {
  await requireEvent(ctx, key.activityId);
  const content = await reportContent(ctx, key);
  const fullReportUrl = `${origin}/tenant/report/${key.date}${key.activityId ? `?activityID=${key.activityId}` : ''}`;
  return {
    subject: reportSubject(content.activityName, key.date),
    html: renderReportEmail({ ...content, fullReportUrl, message }),
    fullReportUrl,
  };
}

/** What a share link opens: the report, or why not. */
export type SharedReportResult =
  { kind: 'ok'; report: TSharedReport } | { kind: 'unknown' } | { kind: 'revoked' } | { kind: 'draft' };

/**
 * GET /api/Offering/sharedReport?token= (public, issue 7): the report a share link opens,
 * read-only, without a session. The link is found by the SHA-256 of its token through the
 * security-definer function offering_report_find_link (the only thing readable before the
 * church is known), then everything runs as that church (row-level security). Answers
 * 'unknown' (404) for a token of no link, 'revoked' (410) for a withdrawn one, 'draft' (409)
 * while the report is unapproved; otherwise the church name, event, date, rows (item, channel,
 * amount, rate, amount in the church currency; no donors) and total.
 */
export async function sharedReport(db: Db, token: string): Promise<SharedReportResult> {
  const [link] = await withoutTenant(db, (tx) =>
    queryRows<{ tenant_id: string; report_id: string; revoked: boolean }>(
      tx,
      sql`select tenant_id, report_id, revoked from offering_report_find_link(${hashToken(token)})`,
    ),
  );
  if (!link) return { kind: 'unknown' };
  if (link.revoked) return { kind: 'revoked' };
  return withTenant(db, link.tenant_id, async (tx) => {
    const ctx: TenantCtx = { tx, tenantId: link.tenant_id, userId: null };
    const [row] = await tx
      .select()
      .from(offeringReports)
      .where(and(eq(offeringReports.tenantId, ctx.tenantId), eq(offeringReports.id, link.report_id)));
    if (!row) return { kind: 'unknown' } as const;
    if (!row.approvedAt) return { kind: 'draft' } as const;
    const key = { date: row.reportDate, activityId: row.activityId === NIL_UUID ? null : row.activityId };
    const content = await reportContent(ctx, key);
    return { kind: 'ok', report: { ...content, approvedAt: row.approvedAt.toISOString() } } as const;
  });
}
