import { NIL_ID } from '@steward/contracts/common';
import type { TAccountOption, TAccountType } from '@steward/contracts/ledger';
import type { TContributionItemDetail, TContributionItemSave } from '@steward/contracts/offerings';

/** One remittance row of the form: destination account and percentage as typed. */
export interface RemittanceRowValues {
  accountId?: string;
  percentage?: string;
}

/** The offering item form's values (spec 2.5). */
export interface OfferingItemValues {
  name: string;
  incomeAccountId?: string;
  cashAccountId?: string;
  applyRemittance: boolean;
  remittance: RemittanceRowValues[];
}

export const EMPTY_REMITTANCE_ROW: RemittanceRowValues = { accountId: undefined, percentage: '' };

function isSet(id: string | null | undefined): id is string {
  return Boolean(id) && id !== NIL_ID;
}

/** Form values of a new item, or of an item loaded for edit (remittance on when it has rows). */
export function toFormValues(detail?: TContributionItemDetail): OfferingItemValues {
  if (!detail) return { name: '', applyRemittance: false, remittance: [{ ...EMPTY_REMITTANCE_ROW }] };
  const rows = detail.incomeRemittance.map((r) => ({
    accountId: isSet(r.distinationIncomeAccount)
      ? r.distinationIncomeAccount
      : isSet(r.distinationCashBankAccount)
        ? r.distinationCashBankAccount
        : undefined,
    percentage: String(r.percentage),
  }));
  return {
    name: detail.name,
    incomeAccountId: detail.incomeAccountID,
    cashAccountId: detail.cashAccountID,
    applyRemittance: rows.length > 0,
    remittance: rows.length > 0 ? rows : [{ ...EMPTY_REMITTANCE_ROW }],
  };
}

/** Sum of the typed percentages in 1/10 000 of a percent (exact for up to 4 decimals); blanks count 0. */
export function percentTotalScaled(rows: readonly RemittanceRowValues[] | undefined): number {
  return (rows ?? []).reduce((sum, r) => {
    const n = Number((r.percentage ?? '').trim());
    return Number.isFinite(n) ? sum + Math.round(n * 10_000) : sum;
  }, 0);
}

/** 'Percentage Remaining' of the remittance section: 100 minus the rows' total (may go negative). */
export function percentRemaining(rows: readonly RemittanceRowValues[] | undefined): number {
  return (100 * 10_000 - percentTotalScaled(rows)) / 10_000;
}

/** Every remittance account by id (from the GetRemittanceAccounts list). */
export function indexAccounts(list: readonly TAccountOption[] | undefined): Map<string, TAccountOption> {
  return new Map((list ?? []).map((a) => [a.id, a]));
}

/** Remittance destinations of one account type, for the account select's groups. */
export interface RemittanceGroup {
  accountType: TAccountType;
  accounts: TAccountOption[];
}

/**
 * The GetRemittanceAccounts list grouped by accountType, in order of first appearance (cash/bank
 * 'assets' first, then income), leaving out `exclude` (the item's own cash and income accounts,
 * which a remittance may not go to).
 */
export function groupRemittanceAccounts(
  list: readonly TAccountOption[] | undefined,
  exclude: readonly (string | undefined)[] = [],
): RemittanceGroup[] {
  const groups: RemittanceGroup[] = [];
  for (const a of list ?? []) {
    if (exclude.includes(a.id)) continue;
    const g = groups.find((x) => x.accountType === a.accountType);
    if (g) g.accounts.push(a);
    else groups.push({ accountType: a.accountType, accounts: [a] });
  }
  return groups;
}

/**
 * The save payload (spec §3): remittance entries carry distinationIncomeAccount and its
 * financialFundID when the chosen account is an income account, distinationCashBankAccount
 * otherwise (assets); incomeRemittance is null when the section is off. Edit adds id.
 */
export function toSavePayload(
  values: OfferingItemValues,
  accounts: ReadonlyMap<string, TAccountOption>,
  id?: string,
): TContributionItemSave {
  const rows = values.applyRemittance ? values.remittance.filter((r) => r.accountId || r.percentage) : [];
  const incomeRemittance = rows.map((r) => {
    const account = r.accountId ? accounts.get(r.accountId) : undefined;
    const percentage = (r.percentage ?? '').trim();
    return account?.accountType === 'income'
      ? { percentage, distinationIncomeAccount: account.id, financialFundID: account.financialFundID }
      : { percentage, distinationCashBankAccount: r.accountId ?? null };
  });
  return {
    ...(id ? { id } : {}),
    name: values.name.trim(),
    incomeAccountId: values.incomeAccountId ?? '',
    cashAccountId: values.cashAccountId ?? '',
    incomeRemittance: incomeRemittance.length > 0 ? incomeRemittance : null,
  };
}

/** Which account lists of the offering item form came back empty. */
export interface MissingAccounts {
  income: boolean;
  cash: boolean;
}

/**
 * The no-accounts dialog's guidance (spec 2.5, issue 7 part 4): what is missing and how to add
 * it with the controls the chart of accounts always shows (a tab, then 'Add a new Account' under
 * one of its heads). `tab` is the chart tab to open: 'income' when the income account is
 * missing, else 'assets'.
 */
export function noAccountsGuidance(missing: MissingAccounts): { tab: 'income' | 'assets'; paragraphs: string[] } {
  const what =
    missing.income && missing.cash
      ? 'an income account and a cash or bank account'
      : missing.income
        ? 'an income account'
        : 'a cash or bank account';
  const steps: string[] = [];
  if (missing.income)
    steps.push("In Chart of Accounts, open the Income tab and click 'Add a new Account' under an income head.");
  if (missing.cash)
    steps.push("In Chart of Accounts, open the Assets tab and click 'Add a new Account' under a cash or bank head.");
  return {
    tab: missing.income ? 'income' : 'assets',
    paragraphs: [`An offering item needs ${what}, and your church has none yet.`, ...steps],
  };
}
