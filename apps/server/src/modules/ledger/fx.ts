import { sql, type SQL } from 'drizzle-orm';
import { convertMinor, type FxRates } from '@steward/money/fx';
import { queryRows, type Tx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';

/** A conversion rate as it was used, kept on the journal line (DESIGN.md §1.2). */
export interface UsedRate {
  rates: FxRates;
  /** the newest rate date among the rates used, ISO date */
  rateDate: string;
  source: string;
}

/**
 * Where rates are read: the request's transaction and the church whose own rates
 * (church_fx_rates) count; `tenantId` null reads the global rates (fx_rates) only.
 * A TenantCtx is one.
 */
export interface RateScope {
  tx: Tx;
  tenantId: string | null;
}

/** The `source` a journal line records for a rate the church entered itself (issue 7, part 4). */
export const CHURCH_RATE_SOURCE = 'entered by the church';

/** One stored rate that may be used for a currency. */
interface Candidate {
  code: string;
  /** units per USD, decimal text as NUMERIC gives it */
  rate: string;
  rateDate: string;
  source: string;
  church: boolean;
}

const codeFilter = (column: SQL, codes: string[] | null) =>
  codes
    ? sql`and ${column} in (${sql.join(
        codes.map((c) => sql`${c}`),
        sql`, `,
      )})`
    : sql``;

/**
 * Per currency of `codes` (null: every currency), the global rate and the church's own rate
 * nearest `date` on one side of it: the newest dated on or before it ('onOrBefore'), or the
 * oldest dated after it ('after'). One statement; the church part only with a tenant.
 */
async function candidates(
  scope: RateScope,
  codes: string[] | null,
  date: string,
  side: 'onOrBefore' | 'after',
): Promise<Candidate[]> {
  const when = side === 'onOrBefore' ? sql`rate_date <= ${date}` : sql`rate_date > ${date}`;
  const order = side === 'onOrBefore' ? sql`rate_date desc` : sql`rate_date asc`;
  const global = sql`select * from (
      select distinct on (currency_code) currency_code as code, units_per_usd::text as rate,
        rate_date::text as "rateDate", source, false as church
      from fx_rates where ${when} ${codeFilter(sql`currency_code`, codes)}
      order by currency_code, ${order}) g`;
  if (!scope.tenantId) return queryRows<Candidate>(scope.tx, global);
  const church = sql`select * from (
      select distinct on (currency_code) currency_code as code, units_per_usd::text as rate,
        rate_date::text as "rateDate", ${CHURCH_RATE_SOURCE}::text as source, true as church
      from church_fx_rates where tenant_id = ${scope.tenantId} and ${when} ${codeFilter(sql`currency_code`, codes)}
      order by currency_code, ${order}) c`;
  return queryRows<Candidate>(scope.tx, sql`${global} union all ${church}`);
}

/**
 * Of each currency's candidates, the one nearest the date: on or before it the newest, after it
 * the oldest; on the same date the church's own rate wins over the global one.
 */
function pick(rows: Candidate[], side: 'onOrBefore' | 'after', into: Map<string, Candidate>): void {
  for (const r of rows) {
    const held = into.get(r.code);
    const nearer = !held || (side === 'onOrBefore' ? r.rateDate > held.rateDate : r.rateDate < held.rateDate);
    if (nearer || (r.rateDate === held.rateDate && r.church && !held.church)) into.set(r.code, r);
  }
}

/**
 * The rate of each currency of `codes` (null: every currency stored) that holds on `date`
 * (ISO): the newest dated on or before it, the church's own rate preferred over a global one of
 * the same date (and so over any older one); when none is that old, the oldest dated after it
 * (the church's again on a tie). Currencies without any rate are absent.
 */
export async function effectiveRates(scope: RateScope, codes: string[] | null, date: string) {
  const found = new Map<string, Candidate>();
  pick(await candidates(scope, codes, date, 'onOrBefore'), 'onOrBefore', found);
  const missing = codes ? codes.filter((c) => !found.has(c)) : [];
  if (missing.length > 0) pick(await candidates(scope, missing, date, 'after'), 'after', found);
  return found;
}

/**
 * The stored rates (units per USD) of `codes` in force on `date` for the church of `scope`
 * (effectiveRates: the church's own rate where it has one at least as new as the global one).
 * `source` lists the sources used ('entered by the church' for the church's own).
 * Throws 400 naming `field` when a currency has no stored rate at all, global or the church's.
 */
export async function ratesOn(scope: RateScope, codes: string[], date: string, field: string): Promise<UsedRate> {
  const wanted = [...new Set(codes.map((c) => c.toUpperCase()))];
  const found = await effectiveRates(scope, wanted, date);
  const absent = wanted.filter((c) => c !== 'USD' && !found.has(c));
  if (absent.length > 0) throw badRequest(field, `no exchange rate is stored for ${absent.join(', ')}`);
  const rows = [...found.values()];
  return {
    rates: Object.fromEntries(rows.map((r) => [`usd${r.code.toLowerCase()}`, r.rate])),
    rateDate: rows.reduce((m, r) => (r.rateDate > m ? r.rateDate : m), '0000-00-00'),
    source: [...new Set(rows.map((r) => r.source))].join('; '),
  };
}

/**
 * GET /fxRates for a signed-in church (spec §7, issue 7 part 4): the newest rate of every
 * currency as units per USD keyed 'usd' + lowercase code, the church's own rates merged over the
 * global ones as ratesOn chooses them, so the web converts with the rates posting uses.
 */
export async function latestRatesFor(scope: RateScope): Promise<Record<string, number>> {
  const found = await effectiveRates(scope, null, '9999-12-31');
  return Object.fromEntries([...found.values()].map((r) => [`usd${r.code.toLowerCase()}`, Number(r.rate)]));
}

/** Converts signed minor units between currencies, rounding half-even once. */
export function convertSigned(
  minor: bigint,
  from: string,
  to: string,
  rates: FxRates,
): { amount: bigint; rate: string } {
  const neg = minor < 0n;
  const r = convertMinor(neg ? -minor : minor, from, to, rates);
  return { amount: neg ? -r.amount : r.amount, rate: r.rate };
}
