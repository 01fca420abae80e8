import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TenantCtx } from '../../lib/context.ts';
import { badRequest } from '../../lib/errors.ts';
import { homeCurrency } from '../tenancy/service.ts';
import { accountBalances, accounts, funds, journalEntries, journalLines } from './schema.ts';
import { convertSigned, ratesOn } from './fx.ts';
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
  const used = await ratesOn(ctx.tx, codes, posting.entryDate, 'currency');
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
  const clearing = await systemAccount(ctx, 'fx_clearing');
  const rounding = await systemAccount(ctx, 'fx_rounding');
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
  return [...merged.values()].sort((a, b) =>
    a.accountId < b.accountId
      ? -1
      : a.accountId > b.accountId
        ? 1
        : a.fundId < b.fundId
          ? -1
          : a.fundId > b.fundId
            ? 1
            : a.currencyCode < b.currencyCode
              ? -1
              : a.currencyCode > b.currencyCode
                ? 1
                : 0,
  );
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
  const used = foreign.length ? await ratesOn(ctx.tx, [home, ...foreign], '9999-12-31', 'currency') : null;
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

/**
 * Inserts an entry's lines after locking the restricted funds they touch, then (unless the
 * caller defers it to a later posting in the same transaction) checks no restricted fund
 * went below zero. Returns the restricted funds touched.
 */
async function insertChecked(ctx: TenantCtx, entryId: string, lines: LineRow[], opts: PostOptions = {}) {
  const restricted = await lockRestricted(ctx, [...lines.map((l) => l.fundId), ...(opts.alsoCheckFunds ?? [])]);
  await ctx.tx
    .insert(journalLines)
    .values(lines.map((l, i) => ({ tenantId: ctx.tenantId, entryId, lineNo: i + 1, ...l })));
  if (!opts.deferFundCheck) await checkRestricted(ctx, restricted);
  return restricted.map((f) => f.id);
}

/** Options of postEntry / reverseEntry for a correction made of a reversal and a new entry. */
export interface PostOptions {
  /** skip the restricted-fund check: a later posting in the transaction makes it */
  deferFundCheck?: boolean;
  /** funds a deferred reversal touched, to check with this posting */
  alsoCheckFunds?: string[];
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

/**
 * Posts a journal entry (DESIGN.md §1.3) from lines in the posting's currency, converting
 * lines on accounts of other currencies (see toAccountCurrencies). The database rejects an
 * unbalanced entry at commit; this checks first for a clear error.
 * Throws 400 naming `fund` (restricted fund overdrawn), `currency` (no stored rate) or `amount`
 * (the entry passes LEDGER_ENTRY_LIMIT_MINOR once converted).
 * @returns the new entry's id
 */
export async function postEntry(ctx: TenantCtx, posting: Posting, opts: PostOptions = {}): Promise<string> {
  const ids = [...new Set(posting.lines.map((l) => l.accountId))];
  const rows = ids.length
    ? await ctx.tx
        .select()
        .from(accounts)
        .where(and(eq(accounts.tenantId, ctx.tenantId), inArray(accounts.id, ids)))
    : [];
  const byId = new Map(rows.map((a) => [a.id, a]));
  for (const id of ids) if (!byId.has(id)) throw new Error(`unknown account ${id}`);
  const docSum = posting.lines.reduce((s, l) => s + l.amountMinor, 0n);
  if (docSum !== 0n) throw new Error(`unbalanced posting: lines sum to ${docSum}`);
  const lines = merge(await toAccountCurrencies(ctx, posting, byId));
  if (lines.length < 2) throw new Error('a journal entry needs at least two lines');
  assertWithinLedgerLimit(lines);
  const [entry] = await ctx.tx
    .insert(journalEntries)
    .values({
      tenantId: ctx.tenantId,
      entryDate: posting.entryDate,
      memo: posting.memo,
      sourceType: posting.sourceType,
      sourceId: posting.sourceId,
      createdBy: ctx.userId,
    })
    .returning({ id: journalEntries.id });
  await insertChecked(ctx, entry!.id, lines, opts);
  return entry!.id;
}

/**
 * Posts the reversal of `entryId`: the same lines negated, dated `entryDate`. An entry can
 * be reversed once (unique index). Throws 400 naming `fund` when undoing it would take a
 * donor-restricted fund below zero (its money was already spent) — unless `deferFundCheck`
 * hands that check to the correction's new posting (pass `restrictedFunds` on to it).
 * @returns the reversal entry's id and the restricted funds it touched
 */
export async function reverseEntry(
  ctx: TenantCtx,
  entryId: string,
  entryDate: string,
  memo: string,
  opts: PostOptions = {},
): Promise<{ entryId: string; restrictedFunds: string[] }> {
  const lines = await ctx.tx
    .select()
    .from(journalLines)
    .where(and(eq(journalLines.tenantId, ctx.tenantId), eq(journalLines.entryId, entryId)))
    .orderBy(asc(journalLines.lineNo));
  const [entry] = await ctx.tx
    .insert(journalEntries)
    .values({
      tenantId: ctx.tenantId,
      entryDate,
      memo,
      sourceType: 'reversal',
      sourceId: entryId,
      reversesEntryId: entryId,
      createdBy: ctx.userId,
    })
    .returning({ id: journalEntries.id });
  const restrictedFunds = await insertChecked(
    ctx,
    entry!.id,
    merge(
      lines.map((l) => ({
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
    opts,
  );
  return { entryId: entry!.id, restrictedFunds };
}
