import { desc, inArray, lte, and } from 'drizzle-orm';
import { convertMinor, type FxRates } from '@steward/money/fx';
import type { Tx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { fxRates } from '../lookups/schema.ts';

/** A conversion rate as it was used, kept on the journal line (DESIGN.md §1.2). */
export interface UsedRate {
  rates: FxRates;
  /** the newest rate date among the rates used, ISO date */
  rateDate: string;
  source: string;
}

/**
 * The stored rates (units per USD) of `codes` in force on `date`: for each currency the
 * newest rate dated on or before `date`, or, when none is that old, the oldest one stored.
 * Throws 400 naming `field` when a currency has no stored rate at all.
 */
export async function ratesOn(tx: Tx, codes: string[], date: string, field: string): Promise<UsedRate> {
  const wanted = [...new Set(codes.map((c) => c.toUpperCase()))];
  const onOrBefore = await tx
    .selectDistinctOn([fxRates.currencyCode], {
      code: fxRates.currencyCode,
      rate: fxRates.unitsPerUsd,
      rateDate: fxRates.rateDate,
      source: fxRates.source,
    })
    .from(fxRates)
    .where(and(inArray(fxRates.currencyCode, wanted), lte(fxRates.rateDate, date)))
    .orderBy(fxRates.currencyCode, desc(fxRates.rateDate));
  const found = new Map(onOrBefore.map((r) => [r.code, r]));
  const missing = wanted.filter((c) => !found.has(c));
  if (missing.length > 0) {
    const later = await tx
      .selectDistinctOn([fxRates.currencyCode], {
        code: fxRates.currencyCode,
        rate: fxRates.unitsPerUsd,
        rateDate: fxRates.rateDate,
        source: fxRates.source,
      })
      .from(fxRates)
      .where(inArray(fxRates.currencyCode, missing))
      .orderBy(fxRates.currencyCode, fxRates.rateDate);
    for (const r of later) found.set(r.code, r);
  }
  const absent = wanted.filter((c) => c !== 'USD' && !found.has(c));
  if (absent.length > 0) throw badRequest(field, `no exchange rate is stored for ${absent.join(', ')}`);
  const rows = [...found.values()];
  return {
    rates: Object.fromEntries(rows.map((r) => [`usd${r.code.toLowerCase()}`, r.rate])),
    rateDate: rows.reduce((m, r) => (r.rateDate > m ? r.rateDate : m), '0000-00-00'),
    source: [...new Set(rows.map((r) => r.source))].join('; '),
  };
}

/** Converts signed minor units between currencies, rounding half-even once. */
export function convertSigned(
  minor: bigint,
  from: string,
  to: string,
  rates: FxRates,
): { amount: bigint; rate: string } {
  const neg = minor < 0n;
  const r = convertMinor(neg ? -minor : minor, from, to, rates);
  return { amount: neg ? -r.amount : r.amount, rate: r.rate };
}
