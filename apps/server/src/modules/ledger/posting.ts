import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { TenantCtx } from '../../lib/context.ts';
import { badRequest } from '../../lib/errors.ts';
import { newRowId } from '../../lib/ids.ts';
import { homeCurrency } from '../tenancy/service.ts';
import { accountBalances, accounts, funds, journalLines } from './schema.ts';
import { convertSigned, ratesOn, type UsedRate } from './fx.ts';
import { systemAccount } from './system-accounts.ts';

export interface PostingLine {
  accountId: string;
  fundId: string;
  /** minor units of the posting's currency: positive debit, negative credit */
  amountMinor: bigint;
  memo?: string;
  personId?: string | null;
}

export interface Posting {
  entryDate: string;
  memo: string;
  sourceType: string;
  sourceId: string | null;
  /** ISO 4217 code the line amounts are in (the document's currency) */
  currencyCode: string;
  lines: PostingLine[];
}

interface LineRow {
  accountId: string;
  fundId: string;
  currencyCode: string;
  amountMinor: bigint;
  memo: string;
  personId: string | null;
  fxRate: string | null;
  fxRateDate: string | null;
  fxSource: string | null;
}

type AccountRow = typeof accounts.$inferSelect;

/**
 * What one batch of postings reads once: the stored rates per (entry date, currency set) and
 * the FX system accounts, so a save of many rows does not repeat the same lookups.
 */
interface PostingCache {
  rates: Map<string, Promise<UsedRate>>;
  system: Map<string, Promise<AccountRow>>;
}

const newCache = (): PostingCache => ({ rates: new Map(), system: new Map() });

function cachedRates(ctx: TenantCtx, cache: PostingCache, codes: string[], date: string): Promise<UsedRate> {
  const key = `${date}|${[...new Set(codes)].sort().join(',')}`;
  let hit = cache.rates.get(key);
  if (!hit) {
    hit = ratesOn(ctx, codes, date, 'currency');
    cache.rates.set(key, hit);
  }
  return hit;
}

function cachedSystem(ctx: TenantCtx, cache: PostingCache, key: 'fx_clearing' | 'fx_rounding'): Promise<AccountRow> {
  let hit = cache.system.get(key);
  if (!hit) {
    hit = systemAccount(ctx, key);
    cache.system.set(key, hit);
  }
  return hit;
}

/**
 * Puts each line in its account's currency (DESIGN.md §1.2): a line on an account of
 * another currency is converted at the stored rate of the entry date; per foreign currency
 * and fund, the rounding of the pieces against the converted total goes to the FX rounding
 * account, and the Currency Exchange account clears the two currencies. Every currency and
 * every fund then balances on its own.
 */
async function toAccountCurrencies(
  ctx: TenantCtx,
  posting: Posting,
  byId: Map<string, AccountRow>,
  cache: PostingCache,
): Promise<LineRow[]> {
  const doc = posting.currencyCode;
  const foreign = posting.lines.filter((l) => byId.get(l.accountId)!.currencyCode !== doc);
  const plain = (l: PostingLine, currencyCode: string, amountMinor: bigint): LineRow => ({
    accountId: l.accountId,
    fundId: l.fundId,
    currencyCode,
    amountMinor,
    memo: l.memo ?? '',
    personId: l.personId ?? null,
    fxRate: null,
    fxRateDate: null,
    fxSource: null,
  });
  const out = posting.lines.filter((l) => !foreign.includes(l)).map((l) => plain(l, doc, l.amountMinor));
  if (foreign.length === 0) return out;
  const codes = [doc, ...foreign.map((l) => byId.get(l.accountId)!.currencyCode)];
  const used = await cachedRates(ctx, cache, codes, posting.entryDate);
  const fx = { fxRateDate: used.rateDate, fxSource: used.source };
  const groups = new Map<string, { currency: string; fundId: string; docSum: bigint; convertedSum: bigint }>();
  for (const l of foreign) {
    const currency = byId.get(l.accountId)!.currencyCode;
    const c = convertSigned(l.amountMinor, doc, currency, used.rates);
    out.push({ ...plain(l, currency, c.amount), fxRate: c.rate, ...fx });
    const key = `${currency}|${l.fundId}`;
    const g = groups.get(key) ?? { currency, fundId: l.fundId, docSum: 0n, convertedSum: 0n };
    g.docSum += l.amountMinor;
    g.convertedSum += c.amount;
    groups.set(key, g);
  }
  const clearing = await cachedSystem(ctx, cache, 'fx_clearing');
  const rounding = await cachedSystem(ctx, cache, 'fx_rounding');
  for (const g of groups.values()) {
    const total = convertSigned(g.docSum, doc, g.currency, used.rates);
    const base = { memo: 'Currency exchange', personId: null, fxRate: total.rate, ...fx };
    out.push({
      ...base,
      accountId: rounding.id,
      fundId: g.fundId,
      currencyCode: g.currency,
      amountMinor: total.amount - g.convertedSum,
    });
    out.push({
      ...base,
      accountId: clearing.id,
      fundId: g.fundId,
      currencyCode: g.currency,
      amountMinor: -total.amount,
    });
    out.push({ ...base, accountId: clearing.id, fundId: g.fundId, currencyCode: doc, amountMinor: g.docSum });
  }
  return out;
}

