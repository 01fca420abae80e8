import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { offeringLines, type RemittanceRule } from './posting.ts';

const base = {
  cashAccountId: 'cash',
  incomeAccountId: 'offering',
  incomeFundId: 'general',
  personId: null,
};

const sumBy = (lines: ReturnType<typeof offeringLines>, pick: (l: (typeof lines)[number]) => string) => {
  const m = new Map<string, bigint>();
  for (const l of lines) m.set(pick(l), (m.get(pick(l)) ?? 0n) + l.amountMinor);
  return m;
};

describe('offeringLines', () => {
  it('debits cash and credits income for the whole amount without remittance', () => {
    const lines = offeringLines({ ...base, amountMinor: 1_250_050n, remittances: [] });
    expect(sumBy(lines, (l) => l.accountId)).toEqual(
      new Map([
        ['cash', 1_250_050n],
        ['offering', -1_250_050n],
      ]),
    );
  });

  it('moves a 10% share to the bank account', () => {
    const remittances: RemittanceRule[] = [
      { id: 'r1', percentage: '10', destination: { kind: 'asset', accountId: 'bank' } },
    ];
    const lines = offeringLines({ ...base, amountMinor: 1_250_050n, remittances });
    const byAccount = sumBy(lines, (l) => l.accountId);
    expect(byAccount.get('bank')).toBe(125_005n);
    expect(byAccount.get('cash')).toBe(1_125_045n);
    expect(byAccount.get('offering')).toBe(-1_250_050n);
  });

  it('gives an income destination its share of the credit, in its own fund', () => {
    const remittances: RemittanceRule[] = [
      { id: 'r1', percentage: '25', destination: { kind: 'income', accountId: 'missions', fundId: 'missions-fund' } },
    ];
    const lines = offeringLines({ ...base, amountMinor: 1000n, remittances });
    const byFund = sumBy(lines, (l) => l.fundId);
    expect(byFund.get('general')).toBe(0n);
    expect(byFund.get('missions-fund')).toBe(0n);
    expect(sumBy(lines, (l) => l.accountId).get('missions')).toBe(-250n);
  });

  it('always balances, overall and per fund, for any amount and split', () => {
    const rule = fc.record({
      pct: fc.integer({ min: 1, max: 30 }),
      kind: fc.constantFrom('asset', 'income'),
    });
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 14n }), fc.array(rule, { maxLength: 3 }), (amount, rules) => {
        const remittances: RemittanceRule[] = rules.map((r, i) => ({
          id: `r${i}`,
          percentage: String(r.pct),
          destination:
            r.kind === 'asset'
              ? { kind: 'asset', accountId: `bank${i}` }
              : { kind: 'income', accountId: `inc${i}`, fundId: `fund${i}` },
        }));
        const lines = offeringLines({ ...base, amountMinor: amount, remittances });
        const total = lines.reduce((s, l) => s + l.amountMinor, 0n);
        expect(total).toBe(0n);
        for (const v of sumBy(lines, (l) => l.fundId).values()) expect(v).toBe(0n);
        const credits = lines.filter((l) => l.amountMinor < 0n).reduce((s, l) => s - l.amountMinor, 0n);
        expect(credits).toBe(amount);
      }),
    );
  });
});
