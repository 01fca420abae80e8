import { describe, expect, it } from 'vitest';
import {
  cleanAmountText,
  firstRowProblem,
  grandTotal,
  newRow,
  rowAmount,
  toPayload,
  type OfferingRow,
} from './offering-form-model.ts';

const NGN = 566;
const USD = 840;
const codes = new Map<number, string>([
  [NGN, 'NGN'],
  [USD, 'USD'],
]);
const codeOf = (id: number | null) => (id === null ? undefined : codes.get(id));
const row = (patch: Partial<OfferingRow>): OfferingRow => ({ ...newRow(NGN), ...patch });

describe('offering rows', () => {
  it('defaults a new row to Cash in the given currency', () => {
    const r = newRow(NGN);
    expect(r.channel).toBe('Cash');
    expect(r.currencyId).toBe(NGN);
    expect(r.amountText).toBe('');
    expect(newRow(NGN).key).not.toBe(r.key);
  });

  it('reduces amount text to digits and one dot, and sends 0 when unparseable', () => {
    expect(cleanAmountText('₦12,500.50abc')).toBe('12500.50');
    expect(rowAmount({ amountText: '12,500.50' })).toBe(12500.5);
    expect(rowAmount({ amountText: '' })).toBe(0);
    expect(rowAmount({ amountText: '.' })).toBe(0);
  });

  it('asks for an amount before an item', () => {
    expect(firstRowProblem([row({ itemId: 'a', amountText: '' })])).toBe('amount');
    expect(firstRowProblem([row({ itemId: null, amountText: '5' })])).toBe('item');
    expect(firstRowProblem([row({ itemId: 'a', amountText: '5', currencyId: null })])).toBe('currency');
    expect(firstRowProblem([row({ itemId: 'a', amountText: '5' })])).toBeNull();
  });

  it('builds one payload entry per row, with the edit id on the loaded row only', () => {
    const rows = [
      row({ id: 'tx-1', itemId: 'item-1', amountText: '100.5', donor: { id: 'p-1', name: 'Ada' } }),
      row({ itemId: 'item-2', amountText: '7', channel: 'POS', currencyId: USD }),
    ];
    const payload = toPayload(rows, {
      date: '2025-03-09',
      activityId: null,
      itemName: (id) => (id === 'item-1' ? 'Tithe' : 'Missions'),
    });
    expect(payload).toEqual([
      {
        id: 'tx-1',
        name: 'Tithe',
        financialContributionID: 'item-1',
        date: '2025-03-09',
        amount: 100.5,
        paymentChannel: 'Cash',
        activityID: '',
        personID: 'p-1',
        currencyID: NGN,
      },
      {
        name: 'Missions',
        financialContributionID: 'item-2',
        date: '2025-03-09',
        amount: 7,
        paymentChannel: 'POS',
        activityID: '',
        personID: '',
        currencyID: USD,
      },
    ]);
  });
});

describe('grandTotal', () => {
  const rates = { usdusd: 1, usdngn: 1530.2 };

  it('sums rows of the target currency exactly', () => {
    const rows = [row({ amountText: '0.10' }), row({ amountText: '0.20' })];
    expect(grandTotal(rows, codeOf, 'NGN', undefined)).toEqual({ ok: true, minor: 30n });
  });

  it('converts other currencies with the USD-based rates', () => {
    const rows = [row({ amountText: '12500.50' }), row({ amountText: '100', currencyId: USD })];
    expect(grandTotal(rows, codeOf, 'NGN', rates)).toEqual({ ok: true, minor: 16552050n });
    expect(grandTotal(rows, codeOf, 'USD', rates)).toEqual({ ok: true, minor: 10817n });
  });

  it('names the currency it cannot convert', () => {
    const rows = [row({ amountText: '1', currencyId: USD })];
    expect(grandTotal(rows, codeOf, 'NGN', { usdusd: 1 })).toEqual({ ok: false, missing: 'USD' });
  });
});
