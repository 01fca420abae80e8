import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { client, trialBalance } from './helpers.ts';
import {
  entriesOfPayment,
  giftBody,
  givingChurch,
  initialise,
  pay,
  paymentRow,
  startGivingHarness,
  systemBalance,
  type GivingChurch,
  type GivingHarness,
} from './giving-donations-support.ts';

/**
 * The donation screens' calls (issue 10 'Admin screens'; giving spec 2.4, 2.5, §3, §9;
 * existing-client-api §3.2): the donation list, its summary per period, the filter, the payments
 * with their status, deleting a donation (a reversal; the payment is not refunded), another
 * church's ids and no session.
 */

let h: GivingHarness;
let a: GivingChurch;
let b: GivingChurch;
let gifts: { reference: string }[] = [];
beforeAll(async () => {
  h = await startGivingHarness();
  a = await givingChurch(h.app);
  b = await givingChurch(h.app);
  // three received gifts of church a (webhooks settle them), one of church b
  const first = await initialise(h.app, giftBody(a));
  await pay(h, first);
  const second = await initialise(
    h.app,
    giftBody(a, {
      paymentGateway: 'Flutterwave',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      contributionItems: [{ contributionItemId: a.tithe, amount: 2500 }],
    }),
  );
  await pay(h, second);
  const third = await initialise(
    h.app,
    giftBody(a, {
      isAnonymous: true,
      email: '',
      name: '',
      phone: '',
      contributionItems: [{ contributionItemId: a.offering, amount: 100 }],
    }),
  );
  await pay(h, third);
  const other = await initialise(h.app, giftBody(b, { name: 'Other Church Giver' }));
  await pay(h, other);
  gifts = [first, second, third, other];
  for (const g of gifts) expect((await paymentRow(h.database, g.reference))!.status).toBe('succeeded');
}, 180_000);
afterAll(async () => {
  await h?.close();
});

interface Donation {
  id: string;
  date: string;
  eventDate: string | null;
  eventName: string | null;
  contribution: string;
  amount: number;
  donor: string;
  currencyName: string;
  channel: string;
  reference: string | null;
  fee: number | null;
}

describe('GET /api/Financials/Donation/Transactions', () => {
  it("answers the church's donation rows, newest first, with donor, channel and totalItems", async () => {
    const res = await a.api.get('/api/Financials/Donation/Transactions?page=1');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { data: Donation[]; totalItems: number };
    expect(page.totalItems).toBe(4);
    expect(page.data).toHaveLength(4);
    expect(Object.keys(page.data[0]!).sort()).toEqual(
      [
        'amount',
        'channel',
        'contribution',
        'currencyName',
        'date',
        'donor',
        'eventDate',
        'eventName',
        'fee',
        'id',
        'reference',
      ].sort(),
    );
    // newest first (as the offering list: the rows of one gift too): the anonymous gift, Ada's, then the first gift's two items
    expect(page.data.map((d) => [d.contribution, d.amount, d.donor, d.channel])).toEqual([
      ['Sunday Offering', 100, 'Anonymous', 'Paystack'],
      ['Tithe', 2500, 'Ada Lovelace', 'Flutterwave'],
      ['Tithe', 500, 'Chidi Okafor', 'Paystack'],
      ['Sunday Offering', 1000.5, 'Chidi Okafor', 'Paystack'],
    ]);
    expect(page.data.every((d) => d.currencyName === 'NGN' && d.reference?.startsWith('STW-'))).toBe(true);
    expect((await a.api.get('/api/Financials/Donation/Transactions?page=2')).json()).toEqual({
      data: [],
      totalItems: 4,
    });
  });

  it("never shows another church's donations", async () => {
    const page = (await b.api.get('/api/Financials/Donation/Transactions?page=1')).json() as {
      data: Donation[];
      totalItems: number;
    };
    expect(page.totalItems).toBe(2);
    expect(page.data.every((d) => d.donor === 'Other Church Giver')).toBe(true);
  });

  it('answers 401 without a session and 400 naming page for a bad page', async () => {
    const res = await client(h.app, null).get('/api/Financials/Donation/Transactions?page=1');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'You are not signed in' });
    const bad = await a.api.get('/api/Financials/Donation/Transactions?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('page');
  });
});

describe('GET /api/financials/donation/transactions/summary', () => {
  it('answers the period shape of the offering summary with the donations only', async () => {
    const res = await a.api.get('/api/financials/donation/transactions/summary');
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json();
    expect(Object.keys(s).sort()).toEqual(
      [
        'lastMonth',
        'lastNinetyDays',
        'lastThirtyDays',
        'lastWeek',
        'oneWeek',
        'oneYear',
        'thisMonth',
        'thisWeek',
      ].sort(),
    );
    expect(s.oneWeek).toMatchObject({ name: 'One Week', income: 4100.5 });
    expect(s.oneWeek.pieChart).toEqual(
      expect.arrayContaining([
        { name: 'Sunday Offering', value: 1100.5 },
        { name: 'Tithe', value: 3000 },
      ]),
    );
    expect(s.oneWeek.barChart.data).toEqual([4100.5]);
    expect((await client(h.app, null).get('/api/financials/donation/transactions/summary')).statusCode).toBe(401);
  });
});

