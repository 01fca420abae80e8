import { currencyDecimals, normalizeCurrencyCode } from './currency.ts';
import { minorToDecimalString } from './parse.ts';

/**
 * Display formatting of amounts. The exact decimal text of the amount is
 * handed to Intl.NumberFormat (which formats numeric strings exactly), so
 * amounts beyond 2^53 minor units keep every digit.
 */

/** How the currency is shown: '₦12,500.50', 'NGN 12,500.50' or '12,500.50'. */
export type MoneyDisplay = 'symbol' | 'code' | 'none';

/** Options for `formatMoney`. */
export interface FormatMoneyOptions {
  /** BCP 47 locale tag; default 'en-US'. */
  locale?: string;
  /** Currency display; default 'symbol' (narrow symbol, e.g. '₦'). */
  display?: MoneyDisplay;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(code: string, decimals: number, locale: string, display: MoneyDisplay) {
  const key = `${locale}\u0000${code}\u0000${display}`;
  let f = formatters.get(key);
  if (!f) {
    const digits = { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: true };
    f =
      display === 'none'
        ? new Intl.NumberFormat(locale, { style: 'decimal', ...digits })
        : new Intl.NumberFormat(locale, {
            style: 'currency',
            currency: code,
            currencyDisplay: display === 'code' ? 'code' : 'narrowSymbol',
            ...digits,
          });
    formatters.set(key, f);
  }
  return f;
}

/**
 * Formats an amount given in integer minor units for display, with the
 * currency's exact number of decimals and locale grouping:
 * formatMoney(1250050n, 'NGN') → '₦12,500.50';
 * formatMoney(1250050n, 'NGN', { display: 'code' }) → 'NGN 12,500.50' (the
 * space is a no-break space U+00A0 in en-US);
 * formatMoney(1250050n, 'NGN', { display: 'none' }) → '12,500.50';
 * formatMoney(-5n, 'NGN') → '-₦0.05'; formatMoney(500n, 'JPY') → '¥500'.
 * Exact for any bigint (no float rounding).
 * @throws UnknownCurrencyError for an unknown currency code.
 * @throws RangeError for an invalid locale tag.
 */
export function formatMoney(minor: bigint, currency: string, opts: FormatMoneyOptions = {}): string {
  const code = normalizeCurrencyCode(currency);
  const decimals = currencyDecimals(code);
  const f = formatterFor(code, decimals, opts.locale ?? 'en-US', opts.display ?? 'symbol');
  return f.format(minorToDecimalString(minor, code) as Intl.StringNumericLiteral);
}
