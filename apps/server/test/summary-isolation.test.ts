/**
 * Issue 6, "One church's request stalls every church": the offering summary and report are
 * summed in SQL, so a church with a long history neither blocks the event loop nor delays
 * other churches; and the SQL totals are the same figures as before, worked out by hand.
 */
import { performance } from 'node:perf_hooks';
import dayjs from 'dayjs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { client, startHarness, type Harness } from './helpers.ts';
import { localDate, NGN, USD } from './fixtures.ts';
import { DELETE, EDIT, offeringChurch, saveRows, type OfferingChurch } from './offering-setup.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const SUMMARY = '/api/financials/contributions/transactions/summary';
const REPORT = '/api/Offering/contributionReport';
const LIST = '/api/Financials/Contributions/Transactions?page=1';

interface Period {
  name: string;
  income: number;
  pieChart: { name: string; value: number }[];
  barChart: { data: number[]; categories: string[] };
}

/** Kobo as the JSON number the API answers (exact: both sides are correctly rounded). */
const naira = (kobo: bigint): number => Number(kobo) / 100;

/**
 * USD cents to NGN kobo at `usdngn` NGN per USD: exactly cents × rate, rounded half to even
 * (both currencies have 2 decimals), worked out on the rate's decimal digits.
 */
function usdToKobo(cents: bigint, usdngn: number): bigint {
  const [int, frac = ''] = String(usdngn).split('.');
  const scale = 10n ** BigInt(frac.length);
  const n = cents * BigInt(`${int}${frac}`);
  const q = n / scale;
  const twice = 2n * (n % scale);
  return twice > scale || (twice === scale && q % 2n === 1n) ? q + 1n : q;
}

describe('summary and report totals summed in SQL', () => {
  it('answers every period by hand: items, dates, a second currency, deleted and foreign rows left out', async () => {
    const c = await offeringChurch(h.app);
    const other = await offeringChurch(h.app);
    const building = (
      await c.api.post('/api/financials/contributions/items/save', {
        name: 'Building Fund',
        incomeAccountId: c.offering,
        cashAccountId: c.cash,
        incomeRemittance: null,
      })
    ).json().returnObject.id as string;
    const usdngn = (await client(h.app, null).get('/fxRates')).json().usdngn as number;
    const today = localDate();
    const row = (item: string, amount: string, date: string, currencyID = NGN) => ({
      financialContributionID: item,
      date,
      amount,
      paymentChannel: 'Cash',
      currencyID,
    });
    const saved = await saveRows(c.api, [
      row(c.sundayItem, '1000', today),
      row(c.titheItem, '250.50', today),
      row(c.sundayItem, '10.25', today, USD),
      row(c.sundayItem, '5', today, USD),
      row(c.titheItem, '20', localDate(-1)),
      row(building, '75.25', localDate(-3)),
      row(c.sundayItem, '500', localDate(-40)),
      row(c.sundayItem, '4000', localDate(-400)),
      row(c.titheItem, '999', today),
    ]);
    expect((await c.api.delete(`${DELETE}?ID=${saved[8]!.id}`)).statusCode).toBe(200);
    await saveRows(other.api, [row(other.sundayItem, '77777', today)]);

    // By hand, in kobo: the two USD rows of today's Sunday Offering are summed (15.25 USD)
    // and converted once at the stored rate.
    const usd = usdToKobo(1525n, usdngn);
    const kobo: { date: string; item: string; value: bigint }[] = [
      { date: localDate(-40), item: 'Sunday Offering', value: 50000n },
      { date: localDate(-3), item: 'Building Fund', value: 7525n },
      { date: localDate(-1), item: 'Tithe', value: 2000n },
      { date: today, item: 'Sunday Offering', value: 100000n + usd },
      { date: today, item: 'Tithe', value: 25050n },
    ];
    const now = dayjs();
    const f = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');
    const sunday = now.startOf('week');
    const periods: Record<string, [string, string, string]> = {
      oneWeek: ['One Week', f(now.subtract(6, 'day')), today],
      thisWeek: ['This Week', f(sunday), today],
      lastWeek: ['Last Week', f(sunday.subtract(7, 'day')), f(sunday.subtract(1, 'day'))],
      thisMonth: ['This Month', f(now.startOf('month')), today],
      lastMonth: [
        'Last Month',
        f(now.subtract(1, 'month').startOf('month')),
        f(now.subtract(1, 'month').endOf('month')),
      ],
      lastThirtyDays: ['Last 30days', f(now.subtract(29, 'day')), today],
      lastNinetyDays: ['Last 90days', f(now.subtract(89, 'day')), today],
      oneYear: ['One Year', f(now.subtract(1, 'year').add(1, 'day')), today],
    };

    const res = await c.api.get(SUMMARY);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Record<string, Period>;
    expect(Object.keys(body)).toEqual(Object.keys(periods));
    for (const [key, [name, from, to]] of Object.entries(periods)) {
      const inside = kobo.filter((k) => k.date >= from && k.date <= to);
      const pie = new Map<string, bigint>();
      const bar = new Map<string, bigint>();
      for (const k of inside) {
        pie.set(k.item, (pie.get(k.item) ?? 0n) + k.value);
        bar.set(k.date, (bar.get(k.date) ?? 0n) + k.value);
      }
      expect(body[key], key).toEqual({
        name,
        income: naira(inside.reduce((s, k) => s + k.value, 0n)),
        pieChart: [...pie].map(([item, v]) => ({ name: item, value: naira(v) })),
        barChart: {
          data: [...bar].map(([, v]) => naira(v)),
          categories: [...bar].map(([date]) => dayjs(date).format('MM/DD/YYYY')),
        },
      });
    }
    // Spelled out once: the week's pie in order of first appearance, its bars in date order.
    expect(body.oneWeek!.pieChart).toEqual([
      { name: 'Building Fund', value: 75.25 },
      { name: 'Tithe', value: 270.5 },
      { name: 'Sunday Offering', value: naira(100000n + usd) },
    ]);
    expect(body.oneWeek!.barChart.categories).toEqual(
      [localDate(-3), localDate(-1), today].map((d) => dayjs(d).format('MM/DD/YYYY')),
    );
    expect(body.oneWeek!.income).toBe(naira(100000n + usd + 25050n + 2000n + 7525n));
    expect(body.lastNinetyDays!.pieChart[0]).toEqual({ name: 'Sunday Offering', value: naira(150000n + usd) });

    // The report of today (no event): the day's rows, its total with the USD rows converted
    // as one sum, and this month's bar of the 12-month chart.
    const report = (await c.api.get(`${REPORT}?date=${today}`)).json().returnObject;
    expect(report.totalToday).toBe(naira(100000n + 25050n + usd));
    expect(report.todayContributions).toHaveLength(4);
    expect(report.totalLastWeek).toBe(0);
    const monthly = Object.fromEntries(
      (report.monthly as { month: string; value: number }[]).map((m) => [m.month, m.value]),
    );
    const thisMonth = kobo.filter((k) => k.date.slice(0, 7) === today.slice(0, 7)).reduce((s, k) => s + k.value, 0n);
    expect(monthly[today.slice(0, 7)]).toBe(naira(thisMonth));
    expect(monthly[localDate(-400).slice(0, 7)]).toBeUndefined();
  });
});

