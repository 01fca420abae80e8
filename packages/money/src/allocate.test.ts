import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateByWeights, percentToWeight, splitByPercentages, type WeightedPart } from './allocate.ts';

const abs = (n: bigint) => (n < 0n ? -n : n);
const sumOf = (values: Iterable<bigint>) => [...values].reduce((a, b) => a + b, 0n);
const sorted = (m: Map<string, bigint>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** Parts with unique keys and non-negative weights, not all zero. */
const partsArb = fc
  .uniqueArray(fc.record({ key: fc.string({ maxLength: 4 }), weight: fc.bigInt({ min: 0n, max: 10n ** 6n }) }), {
    minLength: 1,
    maxLength: 12,
    selector: (p) => p.key,
  })
  .filter((parts) => parts.some((p) => p.weight > 0n));
const totalArb = fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n });

describe('allocateByWeights', () => {
  it('breaks ties by key, not by input order', () => {
    const parts = (keys: string[]) => keys.map((key) => ({ key, weight: 1n }));
    const expected = [
      ['a', 34n],
      ['b', 33n],
      ['c', 33n],
    ];
    expect(sorted(allocateByWeights(100n, parts(['a', 'b', 'c'])))).toEqual(expected);
    expect(sorted(allocateByWeights(100n, parts(['c', 'b', 'a'])))).toEqual(expected);
    expect(sorted(allocateByWeights(100n, parts(['b', 'c', 'a'])))).toEqual(expected);
    expect(sorted(allocateByWeights(-100n, parts(['c', 'a', 'b'])))).toEqual([
      ['a', -34n],
      ['b', -33n],
      ['c', -33n],
    ]);
    // Plain string comparison: 'B' < 'a'.
    expect(allocateByWeights(1n, parts(['a', 'B'])).get('B')).toBe(1n);
  });

  it('gives leftover units to the largest remainders first', () => {
    // exact: 10*1/6 = 1.67, 10*2/6 = 3.33, 10*3/6 = 5
    const m = allocateByWeights(10n, [
      { key: 'x', weight: 1n },
      { key: 'y', weight: 2n },
      { key: 'z', weight: 3n },
    ]);
    expect(sorted(m)).toEqual([
      ['x', 2n],
      ['y', 3n],
      ['z', 5n],
    ]);
  });

  it('keeps input order in the map and gives zero-weight parts nothing', () => {
    const m = allocateByWeights(7n, [
      { key: 'z', weight: 0n },
      { key: 'a', weight: 1n },
    ]);
    expect([...m.entries()]).toEqual([
      ['z', 0n],
      ['a', 7n],
    ]);
    expect(allocateByWeights(0n, [{ key: 'a', weight: 5n }]).get('a')).toBe(0n);
  });

  it('rejects bad weights and duplicate keys', () => {
    expect(() => allocateByWeights(1n, [])).toThrow(RangeError);
    expect(() => allocateByWeights(1n, [{ key: 'a', weight: 0n }])).toThrow(RangeError);
    expect(() =>
      allocateByWeights(1n, [
        { key: 'a', weight: -1n },
        { key: 'b', weight: 2n },
      ]),
    ).toThrow(RangeError);
    expect(() =>
      allocateByWeights(1n, [
        { key: 'a', weight: 1n },
        { key: 'a', weight: 1n },
      ]),
    ).toThrow(RangeError);
  });

  it('property: shares sum exactly to the total', () => {
    fc.assert(
      fc.property(totalArb, partsArb, (total, parts) => {
        expect(sumOf(allocateByWeights(total, parts).values())).toBe(total);
      }),
    );
  });

  it('property: each share is within one minor unit of total*w/sum', () => {
    fc.assert(
      fc.property(totalArb, partsArb, (total, parts) => {
        const result = allocateByWeights(total, parts);
        const sum = sumOf(parts.map((p) => p.weight));
        for (const p of parts) {
          const share = result.get(p.key);
          expect(share).toBeDefined();
          expect(abs((share ?? 0n) * sum - total * p.weight) < sum).toBe(true);
          if (p.weight === 0n) expect(share).toBe(0n);
        }
      }),
    );
  });

  it('property: result does not depend on input order', () => {
    const arb = partsArb.chain((parts) =>
      fc.tuple(fc.constant(parts), fc.shuffledSubarray(parts, { minLength: parts.length })),
    );
    fc.assert(
      fc.property(totalArb, arb, (total, [parts, shuffled]) => {
        expect(sorted(allocateByWeights(total, shuffled))).toEqual(sorted(allocateByWeights(total, parts)));
      }),
    );
  });

  it('property: equal weights differ by at most one, larger shares to smaller keys', () => {
    fc.assert(
      fc.property(totalArb, fc.uniqueArray(fc.string(), { minLength: 1, maxLength: 10 }), (total, keys) => {
        const parts: WeightedPart<string>[] = keys.map((key) => ({ key, weight: 7n }));
        const shares = sorted(allocateByWeights(total, parts)).map(([, v]) => abs(v));
        for (let i = 1; i < shares.length; i++) {
          const prev = shares[i - 1] ?? 0n;
          const cur = shares[i] ?? 0n;
          expect(prev === cur || prev === cur + 1n).toBe(true);
        }
      }),
    );
  });
});

