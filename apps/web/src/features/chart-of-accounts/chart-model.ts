import {
  CHART_ORDER,
  type TAccount,
  type TAccountHead,
  type TAccountHeadOption,
  type TChartOfAccounts,
} from '@steward/contracts/chart';
import type { TAccountType } from '@steward/contracts/ledger';

/** The screen's tab order (spec 2.10): Assets, Liabilities & Credit Cards, Income, Expenses, Fund [Equity]. */
export const CHART_TABS: readonly { type: TAccountType; label: string }[] = [
  { type: 'assets', label: 'Assets' },
  { type: 'liability', label: 'Liabilities & Credit Cards' },
  { type: 'income', label: 'Income' },
  { type: 'expense', label: 'Expenses' },
  { type: 'equity', label: 'Fund [Equity]' },
];

/** Group labels of the 'Account Type' select, in the chart's order (brief, spec 2.8 add-account dialog). */
export const ACCOUNT_TYPE_GROUPS: readonly { type: TAccountType; label: string }[] = [
  { type: 'assets', label: 'Assets' },
  { type: 'liability', label: 'Liabilities & Credit Cards' },
  { type: 'equity', label: 'Equity' },
  { type: 'income', label: 'Income' },
  { type: 'expense', label: 'Expenses' },
];

export interface ChartTab {
  type: TAccountType;
  label: string;
  heads: TAccountHead[];
  /** Number of accounts under the tab's heads. */
  count: number;
}

/**
 * The five tabs of the chart in the screen's order. The server sends the groups at positions
 * 0-4 as assets, liability, equity, income, expense (`CHART_ORDER`); each tab takes the heads
 * (`accountHeadsDTO`) of the group at its type's position. A missing group is an empty tab.
 */
export function chartTabs(chart: TChartOfAccounts): ChartTab[] {
  return CHART_TABS.map(({ type, label }) => {
    const heads = chart.accountwithHeads[CHART_ORDER.indexOf(type)]?.accountHeadsDTO ?? [];
    return { type, label, heads, count: heads.reduce((n, h) => n + h.accounts.length, 0) };
  });
}

export interface HeadOptionGroup {
  label: string;
  title: string;
  options: { value: string; label: string }[];
}

/**
 * The 'Account Type' select's options: the heads grouped by account type under the group labels
 * (Assets, Liabilities & Credit Cards, Equity, Income, Expenses); empty groups are left out.
 * `only` keeps the heads of one type (an account being re-headed keeps its type).
 */
export function headOptionGroups(heads: readonly TAccountHeadOption[], only?: TAccountType): HeadOptionGroup[] {
  return ACCOUNT_TYPE_GROUPS.filter((g) => !only || g.type === only)
    .map((g) => ({
      label: g.label,
      title: g.label,
      options: heads.filter((h) => h.accountType === g.type).map((h) => ({ value: h.id, label: h.name })),
    }))
    .filter((g) => g.options.length > 0);
}

/** Equity accounts are funds: add and edit open the 'Add Fund' modal (spec 2.10). */
export function isFundTab(type: TAccountType): boolean {
  return type === 'equity';
}

/**
 * The fund behind an equity account, found by the fund's `accountID` (deletes go through
 * Fund/Delete with the fund id). Null for an equity account that is not a fund's.
 */
export function fundOfAccount<F extends { id: string; accountID: string | null }>(
  account: Pick<TAccount, 'id'>,
  funds: readonly F[],
): F | null {
  return funds.find((f) => f.accountID === account.id) ?? null;
}