describe('offering_daily_totals, kept by the database', () => {
  it('equals a fresh sum over the live offerings after saves, edits of every kind and deletes', async () => {
    const c = await offeringChurch(h.app);
    const row = (extra: Record<string, unknown>) => ({
      financialContributionID: c.sundayItem,
      amount: 1000,
      currencyID: NGN,
      paymentChannel: 'Cash',
      date: localDate(-3),
      activityID: c.eventId,
      ...extra,
    });
    const saved = await saveRows(c.api, [
      row({}),
      row({ amount: 250.5 }),
      row({ financialContributionID: c.titheItem, activityID: null }),
      row({ currencyID: USD, amount: 20 }),
      row({ date: localDate(-10) }),
    ]);
    // amount, date, item, event and currency each change once; two rows are deleted
    const edits = [
      row({ id: saved[0]!.id, amount: 1200 }),
      row({ id: saved[1]!.id, date: localDate(-4) }),
      row({ id: saved[2]!.id, financialContributionID: c.sundayItem }),
      row({ id: saved[3]!.id, activityID: null }),
      row({ id: saved[4]!.id, currencyID: USD, amount: 15 }),
    ];
    for (const body of edits) expect((await c.api.put(EDIT, [body])).statusCode).toBe(200);
    expect((await c.api.delete(`${DELETE}?ID=${saved[1]!.id}`)).statusCode).toBe(200);
    expect((await c.api.delete(`${DELETE}?ID=${saved[3]!.id}`)).statusCode).toBe(200);
    const kept = await queryRows<{ k: string }>(
      h.database.db,
      sql`select source || '|' || total_date || '|' || contribution_item_id || '|' || activity_id || '|' || currency_code
                 || '|' || total_minor::text || '|' || row_count as k
          from offering_daily_totals where tenant_id = ${c.tenantId} and row_count > 0 order by 1`,
    );
    const fresh = await queryRows<{ k: string }>(
      h.database.db,
      sql`select source || '|' || transaction_date || '|' || contribution_item_id || '|'
                 || coalesce(activity_id, '00000000-0000-0000-0000-000000000000') || '|' || currency_code
                 || '|' || sum(amount_minor)::text || '|' || count(*) as k
          from offering_transactions where tenant_id = ${c.tenantId} and deleted_at is null
          group by source, transaction_date, contribution_item_id, activity_id, currency_code order by 1`,
    );
    expect(kept.map((r) => r.k)).toEqual(fresh.map((r) => r.k));
    expect(kept).toHaveLength(2); // the NGN and USD Sunday offerings of the event, 3 days ago
    // the application may read the totals but never write them
    const write = await h.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.tenant_id', ${c.tenantId}, true)`);
        await tx.execute(sql`set local role steward_app`);
        await tx.execute(sql`update offering_daily_totals set total_minor = 0 where tenant_id = ${c.tenantId}`);
      })
      .then(
        () => 'written',
        (e: unknown) => String((e as { cause?: { code?: string } }).cause?.code ?? e),
      );
    expect(write).toBe('42501');
  });
});

