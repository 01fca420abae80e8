/**
 * The chart of accounts and the transaction list on a large church: BENCH_LINES journal
 * lines (default 1,000,000) over 500 accounts, with one finance document per entry.
 * The data is bulk-loaded in SQL as the migration role, through the same triggers the app
 * posts through (balance table, per-currency and per-fund balance check).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { client, signupChurch, startHarness } from '../test/helpers.ts';
import { queryRows } from '../src/db/client.ts';
import { stats, time } from './stats.ts';

const LINES = Number(process.env.BENCH_LINES ?? 1_000_000);
const ACCOUNTS = 500;
const BATCH_ENTRIES = 25_000;

export async function benchLedger(): Promise<void> {
  const h = await startHarness();
  const church = await signupChurch(h.app);
  const api = client(h.app, church.token);
  const db = h.database.db;
  const t = church.tenantId;
  const [fund] = await queryRows<{ id: string }>(
    db,
    sql`select fund_id as id from accounts where tenant_id = ${t} and system_key = 'unrestricted_fund'`,
  );
  const [head] = await queryRows<{ id: string }>(
    db,
    sql`select id from account_groups where tenant_id = ${t} and name = 'Cash and Bank'`,
  );
  const started = performance.now();
  await db.execute(sql`
    insert into accounts (tenant_id, code, name, account_type, account_group_id, fund_id, currency_code, is_cash_bank)
    select ${t}, 'B' || g, 'Bench account ' || g, case when g % 5 = 0 then 'income' else 'assets' end,
           case when g % 5 = 0 then null else ${head!.id}::uuid end, ${fund!.id}::uuid, 'NGN', g % 5 <> 0
    from generate_series(1, ${ACCOUNTS - 21}) g`);
  const entries = Math.floor(LINES / 2);
  for (let done = 0; done < entries; done += BATCH_ENTRIES) {
    const n = Math.min(BATCH_ENTRIES, entries - done);
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        create temp table bench_e on commit drop as
        select gen_random_uuid() as id, ${done}::int + g as k, (date '2025-01-01' + ((${done}::int + g) % 680)) as d
        from generate_series(1, ${n}) g`);
      await tx.execute(sql`
        create temp table bench_a on commit drop as
        select row_number() over (order by id) - 1 as i, id from accounts where tenant_id = ${t}`);
      await tx.execute(sql`
        insert into journal_entries (tenant_id, id, entry_date, memo, source_type)
        select ${t}, id, d, 'bench', 'journal' from bench_e`);
      await tx.execute(sql`
        insert into journal_lines (tenant_id, entry_id, line_no, account_id, fund_id, currency_code, amount_minor)
        select ${t}, e.id, s.line_no, a.id, ${fund!.id}::uuid, 'NGN', case s.line_no when 1 then 1 + e.k % 100000 else -(1 + e.k % 100000) end
        from bench_e e
        cross join (values (1), (2)) s(line_no)
        join bench_a a on a.i = (e.k * 7 + s.line_no * 13) % ${ACCOUNTS}`);
      await tx.execute(sql`
        insert into financial_transactions (tenant_id, transaction_number, category, transaction_date, amount_minor, currency_code, memo, narration, journal_entry_id)
        select ${t}, 'B-' || e.k, 'Journal', e.d, 1 + e.k % 100000, 'NGN', 'bench', 'Bench journal ' || e.k, e.id from bench_e e`);
    });
    process.stdout.write(`\r  loaded ${Math.min(done + n, entries) * 2} lines`);
  }
  await db.execute(sql`analyze`);
  const [count] = await queryRows<{ lines: string; accounts: string }>(
    db,
    sql`select (select count(*) from journal_lines where tenant_id = ${t})::text as lines, (select count(*) from accounts where tenant_id = ${t})::text as accounts`,
  );
  console.log(
    `\ndatabase: ${h.database.kind}; ${count!.lines} journal lines over ${count!.accounts} accounts; loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  const first = await api.get('/api/Financials/GetChartOfAccounts');
  if (first.statusCode !== 200) throw new Error(first.body);
  console.log(
    `chart of accounts with balances:   ${stats(await time(50, () => api.get('/api/Financials/GetChartOfAccounts')))}`,
  );
  console.log(
    `transaction list, page 1:          ${stats(await time(50, () => api.get('/api/Financials/Accounts/v2/Transactions?page=1')))}`,
  );
  console.log(
    `transaction list, page 2000:       ${stats(await time(20, () => api.get('/api/Financials/Accounts/v2/Transactions?page=2000')))}`,
  );
  console.log(
    `cash/bank balances (selector):     ${stats(await time(50, () => api.get('/api/Financials/Accounts/GetCashBankAccountsBalances')))}`,
  );
  await h.close();
}
