import Decimal from 'decimal.js';
import { currencyDecimals } from '@steward/money/currency';
import { numberToDecimalText, scaleDecimalText, splitDecimalText } from '@steward/money/decimal-text';
import { minorToDecimalString } from '@steward/money/parse';

/**
 * Amounts on the wire (issue 10): Paystack speaks integer minor units (kobo, pesewas), Flutterwave
 * major units as a decimal JSON number (1234.56). Every conversion here is exact decimal text and
 * bigint arithmetic, never float arithmetic.
 *
 * A JSON number arrives as a double. Its shortest round-trip text `String(n)` is exactly the text
 * the provider wrote whenever that text has at most 15 significant digits (every double is
 * recovered from its 15-digit decimal, and no two such decimals share a double), which covers
 * every amount up to 10^12 major units with 3 decimals. A number with more significant digits
 * may not be what was written, so it is refused rather than guessed.
 */

const MAX_EXACT_DIGITS = 15;

/** Plain decimal text of a JSON number or numeric string, or null (not a number, or not known exactly). */
function decimalTextOf(value: unknown): string | null {
  let text: string | undefined;
  if (typeof value === 'number') {
    text = numberToDecimalText(value);
    if (text === undefined) return null;
    const significant = text.replace(/^-/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
    if (significant.length > MAX_EXACT_DIGITS) return null;
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  return splitDecimalText(text) ? text : null;
}

/**
 * A major-unit amount from a provider's JSON (a number such as 1234.56, or numeric text) in exact
 * minor units of `currency` (1234.56 NGN -> 123456n). Null when it is not a non-negative number,
 * has more decimals than the currency allows ('12.345' NGN) or more than 15 significant digits.
 * @throws UnknownCurrencyError for an unknown currency code.
 */
export function majorToMinorExact(value: unknown, currency: string): bigint | null {
  const text = decimalTextOf(value);
  if (text === null) return null;
  const parts = splitDecimalText(text);
  if (!parts || parts.negative) return null;
  return scaleDecimalText(parts, currencyDecimals(currency)) ?? null;
}

/**
 * A major-unit fee from a provider's JSON in minor units of `currency`, rounded half up to the
 * currency's decimals (Flutterwave's app_fee may carry more decimals than the currency:
 * 17.28384 NGN -> 1728n). Null when it is not a non-negative number known exactly.
 * @throws UnknownCurrencyError for an unknown currency code.
 */
export function majorToMinorRounded(value: unknown, currency: string): bigint | null {
  const text = decimalTextOf(value);
  if (text === null) return null;
  const d = new Decimal(text);
  if (d.isNegative() && !d.isZero()) return null;
  const decimals = currencyDecimals(currency);
  return BigInt(d.toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).times(new Decimal(10).pow(decimals)).toFixed(0));
}

/**
 * A minor-unit integer from a provider's JSON (Paystack `amount`, `fees`): a safe integer or
 * digit text, as a bigint. Null for anything else (a fraction, a negative, a huge number).
 */
export function minorFromJson(value: unknown): bigint | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : null;
  if (typeof value === 'string' && /^\d{1,18}$/.test(value.trim())) return BigInt(value.trim());
  return null;
}

/**
 * Minor units as the exact decimal text of a JSON number in major units (123456n NGN -> '1234.56',
 * 500n JPY -> '500'), for writing into a request body by hand (see jsonWithNumber).
 * @throws UnknownCurrencyError for an unknown currency code.
 */
export function minorToMajorJsonText(minor: bigint, currency: string): string {
  return minorToDecimalString(minor, currency);
}

const PLACEHOLDER = '"__steward_exact_number__"';

/**
 * JSON.stringify(`value`) with the string value `"__steward_exact_number__"` replaced by
 * `numberText` written as a JSON number, so an amount reaches the provider as exactly the decimal
 * text Steward computed (no double in between). `numberText` must be plain decimal text.
 */
export function jsonWithNumber(value: Record<string, unknown>, key: string, numberText: string): string {
  if (!splitDecimalText(numberText)) throw new RangeError(`not a decimal number: ${numberText}`);
  const json = JSON.stringify({ ...value, [key]: '__steward_exact_number__' });
  return json.replace(PLACEHOLDER, numberText);
}