describe('percentToWeight', () => {
  it('scales percents exactly by 10^4', () => {
    expect(percentToWeight('10')).toBe(100000n);
    expect(percentToWeight(12.5)).toBe(125000n);
    expect(percentToWeight('33.3333')).toBe(333333n);
    expect(percentToWeight(' 100 ')).toBe(1000000n);
    expect(percentToWeight(0.0001)).toBe(1n);
    expect(percentToWeight('5.10000')).toBe(51000n);
  });

  it.each(['0', '-5', '100.0001', '33.33333', 'abc', '', '10%', 0, Number.NaN, 1e-5, 101])('rejects %j', (p) => {
    expect(() => percentToWeight(p)).toThrow(RangeError);
  });
});

describe('splitByPercentages', () => {
  it('splits the remittance example', () => {
    const m = splitByPercentages(1000050n, [{ key: 'diocese', percent: '10' }], 'local');
    expect([...m.entries()]).toEqual([
      ['diocese', 100005n],
      ['local', 900045n],
    ]);
  });

  it('gives the remainder key 0n when percents total exactly 100', () => {
    const m = splitByPercentages(
      1001n,
      [
        { key: 'a', percent: '33.3333' },
        { key: 'b', percent: 33.3333 },
        { key: 'c', percent: '33.3334' },
      ],
      'rest',
    );
    expect(m.get('rest')).toBe(0n);
    expect(sumOf(m.values())).toBe(1001n);
  });

  it('gives everything to the remainder key when there are no shares', () => {
    expect([...splitByPercentages(-999n, [], 'rest').entries()]).toEqual([['rest', -999n]]);
  });

  it('rejects percentages totalling more than 100', () => {
    expect(() =>
      splitByPercentages(
        100n,
        [
          { key: 'a', percent: 60 },
          { key: 'b', percent: '40.0001' },
        ],
        'rest',
      ),
    ).toThrow(new RangeError('percentages total more than 100'));
  });

  it('rejects colliding and duplicate keys and bad percents', () => {
    expect(() => splitByPercentages(100n, [{ key: 'rest', percent: 10 }], 'rest')).toThrow(RangeError);
    expect(() =>
      splitByPercentages(
        100n,
        [
          { key: 'a', percent: 10 },
          { key: 'a', percent: 10 },
        ],
        'rest',
      ),
    ).toThrow(RangeError);
    expect(() => splitByPercentages(100n, [{ key: 'a', percent: '10.12345' }], 'rest')).toThrow(RangeError);
    expect(() => splitByPercentages(100n, [{ key: 'a', percent: 0 }], 'rest')).toThrow(RangeError);
  });

  const percentArb = fc.integer({ min: 1, max: 1_000_000 }).map((w) => (w / 10_000).toString());
  const sharesArb = fc.uniqueArray(fc.record({ key: fc.string({ maxLength: 3 }), percent: percentArb }), {
    maxLength: 8,
    selector: (s) => s.key,
  });

  it('property: sums to the total, or rejects totals over 100', () => {
    fc.assert(
      fc.property(totalArb, sharesArb, (total, shares) => {
        const weight = sumOf(shares.map((s) => percentToWeight(s.percent)));
        const remainderKey = 'remainder-key';
        if (weight > 1_000_000n) {
          expect(() => splitByPercentages(total, shares, remainderKey)).toThrow('percentages total more than 100');
          return;
        }
        const m = splitByPercentages(total, shares, remainderKey);
        expect(sumOf(m.values())).toBe(total);
        expect(m.size).toBe(shares.length + 1);
        for (const s of shares) {
          const w = percentToWeight(s.percent);
          expect(abs((m.get(s.key) ?? 0n) * 1_000_000n - total * w) < 1_000_000n).toBe(true);
        }
      }),
    );
  });
});
