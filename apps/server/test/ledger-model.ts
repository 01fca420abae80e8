import fc from 'fast-check';

/**
 * A model of the ledger for the model-based test (DESIGN.md §4): what each finance operation
 * should post, computed from the rules of the spec and DESIGN.md §1.2-1.3, never from the
 * server's code. Amounts are minor units (kobo), debits positive, keyed by account name.
 */

export const U = 'Unrestricted Funds';
export const R = 'Building Fund';
export const RESTRICTED_INCOME = 'Building Fund Donations';
export const INTERFUND = 'Interfund Transfers';

export const CASH_BANK = ['Cash', 'Bank'] as const;
export const INCOME_ACCOUNTS = ['Offering', 'Tithe', 'Thanksgiving', 'Donations', RESTRICTED_INCOME] as const;
export const EXPENSE_ACCOUNTS = ['Utilities', 'Rent', 'Welfare', 'Bank Charges', 'Salaries and Stipends'] as const;
export const JOURNAL_ACCOUNTS = [
  'Cash',
  'Bank',
  'Buildings and Equipment',
  'Accounts Payable',
  'Offering',
  'Tithe',
  'Utilities',
  'Rent',
  RESTRICTED_INCOME,
] as const;

/** Account types of the accounts the model touches (the default chart plus the test's fund). */
export const TYPE: Record<string, 'assets' | 'liability' | 'equity' | 'income' | 'expense'> = {
  Cash: 'assets',
  Bank: 'assets',
  'Buildings and Equipment': 'assets',
  [INTERFUND]: 'assets',
  'Accounts Payable': 'liability',
  Offering: 'income',
  Tithe: 'income',
  Thanksgiving: 'income',
  Donations: 'income',
  [RESTRICTED_INCOME]: 'income',
  Utilities: 'expense',
  Rent: 'expense',
  Welfare: 'expense',
  'Bank Charges': 'expense',
  'Salaries and Stipends': 'expense',
};

/** The fund an account's lines fall in when a line names none (spec: income accounts carry a fund). */
export const homeFund = (account: string) => (account === RESTRICTED_INCOME ? R : U);

/** One posted line: account, fund, minor units (debit +, credit -). */
export interface MLine {
  account: string;
  fund: string;
  amount: bigint;
}

export type Op =
  | { kind: 'income'; cash: number; lines: { account: number; amount: number }[] }
  | { kind: 'expense'; cash: number; lines: { account: number; amount: number; restricted: boolean }[] }
  | { kind: 'journal'; debit: number; credit: number; amount: number; debitR: boolean; creditR: boolean }
  | { kind: 'offering'; amounts: number[] }
  | { kind: 'edit'; pick: number; amounts: number[] }
  | { kind: 'delete'; pick: number };

const kobo = fc.integer({ min: 1, max: 10_000_000 });
const pick = (n: number) => fc.integer({ min: 0, max: n - 1 });

export const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('income' as const),
    cash: pick(CASH_BANK.length),
    lines: fc.array(fc.record({ account: pick(INCOME_ACCOUNTS.length), amount: kobo }), { minLength: 1, maxLength: 3 }),
  }),
  fc.record({
    kind: fc.constant('expense' as const),
    cash: pick(CASH_BANK.length),
    lines: fc.array(fc.record({ account: pick(EXPENSE_ACCOUNTS.length), amount: kobo, restricted: fc.boolean() }), {
      minLength: 1,
      maxLength: 2,
    }),
  }),
  fc
    .record({
      kind: fc.constant('journal' as const),
      debit: pick(JOURNAL_ACCOUNTS.length),
      credit: pick(JOURNAL_ACCOUNTS.length - 1),
      amount: kobo,
      debitR: fc.boolean(),
      creditR: fc.boolean(),
    })
    // two different accounts: the credit index skips the debit's
    .map((j) => ({ ...j, credit: j.credit >= j.debit ? j.credit + 1 : j.credit })),
  fc.record({ kind: fc.constant('offering' as const), amounts: fc.array(kobo, { minLength: 1, maxLength: 2 }) }),
  fc.record({
    kind: fc.constant('edit' as const),
    pick: fc.nat(),
    amounts: fc.array(kobo, { minLength: 3, maxLength: 3 }),
  }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
);

