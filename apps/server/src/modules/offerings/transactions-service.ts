import { and, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { TOfferingListItem, TOfferingOne, ZOfferingRowInput } from '@steward/contracts/offerings';
import type { TenantCtx } from '../../lib/context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { amountToMinor, assertDocumentTotal, minorToJson } from '../../lib/money.ts';
import { postEntry, reverseEntry } from '../ledger/posting.ts';
import { activities } from '../events/schema.ts';
import { requireActivity } from '../events/service.ts';
import { people } from '../people/schema.ts';
import { requirePerson } from '../people/service.ts';
import { findCurrencyByCode, findCurrencyById } from '../lookups/reference.ts';
import { contributionItems, offeringTransactions } from './schema.ts';
import { itemForPosting } from './items-service.ts';
import { offeringLines } from './posting.ts';
import { assertReportsOpen } from './report-guard.ts';

type RowInput = z.output<typeof ZOfferingRowInput>;
type OfferingRow = typeof offeringTransactions.$inferSelect;

/** Offering list page size (spec §9). */
export const OFFERING_PAGE_SIZE = 50;

/** A validated row: every reference checked, amount in minor units. */
interface ResolvedRow {
  input: RowInput;
  currencyCode: string;
  amountMinor: bigint;
  activityId: string | null;
  personId: string | null;
}

async function resolveRow(ctx: TenantCtx, input: RowInput, i: number): Promise<ResolvedRow> {
  const currency = findCurrencyById(input.currencyID);
  if (!currency) throw badRequest(`${i}.currencyID`, 'is not an ISO 4217 currency');
  await itemForPosting(ctx, input.financialContributionID, `${i}.financialContributionID`);
  const activityId = input.activityID ?? null;
  if (activityId) await requireActivity(ctx, activityId, `${i}.activityID`);
  const personId = input.personID ?? null;
  if (personId) await requirePerson(ctx, personId, `${i}.personID`);
  const amountMinor = amountToMinor(input.amount, currency.shortCode, `${i}.amount`);
  return { input, currencyCode: currency.shortCode, amountMinor, activityId, personId };
}

/** Posts the journal entry of an offering row and links it; returns the entry id. */
async function postRow(ctx: TenantCtx, row: OfferingRow, alsoCheckFunds: string[] = []): Promise<string> {
  const { item, incomeFundId, remittances } = await itemForPosting(
    ctx,
    row.contributionItemId,
    'financialContributionID',
    true,
  );
  const entryId = await postEntry(
    ctx,
    {
      entryDate: row.transactionDate,
      memo: `${item.name} (${row.paymentChannel})`,
      sourceType: 'offering',
      sourceId: row.id,
      currencyCode: row.currencyCode,
      lines: offeringLines({
        amountMinor: row.amountMinor,
        cashAccountId: item.cashAccountId,
        incomeAccountId: item.incomeAccountId,
        incomeFundId,
        personId: row.personId,
        remittances,
      }),
    },
    { alsoCheckFunds },
  );
  await ctx.tx
    .update(offeringTransactions)
    .set({ journalEntryId: entryId, updatedAt: new Date() })
    .where(and(eq(offeringTransactions.tenantId, ctx.tenantId), eq(offeringTransactions.id, row.id)));
  return entryId;
}

/**
 * Inserts the rows of one save in a single statement, before anything is posted: the trigger
 * that keeps offering_daily_totals then takes its row locks once, in key order, ahead of the
 * account-balance locks of the postings, so concurrent saves cannot deadlock on the two.
 * Answers the rows in input order.
 */
async function insertRows(ctx: TenantCtx, rs: ResolvedRow[], source: string): Promise<OfferingRow[]> {
  if (rs.length === 0) return [];
  const inserted = await ctx.tx
    .insert(offeringTransactions)
    .values(
      rs.map((r, i) => ({
        tenantId: ctx.tenantId,
        activityId: r.activityId,
        contributionItemId: r.input.financialContributionID,
        transactionDate: r.input.date,
        amountMinor: r.amountMinor,
        currencyCode: r.currencyCode,
        paymentChannel: r.input.paymentChannel,
        personId: r.personId,
        source,
        // rows saved together keep their order in the list: one microsecond apart
        createdAt: sql`clock_timestamp() + make_interval(secs => ${i} / 1000000.0)`,
      })),
    )
    .returning();
  // PostgreSQL returns the rows of an INSERT … VALUES in the order they were given
  return inserted;
}

/** The save answer of one row (spec §3 "Save response returnObject items"). */
async function savedView(ctx: TenantCtx, row: OfferingRow) {
  const one = await getOne(ctx, row.id);
  return {
    id: row.id,
    amount: one.amount,
    contribution: one.contribution,
    date: one.date,
    person: one.person,
    paymentChannel: one.paymentChannel,
    currencyID: one.currencyID,
    activityID: one.activityID,
  };
}

/**
 * POST /api/Financials/Contributions/Transactions/Save (spec 2.3): validates every row
 * first (400 naming `<row>.<field>`, nothing written), then inserts each row and posts its
 * journal entry. Idempotency is handled by the route (lib/idempotency).
 */
export async function saveRows(ctx: TenantCtx, inputs: RowInput[], source = 'offering') {
  const resolved: ResolvedRow[] = [];
  for (const [i, input] of inputs.entries()) resolved.push(await resolveRow(ctx, input, i));
  assertDocumentTotal(
    resolved.map((r) => ({ amountMinor: r.amountMinor, currency: r.currencyCode })),
    'amount',
  );
  const rows = await insertRows(ctx, resolved, source);
  for (const row of rows) await postRow(ctx, row);
  const saved = [];
  for (const row of rows) saved.push(await savedView(ctx, row));
  return saved;
}

async function findLive(ctx: TenantCtx, id: string): Promise<OfferingRow | undefined> {
  const [row] = await ctx.tx
    .select()
    .from(offeringTransactions)
    .where(
      and(
        eq(offeringTransactions.tenantId, ctx.tenantId),
        eq(offeringTransactions.id, id),
        isNull(offeringTransactions.deletedAt),
      ),
    )
    .for('update');
  return row;
}

/**
 * PUT /api/Financials/Contributions/Transactions/Edit (spec §3): the first row carries the
 * id of the transaction to change; its old entry is reversed and a new one posted. Further
 * rows without an id are added as new transactions. 404 when the id is missing or foreign.
 */
export async function editRows(ctx: TenantCtx, inputs: RowInput[]) {
  const [first, ...rest] = inputs;
  if (!first?.id) throw badRequest('0.id', 'is required to edit an offering');
  const existing = await findLive(ctx, first.id);
  if (!existing) throw notFound('Offering transaction');
  const resolvedFirst = await resolveRow(ctx, first, 0);
  const resolvedRest: ResolvedRow[] = [];
  for (const [i, input] of rest.entries()) resolvedRest.push(await resolveRow(ctx, input, i + 1));
  assertDocumentTotal(
    [resolvedFirst, ...resolvedRest].map((r) => ({ amountMinor: r.amountMinor, currency: r.currencyCode })),
    'amount',
  );
  // an approved report's offerings change only after it is unapproved (issue 7)
  await assertReportsOpen(ctx, [
    existing,
    { ...existing, transactionDate: first.date, activityId: resolvedFirst.activityId },
  ]);
  // the row changes (and the rows added are inserted) before anything is posted: the day
  // totals' locks come before the balance locks, as in a save
  const [updated] = await ctx.tx
    .update(offeringTransactions)
    .set({
      activityId: resolvedFirst.activityId,
      contributionItemId: first.financialContributionID,
      transactionDate: first.date,
      amountMinor: resolvedFirst.amountMinor,
      currencyCode: resolvedFirst.currencyCode,
      paymentChannel: first.paymentChannel,
      personId: resolvedFirst.personId,
      updatedAt: new Date(),
    })
    .where(and(eq(offeringTransactions.tenantId, ctx.tenantId), eq(offeringTransactions.id, existing.id)))
    .returning();
  const added = await insertRows(ctx, resolvedRest, existing.source);
  const reversal = existing.journalEntryId
    ? await reverseEntry(ctx, existing.journalEntryId, existing.transactionDate, `Edit of offering ${existing.id}`, {
        deferFundCheck: true,
      })
    : null;
  await postRow(ctx, updated!, reversal?.restrictedFunds ?? []);
  for (const row of added) await postRow(ctx, row);
  const saved = [await savedView(ctx, updated!)];
  for (const row of added) saved.push(await savedView(ctx, row));
  return saved;
}

/**
 * Deletes offering transactions (spec 2.1): each is marked deleted and its entry reversed.
 * Throws 404 naming the first id that is missing or foreign; nothing is deleted then.
 */
export async function deleteRows(ctx: TenantCtx, ids: string[]): Promise<number> {
  const rows: OfferingRow[] = [];
  // rows locked in id order, so two deletes of overlapping lists cannot deadlock
  for (const id of [...new Set(ids)].sort()) {
    const row = await findLive(ctx, id);
    if (!row) throw notFound(`Offering transaction ${id}`);
    rows.push(row);
  }
  await assertReportsOpen(ctx, rows); // approved reports' offerings stay (issue 7)
  // one statement marks them all, before the reversals (the day totals' locks first)
  await ctx.tx
    .update(offeringTransactions)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(offeringTransactions.tenantId, ctx.tenantId),
        inArray(
          offeringTransactions.id,
          rows.map((r) => r.id),
        ),
      ),
    );
  for (const row of rows) {
    if (row.journalEntryId)
      await reverseEntry(ctx, row.journalEntryId, row.transactionDate, `Delete of offering ${row.id}`);
  }
  return rows.length;
}

