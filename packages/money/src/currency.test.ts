import { describe, expect, it } from 'vitest';
import {
  UnknownCurrencyError,
  currencyByNumber,
  currencyDecimals,
  currencySymbol,
  isCurrencyCode,
  listCurrencies,
  normalizeCurrencyCode,
} from './currency.ts';

describe('currencyDecimals', () => {
  it('gives the ISO 4217 minor-unit digits', () => {
    expect(currencyDecimals('NGN')).toBe(2);
    expect(currencyDecimals('USD')).toBe(2);
    expect(currencyDecimals('JPY')).toBe(0);
    expect(currencyDecimals('KWD')).toBe(3);
  });

  it('is case-insensitive', () => {
    expect(currencyDecimals('ngn')).toBe(2);
    expect(currencyDecimals(' kwd ')).toBe(3);
    expect(normalizeCurrencyCode('gHs')).toBe('GHS');
  });

  it('throws UnknownCurrencyError with the code for unknown codes', () => {
    expect(() => currencyDecimals('ABC')).toThrow(UnknownCurrencyError);
    for (const bad of ['', 'NG', 'NGNN', 'XAU', 'XTS', 'XXX']) {
      expect(() => currencyDecimals(bad)).toThrow(UnknownCurrencyError);
    }
    try {
      currencyDecimals('zzz');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(UnknownCurrencyError);
      expect((e as UnknownCurrencyError).code).toBe('zzz');
    }
  });
});

describe('isCurrencyCode', () => {
  it('accepts ordinary currencies and rejects others', () => {
    expect(isCurrencyCode('NGN')).toBe(true);
    expect(isCurrencyCode('eur')).toBe(true);
    expect(isCurrencyCode('ABC')).toBe(false);
    expect(isCurrencyCode('XXX')).toBe(false);
    expect(isCurrencyCode('')).toBe(false);
  });
});

describe('listCurrencies', () => {
  const list = listCurrencies();

  it('includes NGN with its numeric code 566', () => {
    expect(list.find((c) => c.code === 'NGN')).toEqual({
      code: 'NGN',
      number: 566,
      name: 'Naira',
      decimals: 2,
      countries: ['Nigeria'],
    });
  });

  it('keeps ordinary currencies and drops metals, funds and test codes', () => {
    const codes = new Set(list.map((c) => c.code));
    for (const c of ['USD', 'EUR', 'GBP', 'GHS', 'KES', 'ZAR', 'XOF', 'XAF', 'XCD', 'JPY', 'KWD']) {
      expect(codes.has(c)).toBe(true);
    }
    for (const c of ['XAU', 'XAG', 'XTS', 'XXX', 'XDR', 'CLF', 'USN']) expect(codes.has(c)).toBe(false);
    expect(list.length).toBeGreaterThan(140);
  });

  it('has unique codes and numbers, and agrees with the lookups', () => {
    expect(new Set(list.map((c) => c.code)).size).toBe(list.length);
    expect(new Set(list.map((c) => c.number)).size).toBe(list.length);
    for (const c of list) {
      expect(Number.isInteger(c.number) && c.number > 0).toBe(true);
      expect(currencyDecimals(c.code)).toBe(c.decimals);
      expect(currencyByNumber(c.number)).toEqual(c);
      expect(isCurrencyCode(c.code)).toBe(true);
    }
  });

  it('returns copies', () => {
    const first = listCurrencies()[0];
    first?.countries.push('Nowhere');
    expect(listCurrencies()[0]?.countries).not.toContain('Nowhere');
  });
});

describe('currencyByNumber', () => {
  it('finds by ISO numeric code', () => {
    expect(currencyByNumber(566)?.code).toBe('NGN');
    expect(currencyByNumber(840)?.code).toBe('USD');
    expect(currencyByNumber(8)?.code).toBe('ALL');
    expect(currencyByNumber(0)).toBeUndefined();
    expect(currencyByNumber(999)).toBeUndefined();
  });
});

describe('currencySymbol', () => {
  it('gives the narrow symbol', () => {
    expect(currencySymbol('NGN')).toBe('₦');
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('usd')).toBe('$');
    expect(currencySymbol('GBP')).toBe('£');
    expect(currencySymbol('EUR', 'fr-FR')).toBe('€');
  });

  it('throws for unknown codes', () => {
    expect(() => currencySymbol('ABC')).toThrow(UnknownCurrencyError);
  });
});
