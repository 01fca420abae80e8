import { sql } from 'drizzle-orm';
import type { TAccount } from '@steward/contracts/chart';
import type { TAccountType } from '@steward/contracts/ledger';
import type { TenantCtx } from '../../lib/context.ts';
import { queryRows } from '../../db/client.ts';
import { minorToJson } from '../../lib/money.ts';
import { findCurrencyByCode } from '../lookups/reference.ts';
import { convertSigned, ratesOn } from './fx.ts';

/**
 * Account and fund figures as the chart of accounts, the cash/bank selector and the funds list
 * show them (spec 2.8, 2.10; issue 7): every sum aggregated by PostgreSQL from account_balances
 * in one statement, converted and signed here.
 */

/** Assets and expenses carry debit balances; liabilities, equity and income credit balances. */
export const naturalSign = (type: string): bigint => (type === 'assets' || type === 'expense' ? 1n : -1n);

/** A sum of balance rows in one currency, as SQL aggregates it (minor units, as text). */
export interface CurrencySum {
  currency: string;
  total: string;
}

/**
 * Adds up each entry's per-currency sums in the entry's `currency` (minor units, credit-signed
 * as stored): sums in another currency are converted at the newest stored rate, each
 * currency's sum converted once (one rate query, only when some sum is in another currency).
 * Throws 400 naming `currency` when such a currency has no stored rate.
 */
export async function sumsIn(
  ctx: TenantCtx,
  entries: { key: string; currency: string; sums: CurrencySum[] }[],
): Promise<Map<string, bigint>> {
  const codes = new Set<string>();
  for (const e of entries)
    for (const s of e.sums)
      if (s.currency !== e.currency) {
        codes.add(s.currency);
        codes.add(e.currency);
      }
  const used = codes.size ? await ratesOn(ctx, [...codes], '9999-12-31', 'currency') : null;
  const out = new Map<string, bigint>();
  for (const e of entries) {
    let total = 0n;
    for (const s of e.sums) {
      const raw = BigInt(s.total);
      total += s.currency === e.currency || !used ? raw : convertSigned(raw, s.currency, e.currency, used.rates).amount;
    }
    out.set(e.key, total);
  }
  return out;
}

/** An account row with what the database aggregated for it (see accountRows). */
export interface FiguredRow {
  id: string;
  name: string;
  code: string;
  accountType: string;
  description: string;
  headId: string | null;
  fundId: string | null;
  currencyCode: string;
  isActive: boolean;
  isCashBank: boolean;
  systemKey: string | null;
  fundType: number | null;
  home: string;
  lines: string | null;
  /** sum of its balance rows in its own currency (minor units, credit-signed as stored) */
  own: string | null;
  /** sums in other currencies, null when there are none (the usual case) */
  foreign: CurrencySum[] | null;
  /** for a fund's equity account: the fund's sum in the home currency, and in others */
  fundOwn: string | null;
  fundForeign: CurrencySum[] | null;
}

export type AccountFilter = { all: true } | { ids: string[] } | { activeCashBank: true };

/** The sums of an aggregated row as sumsIn takes them. */
export const sumsOf = (own: string | null, currency: string, foreign: CurrencySum[] | null): CurrencySum[] => [
  ...(own === null ? [] : [{ currency, total: own }]),
  ...(foreign ?? []),
];

/**
 * A subquery (fund_id, own, foreign) of each fund's net assets kept in account_balances: the
 * income, expense and equity balances of the fund (Currency Exchange excepted) per currency;
 * `own` sums the tenant currency (minor units, text), `foreign` is a JSON list of
 * {currency, total} for the others. `onlyFundId` narrows it to one fund. Used by the chart's
 * fund accounts and by the funds list.
 */
export function fundSumsSql(tenantId: string, onlyFundId?: string) {
  return sql`(
    select c.fund_id,
           sum(c.total) filter (where c.currency_code = h.currency_code)::text as own,
           json_agg(json_build_object('currency', c.currency_code, 'total', c.total::text))
             filter (where c.currency_code <> h.currency_code) as foreign
    from (
      select b.fund_id, b.currency_code, sum(b.balance_minor) as total
      from account_balances b
      join accounts x on x.tenant_id = b.tenant_id and x.id = b.account_id
      where b.tenant_id = ${tenantId} and x.account_type in ('income', 'expense', 'equity')
        and x.system_key is distinct from 'fx_clearing'
        ${onlyFundId ? sql`and b.fund_id = ${onlyFundId}::uuid` : sql``}
      group by b.fund_id, b.currency_code
    ) c
    join tenants h on h.id = ${tenantId}
    group by c.fund_id
  )`;
}

