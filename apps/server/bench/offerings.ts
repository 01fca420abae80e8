/**
 * Response times of the offering screens' calls on a church with many
 * offerings, through the real app and database (PGlite in memory, or DATABASE_URL).
 * Prints median and p99 per call. Figures belong here, never in tests (DESIGN.md §4).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { stats, time } from './stats.ts';
import { client, signupChurch, startHarness, type Harness } from '../test/helpers.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 5000);
const BATCH = 50;
/** Sizes of the bulk-loaded churches for the summary and report (offerings in one year). */
const SUMMARY_SIZES = (process.env.BENCH_SUMMARY_ROWS ?? '20000,200000').split(',').map(Number);

/** The offering screens' calls on a church with BENCH_ROWS offerings. */
export async function benchOfferings(): Promise<void> {
  const h = await startHarness();
  const church = await signupChurch(h.app);
  const api = client(h.app, church.token);
  const income = (await api.get('/api/Financials/Accounts/GetIncomeAccounts')).json() as { id: string }[];
  const cash = (await api.get('/api/financials/accounts/getcashbankaccounts')).json() as { id: string }[];
  const item = (
    await api.post('/api/financials/contributions/items/save', {
      name: 'Sunday Offering',
      incomeAccountId: income[0]!.id,
      cashAccountId: cash[0]!.id,
      incomeRemittance: [{ percentage: '10', distinationCashBankAccount: cash[1]!.id }],
    })
  ).json().returnObject.id as string;
  const cat = ((await api.post('/api/EventCategory?name=Sunday%20Service')).json() as { id: string }[])[0]!.id;
  const event = (
    await api.post('/api/Events/CreateActivity', { activity: { date: '2026-11-15', eventCategoryId: cat } })
  ).json().returnObject.currentEvent.id as string;

  const saveTimes: number[] = [];
  for (let done = 0; done < ROWS; done += BATCH) {
    const rows = Array.from({ length: BATCH }, (_, i) => ({
      financialContributionID: item,
      date: `2026-${String(1 + ((done + i) % 11)).padStart(2, '0')}-${String(1 + ((done + i) % 28)).padStart(2, '0')}`,
      amount: String(1000 + ((done + i) % 997) + 0.5),
      paymentChannel: 'Cash',
      activityID: (done + i) % 7 === 0 ? event : '',
      personID: '',
      currencyID: 566,
    }));
    const t = performance.now();
    const res = await api.post('/api/Financials/Contributions/Transactions/Save', rows);
    saveTimes.push(performance.now() - t);
    if (res.statusCode !== 200) throw new Error(`save failed: ${res.body}`);
  }
  console.log(`database: ${h.database.kind}; ${ROWS} offering rows (each a journal entry of 3 lines)`);
  console.log(`save, ${BATCH} rows a request:         ${stats(saveTimes)}`);
  console.log(
    `offerings list, page 1:           ${stats(await time(50, () => api.get('/api/Financials/Contributions/Transactions?page=1')))}`,
  );
  console.log(
    `offerings list, last page:        ${stats(await time(50, () => api.get(`/api/Financials/Contributions/Transactions?page=${Math.ceil(ROWS / 50)}`)))}`,
  );
  console.log(
    `summary (8 periods):              ${stats(await time(20, () => api.get('/api/financials/contributions/transactions/summary')))}`,
  );
  console.log(
    `offering report with comparisons: ${stats(await time(20, () => api.get(`/api/Offering/contributionReport?date=2026-11-15&activityId=${event}`)))}`,
  );
  for (const size of SUMMARY_SIZES) await benchSummaryAt(h, size);
  await h.close();
}

/**
 * The summary and the report (issue 6) on a church with `size` offerings over the last 365
 * days in three items, one in 50 in USD, bulk-loaded in SQL as the migration role (no
 * journal entries: the summary and report read offering rows only). Each size is a new
 * church beside the others, so the table holds other churches' rows as in production.
 */
async function benchSummaryAt(h: Harness, size: number): Promise<void> {
  const church = await signupChurch(h.app);
  const api = client(h.app, church.token);
  const income = (await api.get('/api/Financials/Accounts/GetIncomeAccounts')).json() as { id: string }[];
  const cash = (await api.get('/api/financials/accounts/getcashbankaccounts')).json() as { id: string }[];
  const items: string[] = [];
  for (const name of ['Sunday Offering', 'Tithe', 'Building Fund']) {
    const res = await api.post('/api/financials/contributions/items/save', {
      name,
      incomeAccountId: income[0]!.id,
      cashAccountId: cash[0]!.id,
      incomeRemittance: null,
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    items.push((res.json() as { returnObject: { id: string } }).returnObject.id);
  }
  const now = new Date(); // the server's local date, as the summary's periods use
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  const started = performance.now();
  await h.database.db.execute(sql`
    insert into offering_transactions
      (tenant_id, contribution_item_id, transaction_date, amount_minor, currency_code, payment_channel, source)
    select ${church.tenantId}::uuid,
           (array[${items[0]}::uuid, ${items[1]}::uuid, ${items[2]}::uuid])[1 + g % 3],
           ${today}::date - (g % 365),
           100 + (g * 7919) % 500000,
           case when g % 50 = 0 then 'USD' else 'NGN' end,
           'Cash', 'offering'
    from generate_series(1, ${size}) g`);
  await h.database.db.execute(sql`vacuum analyze offering_transactions`);
  const loaded = ((performance.now() - started) / 1000).toFixed(1);
  const summaryUrl = '/api/financials/contributions/transactions/summary';
  const first = await api.get(summaryUrl);
  if (first.statusCode !== 200) throw new Error(first.body);
  const label = `${size.toLocaleString('en')} offerings`;
  console.log(`summary (8 periods), ${label}:`.padEnd(45) + stats(await time(30, () => api.get(summaryUrl))));
  console.log(
    `offering report (no event), ${label}:`.padEnd(45) +
      stats(await time(30, () => api.get(`/api/Offering/contributionReport?date=${today}`))),
  );
  console.log(`  (loaded in SQL in ${loaded} s)`);
}
