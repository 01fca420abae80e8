import { describe, expect, it } from 'vitest';
import { formatDate, isoDatePart } from './dates.ts';
import { formatAmount } from './format-amount.ts';

describe('formatAmount', () => {
  it('formats in the currency with separators and symbol', () => {
    expect(formatAmount(12500.5, 'NGN')).toBe('₦12,500.50');
    expect(formatAmount(-3, 'USD', { absolute: true })).toBe('$3.00');
    expect(formatAmount(1234.5, 'NGN', { display: 'none' })).toBe('1,234.50');
  });

  it('rounds computed figures with more decimals than the currency', () => {
    expect(formatAmount(1 / 3, 'USD')).toBe('$0.33');
  });
});

describe('dates', () => {
  it('keeps the calendar date of API dates and shows MM/DD/YYYY', () => {
    expect(isoDatePart('2025-03-09T23:30:00-05:00')).toBe('2025-03-09');
    expect(formatDate('2025-03-09')).toBe('03/09/2025');
    expect(formatDate(null)).toBe('');
  });
});
