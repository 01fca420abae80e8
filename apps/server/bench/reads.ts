/**
 * The read endpoints of issue 7 'Speed' through the real HTTP server, each beside the best raw
 * SQL we know for the same answer (run on a pg pool as large as the app's, and checked to give
 * the same rows): p50 alone (sequential, the endpoint and its SQL taking turns), p50 and p99
 * with BENCH_CLIENTS concurrent clients, and the ratio endpoint/raw; then each endpoint's p50
 * alone for every measured church (10,000, 100,000 and 500,000 offerings by default, taking
 * turns) with the max/min ratio. Goals: under 20 ms alone for the biggest
 * church, within 2x of the raw SQL at 50 clients, max/min within 1.5x.
 */
import type pg from 'pg';
import { sizes } from './config.ts';
import { schemaInfo, type MeasuredChurch, type SchemaInfo } from './seed.ts';
import { api } from './setup.ts';
import { ms, percentile, printTable, ratio, timeConcurrent, timeInterleaved } from './stats.ts';

const PAGE = 50;
/** requests before timing: connections open, plans and code warm */
const WARM_UP = 10;

/** The answer's rows of one raw query run (several statements run on one connection in a row). */
type Raw = (db: pg.Pool) => Promise<unknown>;

interface Endpoint {
  name: string;
  path(c: MeasuredChurch): string;
  raw(c: MeasuredChurch, s: SchemaInfo): Raw;
  /** throws when the answer is not what the bench expects (an empty page, a wrong count) */
  check(body: unknown, c: MeasuredChurch): void;
  /** why the raw SQL's answer differs from the endpoint's, or null when they agree */
  agree(body: unknown, raw: unknown): string | null;
}

type Rows = { rows: Record<string, unknown>[] };
const rowsOf = (r: unknown) => (r as Rows).rows;
const sameIds = (what: string, api: unknown[], raw: unknown[]) =>
  JSON.stringify(api) === JSON.stringify(raw)
    ? null
    : `${what} differ (${api.length} from the API, ${raw.length} from SQL)`;

const iso = (d: Date) => d.toISOString().slice(0, 10);
const daysBefore = (date: string, days: number) => iso(new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000));
const monthsBefore = (date: string, months: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - months);
  return iso(d);
};
/** The server's local date, as the summary's periods use it. */
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};
const middlePage = (c: MeasuredChurch) => Math.max(1, Math.round(c.offerings / PAGE / 2));

/**
 * One statement for a page of the offering list: totalItems from the day totals, the day on
 * which row (page-1)*50 falls from their cumulative counts (newest first, the list's order),
 * then an index seek into that day, skipping only rows of that day.
 */
function offeringPageSql(c: MeasuredChurch, page: number): Raw {
  const text = `
    with days as (
      select total_date, sum(row_count)::bigint as n from offering_daily_totals
      where tenant_id = $1 and source = 'offering' and row_count > 0 group by total_date),
    cum as (
      select total_date, n, coalesce(sum(n) over (order by total_date desc rows between unbounded preceding and 1 preceding), 0) as before
      from days),
    start as (select total_date, before from cum where before <= $2 and before + n > $2),
    total as (select coalesce(sum(n), 0) as total_items from days)
    select o.id, o.transaction_date, o.amount_minor, o.currency_code, o.payment_channel, o.activity_id,
           i.name as item, a.name as event_name, a.activity_date, p.first_name, p.last_name, t.total_items
    from start s
    cross join lateral (
      select * from offering_transactions x
      where x.tenant_id = $1 and x.source = 'offering' and x.deleted_at is null and x.transaction_date <= s.total_date
      order by x.transaction_date desc, x.created_at desc, x.id desc
      offset $2 - s.before limit ${PAGE}) o
    join contribution_items i on i.tenant_id = $1 and i.id = o.contribution_item_id
    left join activities a on a.tenant_id = $1 and a.id = o.activity_id
    left join people p on p.tenant_id = $1 and p.id = o.person_id
    cross join total t
    order by o.transaction_date desc, o.created_at desc, o.id desc`;
  return (db) => db.query(text, [c.tenantId, (page - 1) * PAGE]);
}