describe('GET /api/Financials/Donation/FilteredTransactions and /Payments', () => {
  it('filters by donation and by donor (any case)', async () => {
    const tithe = (
      await a.api.get('/api/Financials/Donation/FilteredTransactions?contribution=tith')
    ).json() as Donation[];
    expect(tithe.map((d) => d.amount).sort()).toEqual([2500, 500].sort());
    const ada = (await a.api.get('/api/Financials/Donation/FilteredTransactions?donor=ADA')).json() as Donation[];
    expect(ada.map((d) => d.donor)).toEqual(['Ada Lovelace']);
    expect((await client(h.app, null).get('/api/Financials/Donation/FilteredTransactions')).statusCode).toBe(401);
  });

  it('lists the payments with their items, fees and counts per status', async () => {
    const res = await a.api.get('/api/Financials/Donation/Payments?page=1');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json();
    expect(list.totalItems).toBe(3);
    expect(list.counts).toEqual({ pending: 0, succeeded: 3, failed: 0, abandoned: 0, flagged: 0, cancelled: 0 });
    expect(list.needsAttention).toBe(0);
    const first = list.data.find((p: { reference: string }) => p.reference === gifts[0]!.reference);
    expect(first).toMatchObject({
      status: 'succeeded',
      reason: null,
      refundStatus: null,
      refundedAt: null,
      paymentGatewayName: 'Paystack',
      amount: 1500.5,
      currencyName: 'NGN',
      donor: 'Chidi Okafor',
      items: [
        { name: 'Sunday Offering', amount: 1000.5 },
        { name: 'Tithe', amount: 500 },
      ],
    });
    expect(first.fee).toBeGreaterThan(0);
    expectBad(await a.api.get('/api/Financials/Donation/Payments?status=lost'), 'status');
  });
});

function expectBad(res: { statusCode: number; json(): { errors: { field: string }[] } }, field: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json().errors[0]!.field).toBe(field);
}

describe('deleting a donation', () => {
  it('reverses its entry (never erases it), says the payment is not refunded, and leaves it out of the lists', async () => {
    const page = (await a.api.get('/api/Financials/Donation/Transactions?page=1')).json() as { data: Donation[] };
    const ada = page.data.find((d) => d.donor === 'Ada Lovelace')!;
    const clearing = await systemBalance(h.database, a.tenantId, 'flutterwave_clearing');
    const res = await a.api.delete(`/api/Financials/Contributions/Transactions/Delete?ID=${ada.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      response:
        "Donation deleted. The payment itself is not refunded: refund it from the provider's dashboard if needed",
    });
    expect(await systemBalance(h.database, a.tenantId, 'flutterwave_clearing')).toBe(clearing - 250000n);
    const [entries] = await queryRows<{ n: number; reversals: number }>(
      h.database.db,
      sql`select count(*)::int as n, count(reverses_entry_id)::int as reversals from journal_entries
          where tenant_id = ${a.tenantId} and (source_id = ${ada.id} or reverses_entry_id in
                (select journal_entry_id from offering_transactions where id = ${ada.id}))`,
    );
    expect(entries).toEqual({ n: 2, reversals: 1 });
    const after = (await a.api.get('/api/Financials/Donation/Transactions?page=1')).json() as {
      data: Donation[];
      totalItems: number;
    };
    expect(after.totalItems).toBe(3);
    expect(after.data.some((d) => d.id === ada.id)).toBe(false);
    expect(Object.values(await trialBalance(h.database, a.tenantId)).every((v) => v === 0n)).toBe(true);
    // an offering keeps the offering's words
    expect(await entriesOfPayment(h.database, a.tenantId, gifts[1]!.reference)).toHaveLength(2);
  });

  it("answers 404 for another church's donation and changes nothing", async () => {
    const theirs = (await b.api.get('/api/Financials/Donation/Transactions?page=1')).json() as { data: Donation[] };
    const res = await a.api.delete(`/api/Financials/Contributions/Transactions/Delete?ID=${theirs.data[0]!.id}`);
    expect(res.statusCode).toBe(404);
    expect((await b.api.get('/api/Financials/Donation/Transactions?page=1')).json().totalItems).toBe(2);
  });
});

describe('POST /api/Financials/Donation/Payments/Recheck', () => {
  it("asks the provider about one of the church's payments; another church's reference is 404", async () => {
    const mine = await a.api.post(`/api/Financials/Donation/Payments/Recheck?reference=${gifts[0]!.reference}`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({
      status: true,
      returnObject: { reference: gifts[0]!.reference, status: 'succeeded' },
    });
    const theirs = await a.api.post(`/api/Financials/Donation/Payments/Recheck?reference=${gifts[3]!.reference}`);
    expect(theirs.statusCode).toBe(404);
    expect(
      (await client(h.app, null).post(`/api/Financials/Donation/Payments/Recheck?reference=${gifts[0]!.reference}`))
        .statusCode,
    ).toBe(401);
  });
});
