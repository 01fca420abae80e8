import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UnknownCurrencyError } from './currency.ts';
import {
  MoneyParseError,
  type MoneyParseReason,
  maxAmountMinor,
  minorToDecimalString,
  minorToNumber,
  parseAmount,
  stripToAmountText,
} from './parse.ts';

function reasonOf(fn: () => unknown): MoneyParseReason | 'no error' | 'other error' {
  try {
    fn();
    return 'no error';
  } catch (e) {
    return e instanceof MoneyParseError ? e.reason : 'other error';
  }
}

describe('parseAmount accepts', () => {
  it.each([
    ['12500.50', 'NGN', 1250050n],
    ['12,500.50', 'NGN', 1250050n],
    ['1,234,567.89', 'NGN', 123456789n],
    ['1,00,000', 'NGN', 10000000n],
    [' 7 ', 'NGN', 700n],
    ['7', 'JPY', 7n],
    ['0', 'NGN', 0n],
    ['0.05', 'NGN', 5n],
    ['.5', 'NGN', 50n],
    ['7.', 'NGN', 700n],
    ['+3', 'USD', 300n],
    ['007.10', 'USD', 710n],
    ['1.230', 'NGN', 123n],
    ['500.00', 'JPY', 500n],
    ['1.5', 'KWD', 1500n],
    ['0.001', 'KWD', 1n],
    ['-0', 'NGN', 0n],
    ['1000000000000', 'NGN', 10n ** 14n],
    ['1,000,000,000,000.00', 'NGN', 10n ** 14n],
    ['1000000000', 'KWD', 10n ** 12n],
  ] as const)('%j %s → %s', (input, currency, expected) => {
    expect(parseAmount(input, currency)).toBe(expected);
  });

  it.each([
    [12500.5, 'NGN', 1250050n],
    [0.1, 'NGN', 10n],
    [0.29, 'NGN', 29n],
    [1.005, 'KWD', 1005n],
    [7, 'JPY', 7n],
    [-0, 'NGN', 0n],
    [1e12, 'NGN', 10n ** 14n],
    [1e-2, 'USD', 1n],
  ] as const)('number %s %s → %s', (input, currency, expected) => {
    expect(parseAmount(input, currency)).toBe(expected);
  });

  it('accepts negatives only with allowNegative', () => {
    expect(parseAmount('-12.5', 'NGN', { allowNegative: true })).toBe(-1250n);
    expect(parseAmount(-0.05, 'NGN', { allowNegative: true })).toBe(-5n);
    expect(parseAmount('-1,000', 'JPY', { allowNegative: true })).toBe(-1000n);
  });
});

