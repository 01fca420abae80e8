import { and, asc, desc, eq, ilike, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { TOfferingListItem, TOfferingOne, ZOfferingRowInput } from '@steward/contracts/offerings';
import { queryRows } from '../../db/client.ts';
import type { TenantCtx } from '../../lib/context.ts';
import { newRowId } from '../../lib/ids.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { amountToMinor, assertDocumentTotal, minorToJson } from '../../lib/money.ts';
import { postEntries, reverseEntries, reverseEntry, type Posting } from '../ledger/posting.ts';
import { activities } from '../events/schema.ts';
import { people } from '../people/schema.ts';
import { findCurrencyByCode, findCurrencyById } from '../lookups/reference.ts';
import { contributionItems, offeringTransactions } from './schema.ts';
import { itemForPosting, itemsForPosting, type ItemForPosting } from './items-service.ts';
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

/**
 * The lookups one save makes once, not once a row: offering items by id (each read once), and
 * which of the rows' events and donors are the church's (one query each for all rows).
 */
interface SaveLookups {
  items: Map<string, Promise<ItemForPosting>>;
  /** the rows' items, read together (itemsForPosting): ids and their resolver */
  itemIds: Set<string>;
  resolveItem: Awaited<ReturnType<typeof itemsForPosting>>;
  activities: Set<string>;
  /** the church's donors among the rows' personIDs, with their names */
  people: Map<string, { firstName: string; lastName: string }>;
}

async function lookupsFor(ctx: TenantCtx, inputs: RowInput[]): Promise<SaveLookups> {
  const activityIds = [...new Set(inputs.map((r) => r.activityID).filter((x): x is string => Boolean(x)))];
  const personIds = [...new Set(inputs.map((r) => r.personID).filter((x): x is string => Boolean(x)))];
  const foundActivities = activityIds.length
    ? await ctx.tx
        .select({ id: activities.id })
        .from(activities)
        .where(and(eq(activities.tenantId, ctx.tenantId), inArray(activities.id, activityIds)))
    : [];
  const foundPeople = personIds.length
    ? await ctx.tx
        .select({ id: people.id, firstName: people.firstName, lastName: people.lastName })
        .from(people)
        .where(and(eq(people.tenantId, ctx.tenantId), inArray(people.id, personIds)))
    : [];
  const itemIds = new Set(inputs.map((r) => r.financialContributionID));
  return {
    items: new Map(),
    itemIds,
    resolveItem: await itemsForPosting(ctx, [...itemIds]),
    activities: new Set(foundActivities.map((r) => r.id)),
    people: new Map(foundPeople.map((r) => [r.id, { firstName: r.firstName, lastName: r.lastName }])),
  };
}

/** itemForPosting, read once per item and save; `allowInactive` for rows already saved. */
function itemOnce(ctx: TenantCtx, look: SaveLookups, id: string, field: string, allowInactive = false) {
  const key = `${id}|${allowInactive}`;
  // an item already read strictly (active) serves the lenient reads of the same save
  let hit = look.items.get(key) ?? (allowInactive ? look.items.get(`${id}|false`) : undefined);
  if (!hit) {
    hit = look.itemIds.has(id)
      ? look.resolveItem(id, field, allowInactive)
      : itemForPosting(ctx, id, field, allowInactive);
    look.items.set(key, hit);
  }
  return hit;
}

/**
 * Checks one row in the order the fields are named (currency, item, event, donor, amount),
 * so the first bad field of the first bad row is the one a 400 names.
 */
async function resolveRow(ctx: TenantCtx, look: SaveLookups, input: RowInput, i: number): Promise<ResolvedRow> {
  const currency = findCurrencyById(input.currencyID);
  if (!currency) throw badRequest(`${i}.currencyID`, 'is not an ISO 4217 currency');
  await itemOnce(ctx, look, input.financialContributionID, `${i}.financialContributionID`);
  const activityId = input.activityID ?? null;
  if (activityId && !look.activities.has(activityId))
    throw badRequest(`${i}.activityID`, 'is not an event of this church');
  const personId = input.personID ?? null;
  if (personId && !look.people.has(personId)) throw badRequest(`${i}.personID`, 'is not a member of this church');
  const amountMinor = amountToMinor(input.amount, currency.shortCode, `${i}.amount`);
  return { input, currencyCode: currency.shortCode, amountMinor, activityId, personId };
}

async function resolveAll(ctx: TenantCtx, look: SaveLookups, inputs: RowInput[], from = 0): Promise<ResolvedRow[]> {
  const out: ResolvedRow[] = [];
  for (const [i, input] of inputs.entries()) out.push(await resolveRow(ctx, look, input, i + from));
  return out;
}

/** The fields of an offering row its posting reads. */
type PostedFields = Pick<
  OfferingRow,
  'id' | 'contributionItemId' | 'transactionDate' | 'paymentChannel' | 'currencyCode' | 'amountMinor' | 'personId'
>;

/** The posting of an offering row (issue 2, step 6), in the row's currency. */
async function postingOf(ctx: TenantCtx, look: SaveLookups, row: PostedFields): Promise<Posting> {
  const { item, incomeFundId, remittances } = await itemOnce(
    ctx,
    look,
    row.contributionItemId,
    'financialContributionID',
    true,
  );
  return {
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
  };
}

/**
 * Inserts offering rows in one statement, unposted (an edit's added rows: written before the
 * reversal, so the day totals' locks come before any balance lock). Answers them in input order.
 */
async function insertRows(ctx: TenantCtx, rs: ResolvedRow[], source: string): Promise<SavedRow[]> {
  const rows = savedRowsOf(rs);
  if (rows.length) await insertSavedRows(ctx, rows, source, null);
  return rows;
}

/** New offering rows of resolved inputs, each with a new time-ordered id, in input order. */
function savedRowsOf(rs: ResolvedRow[]): SavedRow[] {
  return rs.map((r) => ({
    id: newRowId(),
    contributionItemId: r.input.financialContributionID,
    transactionDate: r.input.date,
    paymentChannel: r.input.paymentChannel,
    currencyCode: r.currencyCode,
    amountMinor: r.amountMinor,
    personId: r.personId,
    activityId: r.activityId,
    memo: r.input.memo ?? '',
  }));
}

/**
 * Posts the entries of offering rows already written (an edit) in one batch and links each row
 * to its entry in one UPDATE, before the lines. `alsoCheckFunds`: restricted funds of the
 * reversal made just before, checked with these postings.
 */
async function postWritten(ctx: TenantCtx, look: SaveLookups, rows: SavedRow[], alsoCheckFunds: string[]) {
  const postings: Posting[] = [];
  for (const row of rows) postings.push(await postingOf(ctx, look, row));
  await postEntries(ctx, postings, {
    alsoCheckFunds,
    beforeLines: (entryIds) =>
      linkEntries(
        ctx,
        rows.map((r) => r.id),
        entryIds,
      ),
  });
}

/** Links offering rows already written to their new entries, in one UPDATE. */
async function linkEntries(ctx: TenantCtx, rowIds: string[], entryIds: string[]): Promise<void> {
  if (rowIds.length === 0) return;
  const pairs = sql.join(
    rowIds.map((id, i) => sql`(${id}::uuid, ${entryIds[i]}::uuid)`),
    sql`, `,
  );
  await ctx.tx.execute(sql`
    update offering_transactions o set journal_entry_id = v.entry_id, updated_at = now()
    from (values ${pairs}) as v(id, entry_id)
    where o.tenant_id = ${ctx.tenantId} and o.id = v.id`);
}

/**
 * Inserts new offering rows and posts their journal entries in a fixed number of statements
 * (issue 7): the entries are written first (ledger postEntries), then the rows in a single
 * INSERT already pointing at them (`beforeLines`), then the entries' lines. The rows' INSERT
 * fires the trigger that keeps offering_daily_totals, which takes its row locks once, in key
 * order, ahead of the fund and account-balance locks of the lines, as every save, edit and
 * delete does, so concurrent saves cannot deadlock on the two. Answers the inserted rows in
 * input order.
 */
async function insertAndPost(
  ctx: TenantCtx,
  look: SaveLookups,
  rs: ResolvedRow[],
  source: string,
): Promise<SavedRow[]> {
  const fresh = savedRowsOf(rs);
  const postings: Posting[] = [];
  for (const row of fresh) postings.push(await postingOf(ctx, look, row));
  await postEntries(ctx, postings, {
    beforeLines: (entryIds) => insertSavedRows(ctx, fresh, source, entryIds),
  });
  return fresh;
}

/** The fields of a new offering row its save answer shows (savedViews); online donations write the same (giving/settlement.ts). */
export type SavedRow = Pick<
  OfferingRow,
  | 'id'
  | 'contributionItemId'
  | 'transactionDate'
  | 'paymentChannel'
  | 'currencyCode'
  | 'amountMinor'
  | 'personId'
  | 'activityId'
  | 'memo'
>;

/**
 * Inserts new offering rows, each pointing at its journal entry (`entryIds`, in the same order;
 * null: posted later, an edit's added rows),
 * in one statement with one JSON parameter (issue 7 'Speed': a multi-row VALUES list bound 13
 * parameters a row, and Drizzle built and mapped each). Rows saved together keep their order in
 * the list: created one microsecond apart.
 */
export async function insertSavedRows(
  ctx: TenantCtx,
  rows: SavedRow[],
  source: string,
  entryIds: string[] | null,
): Promise<void> {
  const values = JSON.stringify(
    rows.map((r, i) => ({
      ord: i,
      id: r.id,
      activity_id: r.activityId,
      contribution_item_id: r.contributionItemId,
      transaction_date: r.transactionDate,
      amount_minor: r.amountMinor.toString(),
      currency_code: r.currencyCode,
      payment_channel: r.paymentChannel,
      person_id: r.personId,
      memo: r.memo,
      journal_entry_id: entryIds?.[i] ?? null,
    })),
  );
  await ctx.tx.execute(sql`
    insert into offering_transactions (tenant_id, id, activity_id, contribution_item_id, transaction_date, amount_minor,
                                       currency_code, payment_channel, person_id, memo, source, journal_entry_id, created_at)
    select ${ctx.tenantId}::uuid, r.id, r.activity_id, r.contribution_item_id, r.transaction_date, r.amount_minor,
           r.currency_code, r.payment_channel, r.person_id, r.memo, ${source}, r.journal_entry_id,
           clock_timestamp() + make_interval(secs => r.ord / 1000000.0)
    from jsonb_to_recordset(${values}::jsonb) as r(ord integer, id uuid, activity_id uuid, contribution_item_id uuid,
         transaction_date date, amount_minor bigint, currency_code text, payment_channel text, person_id uuid,
         memo text, journal_entry_id uuid)
    order by r.ord`);
}

/**
 * The save answers of rows (spec §3 "Save response returnObject items"), built from the save's
 * own lookups (item names, donors' names) without reading the rows back: the rows were just
 * written in this transaction and every item and donor they name was read by the save.
 */
async function savedViews(ctx: TenantCtx, look: SaveLookups, rows: SavedRow[]) {
  const out = [];
  for (const row of rows) {
    const { item } = await itemOnce(ctx, look, row.contributionItemId, 'financialContributionID', true);
    const donor = row.personId ? look.people.get(row.personId) : undefined;
    out.push({
      id: row.id,
      amount: minorToJson(row.amountMinor, row.currencyCode),
      contribution: { name: item.name },
      date: row.transactionDate,
      person: donor ? { firstName: donor.firstName, lastName: donor.lastName } : null,
      paymentChannel: row.paymentChannel,
      currencyID: findCurrencyByCode(row.currencyCode)?.id ?? 0,
      activityID: row.activityId,
      memo: row.memo,
    });
  }
  return out;
}

/**
 * POST /api/Financials/Contributions/Transactions/Save (spec 2.3): validates every row
 * first (400 naming `<row>.<field>`, nothing written), then inserts the rows in one statement
 * and posts their journal entries in one batch (a fixed number of statements for any number
 * of rows: issue 7). Idempotency is handled by the route (lib/idempotency).
 */
export async function saveRows(ctx: TenantCtx, inputs: RowInput[], source = 'offering') {
  const look = await lookupsFor(ctx, inputs);
  const resolved = await resolveAll(ctx, look, inputs);
  assertDocumentTotal(
    resolved.map((r) => ({ amountMinor: r.amountMinor, currency: r.currencyCode })),
    'amount',
  );
  // a new offering cannot join an approved report: its total is fixed until it is unapproved (issue 7)
  await assertReportsOpen(
    ctx,
    resolved.map((r) => ({ transactionDate: r.input.date, activityId: r.activityId, source })),
  );
  const rows = await insertAndPost(ctx, look, resolved, source);
  return savedViews(ctx, look, rows);
}

/**
 * The source of the live offering row `id` of the church ('offering', or 'online' for a donation
 * settled from an online gift), or null when there is none: the delete answer tells a church that
 * deleting a donation does not refund the payment (issue 10).
 */
export async function sourceOf(ctx: TenantCtx, id: string): Promise<string | null> {
  const [row] = await ctx.tx
    .select({ source: offeringTransactions.source })
    .from(offeringTransactions)
    .where(
      and(
        eq(offeringTransactions.tenantId, ctx.tenantId),
        eq(offeringTransactions.id, id),
        isNull(offeringTransactions.deletedAt),
      ),
    );
  return row?.source ?? null;
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
  const look = await lookupsFor(ctx, inputs);
  const resolvedFirst = await resolveRow(ctx, look, first, 0);
  const resolvedRest = await resolveAll(ctx, look, rest, 1);
  assertDocumentTotal(
    [resolvedFirst, ...resolvedRest].map((r) => ({ amountMinor: r.amountMinor, currency: r.currencyCode })),
    'amount',
  );
  // an approved report's offerings change only after it is unapproved (issue 7)
  await assertReportsOpen(ctx, [
    existing,
    { ...existing, transactionDate: first.date, activityId: resolvedFirst.activityId },
    ...resolvedRest.map((r) => ({ transactionDate: r.input.date, activityId: r.activityId, source: existing.source })),
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
      memo: first.memo ?? existing.memo,
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
  await postWritten(ctx, look, [updated!, ...added], reversal?.restrictedFunds ?? []);
  return savedViews(ctx, look, [updated!, ...added]);
}

/**
 * Deletes offering transactions (spec 2.1): each is marked deleted and its entry reversed.
 * Throws 404 naming the first id that is missing or foreign; nothing is deleted then.
 */
export async function deleteRows(ctx: TenantCtx, ids: string[]): Promise<number> {
  const wanted = [...new Set(ids)].sort();
  // rows locked in id order (one statement), so two deletes of overlapping lists cannot deadlock
  const found = await ctx.tx
    .select()
    .from(offeringTransactions)
    .where(
      and(
        eq(offeringTransactions.tenantId, ctx.tenantId),
        inArray(offeringTransactions.id, wanted),
        isNull(offeringTransactions.deletedAt),
      ),
    )
    .orderBy(asc(offeringTransactions.id))
    .for('update');
  const byId = new Map(found.map((r) => [r.id, r]));
  const missing = wanted.find((id) => !byId.has(id));
  if (missing) throw notFound(`Offering transaction ${missing}`);
  const rows = wanted.map((id) => byId.get(id)!);
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
  await reverseEntries(
    ctx,
    rows.flatMap((row) =>
      row.journalEntryId
        ? [{ entryId: row.journalEntryId, entryDate: row.transactionDate, memo: `Delete of offering ${row.id}` }]
        : [],
    ),
  );
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

/**
 * Where page `page` of a church's live rows of `source` starts, from offering_daily_totals
 * (one row per day, item, event and currency, kept by trigger): the number of rows, and the
 * day on which row (page-1)*pageSize falls (days newest first, as the list) with the number
 * of rows on newer days. Costs one pass over the church's day totals up to that day, never
 * over its rows. `start` is null when the page is past the end.
 */
async function pageStart(ctx: TenantCtx, source: string, offset: number) {
  const [row] = await queryRows<{ total: string; day: string | null; before: string | null }>(
    ctx.tx,
    sql`
      with days as (
        select total_date, sum(row_count)::int as n
        from offering_daily_totals
        where tenant_id = ${ctx.tenantId} and source = ${source}
        group by total_date
        having sum(row_count) > 0
      ),
      cum as (
        select total_date, n, sum(n) over (order by total_date desc) as upto from days
      )
      select (select coalesce(sum(n), 0) from days)::text as total,
             to_char(s.total_date, 'YYYY-MM-DD') as day,
             (s.upto - s.n)::text as before
      from (select 1) one
      left join (select * from cum where upto > ${offset} order by total_date desc limit 1) s on true`,
  );
  const total = Number(row?.total ?? 0);
  return { total, start: row?.day ? { day: row.day, before: Number(row.before) } : null };
}

/**
 * GET /api/Financials/Contributions/Transactions?page=N (spec 2.1): newest first (date, then
 * the order saved), 50 a page, with `totalItems` (issue 7: no count and no skipping over the
 * history per request). The day the page starts on and the rows before it come from the day
 * totals (pageStart); the rows are then read from offering_transactions_list_idx from that
 * day on, skipping only the day's rows before the page.
 */
export async function listPage(ctx: TenantCtx, page: number, source = 'offering') {
  const offset = (page - 1) * OFFERING_PAGE_SIZE;
  const { total, start } = await pageStart(ctx, source, offset);
  if (!start) return { data: [], totalItems: total };
  const rows = await baseQuery(ctx)
    .where(and(liveOfferings(ctx, source), lte(offeringTransactions.transactionDate, start.day)))
    .orderBy(
      desc(offeringTransactions.transactionDate),
      desc(offeringTransactions.createdAt),
      desc(offeringTransactions.id),
    )
    .limit(OFFERING_PAGE_SIZE)
    .offset(offset - start.before);
  return { data: rows.map(toListItem), totalItems: total };
}

/**
 * GET /api/Financials/Contributions/FilteredTransactions (spec §7): rows whose offering
 * item, event name and donor contain the given texts (case-insensitive), newest first, at
 * most 500. Read in the list's index order, so it stops at the 500th match.
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
    .orderBy(
      desc(offeringTransactions.transactionDate),
      desc(offeringTransactions.createdAt),
      desc(offeringTransactions.id),
    )
    .limit(500);
  return rows.map(toListItem);
}

function toOne(r: ListRow): TOfferingOne {
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
    memo: r.row.memo,
  };
}

/** GET /api/Financials/Contributions/Transactions/One?ID= (spec §3); 404 if missing or foreign. */
export async function getOne(ctx: TenantCtx, id: string): Promise<TOfferingOne> {
  const one = (await getMany(ctx, [id])).get(id);
  if (!one) throw notFound('Offering transaction');
  return one;
}

/** The live rows among `ids` as getOne answers them, in one query; missing or foreign ids are absent. */
async function getMany(ctx: TenantCtx, ids: string[]): Promise<Map<string, TOfferingOne>> {
  if (ids.length === 0) return new Map();
  const rows = await baseQuery(ctx).where(
    and(
      eq(offeringTransactions.tenantId, ctx.tenantId),
      inArray(offeringTransactions.id, ids),
      isNull(offeringTransactions.deletedAt),
    ),
  );
  return new Map(rows.map((r) => [r.row.id, toOne(r)]));
}

/**
 * The live offering rows (source 'offering') of one ISO date, of one event when `activityId`
 * is given, oldest first, with item, event and donor names: the day's list of the offering
 * report (spec 2.6). Bounded by one day; totals over longer ranges are summed in SQL
 * (summary-queries.ts), never by loading rows.
 */
export async function rowsOfDay(ctx: TenantCtx, date: string, activityId: string | null): Promise<DayRow[]> {
  // one plain statement and only the columns the report shows: a big church's Sunday holds
  // thousands of rows, and mapping whole rows through Drizzle cost more than the query
  // (issue 7 'Speed')
  const rows = await queryRows<{
    id: string;
    amount_minor: string;
    currency_code: string;
    payment_channel: string;
    transaction_date: string;
    item_name: string;
    event_name: string | null;
    first_name: string | null;
    last_name: string | null;
  }>(
    ctx.tx,
    sql`select o.id, o.amount_minor::text as amount_minor, o.currency_code, o.payment_channel,
               to_char(o.transaction_date, 'YYYY-MM-DD') as transaction_date, i.name as item_name,
               a.name as event_name, p.first_name, p.last_name
        from offering_transactions o
        join contribution_items i on i.tenant_id = o.tenant_id and i.id = o.contribution_item_id
        left join activities a on a.tenant_id = o.tenant_id and a.id = o.activity_id
        left join people p on p.tenant_id = o.tenant_id and p.id = o.person_id
        where o.tenant_id = ${ctx.tenantId} and o.source = 'offering' and o.deleted_at is null
          and o.transaction_date = ${date}::date
          ${activityId ? sql`and o.activity_id = ${activityId}::uuid` : sql``}
        order by o.created_at, o.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    amountMinor: BigInt(r.amount_minor),
    currencyCode: r.currency_code,
    paymentChannel: r.payment_channel,
    transactionDate: r.transaction_date,
    itemName: r.item_name,
    eventName: r.event_name,
    firstName: r.first_name,
    lastName: r.last_name,
  }));
}

/** A row of the offering report's day list (rowsOfDay). */
export interface DayRow {
  id: string;
  /** minor units of `currencyCode` */
  amountMinor: bigint;
  /** ISO 4217 */
  currencyCode: string;
  paymentChannel: string;
  /** ISO date 'YYYY-MM-DD' */
  transactionDate: string;
  itemName: string;
  eventName: string | null;
  firstName: string | null;
  lastName: string | null;
}
