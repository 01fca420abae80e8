import { describe, expect, it } from 'vitest';
import { parseRate, ZSaveChurchFxRate } from './church-fx-rates.ts';

describe('parseRate (issue 7, part 4)', () => {
  it('normalises numbers and decimal text exactly', () => {
    expect(parseRate('0014.6550')).toEqual({ text: '14.655' });
    expect(parseRate(' 1,465.5 ')).toEqual({ text: '1465.5' });
    expect(parseRate(0.8)).toEqual({ text: '0.8' });
    expect(parseRate(1.5e-7)).toEqual({ text: '0.00000015' });
    expect(parseRate('123456789012')).toEqual({ text: '123456789012' });
    expect(parseRate('0.0000000001')).toEqual({ text: '0.0000000001' });
  });

  it('refuses what is not a positive rate of at most 12 significant digits and 10 decimals', () => {
    for (const bad of ['0', '0.000', 0, -1, '-1', 'abc', '', '1e3', '1.2.3', '12,50', Number.NaN, Infinity]) {
      expect(parseRate(bad), String(bad)).toHaveProperty('error');
    }
    expect(parseRate('0.00000000001')).toEqual({ error: 'must have at most 10 decimal places' });
    expect(parseRate('1234567.891234')).toEqual({ error: 'must have at most 12 significant digits' });
    expect(parseRate('1000000000000')).toEqual({ error: 'must be less than 1,000,000,000,000' });
  });

  it('reads a save body: code upper-cased, rate as text, date optional', () => {
    expect(ZSaveChurchFxRate.parse({ currencyCode: ' chf ', unitsPerUsd: 0.8 })).toEqual({
      currencyCode: 'CHF',
      unitsPerUsd: '0.8',
    });
    expect(ZSaveChurchFxRate.parse({ currencyCode: 'CHF', unitsPerUsd: '0.8', rateDate: '11/20/2026' }).rateDate).toBe(
      '2026-11-20',
    );
  });
});
