import { describe, expect, it } from 'vitest';
import { formatTwoDecimals, totalBalance } from './balance-model.ts';

const rates = { usdngn: 1465.5, usdghs: 15.2 };

describe('totalBalance', () => {
  it('adds balances in the tenant currency as they are', () => {
    expect(
      totalBalance(
        [
          { balance: 1000.5, currency: 'NGN' },
          { balance: -0.5, currency: 'NGN' },
        ],
        'NGN',
        undefined,
      ),
    ).toEqual({
      ok: true,
      minor: 100000n,
    });
  });

  it('converts other currencies with the USD-based rates (÷ source, × destination)', () => {
    // 10 USD → 14,655 NGN; 15.20 GHS → 1 USD → 1,465.50 NGN.
    const t = totalBalance(
      [
        { balance: 10, currency: 'USD' },
        { balance: 15.2, currency: 'GHS' },
        { balance: 0.5, currency: 'NGN' },
      ],
      'NGN',
      rates,
    );
    expect(t).toEqual({ ok: true, minor: 1465500n + 146550n + 50n });
  });

  it('names the currency it cannot convert', () => {
    expect(totalBalance([{ balance: 1, currency: 'EUR' }], 'NGN', rates)).toEqual({ ok: false, missing: 'EUR' });
    expect(totalBalance([{ balance: 1, currency: 'USD' }], 'NGN', undefined)).toEqual({ ok: false, missing: 'USD' });
  });
});

describe('formatTwoDecimals', () => {
  it('shows the symbol, separators and exactly 2 decimals', () => {
    expect(formatTwoDecimals(161205050n, 'NGN')).toBe('₦1,612,050.50');
    expect(formatTwoDecimals(-5n, 'USD')).toBe('-$0.05');
    expect(formatTwoDecimals(1500n, 'JPY')).toBe('¥1,500.00');
  });
});
