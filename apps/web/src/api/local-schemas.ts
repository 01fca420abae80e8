import { z } from 'zod';

/**
 * Answer shapes the web app reads that packages/contracts does not define yet. They follow the
 * brief and the spec; they belong in packages/contracts (asked for in the web README).
 */

/** `{status, response}`: the answer of the delete calls (spec §7). */
export const ZStatusResponse = z.object({ status: z.boolean(), response: z.string() });
export type TStatusResponse = z.infer<typeof ZStatusResponse>;

const ZChartPoint = z.object({ name: z.string(), value: z.number() });

/** One period of GET /api/financials/contributions/transactions/summary (spec §3). */
export const ZSummaryPeriod = z.object({
  income: z.number(),
  name: z.string(),
  pieChart: z.array(ZChartPoint),
  barChart: z.object({ data: z.array(ZChartPoint) }),
});
export type TSummaryPeriod = z.infer<typeof ZSummaryPeriod>;

/** The period keys of the contribution summary, in the dropdown's order (spec §9). */
export const SUMMARY_PERIODS = [
  { key: 'oneWeek', label: 'One Week' },
  { key: 'thisWeek', label: 'This Week' },
  { key: 'lastWeek', label: 'Last Week' },
  { key: 'thisMonth', label: 'This Month' },
  { key: 'lastMonth', label: 'Last Month' },
  { key: 'lastThirtyDays', label: 'Last 30days' },
  { key: 'lastNinetyDays', label: 'Last 90days' },
  { key: 'oneYear', label: 'One Year' },
] as const;
export type TSummaryPeriodKey = (typeof SUMMARY_PERIODS)[number]['key'];

export const ZContributionSummary = z.object({
  oneWeek: ZSummaryPeriod,
  thisWeek: ZSummaryPeriod,
  lastWeek: ZSummaryPeriod,
  thisMonth: ZSummaryPeriod,
  lastMonth: ZSummaryPeriod,
  lastThirtyDays: ZSummaryPeriod,
  lastNinetyDays: ZSummaryPeriod,
  oneYear: ZSummaryPeriod,
});
export type TContributionSummary = z.infer<typeof ZContributionSummary>;
