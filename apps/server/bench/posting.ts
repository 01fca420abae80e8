/**
 * Posting throughput (issue 7 'Speed'): BENCH_POST_ROWS offering rows saved through
 * `POST /api/Financials/Contributions/Transactions/Save`, BENCH_POST_BATCH rows a request, by
 * BENCH_POST_CLIENTS concurrent clients, into the biggest church; then the same rows as bare
 * set-based INSERTs (offering rows, journal entries, three lines each; triggers on, one
 * transaction per batch, the same number of clients). Prints rows/s of both and the ratio.
 * Goals: at least 2,000 rows/s through the API, within 3x of the bare inserts.
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { newRowId } from '../src/lib/ids.ts';
import { sizes } from './config.ts';
import { offeringLinesSql, schemaInfo, verify, type MeasuredChurch } from './seed.ts';
import { api } from './setup.ts';
import { ms, percentile, printTable, ratio } from './stats.ts';

const CHANNELS = ['Cash', 'Cash', 'Cash', 'Cash', 'POS', 'Bank Transfer', 'Online', 'Cheque', 'USSDText'];
const CURRENCY_IDS: Record<string, number> = { NGN: 566, USD: 840 };

interface Row {
  itemId: string;
  date: string;
  /** minor units of `currency` */
  amountMinor: number;
  currency: 'NGN' | 'USD';
  channel: string;
  personId: string | null;
  activityId: string | null;
}

/** The rows to post: the last 28 days, the day's event when it has one, the seed's mix of items, currencies and donors. */
async function rowsToPost(db: pg.Pool, c: MeasuredChurch): Promise<Row[]> {
  const acts = await db.query<{ day: string; id: string }>(
    `select to_char(activity_date, 'YYYY-MM-DD') as day, id from activities
     where tenant_id = $1 and activity_date > current_date - 28 and activity_date <= current_date`,
    [c.tenantId],
  );
  const byDay = new Map(acts.rows.map((a) => [a.day, a.id]));
  const now = new Date();
  return Array.from({ length: sizes.postRows }, (_, k) => {
    const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (k % 28));
    const date = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const currency = k % 50 === 0 ? 'USD' : 'NGN';
    return {
      itemId: c.itemIds[k % 10 < 6 ? 0 : k % 10 < 9 ? 1 : 2] ?? c.itemIds[0]!,
      date,
      amountMinor: 100 * (currency === 'USD' ? 1 + (k % 200) : 500 + (k % 200) * 250),
      currency,
      channel: CHANNELS[k % CHANNELS.length]!,
      personId: k % 10 < 4 && c.personIds.length ? c.personIds[k % c.personIds.length]! : null,
      activityId: k % 10 > 0 ? (byDay.get(date) ?? null) : null,
    };
  });
}

/** Runs `work(batch)` over the rows in batches, `clients` at a time; answers elapsed ms and each batch's ms. */
async function inBatches(rows: Row[], clients: number, work: (batch: Row[]) => Promise<void>) {
  const batches: Row[][] = [];
  for (let i = 0; i < rows.length; i += sizes.postBatch) batches.push(rows.slice(i, i + sizes.postBatch));
  const times: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < batches.length) {
        const b = batches[next++]!;
        const t = performance.now();
        await work(b);
        times.push(performance.now() - t);
      }
    }),
  );
  return { elapsed: performance.now() - t0, times };
}