/** One global order of account, fund and currency: the order balance rows are locked in. */
function byBalanceKey(a: LineRow, b: LineRow): number {
  if (a.accountId !== b.accountId) return a.accountId < b.accountId ? -1 : 1;
  if (a.fundId !== b.fundId) return a.fundId < b.fundId ? -1 : 1;
  if (a.currencyCode !== b.currencyCode) return a.currencyCode < b.currencyCode ? -1 : 1;
  return 0;
}

/** Merges lines of the same account, fund, currency, donor and side; drops zero lines. */
function merge(lines: LineRow[]): LineRow[] {
  const merged = new Map<string, LineRow>();
  for (const l of lines) {
    if (l.amountMinor === 0n) continue;
    const key = `${l.accountId}|${l.fundId}|${l.currencyCode}|${l.personId ?? ''}|${l.amountMinor > 0n ? 'dr' : 'cr'}`;
    const prev = merged.get(key);
    merged.set(key, prev ? { ...prev, amountMinor: prev.amountMinor + l.amountMinor } : { ...l });
  }
  // One global order of account/fund/currency keeps concurrent postings from deadlocking
  // on the balance rows the trigger updates.
  return [...merged.values()].sort(byBalanceKey);
}

/**
 * A donor-restricted fund's balance (its net assets: minus the income, expense and fund
 * accounts' lines of the fund, Currency Exchange excepted) in the tenant currency.
 */
export async function fundBalances(ctx: TenantCtx, fundIds: string[]): Promise<Map<string, bigint>> {
  const out = new Map<string, bigint>(fundIds.map((id) => [id, 0n]));
  if (fundIds.length === 0) return out;
  const rows = await ctx.tx
    .select({
      fundId: accountBalances.fundId,
      currency: accountBalances.currencyCode,
      total: sql<string>`sum(${accountBalances.balanceMinor})`,
    })
    .from(accountBalances)
    .innerJoin(
      accounts,
      and(eq(accounts.tenantId, accountBalances.tenantId), eq(accounts.id, accountBalances.accountId)),
    )
    .where(
      and(
        eq(accountBalances.tenantId, ctx.tenantId),
        inArray(accountBalances.fundId, fundIds),
        inArray(accounts.accountType, ['income', 'expense', 'equity']),
        sql`${accounts.systemKey} is distinct from 'fx_clearing'`,
      ),
    )
    .groupBy(accountBalances.fundId, accountBalances.currencyCode);
  const home = await homeCurrency(ctx);
  const foreign = [...new Set(rows.map((r) => r.currency).filter((c) => c !== home))];
  const used = foreign.length ? await ratesOn(ctx, [home, ...foreign], '9999-12-31', 'currency') : null;
  for (const r of rows) {
    const sum = BigInt(r.total);
    const inHome = r.currency === home || !used ? sum : convertSigned(sum, r.currency, home, used.rates).amount;
    out.set(r.fundId, (out.get(r.fundId) ?? 0n) - inHome);
  }
  return out;
}

/**
 * Locks the donor-restricted funds among `fundIds` (in id order, FOR NO KEY UPDATE: it does
 * not conflict with the key-share locks foreign keys take, so inserts referencing the fund
 * cannot deadlock against it), serialising everything that spends from one fund.
 */
