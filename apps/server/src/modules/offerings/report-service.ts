import dayjs from 'dayjs';
import { and, between, eq } from 'drizzle-orm';
import { convertMinor } from '@steward/money/fx';
import type { TContributionSummary, TOfferingReport, TPeriodKey, TPeriodSummary } from '@steward/contracts/offerings';
import type { TenantCtx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { minorToJson } from '../../lib/money.ts';
import { activities } from '../events/schema.ts';
import { latestFxRates } from '../lookups/service.ts';
import { homeCurrency } from '../tenancy/service.ts';
import { rowsBetween } from './transactions-service.ts';

type Rows = Awaited<ReturnType<typeof rowsBetween>>;

/** Sums rows in the tenant currency (minor units), converting others at the latest stored rate. */
function makeTotaller(currency: string, rates: Record<string, number>) {
  return (rows: Rows): bigint =>
    rows.reduce((sum, r) => {
      if (r.row.currencyCode === currency) return sum + r.row.amountMinor;
      try {
        return sum + convertMinor(r.row.amountMinor, r.row.currencyCode, currency, rates).amount;
      } catch {
        return sum; // no stored rate: left out of the converted total rather than guessed
      }
    }, 0n);
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

/**
 * GET /api/financials/contributions/transactions/summary (spec §3): per period, the income
 * in the tenant currency, a pie chart by offering item and an area chart by date.
 */
export async function summary(ctx: TenantCtx, source = 'offering', today = dayjs()): Promise<TContributionSummary> {
  const currency = await homeCurrency(ctx);
  const total = makeTotaller(currency, await latestFxRates(ctx.tx));
  const ranges = periodRanges(today);
  const oldest = Object.values(ranges).reduce((m, r) => (r.from < m ? r.from : m), ranges.thisWeek.from);
  const all = await rowsBetween(ctx, oldest, today.format('YYYY-MM-DD'), { source });
  const out: Partial<Record<TPeriodKey, TPeriodSummary>> = {};
  for (const [key, range] of Object.entries(ranges) as [TPeriodKey, (typeof ranges)[TPeriodKey]][]) {
    const rows = all.filter((r) => r.row.transactionDate >= range.from && r.row.transactionDate <= range.to);
    const byItem = new Map<string, Rows>();
    const byDate = new Map<string, Rows>();
    for (const r of rows) {
      byItem.set(r.itemName, [...(byItem.get(r.itemName) ?? []), r]);
      byDate.set(r.row.transactionDate, [...(byDate.get(r.row.transactionDate) ?? []), r]);
    }
    out[key] = {
      name: range.name,
      income: minorToJson(total(rows), currency),
      pieChart: [...byItem].map(([name, rs]) => ({ name, value: minorToJson(total(rs), currency) })),
      barChart: {
        data: [...byDate].map(([date, rs]) => ({
          name: dayjs(date).format('MM/DD/YYYY'),
          value: minorToJson(total(rs), currency),
        })),
      },
    };
  }
  return out as TContributionSummary;
}

const pctChange = (now: bigint, before: bigint): number | null =>
  before === 0n ? null : Math.round((Number(now - before) / Number(before)) * 10_000) / 100;

/**
 * GET /api/Offering/contributionReport?date=&activityId= (spec 2.6, §3): the offerings of a
 * date (and event), totals in the tenant currency, and the same event category's totals a
 * week, a month and a year earlier. 404 when activityId is missing or foreign.
 */
export async function contributionReport(
  ctx: TenantCtx,
  date: string,
  activityId: string | null,
): Promise<TOfferingReport> {
  const currency = await homeCurrency(ctx);
  const total = makeTotaller(currency, await latestFxRates(ctx.tx));
  let activityName = 'All events';
  let sameCategory: ((from: string, to?: string) => Promise<string[]>) | null = null;
  if (activityId) {
    const [act] = await ctx.tx
      .select()
      .from(activities)
      .where(and(eq(activities.tenantId, ctx.tenantId), eq(activities.id, activityId)));
    if (!act) throw notFound('Event');
    activityName = act.name;
    sameCategory = async (from: string, to = from) =>
      (
        await ctx.tx
          .select({ id: activities.id })
          .from(activities)
          .where(
            and(
              eq(activities.tenantId, ctx.tenantId),
              eq(activities.eventCategoryId, act.eventCategoryId),
              between(activities.activityDate, from, to),
            ),
          )
      ).map((r) => r.id);
  }
  const day = dayjs(date);
  const totalOn = async (d: dayjs.Dayjs) => {
    const iso = d.format('YYYY-MM-DD');
    const ids = sameCategory ? await sameCategory(iso) : undefined;
    return total(await rowsBetween(ctx, iso, iso, ids ? { activityIds: ids } : {}));
  };
  const today = await rowsBetween(ctx, date, date, activityId ? { activityIds: [activityId] } : {});
  const totalToday = total(today);
  // One transaction is one connection: its queries run one after another.
  const lastWeek = await totalOn(day.subtract(7, 'day'));
  const lastMonth = await totalOn(day.subtract(1, 'month'));
  const lastYear = await totalOn(day.subtract(1, 'year'));
  const firstMonth = day.startOf('month').subtract(11, 'month');
  const monthEnd = day.endOf('month').format('YYYY-MM-DD');
  const yearIds = sameCategory ? await sameCategory(firstMonth.format('YYYY-MM-DD'), monthEnd) : undefined;
  const yearRows = await rowsBetween(
    ctx,
    firstMonth.format('YYYY-MM-DD'),
    monthEnd,
    yearIds ? { activityIds: yearIds } : {},
  );
  const monthly = Array.from({ length: 12 }, (_, i) => {
    const m = firstMonth.add(i, 'month');
    const key = m.format('YYYY-MM');
    return {
      month: key,
      name: m.format('MMM YYYY'),
      value: minorToJson(total(yearRows.filter((r) => r.row.transactionDate.startsWith(key))), currency),
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
    todayContributions: today.map((r) => ({
      id: r.row.id,
      contribution: r.itemName,
      name: r.firstName ? `${r.firstName} ${r.lastName ?? ''}`.trim() : '',
      channel: r.row.paymentChannel,
      currencyName: r.row.currencyCode,
      amount: minorToJson(r.row.amountMinor, r.row.currencyCode),
    })),
    activityToday: activityId ? { id: activityId } : null,
  };
}
