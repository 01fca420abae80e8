import { allocateByWeights } from '@steward/money/allocate';
import { convertMinor } from '@steward/money/fx';
import { minorToNumber } from '@steward/money/parse';

/** An offering row of a report, as far as its conversion needs. */
export interface RowToConvert {
  id: string;
  /** minor units of `currencyCode` */
  amountMinor: bigint;
  /** ISO 4217 */
  currencyCode: string;
}

/** A row's figures in the church currency. */
export interface ConvertedRow {
  /** church-currency units per unit of the row's currency (1 for the church currency); null without a stored rate */
  rate: number | null;
  /** minor units of the church currency; null without a stored rate (then left out of the total) */
  convertedMinor: bigint | null;
  /** decimal of `convertedMinor`, as JSON carries it */
  convertedAmount: number | null;
}

/**
 * The report's rows in the church currency (issue 7, multi-currency reports), so the converted
 * column adds up by hand to the report's total: the rows of each currency are summed and the
 * sum converted once at the latest stored rate (`rates`, keyed 'usd' + code, as the total is),
 * then that converted sum is shared out over the rows in proportion to their amounts by the
 * largest remainder method (ties by row id). Each row is thus within one minor unit of its own
 * conversion, and the rows of a currency add up exactly to the converted sum the total uses.
 * A currency with no stored rate gets null rate and amounts (the total leaves it out too).
 * Answers a map keyed by row id; never throws for a missing or bad rate.
 */
export function convertReportRows(
  rows: readonly RowToConvert[],
  homeCurrency: string,
  rates: Record<string, number>,
): Map<string, ConvertedRow> {
  const out = new Map<string, ConvertedRow>();
  const byCurrency = new Map<string, RowToConvert[]>();
  for (const r of rows) {
    const group = byCurrency.get(r.currencyCode);
    if (group) group.push(r);
    else byCurrency.set(r.currencyCode, [r]);
  }
  for (const [code, group] of byCurrency) {
    if (code === homeCurrency) {
      // rate 1: the shares of the sum are the rows' own amounts (what the allocation below gives)
      for (const r of group)
        out.set(r.id, { rate: 1, convertedMinor: r.amountMinor, convertedAmount: minorToNumber(r.amountMinor, code) });
      continue;
    }
    const sum = group.reduce((s, r) => s + r.amountMinor, 0n);
    let converted: { amount: bigint; rate: string } | null;
    try {
      converted = convertMinor(sum, code, homeCurrency, rates);
    } catch {
      converted = null;
    }
    if (!converted) {
      for (const r of group) out.set(r.id, { rate: null, convertedMinor: null, convertedAmount: null });
      continue;
    }
    const shares =
      sum === 0n
        ? new Map(group.map((r) => [r.id, 0n]))
        : allocateByWeights(
            converted.amount,
            group.map((r) => ({ key: r.id, weight: r.amountMinor < 0n ? -r.amountMinor : r.amountMinor })),
          );
    const rate = Number(converted.rate);
    for (const r of group) {
      const minor = shares.get(r.id) ?? 0n;
      out.set(r.id, { rate, convertedMinor: minor, convertedAmount: minorToNumber(minor, homeCurrency) });
    }
  }
  return out;
}
