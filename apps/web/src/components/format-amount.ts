import { formatMoney } from '@steward/money/format';
import { parseAmount } from '@steward/money/parse';

export interface FormatAmountOptions {
  /** 'symbol' ₦12,500.50 (default), 'code' NGN 12,500.50, 'none' 12,500.50. */
  display?: 'symbol' | 'code' | 'none';
  /** Show the absolute value (the report shows amounts as absolute values, spec §9). */
  absolute?: boolean;
}

/**
 * Formats a decimal amount in major units (as the API JSON carries it, e.g. 12500.5) in
 * `currency` (ISO 4217 code) with thousands separators and the currency's decimals:
 * formatAmount(12500.5, 'NGN') → '₦12,500.50'. Exact through @steward/money; amounts with more
 * decimals than the currency has (computed figures) fall back to Intl rounding. An unknown
 * currency code is shown as 'XYZ 12,500.50'.
 */
export function formatAmount(amount: number, currency: string, opts: FormatAmountOptions = {}): string {
  const value = opts.absolute ? Math.abs(amount) : amount;
  const display = opts.display ?? 'symbol';
  try {
    return formatMoney(parseAmount(value, currency, { allowNegative: true }), currency, { display });
  } catch {
    try {
      return new Intl.NumberFormat('en-US', {
        style: display === 'none' ? 'decimal' : 'currency',
        currency,
        currencyDisplay: display === 'code' ? 'code' : 'narrowSymbol',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(value);
    } catch {
      const n = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
      return display === 'none' ? n : `${currency} ${n}`;
    }
  }
}