async function lockRestricted(ctx: TenantCtx, fundIds: string[]) {
  const ids = [...new Set(fundIds)].sort();
  if (ids.length === 0) return [];
  return ctx.tx
    .select()
    .from(funds)
    .where(and(eq(funds.tenantId, ctx.tenantId), inArray(funds.id, ids), eq(funds.fundType, 1)))
    .orderBy(asc(funds.id))
    .for('no key update');
}

/** Refuses (400 naming `fund`) when a restricted fund's balance is below zero. */
async function checkRestricted(ctx: TenantCtx, restricted: (typeof funds.$inferSelect)[]): Promise<void> {
  if (restricted.length === 0) return;
  const balances = await fundBalances(
    ctx,
    restricted.map((f) => f.id),
  );
  for (const f of restricted) {
    if ((balances.get(f.id) ?? 0n) < 0n) {
      throw badRequest('fund', `The fund ${f.name} is donor-restricted and does not have enough money for this`);
    }
  }
}

/** Options of postEntry / postEntries / reverseEntry for a correction made of a reversal and a new entry. */
export interface PostOptions {
  /** skip the restricted-fund check: a later posting in the transaction makes it */
  deferFundCheck?: boolean;
  /** funds a deferred reversal touched, to check with this posting */
  alsoCheckFunds?: string[];
  /**
   * Runs once the entries exist and before any line is written or fund locked, with the new
   * entries' ids in input order: a caller inserts its source rows here already pointing at their
   * entries (no UPDATE afterwards), taking its own locks ahead of the balance locks.
   */
  beforeLines?: (entryIds: string[]) => Promise<void>;
}

/**
 * Largest total of debits of one journal entry in any one currency, in minor units: 10^17.
 * Document amounts are limited at the edge (MAX_DOCUMENT_MAJOR_UNITS); this holds the line
 * after conversion into an account's currency (a trillion dollars is 1.5 quadrillion naira),
 * so no entry can carry an account balance near BIGINT's 9.2 × 10^18 in one step.
 */
export const LEDGER_ENTRY_LIMIT_MINOR = 10n ** 17n;

/** Throws 400 naming `amount` when an entry's debits in one currency pass LEDGER_ENTRY_LIMIT_MINOR. */
function assertWithinLedgerLimit(lines: LineRow[]): void {
  const debits = new Map<string, bigint>();
  for (const l of lines) {
    if (l.amountMinor > 0n) debits.set(l.currencyCode, (debits.get(l.currencyCode) ?? 0n) + l.amountMinor);
  }
  for (const [currency, total] of debits) {
    if (total > LEDGER_ENTRY_LIMIT_MINOR)
      throw badRequest('amount', `is too large once converted to ${currency}; split it into smaller documents`);
  }
}

/** An entry ready to insert: its header and its merged lines in account currencies. */
interface PreparedEntry {
  entryDate: string;
  memo: string;
  sourceType: string;
  sourceId: string | null;
  reversesEntryId: string | null;
  lines: LineRow[];
}

/**
 * Lines per INSERT statement: one JSON document of at most this many lines (a few hundred KB).
 */
const LINES_PER_STATEMENT = 2000;

/**
 * Writes prepared entries in a fixed number of statements whatever their count: the entries go
 * in one INSERT (ids made here, so no reliance on RETURNING order); then the caller's
 * `beforeLines`; the donor-restricted funds they touch are locked once, in id order; all their
 * lines in one INSERT
 * (more only past LINES_PER_STATEMENT, split in balance-key order so the balance rows are still
 * locked in one global order), each carrying its entry's date and number; the restricted funds
 * are checked once at the end unless `deferFundCheck`. The database's statement trigger moves
 * the balances in one grouped upsert per statement and each entry's balance is checked once at
 * commit (migration 0010). Returns the new entries' ids, in input order, and the restricted
 * funds touched.
 */
