/**
 * The bench's server process: the real app on an ephemeral port of 127.0.0.1, on the database
 * the bench prepared (BENCH_DATABASE_URL, already migrated and seeded with reference data), in
 * a process of its own so the bench's clients do not share its event loop. Prints
 * `listening <port>` once it accepts connections; stops on SIGTERM.
 */
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';

async function main(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) throw new Error('BENCH_DATABASE_URL is not set');
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    WEB_DIST: '',
    DEMO: 'never',
    // every church of the bench signs up and signs in from 127.0.0.1
    SIGNUP_RATE_MAX: '1000000',
    PUBLIC_RATE_MAX: '1000000',
    LOGIN_RATE_MAX: '1000000',
    // the public check-in's phone search is also limited per address and per event (issue 11);
    // its counters are still written on every lookup
    CHECKIN_SEARCH_RATE_MAX: '1000000',
    CHECKIN_SEARCH_EVENT_RATE_MAX: '1000000',
  });
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('the server has no address');
  process.on('SIGTERM', () => {
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
  console.log(`listening ${address.port}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