const endpoints: Endpoint[] = [
  {
    name: 'offering list, page 1',
    path: () => '/api/Financials/Contributions/Transactions?page=1',
    raw: (c) => offeringPageSql(c, 1),
    check: (b, c) => checkPage(b, c),
    agree: (b, r) => agreePage(b, r),
  },
  {
    name: 'offering list, middle page',
    path: (c) => `/api/Financials/Contributions/Transactions?page=${middlePage(c)}`,
    raw: (c) => offeringPageSql(c, middlePage(c)),
    check: (b, c) => checkPage(b, c),
    agree: (b, r) => agreePage(b, r),
  },
  {
    name: 'offerings summary',
    path: () => '/api/financials/contributions/transactions/summary',
    // the year's totals per day, item and currency, converted to the church's currency at the latest rates
    raw: (c) => {
      const to = today();
      const from = daysBefore(monthsBefore(to, 12), -1);
      const text = `
        with rates as (select distinct on (currency_code) currency_code, units_per_usd from fx_rates order by currency_code, rate_date desc),
        home as (select r.units_per_usd from tenants t join rates r on r.currency_code = t.currency_code where t.id = $1),
        g as (
          select total_date, contribution_item_id, currency_code, sum(total_minor) as total from offering_daily_totals
          where tenant_id = $1 and source = 'offering' and total_date between $2 and $3 and row_count > 0
          group by total_date, contribution_item_id, currency_code)
        select to_char(g.total_date, 'YYYY-MM-DD') as date, i.name, round(sum(g.total * h.units_per_usd / r.units_per_usd)) as total
        from g join contribution_items i on i.tenant_id = $1 and i.id = g.contribution_item_id
        join rates r on r.currency_code = g.currency_code cross join home h
        group by g.total_date, i.name order by g.total_date, i.name`;
      return (db) => db.query(text, [c.tenantId, from, to]);
    },
    check: (b) => {
      if (!(b as { oneYear?: unknown }).oneYear) throw new Error('summary without oneYear');
    },
    // the year's income: the SQL converts per day and item, the app per day, item and currency
    agree: (b, r) => {
      const income = (b as { oneYear: { income: number } }).oneYear.income;
      const rows = rowsOf(r);
      const sql = rows.reduce((sum, x) => sum + Number(x.total), 0) / 100;
      return Math.abs(sql - income) <= rows.length * 0.01 + 0.005 ? null : `one year's income ${income}, SQL ${sql}`;
    },
  },
  {
    name: 'offering report (a Sunday, its event)',
    path: (c) => `/api/Offering/contributionReport?date=${c.reportDate}&activityId=${c.reportActivityId}`,
    // the day's rows with names, then the comparison days and 12 months of the event's category from the day totals
    raw: (c) => {
      const rows = `
        select o.id, o.amount_minor, o.currency_code, o.payment_channel, i.name as item, a.name as event_name,
               p.first_name, p.last_name
        from offering_transactions o
        join contribution_items i on i.tenant_id = $1 and i.id = o.contribution_item_id
        left join activities a on a.tenant_id = $1 and a.id = o.activity_id
        left join people p on p.tenant_id = $1 and p.id = o.person_id
        where o.tenant_id = $1 and o.source = 'offering' and o.deleted_at is null
          and o.transaction_date = $2 and o.activity_id = $3
        order by o.created_at, o.id`;
      const d = c.reportDate;
      const firstMonth = `${monthsBefore(d, 11).slice(0, 7)}-01`;
      const totals = `
        with cat as (
          select a.id from activities a
          where a.tenant_id = $1 and a.event_category_id = (select event_category_id from activities where tenant_id = $1 and id = $2)
            and (a.activity_date between $6 and $7 or a.activity_date in ($3, $4, $5)))
        select case when t.total_date in ($3, $4, $5) then to_char(t.total_date, 'YYYY-MM-DD') else to_char(t.total_date, 'YYYY-MM') end as k,
               t.currency_code, sum(t.total_minor)::text as total
        from offering_daily_totals t
        where t.tenant_id = $1 and t.source = 'offering' and t.row_count > 0
          and (t.total_date between $6 and $7 or t.total_date in ($3, $4, $5))
          and t.activity_id in (select id from cat)
        group by 1, 2`;
      const [y, m] = d.split('-').map(Number) as [number, number];
      const monthEnd = iso(new Date(Date.UTC(y, m, 0)));
      return async (db) => {
        const client = await db.connect();
        try {
          const day = await client.query(rows, [c.tenantId, d, c.reportActivityId]);
          const sums = await client.query(totals, [
            c.tenantId,
            c.reportActivityId,
            daysBefore(d, 7),
            monthsBefore(d, 1),
            monthsBefore(d, 12),
            firstMonth,
            monthEnd,
          ]);
          return { rows: day.rows, totals: sums.rows };
        } finally {
          client.release();
        }
      };
    },
    check: (b) => {
      const r = (b as { returnObject?: { todayContributions?: unknown[] } }).returnObject;
      if (!r?.todayContributions?.length) throw new Error('report without rows');
    },
    agree: (b, r) => {
      const n = (b as { returnObject: { todayContributions: unknown[] } }).returnObject.todayContributions.length;
      const m = rowsOf(r).length;
      return n === m ? null : `${n} rows of the day from the API, ${m} from SQL`;
    },
  },
  {
    name: 'account register (Cash, page 1)',
    path: (c) => `/api/Financials/Accounts/Transactions/Account?id=${c.cashAccountId}`,
    // the newest 50 postings from the account's index, the running balance back from the kept balance
    raw: (c, s) => {
      const page = s.linesCarryEntry
        ? `select l.entry_id, l.currency_code, l.entry_date, l.entry_no, sum(l.amount_minor) as amount,
                  sum(greatest(l.amount_minor, 0)) as debit, sum(greatest(-l.amount_minor, 0)) as credit
           from journal_lines l where l.tenant_id = $1 and l.account_id = $2
           group by l.entry_date, l.entry_no, l.currency_code, l.entry_id
           order by l.entry_date desc, l.entry_no desc, l.currency_code desc limit ${PAGE}`
        : `select l.entry_id, l.currency_code, e.entry_date, e.entry_no, sum(l.amount_minor) as amount,
                  sum(greatest(l.amount_minor, 0)) as debit, sum(greatest(-l.amount_minor, 0)) as credit
           from journal_lines l join journal_entries e on e.tenant_id = l.tenant_id and e.id = l.entry_id
           where l.tenant_id = $1 and l.account_id = $2
           group by e.entry_date, e.entry_no, l.currency_code, l.entry_id
           order by e.entry_date desc, e.entry_no desc, l.currency_code desc limit ${PAGE}`;
      const text = `
        with page as (${page}),
        kept as (select currency_code, sum(balance_minor) as balance from account_balances
                 where tenant_id = $1 and account_id = $2 group by currency_code)
        select p.*, e.memo, e.source_type, e.source_id, d.transaction_number, d.approved,
               k.balance - coalesce(sum(p.amount) over (partition by p.currency_code order by p.entry_date desc, p.entry_no desc
                 rows between unbounded preceding and 1 preceding), 0) as running_balance
        from page p
        join journal_entries e on e.tenant_id = $1 and e.id = p.entry_id
        left join financial_transactions d on d.tenant_id = $1 and d.id = e.source_id and e.source_type in ('income', 'expense', 'journal')
        left join kept k on k.currency_code = p.currency_code
        order by p.entry_date desc, p.entry_no desc`;
      return (db) => db.query(text, [c.tenantId, c.cashAccountId]);
    },
    check: (b) => {
      if (!Array.isArray(b) || b.length === 0) throw new Error('empty register');
    },
    agree: (b, r) => {
      const recs = b as { entryId: string; runningBalance: number }[];
      const rows = rowsOf(r);
      const top = Number(rows[0]?.running_balance ?? 0) / 100;
      if (recs[0] && Math.abs(recs[0].runningBalance - top) > 0.001)
        return `newest running balance ${recs[0].runningBalance}, SQL ${top}`;
      return sameIds(
        'entries',
        recs.map((x) => x.entryId),
        rows.map((x) => x.entry_id),
      );
    },
  },
  {
    name: 'transaction list, page 1',
    path: () => '/api/Financials/Accounts/v2/Transactions?page=1',
    raw: (c, s) => {
      const total = s.documentDayCounts
        ? `select coalesce(sum(row_count), 0) from financial_transaction_daily_counts where tenant_id = $1`
        : `select count(*) from financial_transactions where tenant_id = $1 and deleted_at is null`;
      const text = `
        select f.*, a.name as account_name, (${total}) as total_items
        from (select * from financial_transactions where tenant_id = $1 and deleted_at is null
              order by transaction_date desc, created_at desc, id desc limit ${PAGE}) f
        left join accounts a on a.tenant_id = $1 and a.id = f.account_id
        order by f.transaction_date desc, f.created_at desc, f.id desc`;
      return (db) => db.query(text, [c.tenantId]);
    },
    check: (b) => {
      const r = b as { records?: unknown[] };
      if (!r.records?.length) throw new Error('empty transaction list');
    },
    agree: (b, r) => {
      const page = b as { records: { id: string }[]; totalItems: number };
      const rows = rowsOf(r);
      const total = Number(rows[0]?.total_items ?? 0);
      if (total !== page.totalItems) return `totalItems ${page.totalItems}, SQL ${total}`;
      return sameIds(
        'document ids',
        page.records.map((x) => x.id),
        rows.map((x) => x.id),
      );
    },
  },
  {
    name: 'chart of accounts',
    path: () => '/api/Financials/GetChartOfAccounts',
    // every account with its head and its balance per currency
    raw: (c) => {
      const text = `
        select a.id, a.code, a.name, a.description, a.account_type, a.fund_id, a.account_group_id, a.currency_code,
               g.name as head, g.group_sub_head, g.sort_order, b.balance
        from accounts a
        left join account_groups g on g.tenant_id = $1 and g.id = a.account_group_id
        left join (select account_id, sum(balance_minor) as balance from account_balances where tenant_id = $1 group by account_id) b
          on b.account_id = a.id
        where a.tenant_id = $1
        order by a.account_type, g.sort_order, g.name, a.code, a.name`;
      return (db) => db.query(text, [c.tenantId]);
    },
    check: (b) => {
      if (!(b as { accountwithHeads?: unknown[] }).accountwithHeads?.length) throw new Error('empty chart');
    },
    agree: (b, r) => {
      const chart = b as {
        accountwithHeads: { accountHeadsDTO: { accounts: { id: string }[] }[] }[];
        accountwithoutheads: { id: string }[];
      };
      const ids = new Set([
        ...chart.accountwithHeads.flatMap((g) => g.accountHeadsDTO.flatMap((h) => h.accounts.map((a) => a.id))),
        ...chart.accountwithoutheads.map((a) => a.id),
      ]);
      const n = rowsOf(r).length;
      return ids.size === n ? null : `${ids.size} accounts from the API, ${n} from SQL`;
    },
  },
];

