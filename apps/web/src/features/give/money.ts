/*
 * Amounts on the public giving pages, exact and without @steward/money (issue 10 'Speed'): what
 * a visitor types is read as decimal text into integer minor units (bigint), added in bigint,
 * sent to the API as decimal text, and shown with Intl.NumberFormat in the form's currency.
 */

/** Why an amount typed by a visitor cannot be read, or null when it can. */
export type AmountProblem = 'notNumber' | 'tooManyDecimals' | 'tooLarge';

/** Largest gift per item the page lets through: 12 integer digits (the server refuses larger totals). */
const MAX_INTEGER_DIGITS = 12;

/**
 * Reads a typed amount ('1,250', '1250.5', ' 20 ') in a currency with `decimals` decimals.
 * Commas are thousands separators and may be left out; a leading currency sign is not accepted.
 * @returns `{ minor }` integer minor units (0n for an empty field), or `{ problem }`.
 */
export function readAmount(text: string, decimals: number): { minor: bigint } | { problem: AmountProblem } {
  const t = text.trim();
  if (t === '') return { minor: 0n };
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?$/.exec(t);
  if (!m || (m[1] === undefined && !m[2])) return { problem: 'notNumber' };
  const whole = (m[1] ?? '0').replaceAll(',', '').replace(/^0+(?=\d)/, '');
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) return { problem: 'tooManyDecimals' };
  if (whole.length > MAX_INTEGER_DIGITS) return { problem: 'tooLarge' };
  return { minor: BigInt(whole + fraction.padEnd(decimals, '0')) };
}

/** Integer minor units as decimal text in major units: 125050n, 2 → '1250.50'. */
export function minorToText(minor: bigint, decimals: number): string {
  const sign = minor < 0n ? '-' : '';
  const digits = (minor < 0n ? -minor : minor).toString().padStart(decimals + 1, '0');
  return decimals === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/**
 * Formats integer minor units with a known currency symbol, as Intl.NumberFormat('en-US') writes
 * them (125050n, '₦', 2 → '₦1,250.50'; a symbol of letters gets a space: 'GHS 1,250.50'), without
 * Intl. The giving page uses it: the first Intl formatter of a page costs 140-340 ms of ICU set-up
 * under the bench's 4x CPU slow-down (measured in Chromium 156), too much of a 3 s budget. Exact.
 */
export function formatWithSymbol(minor: bigint, symbol: string, decimals: number): string {
  const negative = minor < 0n;
  const [whole = '0', fraction] = minorToText(negative ? -minor : minor, decimals).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sep = /[A-Za-z]$/.test(symbol) ? ' ' : '';
  return `${negative ? '-' : ''}${symbol}${sep}${grouped}${fraction ? `.${fraction}` : ''}`;
}

const formats = new Map<string, Intl.NumberFormat>();

/** The formatter of `currency` with exactly `decimals` decimals (cached). */
function formatter(currency: string, decimals: number): Intl.NumberFormat {
  const key = `${currency}:${decimals}`;
  let f = formats.get(key);
  if (!f) {
    try {
      f = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency,
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      });
    } catch {
      // not an ISO 4217 code Intl knows: the code before a plain number
      f = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    }
    formats.set(key, f);
  }
  return f;
}

/**
 * Formats integer minor units in `currency` ('NGN', 2 decimals): 125050n → '₦1,250.50'. Exact:
 * Intl formats the decimal text, never a float.
 */
export function formatMinor(minor: bigint, currency: string, decimals: number): string {
  const f = formatter(currency, decimals);
  const text = f.format(minorToText(minor, decimals) as `${number}`);
  return f.resolvedOptions().style === 'currency' ? text : `${currency} ${text}`;
}

/**
 * Formats an amount the API sent as a JSON number in major units (12500.5), with the currency's
 * decimals. The API's numbers come from exact minor units, so their shortest text is exact.
 */
export function formatMajor(amount: number, currency: string, decimals: number): string {
  const read = readAmount(String(Math.abs(amount)), decimals);
  const minor = 'minor' in read ? read.minor : BigInt(Math.round(Math.abs(amount) * 10 ** decimals));
  return formatMinor(amount < 0 ? -minor : minor, currency, decimals);
}

/** Decimals of an ISO 4217 currency as Intl knows them (2 when unknown): for amounts the API sends without its decimals. */
export function decimalsOf(currency: string): number {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}
