/**
 * Exact decimal-text helpers shared by parse.ts and allocate.ts. Everything
 * here is string and bigint arithmetic; no floating point is involved.
 */

/** A plain decimal number split into its parts ('-012.50' → -, '012', '50'). */
export interface DecimalText {
  negative: boolean;
  /** Integer digits as written (may be empty, may have leading zeros). */
  intDigits: string;
  /** Fraction digits as written (may be empty). */
  fracDigits: string;
}

const PLAIN_DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * Splits plain decimal text such as '12.5', '-0.05', '.5', '7.' or '+3' into
 * sign, integer digits and fraction digits. No whitespace, grouping
 * separators or exponents are accepted. Returns undefined when `text` is not
 * such a number (including '', '.', '-'). Never throws.
 */
export function splitDecimalText(text: string): DecimalText | undefined {
  const m = PLAIN_DECIMAL.exec(text);
  if (!m) return undefined;
  const intDigits = m[2] ?? '';
  const fracDigits = m[3] ?? '';
  if (intDigits === '' && fracDigits === '') return undefined;
  return { negative: m[1] === '-', intDigits, fracDigits };
}

/**
 * The exact plain-decimal text of a finite JS number, from its shortest
 * round-trip form `String(n)` with any exponent expanded
 * (1e21 → '1000000000000000000000', 1.5e-7 → '0.00000015', -0 → '0').
 * Returns undefined for NaN and ±Infinity. Never throws.
 */
export function numberToDecimalText(n: number): string | undefined {
  if (!Number.isFinite(n)) return undefined;
  const s = String(n);
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (!m) return s;
  const sign = m[1] ?? '';
  const digits = (m[2] ?? '') + (m[3] ?? '');
  const point = 1 + Number(m[4]); // position of the decimal point within `digits`
  if (point >= digits.length) return sign + digits + '0'.repeat(point - digits.length);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * The value of `d` times 10^places as a bigint (e.g. '12.5' with places 2 →
 * 1250n), or undefined when `d` has non-zero digits beyond `places` fraction
 * digits (trailing zeros beyond are fine: '1.230' with places 2 → 123n).
 * `places` must be a non-negative integer. Never throws.
 */
export function scaleDecimalText(d: DecimalText, places: number): bigint | undefined {
  const frac = d.fracDigits.replace(/0+$/, '');
  if (frac.length > places) return undefined;
  const magnitude = BigInt(`${d.intDigits || '0'}${frac.padEnd(places, '0')}`);
  return d.negative ? -magnitude : magnitude;
}

/**
 * Exact plain-decimal text of `scaled` / 10^places
 * (1250050n, 2 → '12500.50'; -5n, 2 → '-0.05'; 500n, 0 → '500').
 * Always shows exactly `places` fraction digits. Never throws for a
 * non-negative integer `places`.
 */
export function scaledToDecimalText(scaled: bigint, places: number): string {
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(places + 1, '0');
  const intPart = digits.slice(0, digits.length - places);
  const body = places > 0 ? `${intPart}.${digits.slice(digits.length - places)}` : intPart;
  return negative ? `-${body}` : body;
}
