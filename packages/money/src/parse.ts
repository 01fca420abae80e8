import { currencyDecimals } from './currency.ts';
import { numberToDecimalText, scaleDecimalText, scaledToDecimalText, splitDecimalText } from './decimal-text.ts';

/**
 * Turning user or API amount text into integer minor units and back. All
 * conversions are exact string/bigint arithmetic; floats are never used to
 * compute an amount.
 */

/** Why an amount could not be parsed. */
export type MoneyParseReason = 'not-a-number' | 'too-many-decimals' | 'negative' | 'too-large';

/** Thrown by `parseAmount` for input that is not an acceptable amount. */
export class MoneyParseError extends Error {
  readonly reason: MoneyParseReason;
  /** The rejected input, as given. */
  readonly input: string | number;

  constructor(reason: MoneyParseReason, input: string | number, message: string) {
    super(message);
    this.name = 'MoneyParseError';
    this.reason = reason;
    this.input = input;
  }
}

/**
 * Largest accepted magnitude of one amount, in major units (inclusive): 10^12, one trillion
 * naira, dollars or yen (issue 6). Large enough for any church's single gift, line or
 * document amount; small enough that a document of many such amounts, converted into a
 * currency worth a thousandth as much, stays far inside PostgreSQL's BIGINT and exact in a
 * JSON number. Documents have their own limit, MAX_DOCUMENT_MAJOR_UNITS.
 */
export const MAX_AMOUNT_MAJOR_UNITS = 10n ** 12n;

/** Largest total of one document (an offering save, an income, an expense, a journal), in major units: 10^13. */
export const MAX_DOCUMENT_MAJOR_UNITS = 10n ** 13n;

/**
 * Largest accepted magnitude in minor units of `currency`: 10^12 major units,
 * i.e. 10^(12 + decimals) (NGN → 10^14).
 * @throws UnknownCurrencyError for an unknown currency code.
 */
export function maxAmountMinor(currency: string): bigint {
  return MAX_AMOUNT_MAJOR_UNITS * 10n ** BigInt(currencyDecimals(currency));
}

/**
 * Largest total of one document in minor units of `currency`: 10^13 major units (NGN → 10^15).
 * @throws UnknownCurrencyError for an unknown currency code.
 */
export function maxDocumentMinor(currency: string): bigint {
  return MAX_DOCUMENT_MAJOR_UNITS * 10n ** BigInt(currencyDecimals(currency));
}

/**
 * Integer part with optional grouping commas: ungrouped digits, Western
 * grouping (1,234,567) or Indian grouping (12,34,567). Anything else with a
 * comma (e.g. '12,50', which may mean 12.50) is rejected rather than guessed.
 */
const AMOUNT_TEXT = /^([+-]?)(\d*|\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})*,\d{3})(\.\d*)?$/;

/**
 * Parses an amount in major units into integer minor units of `currency`.
 *
 * - `input` string: surrounding whitespace is ignored; commas are accepted as
 *   thousands separators ('12,500.50', Indian '1,00,000') and stripped;
 *   optional leading '+' or '-'; '.5' and '7.' are accepted. No letters,
 *   symbols, internal spaces or exponents.
 * - `input` number: converted via its shortest round-trip text `String(n)`,
 *   with exponent forms expanded exactly (12500.5 → '12500.5', 1e21 → too-large).
 * - Fraction digits beyond the currency's decimals must be zeros
 *   ('1.230' NGN → 123n; '1.234' NGN → too-many-decimals; '5.5' JPY → too-many-decimals).
 * - Zero is never negative ('-0' → 0n).
 *
 * Returns minor units: parseAmount('12,500.50', 'NGN') → 1250050n;
 * parseAmount(' 7 ', 'JPY') → 7n; parseAmount('1.5', 'KWD') → 1500n.
 *
 * @throws MoneyParseError with `reason`:
 *   'not-a-number' (empty, letters, bad grouping, NaN, non-string/number input),
 *   'too-many-decimals' (non-zero digits beyond the currency's decimals),
 *   'negative' (below zero without `opts.allowNegative`),
 *   'too-large' (magnitude above 10^15 major units, or ±Infinity).
 * @throws UnknownCurrencyError for an unknown currency code.
 */
export function parseAmount(input: string | number, currency: string, opts: { allowNegative?: boolean } = {}): bigint {
  const decimals = currencyDecimals(currency);
  let text: string;
  if (typeof input === 'number') {
    if (Number.isNaN(input)) throw new MoneyParseError('not-a-number', input, 'Amount is not a number');
    const plain = numberToDecimalText(input);
    if (plain === undefined) throw new MoneyParseError('too-large', input, 'Amount is too large');
    text = plain;
  } else if (typeof input === 'string') {
    const m = AMOUNT_TEXT.exec(input.trim());
    if (!m) throw new MoneyParseError('not-a-number', input, 'Amount is not a number');
    text = `${m[1] ?? ''}${(m[2] ?? '').replaceAll(',', '')}${m[3] ?? ''}`;
  } else {
    throw new MoneyParseError('not-a-number', String(input), 'Amount is not a number');
  }

  const parts = splitDecimalText(text);
  if (!parts) throw new MoneyParseError('not-a-number', input, 'Amount is not a number');
  const minor = scaleDecimalText(parts, decimals);
  if (minor === undefined) {
    const allowed = decimals === 0 ? 'no decimal places' : `at most ${decimals} decimal places`;
    throw new MoneyParseError(
      'too-many-decimals',
      input,
      `Amount has too many decimal places (${currency.trim().toUpperCase()} allows ${allowed})`,
    );
  }
  if (minor < 0n && !opts.allowNegative) {
    throw new MoneyParseError('negative', input, 'Amount must not be negative');
  }
  const max = MAX_AMOUNT_MAJOR_UNITS * 10n ** BigInt(decimals);
  if (minor > max || minor < -max) {
    throw new MoneyParseError('too-large', input, 'Amount is too large');
  }
  return minor;
}

/**
 * Exact decimal text in major units of an amount in minor units, always with
 * the currency's number of decimals and no grouping:
 * (1250050n, 'NGN') → '12500.50'; (-5n, 'NGN') → '-0.05'; (500n, 'JPY') → '500';
 * (1n, 'KWD') → '0.001'.
 * @throws UnknownCurrencyError for an unknown currency code.
 */
export function minorToDecimalString(minor: bigint, currency: string): string {
  return scaledToDecimalText(minor, currencyDecimals(currency));
}

/**
 * An amount in minor units as a JS number of major units, for JSON output:
 * (1250050n, 'NGN') → 12500.5. Exact for amounts within ±2^53 minor units
 * (every amount `parseAmount` accepts for 0- and 2-decimal currencies up to
 * about 9e13 major units); larger values get the nearest double.
 * @throws UnknownCurrencyError for an unknown currency code.
 */
export function minorToNumber(minor: bigint, currency: string): number {
  return Number(minorToDecimalString(minor, currency));
}

/**
 * The recording screen's input rule, "amount text is reduced to digits and a
 * dot": keeps ASCII digits and the first '.', drops everything else
 * ('₦12,500.50' → '12500.50', '1.2.3' → '1.23', '-5' → '5', 'abc' → '').
 * The result may still be '' or '.'; validate it with `parseAmount`.
 * Never throws.
 */
export function stripToAmountText(text: string): string {
  let out = '';
  let seenDot = false;
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if (ch === '.' && !seenDot) {
      seenDot = true;
      out += ch;
    }
  }
  return out;
}
