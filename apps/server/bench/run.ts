/**
 * `npm run bench`: response times through the real app and database (PGlite in memory, or
 * PostgreSQL with DATABASE_URL), median and p99 per call. Figures belong here, never in
 * tests (DESIGN.md §4). BENCH_ROWS (offerings, default 5,000) and BENCH_LINES (journal
 * lines, default 1,000,000) set the sizes; BENCH_ONLY=offerings|ledger runs one part.
 */
import { benchLedger } from './ledger.ts';
import { benchOfferings } from './offerings.ts';

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY;
  if (!only || only === 'offerings') await benchOfferings();
  if (!only || only === 'ledger') await benchLedger();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
