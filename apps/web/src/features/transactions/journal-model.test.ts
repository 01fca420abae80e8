import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { journalLineMissingAccount, journalTotals, newJournalLine, toJournalSave } from './journal-model.ts';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const line = (amountText: string, accountId: string | null = A, memo = '') =>
  newJournalLine({ accountId, amountText, memo });

describe('journalTotals (spec §5)', () => {
  it('is balanced when debits equal credits, and Save needs a debit total above 0', () => {
    expect(journalTotals([line('100')], [line('60'), line('40')], 'NGN')).toMatchObject({
      debit: 10000n,
      credit: 10000n,
      unbalanced: false,
      canSave: true,
    });
    expect(journalTotals([line('')], [line('')], 'NGN')).toMatchObject({ unbalanced: false, canSave: false });
  });

  it('says Unbalanced while the totals differ', () => {
    expect(journalTotals([line('100')], [line('99.99')], 'NGN')).toMatchObject({ unbalanced: true, canSave: false });
  });

  it('refuses an unreadable amount', () => {
    expect(journalTotals([line('1.001')], [line('1.001')], 'NGN')).toMatchObject({ invalid: true, canSave: false });
  });

  it('a balanced journal always sums to zero once signed (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 1, maxLength: 8 }), (cents) => {
        const debits = cents.map((c) => line((c / 100).toFixed(2)));
        const total = cents.reduce((s, c) => s + c, 0);
        const credits = [line((total / 100).toFixed(2))];
        const t = journalTotals(debits, credits, 'NGN');
        expect(t.canSave).toBe(true);
        expect(t.debit - t.credit).toBe(0n);
      }),
    );
  });
});

describe('toJournalSave (spec §3)', () => {
  it('sends debits as inflow/debitAccountID and credits as outflow/creditAccountID, absolute, with the date and memo', () => {
    const body = toJournalSave(
      [line('-100', A, 'Rent')],
      [line('100', B), line('', null)],
      { date: '2025-03-09', memo: ' March ' },
      'NGN',
    );
    expect(body).toEqual([
      { category: 'inflow', amount: '100.00', debitAccountID: A, memo: 'Rent', date: '2025-03-09' },
      { category: 'outflow', amount: '100.00', creditAccountID: B, memo: 'March', date: '2025-03-09' },
    ]);
  });

  it('flags a line with an amount and no account', () => {
    expect(journalLineMissingAccount([line('5', null)], 'NGN')).toBe(true);
    expect(journalLineMissingAccount([line('', null), line('5')], 'NGN')).toBe(false);
  });
});
