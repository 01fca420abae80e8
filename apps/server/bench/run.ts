/**
 * `npm run bench` (issue 7 'Speed'; see bench/README.md): seeds 1,000 churches with 1,000,000
 * offerings and their journal lines on PostgreSQL, then times the read endpoints through the
 * real HTTP server beside their raw SQL, the posting throughput against bare inserts, and the
 * web app's JavaScript per route. Figures belong here, never in tests (DESIGN.md §4).
 *
 * BENCH_ONLY=seed|reads|posting|messaging|give-init|checkin-lookup|child-checkin|bundle|give runs one part (reads and posting seed first
 * unless the database already holds the same data set and BENCH_REUSE=1; messaging makes its own
 * church of 10,000 members; give-init times 50 concurrent givers initialising gifts against the
 * local provider sandbox, bench/give-init.ts; checkin-lookup times the public check-in's phone lookup
 * with 100,000 people in the church among 1,000 churches, bench/checkin-lookup.ts; child-checkin times family check-ins at the door,
 * bench/child-checkin.ts; give opens the public giving page on a throttled '3G' phone in
 * Chromium, bench/give-page.ts); the sizes are in config.ts.
 */
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { benchBundle, buildWeb } from './bundle.ts';
import { only, reuse, sizes } from './config.ts';
import { benchCheckinLookup } from './checkin-lookup.ts';
import { benchChildCheckin } from './child-checkin.ts';
import { benchGiveInit } from './give-init.ts';
import { benchGivePage } from './give-page.ts';
import { benchMessaging } from './messaging.ts';
import { benchPosting } from './posting.ts';
import { benchReads } from './reads.ts';
import { isSeeded, measuredChurches, seed } from './seed.ts';
import { benchDatabaseUrl, prepareDatabase, rawPool, startServer } from './setup.ts';
import { secondsSince } from './stats.ts';

const PARTS = [
  'seed',
  'reads',
  'posting',
  'messaging',
  'give-init',
  'checkin-lookup',
  'child-checkin',
  'bundle',
  'give',
];
/** Parts that make their own churches and need no seeded history. */
const OWN_DATA = ['messaging', 'give-init', 'checkin-lookup', 'child-checkin'];

async function main(): Promise<void> {
  if (only && !PARTS.includes(only)) throw new Error(`BENCH_ONLY must be one of ${PARTS.join(', ')}`);
  const started = performance.now();
  const wantDb = only !== 'bundle' && only !== 'give';
  if (wantDb) {
    console.log(
      `database: PostgreSQL at ${benchDatabaseUrl().replace(/\/\/[^@]*@/, '//')}; sizes: ${JSON.stringify(sizes)}`,
    );
    // keep the database only when asked to and it holds the same data set
    let database = await prepareDatabase(!reuse);
    const probe = rawPool();
    // a part with its own data keeps the database it made (BENCH_REUSE=1) without the offering seed
    const keep = reuse && (OWN_DATA.includes(only) || (await isSeeded(probe)));
    await probe.end();
    if (reuse && !keep) {
      await database.close();
      database = await prepareDatabase(true);
    }
    // the app opens its own connections in its process
    await database.close();
    const server = await startServer();
    const pool = rawPool();
    try {
      // messaging, give-init and child-checkin need no history: their own churches
      if (!only || !OWN_DATA.includes(only)) {
        if (keep) console.log('\nreusing the seeded data set (BENCH_REUSE=1, same sizes)');
        else await seed(server.baseUrl, pool);
      }
      if (!only || only === 'messaging') await benchMessaging(server.baseUrl, pool);
      if (!only || only === 'give-init') await benchGiveInit(server.baseUrl);
      if (!only || only === 'checkin-lookup') await benchCheckinLookup(server.baseUrl, pool);
      if (!only || only === 'child-checkin') await benchChildCheckin(server.baseUrl, pool);
      if (only !== 'seed' && !OWN_DATA.includes(only)) {
        const churches = await measuredChurches(server.baseUrl, pool);
        if (!only || only === 'reads') await benchReads(server.baseUrl, pool, churches);
        if (!only || only === 'posting') await benchPosting(server.baseUrl, pool, churches[0]!);
      }
    } finally {
      await pool.end();
      await server.close();
    }
  }
  // the web app's JavaScript per route (bench/bundle.ts), and the giving page on a throttled
  // phone (bench/give-page.ts): one build of apps/web for both
  if (!only || only === 'bundle' || only === 'give') {
    const given = process.env.BENCH_WEB_DIST;
    const dir = given ?? buildWeb();
    try {
      if (!only || only === 'bundle') await benchBundle(dir);
      if (!only || only === 'give') await benchGivePage(dir);
    } finally {
      if (!given) rmSync(dir, { recursive: true, force: true });
    }
  }
  console.log(`\nbench finished in ${secondsSince(started)} s`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
