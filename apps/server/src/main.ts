import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, resolveDataDir } from './config.ts';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from './db/client.ts';
import { seedReferenceData } from './db/seed/reference.ts';
import { buildApp } from './app.ts';
import { ensureDemo } from './demo/seed-demo.ts';

/** Reads config, opens the database, migrates, seeds, and listens (DESIGN.md §3). */
async function main(): Promise<void> {
  const config = loadConfig();
  const webDist = config.WEB_DIST || resolve(fileURLToPath(new URL('../../web/dist', import.meta.url)));
  const dataDir = resolveDataDir(config);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
  await database.migrate();
  await warnWithoutAutovacuum(database);
  await seedReferenceData(database.db);
  const demo = process.argv.includes('--demo') || config.npm_config_demo ? 'always' : config.DEMO;
  const wantDemo =
    demo === 'always' || (demo === 'auto' && database.kind === 'pglite' && !process.argv.includes('--no-demo'));
  if (wantDemo) await ensureDemo(database.db, { log: (m) => console.log(m) });
  const app = await buildApp({ config: { ...config, WEB_DIST: webDist }, database });
  const stopMaintaining = maintainEmbeddedDatabase(database);
  const close = async () => {
    stopMaintaining();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.PORT;
  console.log(
    `Steward is serving on http://localhost:${port} (database: ${database.kind}${database.kind === 'pglite' ? ` in ${dataDir}` : ''})`,
  );
}

/**
 * Warns (once, at start) when the PostgreSQL server runs with autovacuum off: its tables are then
 * never analysed, and the planner, without statistics, may read a church's whole history where
 * one row would do (issue 10 'Speed': a payment's foreign-key check grew with every payment).
 */
async function warnWithoutAutovacuum(database: Awaited<ReturnType<typeof openDatabase>>): Promise<void> {
  if (database.kind !== 'postgres') return;
  const [row] = await queryRows<{ autovacuum: string }>(database.db, sql`show autovacuum`);
  if (row?.autovacuum === 'off')
    console.warn(
      'Warning: PostgreSQL runs with autovacuum off. Tables are never analysed, so queries slow down as they grow; turn it on, or run VACUUM ANALYZE regularly.',
    );
}

/** How often the embedded database is vacuumed and analysed (milliseconds). */
const MAINTAIN_EVERY_MS = 15 * 60_000;

/**
 * PGlite runs no autovacuum (one process, no background workers), so its tables would never be
 * analysed, and plans made while they were empty (foreign-key checks included, kept for the life
 * of the one connection) would stay: a lookup by key could read a church's whole history; nor
 * would the rows that updates and deletes leave behind (rate-limit counters, finished jobs) ever
 * be reclaimed. Runs VACUUM (ANALYZE) now and every MAINTAIN_EVERY_MS on PGlite (about 0.2 s on
 * the demo church; a failure is left for the next round). Answers the function that stops it.
 * PostgreSQL servers do this themselves (see warnWithoutAutovacuum).
 */
function maintainEmbeddedDatabase(database: Awaited<ReturnType<typeof openDatabase>>): () => void {
  if (database.kind !== 'pglite') return () => {};
  const maintain = () => void database.db.execute(sql`vacuum (analyze)`).catch(() => {});
  maintain();
  const timer = setInterval(maintain, MAINTAIN_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
