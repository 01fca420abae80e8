/**
 * Response times of the offering screens' calls on a church with many
 * offerings, through the real app and database (PGlite in memory, or DATABASE_URL).
 * Prints median and p99 per call. Figures belong here, never in tests (DESIGN.md §4).
 */
import { performance } from 'node:perf_hooks';
import { stats, time } from './stats.ts';
import { client, signupChurch, startHarness } from '../test/helpers.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 5000);
const BATCH = 50;

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
  await h.close();
}
