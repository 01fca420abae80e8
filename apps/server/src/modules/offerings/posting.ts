import { splitByPercentages } from '@steward/money/allocate';
import type { PostingLine } from '../ledger/posting.ts';

/** A remittance split of an item, resolved to accounts and funds. */
export interface RemittanceRule {
  id: string;
  /** percent of each amount, decimal text, 0 < p <= 100 */
  percentage: string;
  destination: { kind: 'asset'; accountId: string } | { kind: 'income'; accountId: string; fundId: string };
}

export interface OfferingPostingInput {
  amountMinor: bigint;
  cashAccountId: string;
  incomeAccountId: string;
  incomeFundId: string;
  personId: string | null;
  remittances: RemittanceRule[];
}

/**
 * The journal lines of one offering row (issue 2, step 6): debit the cash account, credit
 * the income account, and move each remittance share (largest remainder method, ties by
 * remittance id) to its destination: a cash/bank account takes its share from the cash
 * debit; an income account takes its share of the credit (with the cash debit in that
 * income's fund, so each fund balances on its own). Lines are in minor units.
 */
export function offeringLines(input: OfferingPostingInput): PostingLine[] {
  const shares = splitByPercentages(
    input.amountMinor,
    input.remittances.map((r) => ({ key: r.id, percent: r.percentage })),
    '__base__',
  );
  const common = { personId: input.personId };
  const lines: PostingLine[] = [];
  const base = shares.get('__base__') ?? 0n;
  lines.push({ ...common, accountId: input.cashAccountId, fundId: input.incomeFundId, amountMinor: base });
  lines.push({ ...common, accountId: input.incomeAccountId, fundId: input.incomeFundId, amountMinor: -base });
  for (const r of input.remittances) {
    const s = shares.get(r.id) ?? 0n;
    if (r.destination.kind === 'asset') {
      lines.push({ ...common, accountId: r.destination.accountId, fundId: input.incomeFundId, amountMinor: s });
      lines.push({ ...common, accountId: input.incomeAccountId, fundId: input.incomeFundId, amountMinor: -s });
    } else {
      lines.push({ ...common, accountId: input.cashAccountId, fundId: r.destination.fundId, amountMinor: s });
      lines.push({ ...common, accountId: r.destination.accountId, fundId: r.destination.fundId, amountMinor: -s });
    }
  }
  return lines.filter((l) => l.amountMinor !== 0n);
}
