import { describe, expect, it } from 'vitest';
import {
  amountTone,
  categoryLabel,
  nextVisibleCount,
  PROGRESSIVE_FIRST,
  toTransactionFilter,
} from './transactions-model.ts';

describe('progressive rows (spec §9)', () => {
  it('adds 10 at a time and stops at the number of rows', () => {
    expect(PROGRESSIVE_FIRST).toBe(10);
    expect(nextVisibleCount(10, 50)).toBe(20);
    expect(nextVisibleCount(40, 45)).toBe(45);
    expect(nextVisibleCount(45, 45)).toBe(45);
  });
});

describe('table helpers', () => {
  it('names the categories', () => {
    expect(['inflow', 'outflow', 'Journal', 'other'].map(categoryLabel)).toEqual([
      'Income',
      'Expense',
      'Journal',
      'other',
    ]);
  });

  it('colours amounts by sign', () => {
    expect([-1, 0, 2].map(amountTone)).toEqual(['negative', 'zero', 'positive']);
  });

  it('builds the filter from what is set only', () => {
    expect(toTransactionFilter(null, '  ', null)).toEqual({});
    expect(
      toTransactionFilter('acc', ' rent ', {
        category: 'Journal',
        description: ' x ',
        from: '2025-01-01',
        to: '2025-01-31',
      }),
    ).toEqual({
      accountId: 'acc',
      search: 'rent',
      category: 'Journal',
      description: 'x',
      from: '2025-01-01',
      to: '2025-01-31',
    });
  });
});
