import { loadConfig, resolveDataDir } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { grantSmsUnits } from '../modules/messaging/units-service.ts';

/**
 * `npm run sms:units -- admin@church.example 5000`: the platform operator gives a church SMS
 * units (issue 9), naming the church by the e-mail of one of its users. Uses DATABASE_URL, or the
 * embedded database in DATA_DIR (stop `npm start` first: PGlite serves one process).
 */
async function main(): Promise<void> {
  const [email, unitsText] = process.argv.slice(2);
  if (!email || !unitsText) throw new Error('usage: npm run sms:units -- <user e-mail> <units>');
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: resolveDataDir(config) });
  await database.migrate();
  try {
    const r = await grantSmsUnits(database.db, email, Number(unitsText));
    console.log(`The church now has ${r.units} SMS units`);
  } finally {
    await database.close();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