describe('parseAmount rejects', () => {
  it.each([
    ['', 'not-a-number'],
    ['   ', 'not-a-number'],
    ['.', 'not-a-number'],
    ['-', 'not-a-number'],
    ['abc', 'not-a-number'],
    ['12a', 'not-a-number'],
    ['₦100', 'not-a-number'],
    ['1e3', 'not-a-number'],
    ['1 000', 'not-a-number'],
    ['12,50', 'not-a-number'],
    ['1,2345', 'not-a-number'],
    [',100', 'not-a-number'],
    ['1.000,50', 'not-a-number'],
    ['1.2.3', 'not-a-number'],
    ['0x10', 'not-a-number'],
    ['1.234', 'too-many-decimals'],
    ['0.001', 'too-many-decimals'],
    ['-5', 'negative'],
    ['-0.01', 'negative'],
    ['1000000000000.01', 'too-large'],
    ['1000000000000000', 'too-large'],
    ['99999999999999999999', 'too-large'],
  ] as const)('%j NGN → %s', (input, reason) => {
    expect(reasonOf(() => parseAmount(input, 'NGN'))).toBe(reason);
  });

  it.each([
    [Number.NaN, 'not-a-number'],
    [Number.POSITIVE_INFINITY, 'too-large'],
    [Number.NEGATIVE_INFINITY, 'too-large'],
    [1e21, 'too-large'],
    [1e13, 'too-large'],
    [1e12 + 0.01, 'too-large'],
    [1.234, 'too-many-decimals'],
    [1e-7, 'too-many-decimals'],
    [-3, 'negative'],
  ] as const)('number %s NGN → %s', (input, reason) => {
    expect(reasonOf(() => parseAmount(input, 'NGN'))).toBe(reason);
  });

  it('enforces the currency decimals', () => {
    expect(reasonOf(() => parseAmount('5.5', 'JPY'))).toBe('too-many-decimals');
    expect(reasonOf(() => parseAmount('1.2345', 'KWD'))).toBe('too-many-decimals');
    expect(parseAmount('1.234', 'KWD')).toBe(1234n);
  });

  it('reports the reason in a MoneyParseError', () => {
    const err = (() => {
      try {
        parseAmount('1.234', 'NGN');
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(MoneyParseError);
    expect(err).toBeInstanceOf(Error);
    expect((err as MoneyParseError).reason).toBe('too-many-decimals');
    expect((err as MoneyParseError).input).toBe('1.234');
  });

  it('throws UnknownCurrencyError for an unknown currency', () => {
    expect(() => parseAmount('1', 'ABC')).toThrow(UnknownCurrencyError);
  });
});

describe('minorToDecimalString / minorToNumber', () => {
  it.each([
    [1250050n, 'NGN', '12500.50'],
    [-5n, 'NGN', '-0.05'],
    [0n, 'NGN', '0.00'],
    [100n, 'USD', '1.00'],
    [500n, 'JPY', '500'],
    [-500n, 'JPY', '-500'],
    [1n, 'KWD', '0.001'],
    [12345678901234567n, 'NGN', '123456789012345.67'],
  ] as const)('%s %s → %s', (minor, currency, text) => {
    expect(minorToDecimalString(minor, currency)).toBe(text);
  });

  it('gives a JS number for JSON', () => {
    expect(minorToNumber(1250050n, 'NGN')).toBe(12500.5);
    expect(minorToNumber(-5n, 'NGN')).toBe(-0.05);
    expect(minorToNumber(500n, 'JPY')).toBe(500);
  });
});

describe('stripToAmountText', () => {
  it.each([
    ['₦12,500.50', '12500.50'],
    ['1.2.3', '1.23'],
    ['-5', '5'],
    ['abc', ''],
    ['..5', '.5'],
    [' 7 ', '7'],
    ['12500', '12500'],
  ])('%j → %j', (input, output) => {
    expect(stripToAmountText(input)).toBe(output);
  });
});

const currencies = ['NGN', 'USD', 'JPY', 'KWD'] as const;
const minorInRange = fc.constantFrom(...currencies).chain((c) => {
  const max = maxAmountMinor(c);
  return fc.tuple(fc.bigInt({ min: -max, max }), fc.constant(c));
});

describe('parse properties', () => {
  it('parseAmount inverts minorToDecimalString', () => {
    fc.assert(
      fc.property(minorInRange, ([m, c]) => {
        expect(parseAmount(minorToDecimalString(m, c), c, { allowNegative: true })).toBe(m);
      }),
    );
  });

  it('parseAmount inverts minorToNumber for up to 15 significant digits', () => {
    const inRange = fc.constantFrom(...currencies).chain((c) => {
      const bound = [10n ** 15n - 1n, maxAmountMinor(c)].reduce((a, b) => (a < b ? a : b));
      return fc.tuple(fc.constant(c), fc.bigInt({ min: -bound, max: bound }));
    });
    fc.assert(
      fc.property(inRange, ([c, m]) => {
        expect(parseAmount(minorToNumber(m, c), c, { allowNegative: true })).toBe(m);
      }),
    );
  });

  it('accepts grouped text the same as ungrouped', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: maxAmountMinor('NGN') }), (m) => {
        const grouped = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(
          minorToDecimalString(m, 'NGN') as Intl.StringNumericLiteral,
        );
        expect(parseAmount(grouped, 'NGN')).toBe(m);
      }),
    );
  });

  it('stripToAmountText output has only digits and at most one dot', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(stripToAmountText(s)).toMatch(/^\d*\.?\d*$/);
      }),
    );
  });
});