function agreePage(b: unknown, r: unknown): string | null {
  const page = b as { data: { id: string }[]; totalItems: number };
  const rows = rowsOf(r);
  const total = Number(rows[0]?.total_items ?? 0);
  if (total !== page.totalItems) return `totalItems ${page.totalItems}, SQL ${total}`;
  return sameIds(
    'page ids',
    page.data.map((x) => x.id),
    rows.map((x) => x.id),
  );
}

function checkPage(b: unknown, c: MeasuredChurch): void {
  const p = b as { data?: unknown[]; totalItems?: number };
  if (p.data?.length !== PAGE) throw new Error(`offering page of ${p.data?.length ?? 'no'} rows`);
  if (p.totalItems !== c.offerings) throw new Error(`totalItems ${p.totalItems}, expected ${c.offerings}`);
}

/** Times one endpoint and its raw SQL on church `c`: alone and at BENCH_CLIENTS clients. */
async function measure(e: Endpoint, c: MeasuredChurch, baseUrl: string, db: pg.Pool, s: SchemaInfo) {
  const client = api(baseUrl, c.token);
  const path = e.path(c);
  const body = await client.get(path);
  e.check(body, c);
  const raw = e.raw(c, s);
  const differs = e.agree(body, await raw(db));
  for (let i = 0; i < WARM_UP; i++) {
    await client.fetch(path);
    await raw(db);
  }
  const [apiAlone, rawAlone] = (await timeInterleaved(sizes.samples, [() => client.fetch(path), () => raw(db)])) as [
    number[],
    number[],
  ];
  const apiMany = await timeConcurrent(sizes.clients, sizes.perClient, () => client.fetch(path));
  const rawMany = await timeConcurrent(sizes.clients, sizes.perClient, () => raw(db));
  return {
    apiAlone: percentile(apiAlone, 0.5),
    apiP50: percentile(apiMany, 0.5),
    apiP99: percentile(apiMany, 0.99),
    rawAlone: percentile(rawAlone, 0.5),
    rawP50: percentile(rawMany, 0.5),
    rawP99: percentile(rawMany, 0.99),
    differs,
  };
}

