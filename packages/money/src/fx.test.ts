import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UnknownCurrencyError } from './currency.ts';
import { MissingRateError, convertMinor, fxRateKey, type FxRates } from './fx.ts';

const rates: FxRates = { usdusd: 1, usdngn: 1530.25, usdghs: '15.2', usdjpy: 150, usdkwd: '0.3075', usdeur: 0.92 };

describe('convertMinor', () => {
  it('is the identity for the same currency', () => {
    expect(convertMinor(1250050n, 'NGN', 'NGN', {})).toEqual({ amount: 1250050n, rate: '1' });
    expect(convertMinor(-7n, 'ngn', 'NGN', {})).toEqual({ amount: -7n, rate: '1' });
  });

  it('converts USD to NGN and back', () => {
    expect(convertMinor(10000n, 'USD', 'NGN', rates)).toEqual({ amount: 15302500n, rate: '1530.25' });
    const back = convertMinor(15302500n, 'NGN', 'USD', rates);
    expect(back.amount).toBe(10000n);
    expect(back.rate).toBe('0.0006534879921581440941');
  });

  it('converts between two non-USD currencies with different decimals', () => {
    // 100.00 GHS / 15.2 * 1530.25 = 10067.434210526... NGN
    expect(convertMinor(10000n, 'GHS', 'NGN', rates)).toEqual({
      amount: 1006743n,
      rate: '100.67434210526315789',
    });
    // 12.34 USD * 150 = 1851 JPY
    expect(convertMinor(1234n, 'USD', 'JPY', rates).amount).toBe(1851n);
    // 1000 JPY / 150 * 0.3075 = 2.05 KWD
    expect(convertMinor(1000n, 'JPY', 'KWD', rates).amount).toBe(2050n);
  });

  it('rounds half to even', () => {
    // 0.01 USD * 150 = 1.5 JPY → 2; 0.03 USD * 150 = 4.5 JPY → 4
    expect(convertMinor(1n, 'USD', 'JPY', rates).amount).toBe(2n);
    expect(convertMinor(3n, 'USD', 'JPY', rates).amount).toBe(4n);
    expect(convertMinor(-1n, 'USD', 'JPY', rates).amount).toBe(-2n);
    expect(convertMinor(-3n, 'USD', 'JPY', rates).amount).toBe(-4n);
    expect(convertMinor(5n, 'USD', 'JPY', { usdjpy: 50 }).amount).toBe(2n);
  });

  it('treats a missing usdusd as 1', () => {
    expect(convertMinor(100n, 'USD', 'NGN', { usdngn: 2 }).amount).toBe(200n);
  });

  it('throws MissingRateError naming the key', () => {
    expect(() => convertMinor(1n, 'USD', 'KES', rates)).toThrow(MissingRateError);
    try {
      convertMinor(1n, 'KES', 'NGN', rates);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(MissingRateError);
      expect((e as MissingRateError).key).toBe('usdkes');
      expect((e as Error).message).toContain('usdkes');
    }
    expect(fxRateKey('NGN')).toBe('usdngn');
  });

  it('rejects invalid rates and unknown currencies', () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, 'abc', '', '0x10', '1e99']) {
      expect(() => convertMinor(1n, 'USD', 'NGN', { usdngn: bad })).toThrow(RangeError);
    }
    expect(() => convertMinor(1n, 'USD', 'ABC', rates)).toThrow(UnknownCurrencyError);
  });

  it('property: converting there and back stays within the rounding tolerance', () => {
    const pairs = [
      ['USD', 'NGN'],
      ['NGN', 'GHS'],
      ['KWD', 'JPY'],
      ['EUR', 'USD'],
    ] as const;
    fc.assert(
      fc.property(fc.constantFrom(...pairs), fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), ([a, b], m) => {
        const there = convertMinor(m, a, b, rates);
        const back = convertMinor(there.amount, b, a, rates).amount;
        // One destination minor unit of error is worth at most `a per b minor unit`
        // source minor units; allow that plus the final rounding.
        const aPerB = Number(convertMinor(10n ** 6n, b, a, rates).amount) / 1e6;
        expect(Math.abs(Number(back - m))).toBeLessThanOrEqual(aPerB / 2 + 1);
      }),
    );
  });

  it('property: conversion is monotonic', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        (m, d) => {
          expect(convertMinor(m, 'NGN', 'USD', rates).amount <= convertMinor(m + d, 'NGN', 'USD', rates).amount).toBe(
            true,
          );
        },
      ),
    );
  });
});
