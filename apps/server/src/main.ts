import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, resolveDataDir } from './config.ts';
import { openDatabase } from './db/client.ts';
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
  await seedReferenceData(database.db);
  const demo = process.argv.includes('--demo') || config.npm_config_demo ? 'always' : config.DEMO;
  const wantDemo =
    demo === 'always' || (demo === 'auto' && database.kind === 'pglite' && !process.argv.includes('--no-demo'));
  if (wantDemo) await ensureDemo(database.db, { log: (m) => console.log(m) });
  const app = await buildApp({ config: { ...config, WEB_DIST: webDist }, database });
  const close = async () => {
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

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
