import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMajor, formatMinor, formatWithSymbol, minorToText, readAmount } from './money.ts';

describe('readAmount', () => {
  it('reads what a visitor types into integer minor units', () => {
    expect(readAmount('', 2)).toEqual({ minor: 0n });
    expect(readAmount('  ', 2)).toEqual({ minor: 0n });
    expect(readAmount('5000', 2)).toEqual({ minor: 500000n });
    expect(readAmount('12,500.50', 2)).toEqual({ minor: 1250050n });
    expect(readAmount(' 20 ', 2)).toEqual({ minor: 2000n });
    expect(readAmount('.5', 2)).toEqual({ minor: 50n });
    expect(readAmount('7.', 2)).toEqual({ minor: 700n });
    expect(readAmount('0007.10', 2)).toEqual({ minor: 710n });
    expect(readAmount('1500', 0)).toEqual({ minor: 1500n });
  });

  it('refuses what is not an amount of the currency', () => {
    expect(readAmount('abc', 2)).toEqual({ problem: 'notNumber' });
    expect(readAmount('-5', 2)).toEqual({ problem: 'notNumber' });
    expect(readAmount('₦5', 2)).toEqual({ problem: 'notNumber' });
    expect(readAmount('1,50', 2)).toEqual({ problem: 'notNumber' });
    expect(readAmount('1.2.3', 2)).toEqual({ problem: 'notNumber' });
    expect(readAmount('.', 2)).toEqual({ problem: 'notNumber' });
    expect(readAmount('1.234', 2)).toEqual({ problem: 'tooManyDecimals' });
    expect(readAmount('5.5', 0)).toEqual({ problem: 'tooManyDecimals' });
    expect(readAmount('1234567890123', 2)).toEqual({ problem: 'tooLarge' });
  });

  it('reads back what minorToText writes, for any amount and decimals (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 14n - 1n }), fc.integer({ min: 0, max: 3 }), (minor, d) => {
        fc.pre(minor < 10n ** BigInt(12 + d));
        expect(readAmount(minorToText(minor, d), d)).toEqual({ minor });
      }),
    );
  });
});

describe('formatting', () => {
  it('writes minor units as decimal text', () => {
    expect(minorToText(125050n, 2)).toBe('1250.50');
    expect(minorToText(5n, 2)).toBe('0.05');
    expect(minorToText(1500n, 0)).toBe('1500');
    expect(minorToText(-125n, 2)).toBe('-1.25');
  });

  it('formats in the currency exactly, past the precision of a float', () => {
    expect(formatMinor(1750050n, 'NGN', 2)).toBe('₦17,500.50');
    expect(formatMinor(900719925474099312n, 'NGN', 2)).toBe('₦9,007,199,254,740,993.12');
    expect(formatMajor(12500.5, 'NGN', 2)).toBe('₦12,500.50');
    expect(formatMajor(750.25, 'USD', 2)).toBe('$750.25');
  });

  it('formatWithSymbol writes what Intl.NumberFormat en-US writes (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (minor) => {
        expect(formatWithSymbol(minor, '₦', 2)).toBe(formatMinor(minor, 'NGN', 2));
        expect(formatWithSymbol(minor, '¥', 0)).toBe(formatMinor(minor, 'JPY', 0));
      }),
    );
    expect(formatWithSymbol(125050n, 'GHS', 2)).toBe('GHS 1,250.50');
    expect(formatWithSymbol(-125n, '$', 2)).toBe('-$1.25');
  });
});
