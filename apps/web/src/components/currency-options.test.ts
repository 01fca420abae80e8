import { describe, expect, it } from 'vitest';
import { currenciesForChurchRate, currenciesWithRate, currencyNamedBy, fxRateKey } from './currency-options.ts';

const NGN = { id: 566, shortCode: 'NGN' };
const USD = { id: 840, shortCode: 'USD' };
const GHS = { id: 936, shortCode: 'GHS' };
const XOF = { id: 952, shortCode: 'XOF' };
const ALL = [NGN, USD, GHS, XOF];

describe('currenciesWithRate (issue 7, part 4)', () => {
  it('offers only the currencies with a stored rate, and USD', () => {
    expect(currenciesWithRate(ALL, { usdngn: 1465.5, usdghs: 15.2 })).toEqual([NGN, USD, GHS]);
  });

  it('keeps the currency already chosen even without a rate', () => {
    expect(currenciesWithRate(ALL, { usdngn: 1465.5 }, [XOF.id, null])).toEqual([NGN, USD, XOF]);
  });

  it('offers every currency while the rates are not loaded', () => {
    expect(currenciesWithRate(ALL, undefined)).toEqual(ALL);
  });

  it('keys rates as GET /fxRates does', () => {
    expect(fxRateKey('NGN')).toBe('usdngn');
  });
});

describe('currencyNamedBy', () => {
  const named = [
    { shortCode: 'CHF', name: 'Swiss Franc' },
    { shortCode: 'GHS', name: 'Ghana Cedi' },
  ];
  it('finds the currency a search names by code or by name, in any case', () => {
    expect(currencyNamedBy(named, ' chf ')).toBe(named[0]);
    expect(currencyNamedBy(named, 'ghana cedi')).toBe(named[1]);
    expect(currencyNamedBy(named, 'ch')).toBeUndefined();
    expect(currencyNamedBy(named, '')).toBeUndefined();
  });
});

describe('currenciesForChurchRate', () => {
  it('leaves out USD and the church currency, and lists the currencies without a rate first', () => {
    expect(currenciesForChurchRate(ALL, { usdngn: 1465.5, usdghs: 15.2 }, 'NGN')).toEqual([XOF, GHS]);
    expect(currenciesForChurchRate(ALL, undefined, 'ghs')).toEqual([NGN, XOF]);
  });
});
