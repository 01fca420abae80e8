import { PERIOD_KEYS, type TPeriodKey } from '@steward/contracts/offerings';

/** The period dropdown's labels of the offerings and donation summaries (spec §9, giving spec §9). */
export const PERIOD_LABELS: Record<TPeriodKey, string> = {
  oneWeek: 'One Week',
  thisWeek: 'This Week',
  lastWeek: 'Last Week',
  thisMonth: 'This Month',
  lastMonth: 'Last Month',
  lastThirtyDays: 'Last 30days',
  lastNinetyDays: 'Last 90days',
  oneYear: 'One Year',
};

/** The period dropdown's options, in PERIOD_KEYS order. */
export const PERIOD_OPTIONS = PERIOD_KEYS.map((key) => ({ value: key, label: PERIOD_LABELS[key] }));