const listColumns = {
  row: offeringTransactions,
  itemName: contributionItems.name,
  eventName: activities.name,
  eventDate: activities.activityDate,
  firstName: people.firstName,
  lastName: people.lastName,
};

function baseQuery(ctx: TenantCtx) {
  return ctx.tx
    .select(listColumns)
    .from(offeringTransactions)
    .innerJoin(
      contributionItems,
      and(
        eq(contributionItems.tenantId, offeringTransactions.tenantId),
        eq(contributionItems.id, offeringTransactions.contributionItemId),
      ),
    )
    .leftJoin(
      activities,
      and(eq(activities.tenantId, offeringTransactions.tenantId), eq(activities.id, offeringTransactions.activityId)),
    )
    .leftJoin(
      people,
      and(eq(people.tenantId, offeringTransactions.tenantId), eq(people.id, offeringTransactions.personId)),
    );
}

type ListRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

function toListItem(r: ListRow): TOfferingListItem {
  return {
    id: r.row.id,
    date: r.row.transactionDate,
    eventDate: r.eventDate ?? null,
    eventName: r.eventName ?? null,
    contribution: r.itemName,
    amount: minorToJson(r.row.amountMinor, r.row.currencyCode),
    currencyName: r.row.currencyCode,
    channel: r.row.paymentChannel,
    donor: r.firstName ? `${r.firstName} ${r.lastName ?? ''}`.trim() : '',
    activityId: r.row.activityId,
  };
}

