import { data as isoData } from 'currency-codes';

/**
 * ISO 4217 currency facts for the rest of the app. The currency list comes
 * from the `currency-codes` package; the app identifies a currency by its ISO
 * numeric code (`number`, e.g. NGN = 566) and uses its alphabetic code
 * (`code`, e.g. 'NGN') everywhere money is handled.
 */

/** One ISO 4217 currency as the app sees it. */
export interface CurrencyInfo {
  /** Alphabetic ISO 4217 code, upper case, e.g. 'NGN'. */
  code: string;
  /** ISO 4217 numeric code, e.g. 566 for NGN. The app's currency id. */
  number: number;
  /** English name, e.g. 'Naira'. */
  name: string;
  /** Minor-unit digits: NGN 2, JPY 0, KWD 3. */
  decimals: number;
  /** Names of the countries that use it (ISO spelling). */
  countries: string[];
}

/** Thrown for a currency code that is not an ordinary ISO 4217 currency. */
export class UnknownCurrencyError extends Error {
  /** The code as it was given. */
  readonly code: string;

  constructor(code: string) {
    super(`unknown currency code: ${JSON.stringify(code)}`);
    this.name = 'UnknownCurrencyError';
    this.code = code;
  }
}

/**
 * ISO 4217 codes that are not money a church records: precious metals,
 * bond-market units, SDR/ADB/Sucre units of account, the testing code and
 * "no currency".
 */
const NON_CURRENCY_CODES = new Set([
  'XAG',
  'XAU',
  'XBA',
  'XBB',
  'XBC',
  'XBD',
  'XDR',
  'XPD',
  'XPT',
  'XSU',
  'XTS',
  'XUA',
  'XXX',
]);

/** ISO 4217 fund codes (index units, next-day dollars, WIR money). */
const FUND_CODES = new Set(['BOV', 'CHE', 'CHW', 'CLF', 'COU', 'MXV', 'USN', 'UYI', 'UYW']);

const CURRENCIES: readonly CurrencyInfo[] = isoData
  .filter(
    (r) =>
      /^[A-Z]{3}$/.test(r.code) &&
      /^\d{3}$/.test(r.number ?? '') &&
      Number.isInteger(r.digits) &&
      !NON_CURRENCY_CODES.has(r.code) &&
      !FUND_CODES.has(r.code),
  )
  .map((r) => ({
    code: r.code,
    number: Number(r.number),
    name: r.currency.trim(),
    decimals: r.digits,
    countries: r.countries.map((c) => c.trim()),
  }))
  .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));

const BY_CODE = new Map(CURRENCIES.map((c) => [c.code, c]));
const BY_NUMBER = new Map(CURRENCIES.map((c) => [c.number, c]));

function copy(info: CurrencyInfo): CurrencyInfo {
  return { ...info, countries: [...info.countries] };
}

function lookup(code: string): CurrencyInfo | undefined {
  if (typeof code !== 'string') return undefined;
  return BY_CODE.get(code.trim().toUpperCase());
}

/**
 * Number of minor-unit digits of a currency (NGN → 2, JPY → 0, KWD → 3).
 * `code` is an ISO 4217 alphabetic code, case-insensitive, surrounding
 * whitespace ignored.
 * @throws UnknownCurrencyError if `code` is not an ordinary ISO 4217 currency
 *   (unknown codes, metals such as XAU, fund codes such as CLF, XTS, XXX).
 */
export function currencyDecimals(code: string): number {
  const info = lookup(code);
  if (!info) throw new UnknownCurrencyError(code);
  return info.decimals;
}

/**
 * Canonical upper-case form of a currency code ('ngn' → 'NGN').
 * @throws UnknownCurrencyError if `code` is not an ordinary ISO 4217 currency.
 */
export function normalizeCurrencyCode(code: string): string {
  const info = lookup(code);
  if (!info) throw new UnknownCurrencyError(code);
  return info.code;
}

/**
 * True when `code` (case-insensitive) is a currency this package accepts,
 * i.e. it appears in `listCurrencies()`. Never throws.
 */
export function isCurrencyCode(code: string): boolean {
  return lookup(code) !== undefined;
}

/**
 * All ordinary ISO 4217 currencies, sorted by alphabetic code. Precious
 * metals, bond-market units, fund codes and the testing/no-currency codes
 * (XAU, XTS, XXX, CLF, ...) are left out. Returns fresh copies; never throws.
 */
export function listCurrencies(): CurrencyInfo[] {
  return CURRENCIES.map(copy);
}

/**
 * The currency whose ISO 4217 numeric code is `n` (566 → NGN), or undefined
 * when there is none among `listCurrencies()`. Never throws.
 */
export function currencyByNumber(n: number): CurrencyInfo | undefined {
  const info = BY_NUMBER.get(n);
  return info ? copy(info) : undefined;
}

const symbolCache = new Map<string, string>();

/**
 * The narrow currency symbol for display (NGN → '₦', USD → '$'), from
 * `Intl.NumberFormat` with `currencyDisplay: 'narrowSymbol'` in `locale`
 * (default 'en'). Falls back to the upper-case code when the locale data has
 * no symbol.
 * @throws UnknownCurrencyError for an unknown currency code.
 * @throws RangeError for an invalid locale tag.
 */
export function currencySymbol(code: string, locale = 'en'): string {
  const upper = normalizeCurrencyCode(code);
  const cacheKey = `${locale}\u0000${upper}`;
  const cached = symbolCache.get(cacheKey);
  if (cached !== undefined) return cached;
  const parts = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: upper,
    currencyDisplay: 'narrowSymbol',
  }).formatToParts(0);
  const symbol = parts.find((p) => p.type === 'currency')?.value ?? upper;
  symbolCache.set(cacheKey, symbol);
  return symbol;
}
