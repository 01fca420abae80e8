/**
 * Aggregate SQL of the offering summary and the offering report (issue 6). Every query here
 * reads `offering_daily_totals` (one row per church, source, day, item, event and currency,
 * kept by a trigger on offering_transactions) and answers a number of rows bounded by the
 * grouping (days × items × currencies, months × currencies, currencies), never by how many
 * offerings a church has: neither the database nor the event loop does work proportional to
 * a church's history. The table's primary key (tenant_id, source, total_date, …) serves the
 * date-range filter.
 */
import { and, between, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { TenantCtx } from '../../lib/context.ts';
import { activities } from '../events/schema.ts';
import { contributionItems, offeringDailyTotals as o } from './schema.ts';

/** Which offerings of a date range a report total covers. */
export type OfferingScope =
  /** every live offering row of the source */
  | { kind: 'all' }
  /** rows recorded against one event (activity) */
  | { kind: 'activity'; activityId: string }
  /** rows recorded against any event of a category whose own date is in the same range */
  | { kind: 'category'; eventCategoryId: string };

/** A sum of offerings in one currency, in minor units of that currency. */
export interface CurrencyTotal {
  /** ISO 4217 code, e.g. 'NGN' */
  currencyCode: string;
  /** sum of amount_minor (minor units of `currencyCode`) */
  totalMinor: bigint;
}

/** The summary's grouped row: one date, one offering item, one currency. */
export interface DayItemTotal extends CurrencyTotal {
  /** ISO date 'YYYY-MM-DD' */
  date: string;
  itemName: string;
}

/** A report month's sum in one currency. */
export interface MonthTotal extends CurrencyTotal {
  /** 'YYYY-MM' */
  month: string;
}

/** Day totals of one tenant and source in [from, to] that still hold live offerings. */
function liveInRange(ctx: TenantCtx, source: string, from: string, to: string): SQL {
  return and(
    eq(o.tenantId, ctx.tenantId),
    eq(o.source, source),
    between(o.totalDate, from, to),
    // a day whose offerings were all deleted keeps a zero row
    sql`${o.rowCount} > 0`,
  )!;
}

function scopeFilter(ctx: TenantCtx, scope: OfferingScope, from: string, to: string): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'activity') return eq(o.activityId, scope.activityId);
  return inArray(
    o.activityId,
    ctx.tx
      .select({ id: activities.id })
      .from(activities)
      .where(
        and(
          eq(activities.tenantId, ctx.tenantId),
          eq(activities.eventCategoryId, scope.eventCategoryId),
          between(activities.activityDate, from, to),
        ),
      ),
  );
}

const sumText = sql<string>`sum(${o.totalMinor})::text`;

/**
 * Offering totals of `source` between `from` and `to` (ISO dates, inclusive), grouped by
 * date, offering item and currency: sums in minor units of each row's currency, ordered by
 * date, then item name, then currency code. At most days × items × currencies rows.
 * Serves GET /api/financials/contributions/transactions/summary (spec §3, §9).
 */
export async function dayItemCurrencyTotals(
  ctx: TenantCtx,
  source: string,
  from: string,
  to: string,
): Promise<DayItemTotal[]> {
  // one plain statement: a year of a big church is ~2,000 rows, which Drizzle's row mapping
  // made the slowest part of the summary (issue 7 'Speed')
  const rows = await queryRows<{ date: string; item_name: string; currency_code: string; total: string }>(
    ctx.tx,
    sql`select g.date, i.name as item_name, g.currency_code, g.total
        from (select to_char(${o.totalDate}, 'YYYY-MM-DD') as date, ${o.contributionItemId} as item_id,
                     ${o.currencyCode} as currency_code, sum(${o.totalMinor})::text as total
              from ${o}
              where ${liveInRange(ctx, source, from, to)}
              group by ${o.totalDate}, ${o.contributionItemId}, ${o.currencyCode}) g
        join ${contributionItems} i on i.tenant_id = ${ctx.tenantId} and i.id = g.item_id
        order by g.date, i.name, g.currency_code`,
  );
  return rows.map((r) => ({
    date: r.date,
    itemName: r.item_name,
    currencyCode: r.currency_code,
    totalMinor: BigInt(r.total),
  }));
}

/**
 * Offering totals (source 'offering') per calendar month and currency between `from` and
 * `to` (ISO dates, inclusive) within `scope`; sums in minor units of each currency, ordered
 * by month. At most months × currencies rows. Serves the OFFERING chart of
 * GET /api/Offering/contributionReport (spec 2.6).
 */
export async function monthCurrencyTotals(
  ctx: TenantCtx,
  from: string,
  to: string,
  scope: OfferingScope,
): Promise<MonthTotal[]> {
  // Sum per day first, so the month label is computed once per day rather than once per row.
  const days = ctx.tx
    .select({
      date: o.totalDate,
      currencyCode: o.currencyCode,
      total: sql<string>`sum(${o.totalMinor})`.as('total'),
    })
    .from(o)
    .where(and(liveInRange(ctx, 'offering', from, to), scopeFilter(ctx, scope, from, to)))
    .groupBy(o.totalDate, o.currencyCode)
    .as('d');
  const month = sql<string>`to_char(${days.date}, 'YYYY-MM')`;
  const rows = await ctx.tx
    .select({ month, currencyCode: days.currencyCode, total: sql<string>`sum(${days.total})::text` })
    .from(days)
    .groupBy(month, days.currencyCode)
    .orderBy(month, days.currencyCode);
  return rows.map((r) => ({ month: r.month, currencyCode: r.currencyCode, totalMinor: BigInt(r.total) }));
}

/**
 * Offering totals (source 'offering') per currency between `from` and `to` (ISO dates,
 * inclusive) within `scope`, in minor units of each currency. One row per currency present.
 * Serves the comparison totals of GET /api/Offering/contributionReport (spec 2.6).
 */
export async function currencyTotals(
  ctx: TenantCtx,
  from: string,
  to: string,
  scope: OfferingScope,
): Promise<CurrencyTotal[]> {
  const rows = await ctx.tx
    .select({ currencyCode: o.currencyCode, total: sumText })
    .from(o)
    .where(and(liveInRange(ctx, 'offering', from, to), scopeFilter(ctx, scope, from, to)))
    .groupBy(o.currencyCode)
    .orderBy(o.currencyCode);
  return rows.map((r) => ({ currencyCode: r.currencyCode, totalMinor: BigInt(r.total) }));
}
