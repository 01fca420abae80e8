import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  jsonWithNumber,
  majorToMinorExact,
  majorToMinorRounded,
  minorFromJson,
  minorToMajorJsonText,
} from './amounts.ts';
import { flutterwaveFee, paystackFee } from './sandbox/store.ts';
import { toJson, RawNumber } from './sandbox/wire.ts';

describe('amounts on the wire', () => {
  it('reads major-unit JSON numbers and text exactly', () => {
    expect(majorToMinorExact(1234.56, 'NGN')).toBe(123456n);
    expect(majorToMinorExact(JSON.parse('1234.56'), 'NGN')).toBe(123456n);
    expect(majorToMinorExact(0.1 + 0.2, 'NGN')).toBeNull(); // 0.30000000000000004: not a written amount
    expect(majorToMinorExact('1234.50', 'NGN')).toBe(123450n);
    expect(majorToMinorExact(100, 'NGN')).toBe(10000n);
    expect(majorToMinorExact(5000, 'UGX')).toBe(5000n);
    expect(majorToMinorExact(1.234, 'KWD')).toBe(1234n);
    expect(majorToMinorExact(12.345, 'NGN')).toBeNull();
    expect(majorToMinorExact(-1, 'NGN')).toBeNull();
    expect(majorToMinorExact('1e3', 'NGN')).toBeNull();
    expect(majorToMinorExact(null, 'NGN')).toBeNull();
    expect(majorToMinorExact(999999999999.99, 'NGN')).toBe(99999999999999n);
  });

  it('rounds a fee half up to the currency', () => {
    expect(majorToMinorRounded(17.28384, 'NGN')).toBe(1728n);
    expect(majorToMinorRounded(17.285, 'NGN')).toBe(1729n);
    expect(majorToMinorRounded('0.004', 'NGN')).toBe(0n);
    expect(majorToMinorRounded(168, 'NGN')).toBe(16800n);
    expect(majorToMinorRounded(-0.5, 'NGN')).toBeNull();
  });

  it('reads Paystack minor units only as whole numbers', () => {
    expect(minorFromJson(123456)).toBe(123456n);
    expect(minorFromJson('123456')).toBe(123456n);
    expect(minorFromJson(12.5)).toBeNull();
    expect(minorFromJson(-1)).toBeNull();
    expect(minorFromJson(2 ** 60)).toBeNull();
    expect(minorFromJson('12.5')).toBeNull();
  });

  it('writes an exact JSON number', () => {
    expect(jsonWithNumber({ tx_ref: 'a', currency: 'NGN' }, 'amount', minorToMajorJsonText(123456n, 'NGN'))).toBe(
      '{"tx_ref":"a","currency":"NGN","amount":1234.56}',
    );
    expect(() => jsonWithNumber({}, 'amount', '1e3')).toThrow(RangeError);
    expect(toJson({ a: new RawNumber('0.10'), b: 5n, c: 'x' })).toBe('{"a":0.10,"b":5,"c":"x"}');
  });

  it('round-trips every amount up to 10^12 major units through a JSON number (property)', () => {
    for (const currency of ['NGN', 'UGX', 'KWD']) {
      fc.assert(
        fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n * 1000n }), (minor) => {
          const text = minorToMajorJsonText(minor, currency);
          const parsed: unknown = JSON.parse(jsonWithNumber({}, 'amount', text)).amount;
          return majorToMinorExact(parsed, currency) === minor;
        }),
      );
    }
  });
});

describe('sandbox fees', () => {
  it('Paystack: 1.5% + NGN 100 from NGN 2,500, capped at NGN 2,000; other currencies 1.95%', () => {
    expect(paystackFee(123456n, 'NGN')).toBe(1852n);
    expect(paystackFee(249_999n, 'NGN')).toBe(3750n);
    expect(paystackFee(250_000n, 'NGN')).toBe(3750n + 10000n);
    expect(paystackFee(100_000_000n, 'NGN')).toBe(200000n);
    expect(paystackFee(10000n, 'GHS')).toBe(195n);
  });

  it('Flutterwave: 1.4%, capped at NGN 2,000 in NGN', () => {
    expect(flutterwaveFee(123456n, 'NGN')).toBe(1728n);
    expect(flutterwaveFee(100_000_000n, 'NGN')).toBe(200000n);
    expect(flutterwaveFee(100_000_000n, 'USD')).toBe(1_400_000n);
  });
});