const liveOfferings = (ctx: TenantCtx, source: string): SQL =>
  and(
    eq(offeringTransactions.tenantId, ctx.tenantId),
    isNull(offeringTransactions.deletedAt),
    eq(offeringTransactions.source, source),
  )!;

/** GET /api/Financials/Contributions/Transactions?page=N (spec 2.1): newest first, 50 a page. */
export async function listPage(ctx: TenantCtx, page: number, source = 'offering') {
  const where = liveOfferings(ctx, source);
  const rows = await baseQuery(ctx)
    .where(where)
    .orderBy(
      desc(offeringTransactions.transactionDate),
      desc(offeringTransactions.createdAt),
      desc(offeringTransactions.id),
    )
    .limit(OFFERING_PAGE_SIZE)
    .offset((page - 1) * OFFERING_PAGE_SIZE);
  const [total] = await ctx.tx.select({ n: count() }).from(offeringTransactions).where(where);
  return { data: rows.map(toListItem), totalItems: total?.n ?? 0 };
}

/**
 * GET /api/Financials/Contributions/FilteredTransactions (spec §7): rows whose offering
 * item, event name and donor contain the given texts (case-insensitive), at most 500.
 */
export async function filtered(
  ctx: TenantCtx,
  f: { contribution?: string | undefined; eventname?: string | undefined; donor?: string | undefined },
  source = 'offering',
) {
  const like = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  const conds: (SQL | undefined)[] = [liveOfferings(ctx, source)];
  if (f.contribution) conds.push(ilike(contributionItems.name, like(f.contribution)));
  if (f.eventname) conds.push(ilike(activities.name, like(f.eventname)));
  if (f.donor)
    conds.push(ilike(sql`coalesce(${people.firstName}, '') || ' ' || coalesce(${people.lastName}, '')`, like(f.donor)));
  const rows = await baseQuery(ctx)
    .where(and(...conds))
    .orderBy(desc(offeringTransactions.transactionDate), desc(offeringTransactions.createdAt))
    .limit(500);
  return rows.map(toListItem);
}

/** GET /api/Financials/Contributions/Transactions/One?ID= (spec §3); 404 if missing or foreign. */
export async function getOne(ctx: TenantCtx, id: string): Promise<TOfferingOne> {
  const [r] = await baseQuery(ctx).where(
    and(
      eq(offeringTransactions.tenantId, ctx.tenantId),
      eq(offeringTransactions.id, id),
      isNull(offeringTransactions.deletedAt),
    ),
  );
  if (!r) throw notFound('Offering transaction');
  const currency = findCurrencyByCode(r.row.currencyCode);
  return {
    id: r.row.id,
    date: r.row.transactionDate,
    activity: r.eventName ? { name: r.eventName } : null,
    activityID: r.row.activityId,
    contribution: { name: r.itemName },
    financialContributionID: r.row.contributionItemId,
    paymentChannel: r.row.paymentChannel,
    currencyID: currency?.id ?? 0,
    amount: minorToJson(r.row.amountMinor, r.row.currencyCode),
    currency: { shortCode: r.row.currencyCode },
    personID: r.row.personId,
    person:
      r.firstName !== null && r.firstName !== undefined ? { firstName: r.firstName, lastName: r.lastName ?? '' } : null,
  };
}

/**
 * The live offering rows (source 'offering') of one ISO date, of one event when `activityId`
 * is given, oldest first, with item, event and donor names: the day's list of the offering
 * report (spec 2.6). Bounded by one day; totals over longer ranges are summed in SQL
 * (summary-queries.ts), never by loading rows.
 */
export async function rowsOfDay(ctx: TenantCtx, date: string, activityId: string | null) {
  const conds: SQL[] = [liveOfferings(ctx, 'offering'), eq(offeringTransactions.transactionDate, date)];
  if (activityId) conds.push(eq(offeringTransactions.activityId, activityId));
  return baseQuery(ctx)
    .where(and(...conds))
    .orderBy(offeringTransactions.createdAt, offeringTransactions.id);
}
