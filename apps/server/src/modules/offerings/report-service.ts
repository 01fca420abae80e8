import dayjs from 'dayjs';
import { and, eq } from 'drizzle-orm';
import { convertMinor } from '@steward/money/fx';
import type { TContributionSummary, TOfferingReport, TPeriodKey, TPeriodSummary } from '@steward/contracts/offerings';
import type { TenantCtx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { minorToJson } from '../../lib/money.ts';
import { activities } from '../events/schema.ts';
import { latestRatesFor } from '../ledger/fx.ts';
import { homeCurrency } from '../tenancy/service.ts';
import {
  currencyTotals,
  dayItemCurrencyTotals,
  monthCurrencyTotals,
  type CurrencyTotal,
  type OfferingScope,
} from './summary-queries.ts';
import { rowsOfDay } from './transactions-service.ts';
import { convertReportRows } from './report-conversion.ts';

/**
 * Converts a sum in minor units of `code` to minor units of the tenant currency at the latest
 * stored rate (the church's own merged over the global ones, ledger/fx.ts); 0n when no rate is
 * stored (left out of the converted total rather than guessed).
 */
function makeConverter(currency: string, rates: Record<string, number>) {
  return (minor: bigint, code: string): bigint => {
    if (code === currency) return minor;
    try {
      return convertMinor(minor, code, currency, rates).amount;
    } catch {
      return 0n;
    }
  };
}

/** Period keys of the contribution summary (spec §3, §9); weeks start on Sunday. */
export function periodRanges(today: dayjs.Dayjs): Record<TPeriodKey, { name: string; from: string; to: string }> {
  const f = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');
  const weekStart = today.startOf('week');
  return {
    oneWeek: { name: 'One Week', from: f(today.subtract(6, 'day')), to: f(today) },
    thisWeek: { name: 'This Week', from: f(weekStart), to: f(today) },
    lastWeek: { name: 'Last Week', from: f(weekStart.subtract(7, 'day')), to: f(weekStart.subtract(1, 'day')) },
    thisMonth: { name: 'This Month', from: f(today.startOf('month')), to: f(today) },
    lastMonth: {
      name: 'Last Month',
      from: f(today.subtract(1, 'month').startOf('month')),
      to: f(today.subtract(1, 'month').endOf('month')),
    },
    lastThirtyDays: { name: 'Last 30days', from: f(today.subtract(29, 'day')), to: f(today) },
    lastNinetyDays: { name: 'Last 90days', from: f(today.subtract(89, 'day')), to: f(today) },
    oneYear: { name: 'One Year', from: f(today.subtract(1, 'year').add(1, 'day')), to: f(today) },
  };
}

/** 'YYYY-MM-DD' to the chart's 'MM/DD/YYYY'. */
const chartDate = (iso: string): string => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/**
 * GET /api/financials/contributions/transactions/summary (spec §3, §9; existing-client-api
 * §2.1): per period key (`periodRanges`), `income` in the tenant currency, `pieChart`
 * [{name: item name, value}] and `barChart` {data: [value per day with offerings, in date
 * order], categories: ['MM/DD/YYYY' of those days]}; values are decimal major units of the
 * tenant currency. `today` (server-local) ends the periods.
 *
 * One grouped query over the oldest period's first day..today (rows bounded by days × items ×
 * currencies, never by the number of offerings); each (date, item, currency) sum in another
 * currency is converted once at the latest stored FX rate, left out (0) when none is stored.
 * Income, pie and bar of a period are sums of the same converted groups, so they agree exactly.
 * Pie items come in order of first appearance in the period (by date, then item name).
 */
export async function summary(ctx: TenantCtx, source = 'offering', today = dayjs()): Promise<TContributionSummary> {
  const currency = await homeCurrency(ctx);
  const convert = makeConverter(currency, await latestRatesFor(ctx));
  const ranges = periodRanges(today);
  const oldest = Object.values(ranges).reduce((m, r) => (r.from < m ? r.from : m), ranges.thisWeek.from);
  const groups = (await dayItemCurrencyTotals(ctx, source, oldest, today.format('YYYY-MM-DD'))).map((g) => ({
    date: g.date,
    itemName: g.itemName,
    value: convert(g.totalMinor, g.currencyCode),
  }));
  const out: Partial<Record<TPeriodKey, TPeriodSummary>> = {};
  for (const [key, range] of Object.entries(ranges) as [TPeriodKey, (typeof ranges)[TPeriodKey]][]) {
    let income = 0n;
    const byItem = new Map<string, bigint>();
    const byDate = new Map<string, bigint>();
    for (const g of groups) {
      if (g.date < range.from || g.date > range.to) continue;
      income += g.value;
      byItem.set(g.itemName, (byItem.get(g.itemName) ?? 0n) + g.value);
      byDate.set(g.date, (byDate.get(g.date) ?? 0n) + g.value);
    }
    out[key] = {
      name: range.name,
      income: minorToJson(income, currency),
      pieChart: [...byItem].map(([name, v]) => ({ name, value: minorToJson(v, currency) })),
      barChart: {
        data: [...byDate].map(([, v]) => minorToJson(v, currency)),
        categories: [...byDate].map(([date]) => chartDate(date)),
      },
    };
  }
  return out as TContributionSummary;
}

/** Sum of per-currency totals in the tenant currency (minor units), each converted once. */
const inHomeCurrency = (totals: CurrencyTotal[], convert: (minor: bigint, code: string) => bigint): bigint =>
  totals.reduce((sum, t) => sum + convert(t.totalMinor, t.currencyCode), 0n);

/**
 * The change from `before` to `now` in percent, 2 decimals. Always a number: the existing client
 * calls `.toFixed` on it (existing-client-api §2.4), so with nothing to compare with (`before`
 * is 0) it is 0, and a reader tells that case by the earlier total being 0.
 */
const pctChange = (now: bigint, before: bigint): number =>
  before === 0n ? 0 : Math.round((Number(now - before) / Number(before)) * 10_000) / 100;

/**
 * GET /api/Offering/contributionReport?date=&activityId= (spec 2.6, §3; existing-client-api
 * §2.4): the offerings of `date` (ISO 'YYYY-MM-DD'; the route also takes the client's
 * 'YYYY-MM-DDTHH:mm:ss' and 'Nov 23, 2026'; of the event `activityId` when given, each with its
 * item, donor, channel, currency, amount, event name and date), their total in the tenant
 * currency, the same event category's totals a week, a month and a year earlier (every
 * offering of those dates when no event is given), and the 12 months ending with `date`'s month.
 * Amounts are decimal major units; percentages are rounded to 2 decimals, 0 when the
 * earlier total is 0. Totals are summed per currency in SQL and converted once each at the
 * latest stored FX rate. Throws 404 (notFound 'Event') when activityId is missing or foreign.
 */
export async function contributionReport(
  ctx: TenantCtx,
  date: string,
  activityId: string | null,
): Promise<TOfferingReport> {
  const currency = await homeCurrency(ctx);
  const rates = await latestRatesFor(ctx);
  const convert = makeConverter(currency, rates);
  let activityName = 'All events';
  let earlier: OfferingScope = { kind: 'all' };
  if (activityId) {
    const [act] = await ctx.tx
      .select()
      .from(activities)
      .where(and(eq(activities.tenantId, ctx.tenantId), eq(activities.id, activityId)));
    if (!act) throw notFound('Event');
    activityName = act.name;
    earlier = { kind: 'category', eventCategoryId: act.eventCategoryId };
  }
  const day = dayjs(date);
  // One transaction is one connection: its queries run one after another.
  const totalOn = async (d: dayjs.Dayjs) => {
    const iso = d.format('YYYY-MM-DD');
    return inHomeCurrency(await currencyTotals(ctx, iso, iso, earlier), convert);
  };
  // The day's own list is bounded by one day; its total is summed per currency like the others.
  const today = await rowsOfDay(ctx, date, activityId);
  const todaySums = new Map<string, bigint>();
  for (const r of today) todaySums.set(r.currencyCode, (todaySums.get(r.currencyCode) ?? 0n) + r.amountMinor);
  const totalToday = inHomeCurrency(
    [...todaySums].map(([currencyCode, totalMinor]) => ({ currencyCode, totalMinor })),
    convert,
  );
  // per-row rate and converted amount, adding up exactly to totalToday (issue 7)
  const converted = convertReportRows(today, currency, rates);
  const lastWeek = await totalOn(day.subtract(7, 'day'));
  const lastMonth = await totalOn(day.subtract(1, 'month'));
  const lastYear = await totalOn(day.subtract(1, 'year'));
  const firstMonth = day.startOf('month').subtract(11, 'month');
  const months = await monthCurrencyTotals(
    ctx,
    firstMonth.format('YYYY-MM-DD'),
    day.endOf('month').format('YYYY-MM-DD'),
    earlier,
  );
  const monthly = Array.from({ length: 12 }, (_, i) => {
    const m = firstMonth.add(i, 'month');
    const key = m.format('YYYY-MM');
    return {
      month: key,
      name: m.format('MMM YYYY'),
      value: minorToJson(
        inHomeCurrency(
          months.filter((t) => t.month === key),
          convert,
        ),
        currency,
      ),
    };
  });
  return {
    monthly,
    activityName,
    activityDate: date,
    tenantCurrency: currency,
    totalToday: minorToJson(totalToday, currency),
    totalLastWeek: minorToJson(lastWeek, currency),
    totalLastMonth: minorToJson(lastMonth, currency),
    totalLastYear: minorToJson(lastYear, currency),
    todayVsLastWeek: pctChange(totalToday, lastWeek),
    todayVsLastMonth: pctChange(totalToday, lastMonth),
    todayVsLastYear: pctChange(totalToday, lastYear),
    todayContributions: today.map((r) => {
      const c = converted.get(r.id);
      return {
        id: r.id,
        contribution: r.itemName,
        name: r.firstName ? `${r.firstName} ${r.lastName ?? ''}`.trim() : '',
        channel: r.paymentChannel,
        currencyName: r.currencyCode,
        amount: minorToJson(r.amountMinor, r.currencyCode),
        eventName: r.eventName ?? '',
        date: r.transactionDate,
        rate: c?.rate ?? null,
        convertedAmount: c?.convertedAmount ?? null,
      };
    }),
    activityToday: activityId ? { id: activityId } : null,
  };
}