/** Prints the posting table (see the file's comment). */
export async function benchPosting(baseUrl: string, db: pg.Pool, c: MeasuredChurch): Promise<void> {
  const schema = await schemaInfo(db);
  const rows = await rowsToPost(db, c);
  const client = api(baseUrl, c.token);
  // one save to warm up, not counted
  await client.post('/api/Financials/Contributions/Transactions/Save', toBody(rows.slice(0, 2)));

  const viaApi = await inBatches(rows, sizes.postClients, async (batch) => {
    await client.post('/api/Financials/Contributions/Transactions/Save', toBody(batch));
  });

  // the bare inserts: the item's accounts and the latest rates, read once
  const items = await db.query<{
    id: string;
    name: string;
    cash_id: string;
    remit_id: string;
    income_id: string;
    fund_id: string;
    pct: string;
  }>(
    `select i.id, i.name, i.cash_account_id as cash_id, r.destination_cash_bank_account_id as remit_id,
            i.income_account_id as income_id, a.fund_id, r.percentage as pct
     from contribution_items i
     join contribution_item_remittances r on r.tenant_id = i.tenant_id and r.contribution_item_id = i.id
     join accounts a on a.tenant_id = i.tenant_id and a.id = i.income_account_id
     where i.tenant_id = $1 and i.id = any($2::uuid[])`,
    [c.tenantId, c.itemIds],
  );
  if (items.rowCount !== c.itemIds.length) throw new Error('every offering item of the bench has one remittance');
  const lines = offeringLinesSql(schema);
  const insertEntries = `
    insert into journal_entries (tenant_id, id, entry_date, memo, source_type, source_id)
    select $1, x.entry_id, x.d, x.memo, 'offering', x.id
    from unnest($2::uuid[], $3::uuid[], $4::date[], $5::text[]) as x(entry_id, id, d, memo)`;
  const insertLines = `
    insert into journal_lines (${lines.columns})
    with rates as (select distinct on (currency_code) currency_code, units_per_usd, rate_date, source
                   from fx_rates order by currency_code, rate_date desc),
    o as (
      select $1::uuid as tenant_id, x.entry_id, x.amount_minor, x.currency_code, x.person_id, now() as created_at,
             e.entry_date, e.entry_no, i.cash_id, i.remit_id, i.income_id, i.fund_id, i.pct, t.currency_code as home,
             hr.units_per_usd / cr.units_per_usd as rate, cr.rate_date, cr.source as rate_source
      from unnest($2::uuid[], $3::bigint[], $4::text[], $5::uuid[], $6::uuid[]) as x(entry_id, amount_minor, currency_code, person_id, item_id)
      join journal_entries e on e.tenant_id = $1 and e.id = x.entry_id
      join (select * from unnest($7::uuid[], $8::uuid[], $9::uuid[], $10::uuid[], $11::uuid[], $12::numeric[])
            as i(id, cash_id, remit_id, income_id, fund_id, pct)) i on i.id = x.item_id
      join tenants t on t.id = $1
      join rates hr on hr.currency_code = t.currency_code
      join rates cr on cr.currency_code = x.currency_code)
    ${lines.select}`;
  const insertOfferings = `
    insert into offering_transactions (tenant_id, id, activity_id, contribution_item_id, transaction_date, amount_minor,
      currency_code, payment_channel, person_id, source, journal_entry_id)
    select $1, x.id, x.activity_id, x.item_id, x.d, x.amount_minor, x.currency_code, x.channel, x.person_id, 'offering', x.entry_id
    from unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::date[], $6::bigint[], $7::text[], $8::text[], $9::uuid[], $10::uuid[])
      as x(id, activity_id, item_id, d, amount_minor, currency_code, channel, person_id, entry_id)`;
  const it = items.rows;
  const itemArrays = [
    it.map((i) => i.id),
    it.map((i) => i.cash_id),
    it.map((i) => i.remit_id),
    it.map((i) => i.income_id),
    it.map((i) => i.fund_id),
    it.map((i) => i.pct),
  ];
  const names = new Map(it.map((i) => [i.id, i.name]));
  const bare = await inBatches(rows, sizes.postClients, async (batch) => {
    // the same time-ordered keys the app gives (lib/ids.ts); the lines take uuid_v7() (0014)
    const ids = batch.map(() => newRowId());
    const entryIds = batch.map(() => newRowId());
    const conn = await db.connect();
    try {
      await conn.query('begin');
      await conn.query(insertEntries, [
        c.tenantId,
        entryIds,
        ids,
        batch.map((r) => r.date),
        batch.map((r) => `${names.get(r.itemId)} (${r.channel})`),
      ]);
      await conn.query(insertLines, [
        c.tenantId,
        entryIds,
        batch.map((r) => r.amountMinor),
        batch.map((r) => r.currency),
        batch.map((r) => r.personId),
        batch.map((r) => r.itemId),
        ...itemArrays,
      ]);
      await conn.query(insertOfferings, [
        c.tenantId,
        ids,
        batch.map((r) => r.activityId),
        batch.map((r) => r.itemId),
        batch.map((r) => r.date),
        batch.map((r) => r.amountMinor),
        batch.map((r) => r.currency),
        batch.map((r) => r.channel),
        batch.map((r) => r.personId),
        entryIds,
      ]);
      await conn.query('commit');
    } catch (e) {
      await conn.query('rollback');
      throw e;
    } finally {
      conn.release();
    }
  });
  const perSecond = (n: number, elapsed: number) => (n / elapsed) * 1000;
  const apiRate = perSecond(rows.length, viaApi.elapsed);
  const bareRate = perSecond(rows.length, bare.elapsed);
  printTable(
    `Posting ${rows.length.toLocaleString('en')} offering rows (3 journal lines each) into the church of ${c.offerings.toLocaleString('en')} offerings, ` +
      `${sizes.postBatch} rows a batch, ${sizes.postClients} clients; goal: API >= 2,000 rows/s and bare/API <= 3x`,
    ['how', 'rows/s', 'batch p50 ms', 'batch p99 ms', 'seconds'],
    [
      [
        'API: POST …/Transactions/Save',
        apiRate.toFixed(0),
        ms(percentile(viaApi.times, 0.5)),
        ms(percentile(viaApi.times, 0.99)),
        (viaApi.elapsed / 1000).toFixed(1),
      ],
      [
        'bare INSERTs (set-based, triggers on)',
        bareRate.toFixed(0),
        ms(percentile(bare.times, 0.5)),
        ms(percentile(bare.times, 0.99)),
        (bare.elapsed / 1000).toFixed(1),
      ],
      ['bare/API', ratio(bareRate, apiRate), '', '', ''],
    ],
  );
  console.log(
    `\nposting goal (>= 2,000 rows/s and within 3x of bare inserts): ${apiRate >= 2000 && bareRate <= 3 * apiRate ? 'met' : 'not met'}`,
  );
  // what both ways posted must leave the ledger and the kept totals consistent
  await verify(db, c.tenantId);
}

/** Rows as the existing client sends them (existing-client-api §2.2 Save): amounts in major units. */
function toBody(rows: Row[]) {
  return rows.map((r) => ({
    name: '',
    financialContributionID: r.itemId,
    date: r.date,
    memo: '',
    amount: r.amountMinor / 100,
    paymentChannel: r.channel,
    activityID: r.activityId ?? '',
    personID: r.personId ?? '',
    currencyID: CURRENCY_IDS[r.currency]!,
  }));
}