describe('a church with 200,000 offerings does not stall the others', () => {
  let a: OfferingChurch;
  let b: OfferingChurch;
  const today = localDate();

  beforeAll(async () => {
    a = await offeringChurch(h.app);
    b = await offeringChurch(h.app);
    await saveRows(b.api, [
      { financialContributionID: b.sundayItem, date: today, amount: '10', paymentChannel: 'Cash', currencyID: NGN },
    ]);
    // One statement, as the migration role: 200,000 rows over the last 365 days, two items.
    await h.database.db.execute(sql`
      insert into offering_transactions
        (tenant_id, contribution_item_id, transaction_date, amount_minor, currency_code, payment_channel, source)
      select ${a.tenantId}::uuid,
             case when g % 3 = 0 then ${a.titheItem}::uuid else ${a.sundayItem}::uuid end,
             ${today}::date - (g % 365),
             100 + (g * 7919) % 500000,
             'NGN', 'Cash', 'offering'
      from generate_series(1, 200000) g`);
    await h.database.db.execute(sql`analyze offering_transactions`);
  });

  it('answers /health and another church within 1 s while the big summary runs, and the summary is right', async () => {
    const slowest: Record<string, number> = {};
    const probe = async (label: string, call: () => Promise<{ statusCode: number }>) => {
      const t = performance.now();
      const res = await call();
      const ms = performance.now() - t;
      expect(res.statusCode, label).toBe(200);
      slowest[label] = Math.max(slowest[label] ?? 0, ms);
    };
    const health = client(h.app, null);
    // Church A's summary over 200,000 rows, started and not awaited: the probes run beside it.
    let running = true;
    const big = a.api.get(SUMMARY).finally(() => {
      running = false;
    });
    let rounds = 0;
    while (running || rounds < 3) {
      await Promise.all([
        probe('/health', () => health.get('/health')),
        probe('B offerings list', () => b.api.get(LIST)),
        probe('B summary', () => b.api.get(SUMMARY)),
      ]);
      rounds += 1;
    }
    for (const [label, ms] of Object.entries(slowest)) expect(ms, label).toBeLessThan(1000);

    const [oneYear] = await queryRows<{ total: string }>(
      h.database.db,
      sql`select sum(amount_minor)::text as total from offering_transactions
          where tenant_id = ${a.tenantId} and deleted_at is null
            and transaction_date between ${dayjs().subtract(1, 'year').add(1, 'day').format('YYYY-MM-DD')} and ${today}`,
    );
    const [thirty] = await queryRows<{ total: string }>(
      h.database.db,
      sql`select sum(amount_minor)::text as total from offering_transactions
          where tenant_id = ${a.tenantId} and deleted_at is null
            and transaction_date between ${localDate(-29)} and ${today}`,
    );
    const res = await big;
    expect(res.statusCode).toBe(200);
    const body = res.json() as Record<string, Period>;
    expect(body.oneYear!.income).toBe(naira(BigInt(oneYear!.total)));
    expect(body.lastThirtyDays!.income).toBe(naira(BigInt(thirty!.total)));
    expect(body.oneYear!.barChart.data).toHaveLength(365);
    expect(body.oneYear!.pieChart.map((p) => p.name).sort()).toEqual(['Sunday Offering', 'Tithe']);
    const bSummary = (await b.api.get(SUMMARY)).json() as Record<string, Period>;
    expect(bSummary.oneYear!.income).toBe(10);
  });
});
