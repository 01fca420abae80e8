import { loadConfig, resolveDataDir } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { importFxSnapshot, loadSnapshot } from '../db/seed/reference.ts';

/**
 * `npm run fx:update -- rates.json`: an administrator loads a dated snapshot of FX rates
 * ({ rateDate: 'YYYY-MM-DD', source, unitsPerUsd: { NGN: '1465.5', ... } }) into the
 * rates table. GET /fxRates then answers the newest rate of each currency.
 */
async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new Error('usage: npm run fx:update -- <snapshot.json>');
  const snap = loadSnapshot(file);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(snap.rateDate)) throw new Error('rateDate must be YYYY-MM-DD');
  for (const [code, rate] of Object.entries(snap.unitsPerUsd)) {
    if (!/^[A-Za-z]{3}$/.test(code) || !(Number(rate) > 0)) throw new Error(`bad rate ${code}: ${rate}`);
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: resolveDataDir(config) });
  await database.migrate();
  const n = await importFxSnapshot(database.db, snap);
  await database.close();
  console.log(`Loaded ${n} rates dated ${snap.rateDate} from ${file}`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
