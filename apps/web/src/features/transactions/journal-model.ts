import type { TEditableTransaction } from '@steward/contracts/finance';
import type { TJournalSave } from '../../api/finance.ts';
import { absDecimalText, absMinor, amountInputText, amountMinor } from './amount-text.ts';

/** One debit or credit line of the General Ledger form (spec §3 "Journal line"). */
export interface JournalLine {
  key: string;
  accountId: string | null;
  amountText: string;
  memo: string;
}

let lineSeq = 0;

export function newJournalLine(patch: Partial<Omit<JournalLine, 'key'>> = {}): JournalLine {
  lineSeq += 1;
  return { key: `journal-${lineSeq}`, accountId: null, amountText: '', memo: '', ...patch };
}

export interface JournalTotals {
  /** Sum of the debit lines' absolute amounts, minor units. */
  debit: bigint;
  credit: bigint;
  /** A line's amount is not an amount. */
  invalid: boolean;
  /** Debits and credits differ: show 'Unbalanced'. */
  unbalanced: boolean;
  /** The spec's Save rule: balanced and the debit total above 0 (and every amount readable). */
  canSave: boolean;
}

function sumLines(lines: readonly JournalLine[], currency: string): bigint | null {
  let sum = 0n;
  for (const l of lines) {
    const m = amountMinor(l.amountText, currency);
    if (m === null) return null;
    sum += absMinor(m);
  }
  return sum;
}

/** Journal totals and the Save rule (spec §5): disabled when debits ≠ credits or the debit total is 0. */
export function journalTotals(
  debits: readonly JournalLine[],
  credits: readonly JournalLine[],
  currency: string,
): JournalTotals {
  const d = sumLines(debits, currency);
  const c = sumLines(credits, currency);
  const invalid = d === null || c === null;
  const debit = d ?? 0n;
  const credit = c ?? 0n;
  const unbalanced = debit !== credit;
  return { debit, credit, invalid, unbalanced, canSave: !invalid && !unbalanced && debit > 0n };
}

/** A line with an amount and no account: it blocks saving ('Select an account for every line'). */
export function journalLineMissingAccount(lines: readonly JournalLine[], currency: string): boolean {
  return lines.some((l) => !l.accountId && (amountMinor(l.amountText, currency) ?? 1n) !== 0n);
}

/**
 * The SaveJournal body (spec §3, §7): one entry per line with an amount: debits as category
 * 'inflow' with debitAccountID, credits as 'outflow' with creditAccountID; absolute decimal
 * amounts; the line's memo or else the entry's memo; the entry's date ('YYYY-MM-DD').
 */
export function toJournalSave(
  debits: readonly JournalLine[],
  credits: readonly JournalLine[],
  entry: { date: string; memo: string },
  currency: string,
): TJournalSave {
  const lines = (side: 'inflow' | 'outflow', list: readonly JournalLine[]) =>
    list
      .map((l) => ({ l, minor: amountMinor(l.amountText, currency) ?? 0n }))
      .filter(({ minor }) => minor !== 0n)
      .map(({ l, minor }) => ({
        category: side,
        amount: absDecimalText(minor, currency),
        ...(side === 'inflow' ? { debitAccountID: l.accountId ?? '' } : { creditAccountID: l.accountId ?? '' }),
        memo: l.memo.trim() || entry.memo.trim(),
        date: entry.date,
      }));
  return [...lines('inflow', debits), ...lines('outflow', credits)];
}

/** The debit and credit lines of a loaded journal (at least one empty line each). */
export function journalLinesFromEditable(t: TEditableTransaction): { debits: JournalLine[]; credits: JournalLine[] } {
  const toLines = (splits: TEditableTransaction['debitSplitAccounts']) =>
    splits.length > 0
      ? splits.map((s) =>
          newJournalLine({ accountId: s.accountID, amountText: amountInputText(s.amount), memo: s.memo }),
        )
      : [newJournalLine()];
  return { debits: toLines(t.debitSplitAccounts), credits: toLines(t.creditSplitAccounts) };
}
