import type { TDocumentLine, TRegisterRecord, TRegisterSource } from '@steward/contracts/register';
import { parseAmount } from '@steward/money/parse';

const SOURCE_LABEL: Record<TRegisterSource, string> = {
  offering: 'Offering',
  income: 'Income',
  expense: 'Expense',
  journal: 'Journal',
  donation: 'Donation',
  reversal: 'Reversal',
  other: 'Other',
};

/**
 * Where a posting comes from, as the register shows it: 'Offering', 'Income', 'Expense',
 * 'Journal', or 'Reversal of expense' for a reversal (an edit or a delete undoing a posting).
 */
export function sourceLabel(r: Pick<TRegisterRecord, 'source' | 'reverses'>): string {
  if (r.source === 'reversal') return r.reverses ? `Reversal of ${SOURCE_LABEL[r.reverses].toLowerCase()}` : 'Reversal';
  return SOURCE_LABEL[r.source];
}

/** What clicking a register row opens: the finance document, the offering, or nothing. */
export type RegisterTarget =
  | { kind: 'document'; id: string; transactionNumber: string; category: 'inflow' | 'outflow' | 'Journal' }
  | { kind: 'offering'; id: string }
  | null;

/**
 * A posting that is still in force opens what made it: an income, expense or journal opens in the
 * edit panel, an offering on its edit screen. Reversals, and postings an edit or delete undid, are
 * history: they open nothing (their document may be gone or changed).
 */
export function registerTarget(r: TRegisterRecord): RegisterTarget {
  if (r.reversed || !r.sourceId) return null;
  if (r.source === 'offering') return { kind: 'offering', id: r.sourceId };
  if ((r.source === 'income' || r.source === 'expense' || r.source === 'journal') && r.transactionNumber) {
    const category = r.source === 'income' ? 'inflow' : r.source === 'expense' ? 'outflow' : 'Journal';
    return { kind: 'document', id: r.sourceId, transactionNumber: r.transactionNumber, category };
  }
  return null;
}

/** The pages of the register as one list, newest first; a row a later page repeats (new postings shift pages) shows once. */
export function mergePages(pages: readonly (readonly TRegisterRecord[])[]): TRegisterRecord[] {
  const seen = new Set<string>();
  const out: TRegisterRecord[] = [];
  for (const page of pages)
    for (const r of page) {
      if (seen.has(r.postingId)) continue;
      seen.add(r.postingId);
      out.push(r);
    }
  return out;
}

export type Reconciliation =
  { state: 'empty' } | { state: 'unknown' } | { state: 'reconciled' } | { state: 'differs'; differenceMinor: bigint };

/**
 * Does the register reconcile with the selector? The newest posting's running balance must be
 * the balance the account selector shows (both decimal major units of `currency`), compared
 * exactly in minor units. 'unknown' while either is missing; 'empty' with no posting and a zero
 * balance.
 */
export function reconcile(
  newest: Pick<TRegisterRecord, 'runningBalance'> | undefined,
  selectorBalance: number | undefined,
  currency: string,
): Reconciliation {
  if (selectorBalance === undefined) return { state: 'unknown' };
  let shown: bigint;
  try {
    shown = parseAmount(selectorBalance, currency, { allowNegative: true });
  } catch {
    return { state: 'unknown' };
  }
  if (!newest) return shown === 0n ? { state: 'empty' } : { state: 'differs', differenceMinor: shown };
  let running: bigint;
  try {
    running = parseAmount(newest.runningBalance, currency, { allowNegative: true });
  } catch {
    return { state: 'unknown' };
  }
  return running === shown ? { state: 'reconciled' } : { state: 'differs', differenceMinor: shown - running };
}

/** A document's lines, debits first (then as entered): how a journal row shows its directions. */
export function debitsFirst(lines: readonly TDocumentLine[]): TDocumentLine[] {
  return [...lines.filter((l) => l.side === 'debit'), ...lines.filter((l) => l.side === 'credit')];
}
