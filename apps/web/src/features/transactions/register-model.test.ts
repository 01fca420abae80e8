import type { TRegisterRecord } from '@steward/contracts/register';
import { describe, expect, it } from 'vitest';
import { debitsFirst, mergePages, reconcile, registerTarget, sourceLabel } from './register-model.ts';

const row = (over: Partial<TRegisterRecord>): TRegisterRecord => ({
  id: '00000000-0000-4000-8000-000000000001',
  postingId: '00000000-0000-4000-8000-000000000001',
  entryId: '00000000-0000-4000-8000-0000000000e1',
  date: '2026-11-08',
  narration: 'Sunday Offering (Cash)',
  memo: '',
  amount: 100,
  debit: 100,
  credit: 0,
  runningBalance: 100,
  currency: { symbol: '₦', shortCode: 'NGN' },
  category: 'Offering',
  source: 'offering',
  reverses: null,
  reversed: false,
  sourceId: '00000000-0000-4000-8000-0000000000a1',
  transactionNumber: '',
  approved: false,
  ...over,
});

describe('sourceLabel', () => {
  it('names the source, and what a reversal undoes', () => {
    expect(sourceLabel({ source: 'offering', reverses: null })).toBe('Offering');
    expect(sourceLabel({ source: 'journal', reverses: null })).toBe('Journal');
    expect(sourceLabel({ source: 'reversal', reverses: 'expense' })).toBe('Reversal of expense');
    expect(sourceLabel({ source: 'reversal', reverses: null })).toBe('Reversal');
  });
});

describe('registerTarget', () => {
  it('opens a live document in the edit panel and an offering on its screen', () => {
    expect(registerTarget(row({ source: 'expense', category: 'outflow', transactionNumber: 'TRX-000002' }))).toEqual({
      kind: 'document',
      id: '00000000-0000-4000-8000-0000000000a1',
      transactionNumber: 'TRX-000002',
      category: 'outflow',
    });
    expect(registerTarget(row({}))).toEqual({ kind: 'offering', id: '00000000-0000-4000-8000-0000000000a1' });
  });

  it('opens nothing for a reversal or a posting that was reversed', () => {
    expect(registerTarget(row({ source: 'reversal', reverses: 'income', transactionNumber: 'TRX-000001' }))).toBeNull();
    expect(registerTarget(row({ source: 'income', transactionNumber: 'TRX-000001', reversed: true }))).toBeNull();
    expect(registerTarget(row({ sourceId: null }))).toBeNull();
  });
});

describe('mergePages', () => {
  it('keeps the order and shows a row repeated by a shifted page once', () => {
    const a = row({ postingId: '00000000-0000-4000-8000-00000000000a' });
    const b = row({ postingId: '00000000-0000-4000-8000-00000000000b' });
    const c = row({ postingId: '00000000-0000-4000-8000-00000000000c' });
    expect(mergePages([[a, b], [b, c], []]).map((r) => r.postingId)).toEqual([a.postingId, b.postingId, c.postingId]);
  });
});

describe('reconcile', () => {
  it('compares the newest running balance with the selector exactly, in minor units', () => {
    expect(reconcile(row({ runningBalance: 14800.45 }), 14800.45, 'NGN')).toEqual({ state: 'reconciled' });
    // a figure with more decimals than the currency has is not an amount the API sends
    expect(reconcile(row({ runningBalance: 0.1 + 0.2 }), 0.3, 'NGN')).toEqual({ state: 'unknown' });
    expect(reconcile(row({ runningBalance: 100 }), 100.01, 'NGN')).toEqual({ state: 'differs', differenceMinor: 1n });
    expect(reconcile(row({ runningBalance: -5 }), -5, 'NGN')).toEqual({ state: 'reconciled' });
  });

  it('is empty with no posting and a zero balance, unknown while the balance is loading', () => {
    expect(reconcile(undefined, 0, 'NGN')).toEqual({ state: 'empty' });
    expect(reconcile(undefined, 12, 'NGN')).toEqual({ state: 'differs', differenceMinor: 1200n });
    expect(reconcile(row({}), undefined, 'NGN')).toEqual({ state: 'unknown' });
  });
});

describe('debitsFirst', () => {
  it('puts the debit lines before the credit lines, each in entered order', () => {
    const line = (account: string, side: 'debit' | 'credit') => ({
      accountID: '00000000-0000-4000-8000-000000000001',
      account,
      side,
      amount: 1,
    });
    expect(
      debitsFirst([line('Cash', 'credit'), line('Bank', 'debit'), line('Fees', 'credit'), line('Box', 'debit')]).map(
        (l) => l.account,
      ),
    ).toEqual(['Bank', 'Box', 'Cash', 'Fees']);
  });
});