/** Prints the two tables of the read endpoints (see the file's comment). */
export async function benchReads(baseUrl: string, db: pg.Pool, churches: MeasuredChurch[]): Promise<void> {
  const s = await schemaInfo(db);
  const big = churches[0]!;
  const rows: string[][] = [];
  const differences: string[] = [];
  for (const e of endpoints) {
    const m = await measure(e, big, baseUrl, db, s);
    if (m.differs) differences.push(`${e.name}: ${m.differs}`);
    rows.push([
      e.name,
      ms(m.apiAlone),
      ms(m.apiP50),
      ms(m.apiP99),
      ms(m.rawAlone),
      ms(m.rawP50),
      ms(m.rawP99),
      ratio(m.apiAlone, m.rawAlone),
      ratio(m.apiP50, m.rawP50),
      ratio(m.apiP99, m.rawP99),
      m.differs ? 'no' : 'yes',
      m.apiAlone < 20 && m.apiP50 <= 2 * m.rawP50 ? 'yes' : 'no',
    ]);
  }
  printTable(
    `Read endpoints, church of ${big.offerings.toLocaleString('en')} offerings: ms; '@${sizes.clients}' = ${sizes.clients} concurrent clients ` +
      `(${sizes.perClient} requests each); raw = the SQL of the same answer on a pool of 10; goal: < 20 ms alone, <= 2x raw at ${sizes.clients}`,
    [
      'endpoint',
      'API p50 alone',
      `API p50 @${sizes.clients}`,
      `API p99 @${sizes.clients}`,
      'SQL p50 alone',
      `SQL p50 @${sizes.clients}`,
      `SQL p99 @${sizes.clients}`,
      'API/SQL alone',
      `API/SQL p50 @${sizes.clients}`,
      `API/SQL p99 @${sizes.clients}`,
      'same answer',
      'goal met',
    ],
    rows,
  );
  for (const d of differences) console.log(`  the SQL's answer differs: ${d}`);

  if (churches.length < 2) return;
  const growth: string[][] = [];
  const ordered = [...churches].sort((a, b) => a.offerings - b.offerings);
  for (const e of endpoints) {
    const calls = [];
    for (const c of ordered) {
      const client = api(baseUrl, c.token);
      const path = e.path(c);
      e.check(await client.get(path), c);
      for (let i = 0; i < WARM_UP; i++) await client.fetch(path);
      calls.push(() => client.fetch(path));
    }
    const p50s = (await timeInterleaved(sizes.samples, calls)).map((t) => percentile(t, 0.5));
    const max = Math.max(...p50s);
    const min = Math.min(...p50s);
    growth.push([e.name, ...p50s.map(ms), ratio(max, min), max <= 1.5 * min ? 'yes' : 'no']);
  }
  printTable(
    'Growth: API p50 alone (ms) per church size; goal: max/min <= 1.5x',
    ['endpoint', ...ordered.map((c) => `${c.offerings.toLocaleString('en')} offerings`), 'max/min', 'goal met'],
    growth,
  );
  const notes: string[] = [];
  for (const c of ordered) {
    const r = await db.query<{ n: number }>(
      'select count(*)::int as n from offering_transactions where tenant_id = $1 and transaction_date = $2 and activity_id = $3 and deleted_at is null',
      [c.tenantId, c.reportDate, c.reportActivityId],
    );
    notes.push(
      `${c.offerings.toLocaleString('en')} offerings: middle page ${middlePage(c)}, report of ${c.reportDate} with ${r.rows[0]!.n} rows`,
    );
  }
  console.log(`\n(${notes.join('; ')})`);
}