async function insertEntries(
  ctx: TenantCtx,
  prepared: PreparedEntry[],
  opts: PostOptions,
): Promise<{ entryIds: string[]; restrictedFunds: string[] }> {
  if (prepared.length === 0) return { entryIds: [], restrictedFunds: [] };
  const ids = prepared.map(() => newRowId());
  // one JSON parameter a statement, expanded by jsonb_to_recordset: the cost of building the
  // statement does not grow with the number of values (a multi-row VALUES list takes one bound
  // parameter per value)
  const entries = JSON.stringify(
    prepared.map((p, i) => ({
      tenant_id: ctx.tenantId,
      id: ids[i],
      entry_date: p.entryDate,
      memo: p.memo,
      source_type: p.sourceType,
      source_id: p.sourceId,
      reverses_entry_id: p.reversesEntryId,
      created_by: ctx.userId,
    })),
  );
  const inserted = await queryRows<{ id: string; entry_no: string }>(
    ctx.tx,
    sql`insert into journal_entries (tenant_id, id, entry_date, memo, source_type, source_id, reverses_entry_id, created_by)
        select r.tenant_id, r.id, r.entry_date, r.memo, r.source_type, r.source_id, r.reverses_entry_id, r.created_by
        from jsonb_to_recordset(${entries}::jsonb) as r(tenant_id uuid, id uuid, entry_date date, memo text,
             source_type text, source_id uuid, reverses_entry_id uuid, created_by uuid)
        returning id::text as id, entry_no::text as entry_no`,
  );
  const numbers = new Map(inserted.map((e) => [e.id, e.entry_no]));
  if (opts.beforeLines) await opts.beforeLines(ids);
  const restricted = await lockRestricted(ctx, [
    ...prepared.flatMap((p) => p.lines.map((l) => l.fundId)),
    ...(opts.alsoCheckFunds ?? []),
  ]);
  const rows = prepared
    .flatMap((p, i) =>
      p.lines.map((l, n) => ({
        ...l,
        entryId: ids[i]!,
        entryDate: p.entryDate,
        entryNo: numbers.get(ids[i]!)!,
        lineNo: n + 1,
      })),
    )
    .sort(byBalanceKey);
  for (let at = 0; at < rows.length; at += LINES_PER_STATEMENT) {
    const lines = JSON.stringify(
      rows.slice(at, at + LINES_PER_STATEMENT).map((l) => ({
        tenant_id: ctx.tenantId,
        id: newRowId(),
        entry_id: l.entryId,
        entry_date: l.entryDate,
        entry_no: l.entryNo,
        line_no: l.lineNo,
        account_id: l.accountId,
        fund_id: l.fundId,
        currency_code: l.currencyCode,
        amount_minor: l.amountMinor.toString(),
        memo: l.memo,
        person_id: l.personId,
        fx_rate: l.fxRate,
        fx_rate_date: l.fxRateDate,
        fx_source: l.fxSource,
      })),
    );
    await ctx.tx.execute(sql`
      insert into journal_lines (tenant_id, id, entry_id, entry_date, entry_no, line_no, account_id, fund_id,
                                 currency_code, amount_minor, memo, person_id, fx_rate, fx_rate_date, fx_source)
      select r.tenant_id, r.id, r.entry_id, r.entry_date, r.entry_no, r.line_no, r.account_id, r.fund_id,
             r.currency_code, r.amount_minor, r.memo, r.person_id, r.fx_rate, r.fx_rate_date, r.fx_source
      from jsonb_to_recordset(${lines}::jsonb) as r(tenant_id uuid, id uuid, entry_id uuid, entry_date date, entry_no bigint,
           line_no integer, account_id uuid, fund_id uuid, currency_code text, amount_minor bigint, memo text,
           person_id uuid, fx_rate numeric, fx_rate_date date, fx_source text)`);
  }
  if (!opts.deferFundCheck) await checkRestricted(ctx, restricted);
  return { entryIds: ids, restrictedFunds: restricted.map((f) => f.id) };
}

/**
 * Posts journal entries (DESIGN.md §1.3), one per posting, from lines in each posting's
 * currency, converting lines on accounts of other currencies (see toAccountCurrencies) — in a
 * fixed number of SQL statements whatever the number of postings: one read of the accounts,
 * one of the rates per entry date and currency set, then insertEntries. Every guarantee of
 * postEntry holds for each entry (balanced per currency and per fund, checked again by the
 * database at commit; LEDGER_ENTRY_LIMIT_MINOR per entry); the restricted-fund check is made
 * once, on the balances after all of them.
 * Throws 400 naming `fund` (restricted fund overdrawn), `currency` (no stored rate) or `amount`
 * (an entry passes LEDGER_ENTRY_LIMIT_MINOR once converted); nothing is written before the
 * last of the checks made in Node passes.
 * @returns the new entries' ids, in the order of `postings`
 */