/**
 * Accounts of the church matching `filter`, ordered by code then name, each with its balance
 * summed in its own currency and (rarely) in others, its line count and, for a fund's equity
 * account, the fund's sums: one SQL statement, every sum aggregated by PostgreSQL from
 * account_balances (the balances the posting triggers keep: a row per account, fund and
 * currency), so the work does not grow with the church's history. Sums in other currencies
 * come as JSON only where they exist (json_agg with a FILTER: no aggregate state per account).
 * Each account's sums are a LATERAL subquery reading its own balance rows through the primary
 * key (tenant_id, account_id, …): the statement is prepared (db/client.ts), and the generic plan
 * PostgreSQL keeps for it after five runs, which does not know the church and expects a few
 * accounts, joined a derived table of every account's sums by a nested loop with a filter
 * (501 × 251 rows compared: 8.9 ms for a chart of 500 accounts, against 4.3 ms now). Issue 7 'Speed'.
 */
export async function accountRows(ctx: TenantCtx, filter: AccountFilter, withFunds: boolean): Promise<FiguredRow[]> {
  const t = ctx.tenantId;
  const cond = (alias: string) => {
    const a = sql.raw(alias);
    if ('ids' in filter)
      return filter.ids.length
        ? sql`and ${a}.id in (${sql.join(
            filter.ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`
        : sql`and false`;
    if ('activeCashBank' in filter) return sql`and ${a}.is_cash_bank and ${a}.is_active`;
    return sql``;
  };
  const fundJoin = withFunds
    ? sql`left join ${fundSumsSql(t)} fb on a.account_type = 'equity' and fb.fund_id = a.fund_id`
    : sql``;
  return queryRows<FiguredRow>(
    ctx.tx,
    sql`select a.id, a.name, a.code, a.account_type as "accountType", a.description,
               a.account_group_id as "headId", a.fund_id as "fundId", a.currency_code as "currencyCode",
               a.is_active as "isActive", a.is_cash_bank as "isCashBank", a.system_key as "systemKey",
               f.fund_type as "fundType", t.currency_code as home,
               ab.lines::text as lines, ab.own, ab.foreign,
               ${withFunds ? sql`fb.own as "fundOwn", fb.foreign as "fundForeign"` : sql`null as "fundOwn", null as "fundForeign"`}
        from accounts a
        join tenants t on t.id = a.tenant_id
        left join funds f on f.tenant_id = a.tenant_id and f.id = a.fund_id
        left join lateral (
          select sum(c.lines) as lines,
                 sum(c.total) filter (where c.currency_code = a.currency_code)::text as own,
                 json_agg(json_build_object('currency', c.currency_code, 'total', c.total::text))
                   filter (where c.currency_code <> a.currency_code) as foreign
          from (
            select b.currency_code, sum(b.balance_minor) as total, sum(b.line_count) as lines
            from account_balances b
            where b.tenant_id = ${t} and b.account_id = a.id
            group by b.currency_code
          ) c
        ) ab on true
        ${fundJoin}
        where a.tenant_id = ${t} ${cond('a')}
        order by a.code, a.name, a.id`,
  );
}

/**
 * Accounts matching `filter` as the chart shows them: balance in decimal major units of the
 * account's currency with its natural sign (lines of another currency on an account, as on
 * Currency Exchange or FX rounding, converted at the newest stored rate). A fund's equity
 * account shows the fund's balance (its net assets: what the income, expense and fund lines
 * of the fund add up to), which is what a treasurer reads on the Fund [Equity] tab.
 */
export async function accountsWithFigures(ctx: TenantCtx, filter: AccountFilter): Promise<TAccount[]> {
  const rows = await accountRows(ctx, filter, true);
  const isFund = (a: FiguredRow) => a.accountType === 'equity' && a.fundId !== null;
  const own = await sumsIn(
    ctx,
    rows.map((a) => ({ key: a.id, currency: a.currencyCode, sums: sumsOf(a.own, a.currencyCode, a.foreign) })),
  );
  const home = rows[0]?.home ?? '';
  const fundEntries = new Map<string, CurrencySum[]>();
  for (const a of rows) if (isFund(a)) fundEntries.set(a.fundId!, sumsOf(a.fundOwn, home, a.fundForeign));
  const fundTotals = await sumsIn(
    ctx,
    [...fundEntries].map(([key, sums]) => ({ key, currency: home, sums })),
  );
  const currencies = new Map<string, ReturnType<typeof findCurrencyByCode>>();
  const currencyOf = (code: string) => {
    if (!currencies.has(code)) currencies.set(code, findCurrencyByCode(code));
    return currencies.get(code);
  };
  return rows.map((a) => {
    const fund = isFund(a);
    const balance = fund ? -(fundTotals.get(a.fundId!) ?? 0n) : own.get(a.id)! * naturalSign(a.accountType);
    const c = currencyOf(a.currencyCode);
    return {
      id: a.id,
      name: a.name,
      code: a.code,
      accountType: a.accountType as TAccountType,
      description: a.description,
      financialAccountGroupID: a.headId,
      financialFundID: a.fundId,
      currencyID: c?.id ?? 0,
      balance: minorToJson(balance, a.currencyCode),
      currency: { shortCode: a.currencyCode, symbol: c?.symbol ?? a.currencyCode },
      isActive: a.isActive,
      isCashBank: a.isCashBank,
      hasPostings: Number(a.lines ?? 0) > 0,
      fundType: fund ? a.fundType : null,
    };
  });
}
