import { numberToDecimalText, scaleDecimalText, splitDecimalText } from './decimal-text.ts';

/**
 * Splitting an amount into parts by the largest remainder method: the shares
 * sum exactly to the total, each share is within one minor unit of its exact
 * value, and leftover units go to the largest remainders with ties broken by
 * key (plain string comparison), never by input order.
 */

/** One part of an allocation: a stable key and a non-negative weight. */
export interface WeightedPart<K extends string> {
  key: K;
  weight: bigint;
}

function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Splits `total` (integer minor units, may be negative) across `parts` in
 * proportion to their weights, by the largest remainder method:
 * each part first gets floor(|total| * weight / sumOfWeights); the leftover
 * units are handed out one each to the parts with the largest remainders,
 * ties broken by key ascending (`<` string comparison). A negative total is
 * allocated as its absolute value and every share negated.
 *
 * Guarantees: shares sum exactly to `total`; each share differs from the
 * exact value total * weight / sum by less than one minor unit; zero-weight
 * parts get 0n; the result does not depend on the order of `parts`.
 * The returned map has one entry per part, in input order.
 *
 * Example: allocateByWeights(100n, [a:1, b:1, c:1]) → a 34n, b 33n, c 33n.
 *
 * @throws RangeError if a weight is negative, all weights are zero (or
 *   `parts` is empty), or a key appears twice.
 */
export function allocateByWeights<K extends string>(total: bigint, parts: readonly WeightedPart<K>[]): Map<K, bigint> {
  const seen = new Set<string>();
  let sum = 0n;
  for (const p of parts) {
    if (seen.has(p.key)) throw new RangeError(`duplicate allocation key: ${JSON.stringify(p.key)}`);
    seen.add(p.key);
    if (p.weight < 0n) throw new RangeError(`negative weight for ${JSON.stringify(p.key)}`);
    sum += p.weight;
  }
  if (sum === 0n) throw new RangeError('allocation weights must not all be zero');

  const negative = total < 0n;
  const abs = negative ? -total : total;
  const rows = parts.map((p) => {
    const product = abs * p.weight;
    return { key: p.key, share: product / sum, remainder: product % sum };
  });
  let leftover = abs - rows.reduce((acc, r) => acc + r.share, 0n);
  // leftover < number of non-zero remainders, so zero-weight parts never gain.
  const order = [...rows].sort((x, y) =>
    x.remainder === y.remainder ? compareKeys(x.key, y.key) : x.remainder > y.remainder ? -1 : 1,
  );
  for (const row of order) {
    if (leftover === 0n) break;
    row.share += 1n;
    leftover -= 1n;
  }
  return new Map(rows.map((r) => [r.key, negative ? -r.share : r.share]));
}

/** Percent precision: up to 4 decimal places, so 100% = 1,000,000 weight units. */
const PERCENT_PLACES = 4;
const HUNDRED_PERCENT = 100n * 10n ** BigInt(PERCENT_PLACES);

/** One share of a percentage split. */
export interface PercentShare {
  key: string;
  /** Percent of the total, 0 < percent ≤ 100, up to 4 decimals: '10', 12.5, '33.3333'. */
  percent: string | number;
}

/**
 * Exact weight of a percent in units of 0.0001% ('12.5' → 125000n).
 * @throws RangeError if it is not a decimal number with at most 4 decimal
 *   places, or not in (0, 100].
 */
export function percentToWeight(percent: string | number): bigint {
  const text = typeof percent === 'number' ? numberToDecimalText(percent) : percent.trim();
  const parts = text === undefined ? undefined : splitDecimalText(text);
  if (!parts) throw new RangeError(`percentage is not a number: ${JSON.stringify(String(percent))}`);
  const weight = scaleDecimalText(parts, PERCENT_PLACES);
  if (weight === undefined) {
    throw new RangeError(`percentage has more than ${PERCENT_PLACES} decimal places: ${String(percent)}`);
  }
  if (weight <= 0n || weight > HUNDRED_PERCENT) {
    throw new RangeError(`percentage must be more than 0 and at most 100: ${String(percent)}`);
  }
  return weight;
}

/**
 * The remittance split: gives each share `percent`% of `total` (integer
 * minor units, may be negative) and the rest to `remainderKey`, by the
 * largest remainder method (see `allocateByWeights`). Percents are converted
 * exactly to integer weights (scaled by 10^4); `remainderKey` gets weight
 * (100 − sum of percents), which is 0 when they sum to exactly 100 — it is
 * then still present in the map, with 0n.
 *
 * Example: splitByPercentages(1000050n, [{ key: 'diocese', percent: '10' }], 'local')
 * → diocese 100005n, local 900045n. Map order: shares in input order, then
 * `remainderKey`. Shares sum exactly to `total`.
 *
 * @throws RangeError if a percent is not a number, has more than 4 decimal
 *   places, or is not in (0, 100]; if the percents total more than 100
 *   (message 'percentages total more than 100'); if a key is repeated or
 *   `remainderKey` equals a share key.
 */
export function splitByPercentages(
  total: bigint,
  shares: readonly PercentShare[],
  remainderKey: string,
): Map<string, bigint> {
  const parts: WeightedPart<string>[] = [];
  let sum = 0n;
  for (const s of shares) {
    if (s.key === remainderKey) {
      throw new RangeError(`remainder key collides with a share key: ${JSON.stringify(remainderKey)}`);
    }
    const weight = percentToWeight(s.percent);
    sum += weight;
    parts.push({ key: s.key, weight });
  }
  if (sum > HUNDRED_PERCENT) throw new RangeError('percentages total more than 100');
  parts.push({ key: remainderKey, weight: HUNDRED_PERCENT - sum });
  return allocateByWeights(total, parts);
}
