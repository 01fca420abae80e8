import type { TransactionFilter } from '../../api/finance.ts';

/** The finance table renders 10 rows first, then 10 more on scroll after 1 second (spec §9). */
export const PROGRESSIVE_FIRST = 10;
export const PROGRESSIVE_STEP = 10;
export const PROGRESSIVE_DELAY_MS = 1000;

/** How many rows show after one more progressive step: 10 more, never more than there are. */
export function nextVisibleCount(current: number, total: number, step = PROGRESSIVE_STEP): number {
  return Math.min(total, Math.max(current, 0) + step);
}

/** The CATEGORY column and filter: the API's values and what the screen calls them. */
export const CATEGORY_OPTIONS = [
  { value: 'inflow', label: 'Income' },
  { value: 'outflow', label: 'Expense' },
  { value: 'Journal', label: 'Journal' },
] as const;

export function categoryLabel(category: string): string {
  return CATEGORY_OPTIONS.find((c) => c.value === category)?.label ?? category;
}

/** The AMOUNT colour (spec 2.8): red when negative, green when positive. */
export function amountTone(amount: number): 'negative' | 'positive' | 'zero' {
  return amount < 0 ? 'negative' : amount > 0 ? 'positive' : 'zero';
}

/** The filter panel as typed. Dates are 'YYYY-MM-DD'. */
export interface FilterDraft {
  category?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  description: string;
}

/**
 * The list query's filters from the account selector, the search box and the applied filter
 * panel; empty values are left out (so the URL and the query key carry only what is set).
 */
export function toTransactionFilter(
  accountId: string | null,
  search: string,
  draft: FilterDraft | null,
): TransactionFilter {
  const f: TransactionFilter = {};
  if (accountId) f.accountId = accountId;
  if (search.trim()) f.search = search.trim();
  if (draft?.category) f.category = draft.category;
  if (draft?.description.trim()) f.description = draft.description.trim();
  if (draft?.from) f.from = draft.from;
  if (draft?.to) f.to = draft.to;
  return f;
}
