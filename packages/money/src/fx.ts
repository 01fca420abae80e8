import Decimal from 'decimal.js';
import { currencyDecimals, normalizeCurrencyCode } from './currency.ts';
import { splitDecimalText } from './decimal-text.ts';

/**
 * Currency conversion between amounts in minor units, from USD-based rates.
 * Amounts are computed exactly as rationals in bigint arithmetic and rounded
 * once, half-even, to the destination's minor unit.
 */

/**
 * Exchange rates keyed 'usd' + lower-case currency code, each the number of
 * units of that currency per 1 USD: { usdusd: 1, usdngn: 1530.25, usdghs: '15.2' }.
 * 'usdusd' may be omitted (it is 1).
 */
export type FxRates = Record<string, number | string>;

/** Thrown when a needed rate is not in the rates map. */
export class MissingRateError extends Error {
  /** The missing rate key, e.g. 'usdngn'. */
  readonly key: string;

  constructor(key: string) {
    super(`missing FX rate ${key}`);
    this.name = 'MissingRateError';
    this.key = key;
  }
}

/** Result of `convertMinor`. */
export interface Conversion {
  /** Converted amount in minor units of the destination currency. */
  amount: bigint;
  /** Effective rate: destination major units per 1 source major unit, as decimal text. */
  rate: string;
}

/** The rates-map key for a currency code ('NGN' → 'usdngn'). Never throws. */
export function fxRateKey(code: string): string {
  return `usd${code.trim().toLowerCase()}`;
}

const RATE_TEXT = /^(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
/** Significant digits shown in `Conversion.rate`. */
const RATE_DIGITS = 20;
const RateDecimal = Decimal.clone({ precision: RATE_DIGITS, rounding: Decimal.ROUND_HALF_EVEN });

/** A rate as an exact rational numerator / 10^scale. */
interface ExactRate {
  decimal: Decimal;
  numerator: bigint;
  scale: number;
}

function readRate(code: string, rates: FxRates): ExactRate {
  const key = fxRateKey(code);
  const raw = Object.hasOwn(rates, key) ? rates[key] : code === 'USD' ? 1 : undefined;
  if (raw === undefined || raw === null) throw new MissingRateError(key);
  let decimal: Decimal | undefined;
  if (typeof raw === 'number' && Number.isFinite(raw)) decimal = new Decimal(raw);
  else if (typeof raw === 'string' && RATE_TEXT.test(raw.trim())) decimal = new Decimal(raw.trim());
  // Bound the exponent so exact arithmetic stays small; real rates are far inside.
  if (!decimal || !decimal.isFinite() || decimal.lte(0) || decimal.e > 20 || decimal.e < -20) {
    throw new RangeError(`invalid FX rate ${key}: ${String(raw)}`);
  }
  const parts = splitDecimalText(decimal.toFixed());
  if (!parts) throw new RangeError(`invalid FX rate ${key}: ${String(raw)}`);
  const numerator = BigInt(`${parts.intDigits || '0'}${parts.fracDigits}`);
  return { decimal, numerator, scale: parts.fracDigits.length };
}

/** n / d rounded to the nearest integer, ties to even. `d` must be positive. */
function divRoundHalfEven(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  const twice = 2n * (r < 0n ? -r : r);
  if (twice < d || (twice === d && q % 2n === 0n)) return q;
  return n < 0n ? q - 1n : q + 1n;
}

/**
 * Converts `minor` (integer minor units of `from`) to minor units of `to`:
 * amount = minor / 10^dec(from) / rate[from] * rate[to], scaled by 10^dec(to)
 * and rounded half-even to a whole minor unit of `to`. The arithmetic is exact
 * (rates are taken as exact decimals; one rounding at the end).
 * `rate` is the effective from→to rate (to-major units per from-major unit)
 * as plain decimal text with up to 20 significant digits, e.g. '1530.25'.
 * Same currency → { amount: minor, rate: '1' } without consulting `rates`.
 *
 * Example: convertMinor(10000n, 'USD', 'NGN', { usdngn: 1530.25 })
 * → { amount: 15302500n, rate: '1530.25' }.
 *
 * @throws MissingRateError naming the missing key (e.g. 'usdghs'); 'usdusd'
 *   defaults to 1 when absent.
 * @throws RangeError for a rate that is not a positive finite decimal
 *   (0, negative, NaN, 'abc') or is outside 1e-20..1e21.
 * @throws UnknownCurrencyError for an unknown currency code.
 */
export function convertMinor(minor: bigint, from: string, to: string, rates: FxRates): Conversion {
  const src = normalizeCurrencyCode(from);
  const dst = normalizeCurrencyCode(to);
  if (src === dst) return { amount: minor, rate: '1' };
  const rFrom = readRate(src, rates);
  const rTo = readRate(dst, rates);
  const pow = (n: number) => 10n ** BigInt(n);
  // minor * (nTo / 10^sTo) * 10^dTo / ((nFrom / 10^sFrom) * 10^dFrom)
  const numerator = minor * rTo.numerator * pow(currencyDecimals(dst) + rFrom.scale);
  const denominator = rFrom.numerator * pow(currencyDecimals(src) + rTo.scale);
  const rate = new RateDecimal(rTo.decimal).div(new RateDecimal(rFrom.decimal)).toFixed();
  return { amount: divRoundHalfEven(numerator, denominator), rate };
}
