import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { currencies, countries, fxRates } from '../../modules/lookups/schema.ts';
import { allCountries, allCurrencies } from '../../modules/lookups/reference.ts';

interface FxSnapshot {
  rateDate: string;
  source: string;
  unitsPerUsd: Record<string, string>;
}

/**
 * Fills the reference tables (currencies, countries, the dated FX snapshot) when empty.
 * Runs as the migration role, after migrations, before the app serves.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  const [{ n } = { n: 0 }] = (await db.select({ n: sql<number>`count(*)::int` }).from(currencies)) as { n: number }[];
  if (n === 0) {
    await db
      .insert(currencies)
      .values(
        allCurrencies().map((c) => ({
          id: c.id,
          code: c.shortCode,
          name: c.name,
          decimals: c.decimals,
          country: c.country,
        })),
      )
      .onConflictDoNothing();
    await db
      .insert(countries)
      .values(allCountries().map((c) => ({ id: c.id, code: c.code, name: c.name, currencyCode: c.currency || null })))
      .onConflictDoNothing();
  }
  const [{ r } = { r: 0 }] = (await db.select({ r: sql<number>`count(*)::int` }).from(fxRates)) as { r: number }[];
  if (r === 0) await importFxSnapshot(db, loadSnapshot(new URL('./fx-snapshot.json', import.meta.url)));
}

export function loadSnapshot(path: URL | string): FxSnapshot {
  return JSON.parse(readFileSync(path, 'utf8')) as FxSnapshot;
}

/** Upserts a dated snapshot of units-per-USD rates (an administrator's FX update). */
export async function importFxSnapshot(db: Db, snap: FxSnapshot): Promise<number> {
  const rows = Object.entries(snap.unitsPerUsd).map(([code, rate]) => ({
    currencyCode: code.toUpperCase(),
    rateDate: snap.rateDate,
    unitsPerUsd: rate,
    source: snap.source,
  }));
  await db
    .insert(fxRates)
    .values(rows)
    .onConflictDoUpdate({
      target: [fxRates.currencyCode, fxRates.rateDate],
      set: { unitsPerUsd: sql`excluded.units_per_usd`, source: sql`excluded.source`, updatedAt: sql`now()` },
    });
  return rows.length;
}