/** Kobo as the decimal text a client sends: 1234567 -> '12345.67'. */
export const money = (k: number | bigint) => {
  const n = BigInt(k);
  return `${n / 100n}.${String(n % 100n).padStart(2, '0')}`;
};

/** Lines of an income: the cash/bank debit in each line's fund, each income credited. */
export function incomeLines(cash: string, lines: { account: string; amount: bigint; fund: string }[]): MLine[] {
  return lines.flatMap((l) => [
    { account: cash, fund: l.fund, amount: l.amount },
    { account: l.account, fund: l.fund, amount: -l.amount },
  ]);
}

/** Lines of an expense: each expense debited in its fund, the cash/bank credited in the same fund. */
export function expenseLines(cash: string, lines: { account: string; amount: bigint; fund: string }[]): MLine[] {
  return lines.flatMap((l) => [
    { account: l.account, fund: l.fund, amount: l.amount },
    { account: cash, fund: l.fund, amount: -l.amount },
  ]);
}

/** A journal's lines plus, for each fund left unbalanced, an Interfund Transfers line that balances it. */
export function journalLines(lines: MLine[]): MLine[] {
  const perFund = new Map<string, bigint>();
  for (const l of lines) perFund.set(l.fund, (perFund.get(l.fund) ?? 0n) + l.amount);
  const interfund = [...perFund]
    .filter(([, v]) => v !== 0n)
    .map(([fund, v]) => ({ account: INTERFUND, fund, amount: -v }));
  return [...lines, ...interfund];
}

/**
 * An offering of `amount` for 'Sunday Offering' (Offering income, Cash, 10% remitted to
 * Bank): the shares by the largest remainder method, worked out here on their own: each
 * part gets floor(amount x percent / 100); a leftover unit goes to the larger remainder,
 * a tie to the smaller key, the remittance's id against the base key '__base__'.
 */
export function offeringLines(amount: bigint, remittanceId: string): MLine[] {
  const share = (amount * 10n) / 100n;
  const base = (amount * 90n) / 100n;
  const rShare = (amount * 10n) % 100n;
  const rBase = (amount * 90n) % 100n;
  const leftover = amount - share - base;
  const toRemittance = leftover > 0n && (rShare > rBase || (rShare === rBase && remittanceId < '__base__'));
  const bank = share + (toRemittance ? leftover : 0n);
  const cash = amount - bank;
  return [
    { account: 'Cash', fund: U, amount: cash },
    { account: 'Bank', fund: U, amount: bank },
    { account: 'Offering', fund: U, amount: -amount },
  ];
}

/** The ledger as the model sees it: raw balances per account and net assets per fund. */
export class Ledger {
  readonly raw = new Map<string, bigint>();
  readonly fund = new Map<string, bigint>();

  apply(lines: MLine[], sign: 1n | -1n): void {
    for (const l of lines) {
      const a = l.amount * sign;
      this.raw.set(l.account, (this.raw.get(l.account) ?? 0n) + a);
      // a fund's net assets: its income, expense and equity lines, credit-positive
      const t = TYPE[l.account];
      if (t === 'income' || t === 'expense' || t === 'equity') this.fund.set(l.fund, (this.fund.get(l.fund) ?? 0n) - a);
    }
  }

  /** The effect of `lines` on a fund's net assets. */
  static fundEffect(lines: MLine[], fund: string): bigint {
    let e = 0n;
    for (const l of lines) {
      const t = TYPE[l.account];
      if (l.fund === fund && (t === 'income' || t === 'expense' || t === 'equity')) e -= l.amount;
    }
    return e;
  }

  /**
   * Posts (sign 1) or reverses (sign -1) lines as one step: refused, leaving the ledger as
   * it was, when the step touches the donor-restricted fund and leaves it below zero.
   */
  step(lines: MLine[], sign: 1n | -1n, restrictedBase: bigint): boolean {
    this.apply(lines, sign);
    if (lines.some((l) => l.fund === R) && restrictedBase + (this.fund.get(R) ?? 0n) < 0n) {
      this.apply(lines, sign === 1n ? -1n : 1n);
      return false;
    }
    return true;
  }
}
