import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UnknownCurrencyError } from './currency.ts';
import { formatMoney } from './format.ts';
import { maxAmountMinor } from './parse.ts';

const NBSP = '\u00a0';

describe('formatMoney', () => {
  it.each([
    [1250050n, 'NGN', '₦12,500.50'],
    [0n, 'NGN', '₦0.00'],
    [5n, 'NGN', '₦0.05'],
    [-5n, 'NGN', '-₦0.05'],
    [100n, 'USD', '$1.00'],
    [123456789n, 'USD', '$1,234,567.89'],
    [500n, 'JPY', '¥500'],
    [1234567n, 'KWD', 'KWD 1,234.567'.replace(' ', NBSP)],
  ] as const)('%s %s → %s', (minor, currency, text) => {
    expect(formatMoney(minor, currency)).toBe(text);
  });

  it('supports code and none display', () => {
    expect(formatMoney(1250050n, 'NGN', { display: 'code' })).toBe(`NGN${NBSP}12,500.50`);
    expect(formatMoney(1250050n, 'NGN', { display: 'none' })).toBe('12,500.50');
    expect(formatMoney(500n, 'JPY', { display: 'none' })).toBe('500');
    expect(formatMoney(-1n, 'KWD', { display: 'none' })).toBe('-0.001');
    expect(formatMoney(1250050n, 'ngn')).toBe('₦12,500.50');
  });

  it('formats huge amounts exactly, without float error', () => {
    expect(formatMoney(12345678901234567n, 'NGN')).toBe('₦123,456,789,012,345.67');
    expect(formatMoney(99999999999999999n, 'NGN', { display: 'none' })).toBe('999,999,999,999,999.99');
    expect(formatMoney(-(10n ** 17n) + 1n, 'USD')).toBe('-$999,999,999,999,999.99');
  });

  it('honours the locale', () => {
    expect(formatMoney(123450n, 'EUR', { locale: 'de-DE' })).toBe(`1.234,50${NBSP}€`);
    expect(formatMoney(1250050n, 'NGN', { locale: 'en-NG' })).toBe('₦12,500.50');
  });

  it('throws for an unknown currency', () => {
    expect(() => formatMoney(1n, 'ABC')).toThrow(UnknownCurrencyError);
  });

  it('property: digits of the output are the digits of |m| padded', () => {
    const max = maxAmountMinor('NGN') * 10n;
    fc.assert(
      fc.property(fc.bigInt({ min: -max, max }), (m) => {
        const text = formatMoney(m, 'NGN', { display: 'none' });
        const abs = m < 0n ? -m : m;
        expect(text.replace(/\D/g, '')).toBe(abs.toString().padStart(3, '0'));
        expect(text.startsWith('-')).toBe(m < 0n);
      }),
    );
  });
});