export async function postEntries(ctx: TenantCtx, postings: Posting[], opts: PostOptions = {}): Promise<string[]> {
  if (postings.length === 0) return [];
  const ids = [...new Set(postings.flatMap((p) => p.lines.map((l) => l.accountId)))];
  const rows = ids.length
    ? await ctx.tx
        .select()
        .from(accounts)
        .where(and(eq(accounts.tenantId, ctx.tenantId), inArray(accounts.id, ids)))
    : [];
  const byId = new Map(rows.map((a) => [a.id, a]));
  for (const id of ids) if (!byId.has(id)) throw new Error(`unknown account ${id}`);
  const cache = newCache();
  const prepared: PreparedEntry[] = [];
  for (const posting of postings) {
    const docSum = posting.lines.reduce((s, l) => s + l.amountMinor, 0n);
    if (docSum !== 0n) throw new Error(`unbalanced posting: lines sum to ${docSum}`);
    const lines = merge(await toAccountCurrencies(ctx, posting, byId, cache));
    if (lines.length < 2) throw new Error('a journal entry needs at least two lines');
    assertWithinLedgerLimit(lines);
    prepared.push({
      entryDate: posting.entryDate,
      memo: posting.memo,
      sourceType: posting.sourceType,
      sourceId: posting.sourceId,
      reversesEntryId: null,
      lines,
    });
  }
  return (await insertEntries(ctx, prepared, opts)).entryIds;
}

/**
 * Posts one journal entry: postEntries of one posting (same errors).
 * @returns the new entry's id
 */
export async function postEntry(ctx: TenantCtx, posting: Posting, opts: PostOptions = {}): Promise<string> {
  const [id] = await postEntries(ctx, [posting], opts);
  return id!;
}

/** A reversal to post: the entry to undo, the reversal's ISO date and its memo. */
export interface Reversal {
  entryId: string;
  entryDate: string;
  memo: string;
}

/**
 * Posts the reversals of several entries in a fixed number of statements: each the same
 * lines negated, dated and described as given. An entry can be reversed once (unique index).
 * Throws 400 naming `fund` when undoing them would take a donor-restricted fund below zero
 * (its money was already spent) — unless `deferFundCheck` hands that check to a later posting
 * (pass `restrictedFunds` on to it).
 * @returns the reversal entries' ids in input order and the restricted funds they touched
 */
export async function reverseEntries(
  ctx: TenantCtx,
  reversals: Reversal[],
  opts: PostOptions = {},
): Promise<{ entryIds: string[]; restrictedFunds: string[] }> {
  if (reversals.length === 0) return { entryIds: [], restrictedFunds: [] };
  const lines = await ctx.tx
    .select()
    .from(journalLines)
    .where(
      and(
        eq(journalLines.tenantId, ctx.tenantId),
        inArray(
          journalLines.entryId,
          reversals.map((r) => r.entryId),
        ),
      ),
    )
    .orderBy(asc(journalLines.entryId), asc(journalLines.lineNo));
  const byEntry = new Map<string, typeof lines>();
  for (const l of lines) byEntry.set(l.entryId, [...(byEntry.get(l.entryId) ?? []), l]);
  const prepared = reversals.map((r) => ({
    entryDate: r.entryDate,
    memo: r.memo,
    sourceType: 'reversal',
    sourceId: r.entryId,
    reversesEntryId: r.entryId,
    lines: merge(
      (byEntry.get(r.entryId) ?? []).map((l) => ({
        accountId: l.accountId,
        fundId: l.fundId,
        currencyCode: l.currencyCode,
        amountMinor: -l.amountMinor,
        memo: l.memo,
        personId: l.personId,
        fxRate: l.fxRate,
        fxRateDate: l.fxRateDate,
        fxSource: l.fxSource,
      })),
    ),
  }));
  return insertEntries(ctx, prepared, opts);
}

/**
 * Posts the reversal of `entryId`: reverseEntries of one (same errors).
 * @returns the reversal entry's id and the restricted funds it touched
 */
export async function reverseEntry(
  ctx: TenantCtx,
  entryId: string,
  entryDate: string,
  memo: string,
  opts: PostOptions = {},
): Promise<{ entryId: string; restrictedFunds: string[] }> {
  const r = await reverseEntries(ctx, [{ entryId, entryDate, memo }], opts);
  return { entryId: r.entryIds[0]!, restrictedFunds: r.restrictedFunds };
}
