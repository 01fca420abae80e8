import type { TEditableTransaction, TExpenseSave, TIncomeSave } from '@steward/contracts/finance';
import { isoDatePart } from '../../components/dates.ts';
import { absDecimalText, absMinor, amountInputText, amountMinor, formatMinor } from './amount-text.ts';

/** A donor chosen for a split line. */
export interface LineDonor {
  id: string;
  name: string;
}

/** One split line of an income or expense (spec 2.8): account, amount, optional donor. */
export interface SplitLine {
  key: string;
  accountId: string | null;
  amountText: string;
  donor: LineDonor | null;
}

let lineSeq = 0;

export function newSplitLine(patch: Partial<Omit<SplitLine, 'key'>> = {}): SplitLine {
  lineSeq += 1;
  return { key: `split-${lineSeq}`, accountId: null, amountText: '', donor: null, ...patch };
}

export interface SplitCheck {
  /** The total in minor units (signed as typed); null when it is not an amount. */
  total: bigint | null;
  /** The sum of the lines' absolute amounts; null when a line is not an amount. */
  linesSum: bigint | null;
  /** Several lines whose sum is above the total: show the warning. */
  exceeds: boolean;
  /**
   * With several lines and both amounts readable: Σ |lines| − |total| in minor units (negative:
   * the lines fall short; positive: they are over); null otherwise.
   */
  difference: bigint | null;
  /** The spec's Save rule: an amount, and with several lines |Σ lines| = |total|. */
  canSave: boolean;
}

/**
 * The income/expense Save rule (spec §5): Save needs an amount and, when there are several split
 * lines, the sum of the lines' absolute amounts must equal the absolute total. With one line the
 * whole amount is used, so its own amount does not count. `exceeds` drives 'The sum of the above
 * lines should not exceed the total deposit amount of {amount}'.
 */
export function checkSplit(
  totalText: string,
  lines: readonly Pick<SplitLine, 'amountText'>[],
  currency: string,
): SplitCheck {
  const total = amountMinor(totalText, currency);
  const hasAmount = total !== null && total !== 0n;
  if (lines.length <= 1) return { total, linesSum: null, exceeds: false, difference: null, canSave: hasAmount };
  let sum: bigint | null = 0n;
  for (const l of lines) {
    const m = amountMinor(l.amountText, currency);
    sum = m === null || sum === null ? null : sum + absMinor(m);
  }
  const totalAbs = total === null ? null : absMinor(total);
  return {
    total,
    linesSum: sum,
    exceeds: sum !== null && totalAbs !== null && sum > totalAbs,
    difference: sum !== null && totalAbs !== null ? sum - totalAbs : null,
    canSave: hasAmount && sum !== null && totalAbs === sum,
  };
}

/**
 * Why Save is disabled, said beside it (issue 7, part 4), or null when it is not: 'Enter the
 * amount', 'Enter an amount on every line', 'Short by ₦1,500.00' or 'Over by ₦250.00', the
 * difference between the split lines and the total formatted in `currency` (the form's
 * currency: the cash account's, else the tenant's).
 */
export function splitBalanceText(check: SplitCheck, currency: string): string | null {
  if (check.canSave) return null;
  if (check.total === null || check.total === 0n) return 'Enter the amount';
  if (check.difference === null) return 'Enter an amount on every line';
  if (check.difference < 0n) return `Short by ${formatMinor(-check.difference, currency)}`;
  if (check.difference > 0n) return `Over by ${formatMinor(check.difference, currency)}`;
  return null;
}

/** The form of an income or expense, as typed. */
export interface SplitDraft {
  /** Set when editing. */
  id?: string;
  transactionNumber?: string;
  amountText: string;
  /** 'YYYY-MM-DD'. */
  date: string;
  memo: string;
  /** The cash/bank account: debited by an income, credited by an expense. */
  cashAccountId: string;
  lines: SplitLine[];
}

function payloadLines(d: SplitDraft, currency: string) {
  const total = amountMinor(d.amountText, currency) ?? 0n;
  return d.lines.map((l) => ({
    accountID: l.accountId ?? '',
    amount: absDecimalText(d.lines.length === 1 ? total : (amountMinor(l.amountText, currency) ?? 0n), currency),
    contactID: l.donor?.id ?? null,
  }));
}

function docFields(d: SplitDraft, currency: string) {
  return {
    ...(d.id ? { id: d.id } : {}),
    ...(d.transactionNumber ? { transactionNumber: d.transactionNumber } : {}),
    amount: absDecimalText(amountMinor(d.amountText, currency) ?? 0n, currency),
    date: d.date,
    memo: d.memo.trim(),
  };
}

/**
 * The SaveIncome body (spec §3): amount, creditSplitAccounts, date, debitAccountID (the cash/bank
 * account), memo, transactionNumber, category 'inflow', id on edit. Amounts are absolute decimal
 * text; a single line carries the whole amount. Call when `checkSplit(...).canSave`.
 */
export function toIncomeSave(d: SplitDraft, currency: string): TIncomeSave {
  return {
    ...docFields(d, currency),
    category: 'inflow',
    debitAccountID: d.cashAccountId,
    creditSplitAccounts: payloadLines(d, currency),
  };
}

/** The SaveExpense body (spec §3): as income with debitSplitAccounts, creditAccountID, category 'outflow'. */
export function toExpenseSave(d: SplitDraft, currency: string): TExpenseSave {
  return {
    ...docFields(d, currency),
    category: 'outflow',
    creditAccountID: d.cashAccountId,
    debitSplitAccounts: payloadLines(d, currency),
  };
}

/**
 * The form of a loaded income (its credit splits) or expense (its debit splits). Amounts are
 * shown as magnitudes. `date` is '' when the answer's date is unreadable.
 */
export function splitDraftFromEditable(t: TEditableTransaction): SplitDraft {
  const splits = t.category === 'outflow' ? t.debitSplitAccounts : t.creditSplitAccounts;
  return {
    id: t.id,
    transactionNumber: t.transactionNumber,
    amountText: amountInputText(t.amount),
    date: isoDatePart(t.date) ?? '',
    memo: t.memo,
    cashAccountId: t.accountID ?? '',
    lines:
      splits.length > 0
        ? splits.map((s) =>
            newSplitLine({
              accountId: s.accountID,
              amountText: amountInputText(s.amount),
              donor: s.contactID ? { id: s.contactID, name: s.contactName || 'Donor' } : null,
            }),
          )
        : [newSplitLine()],
  };
}
