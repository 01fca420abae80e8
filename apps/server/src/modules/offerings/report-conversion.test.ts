import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { convertMinor } from '@steward/money/fx';
import { convertReportRows, type RowToConvert } from './report-conversion.ts';

const RATES = { usdusd: 1, usdngn: 1465.5, usdghs: 11.95, usdeur: 0.877, usdjpy: 153.5 };

describe('convertReportRows', () => {
  it('shares a currency’s converted sum over its rows, so the column adds up to the total', () => {
    const rows: RowToConvert[] = [
      { id: 'a', amountMinor: 1n, currencyCode: 'USD' },
      { id: 'b', amountMinor: 1n, currencyCode: 'USD' },
      { id: 'c', amountMinor: 1n, currencyCode: 'USD' },
      { id: 'd', amountMinor: 1_000_00n, currencyCode: 'NGN' },
    ];
    const out = convertReportRows(rows, 'NGN', RATES);
    // 3 cents = 4,396.5 kobo, rounded half to even once: 4,396; each cent alone would round to 1,466
    expect(['a', 'b', 'c'].map((k) => out.get(k)!.convertedMinor)).toEqual([1466n, 1465n, 1465n]);
    expect(out.get('a')!.rate).toBe(1465.5);
    expect(out.get('d')).toEqual({ rate: 1, convertedMinor: 1_000_00n, convertedAmount: 1000 });
  });

  it('leaves a currency without a stored rate out (null), never throwing', () => {
    const out = convertReportRows([{ id: 'x', amountMinor: 500n, currencyCode: 'KES' }], 'NGN', RATES);
    expect(out.get('x')).toEqual({ rate: null, convertedMinor: null, convertedAmount: null });
  });

  it('property: per currency the rows sum to the one conversion of their sum, each within one minor unit', () => {
    const currency = fc.constantFrom('USD', 'NGN', 'GHS', 'EUR', 'JPY');
    const row = fc.record({ amountMinor: fc.bigInt({ min: 1n, max: 10n ** 12n }), currencyCode: currency });
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 30 }), currency, (raw, home) => {
        const rows = raw.map((r, i) => ({ ...r, id: `r${String(i).padStart(3, '0')}` }));
        const out = convertReportRows(rows, home, RATES);
        for (const code of new Set(rows.map((r) => r.currencyCode))) {
          const group = rows.filter((r) => r.currencyCode === code);
          const sum = group.reduce((s, r) => s + r.amountMinor, 0n);
          const total = convertMinor(sum, code, home, RATES).amount;
          expect(group.reduce((s, r) => s + out.get(r.id)!.convertedMinor!, 0n)).toBe(total);
          for (const r of group) {
            const own = convertMinor(r.amountMinor, code, home, RATES).amount;
            const diff = out.get(r.id)!.convertedMinor! - own;
            expect(diff >= -1n && diff <= 1n).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
