import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { accountBalance, client, countRows, startHarness, trialBalance, type Harness } from './helpers.ts';
import { NGN } from './fixtures.ts';
import { offeringChurch, saveRows, LIST, ONE, SAVE, type OfferingChurch } from './offering-setup.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const balances = async (c: OfferingChurch) => ({
  cash: await accountBalance(h.database, c.tenantId, c.cash),
  bank: await accountBalance(h.database, c.tenantId, c.bank),
  offering: await accountBalance(h.database, c.tenantId, c.offering),
  tithe: await accountBalance(h.database, c.tenantId, c.tithe),
});

const ledgerCounts = async (tenantId: string) => ({
  offerings: await countRows(h.database, 'offering_transactions', tenantId),
  entries: await countRows(h.database, 'journal_entries', tenantId),
  lines: await countRows(h.database, 'journal_lines', tenantId),
});

/** The three rows of the journey: two items, channels Cash and POS, an event and a donor on the first. */
const journeyRows = (c: OfferingChurch) => [
  {
    name: 'Sunday Offering',
    financialContributionID: c.sundayItem,
    date: '11/22/2026',
    amount: '12,500.50',
    paymentChannel: 'Cash',
    activityID: c.eventId,
    personID: c.donorId,
    currencyID: NGN,
  },
  {
    financialContributionID: c.titheItem,
    date: '2026-11-22',
    amount: 12500.5,
    paymentChannel: 'POS',
    personID: '',
    currencyID: NGN,
  },
  {
    financialContributionID: c.sundayItem,
    date: '2026-11-22',
    amount: 3000.07,
    paymentChannel: 'POS',
    currencyID: '566',
  },
];

describe('recording offerings: Save', () => {
  it('saves rows, answers the spec shape, and posts balanced entries with the remittance split', async () => {
    const c = await offeringChurch(h.app);
    const res = await c.api.post(SAVE, journeyRows(c), { 'Idempotency-Key': 'journey-1' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe(true);
    expect(body.response).toBe('Offering Saved');
    expect(body.returnObject).toHaveLength(3);
    expect(body.returnObject[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      amount: 12500.5,
      contribution: { name: 'Sunday Offering' },
      date: '2026-11-22',
      person: { firstName: 'Ngozi', lastName: 'Adeyemi' },
      paymentChannel: 'Cash',
      currencyID: 566,
      activityID: c.eventId,
      memo: '',
    });
    expect(body.returnObject[1]).toMatchObject({
      amount: 12500.5,
      contribution: { name: 'Tithe' },
      person: null,
      paymentChannel: 'POS',
      activityID: null,
    });
    expect(body.returnObject[2]).toMatchObject({
      amount: 3000.07,
      contribution: { name: 'Sunday Offering' },
      paymentChannel: 'POS',
    });

    // By hand, in kobo:
    //  row 1: 12,500.50 = 1,250,050; 10% = 125,005 exactly -> Bank 125,005, Cash 1,125,045
    //  row 2: Tithe 12,500.50 = 1,250,050, all to Bank (the item's cash account), no split
    //  row 3: 3,000.07 = 300,007; 10% = 30,000.7 and 90% = 270,006.3; the leftover kobo goes to
    //         the larger remainder (.7): Bank 30,001, Cash 270,006
    expect(await balances(c)).toEqual({
      cash: 1_125_045n + 270_006n,
      bank: 125_005n + 1_250_050n + 30_001n,
      offering: -(1_250_050n + 300_007n),
      tithe: -1_250_050n,
    });
    expect(await trialBalance(h.database, c.tenantId)).toEqual({ NGN: 0n });
    expect(await ledgerCounts(c.tenantId)).toMatchObject({ offerings: 3, entries: 3 });
  });

  it('answers a retry with the same Idempotency-Key with the first result and posts nothing', async () => {
    const c = await offeringChurch(h.app);
    const first = await saveRows(c.api, journeyRows(c), { 'Idempotency-Key': 'retry-me' });
    const before = { counts: await ledgerCounts(c.tenantId), balances: await balances(c) };
    const retry = await c.api.post(SAVE, journeyRows(c), { 'Idempotency-Key': 'retry-me' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().returnObject.map((r: { id: string }) => r.id)).toEqual(first.map((r) => r.id));
    expect(retry.json().returnObject).toEqual(first);
    expect(await ledgerCounts(c.tenantId)).toEqual(before.counts);
    expect(await balances(c)).toEqual(before.balances);
    expect((await c.api.get(`${LIST}?page=1`)).json().totalItems).toBe(3);

    // a different key is a different request
    await saveRows(c.api, journeyRows(c).slice(0, 1), { 'Idempotency-Key': 'another-key' });
    expect((await ledgerCounts(c.tenantId)).offerings).toBe(4);
  });

  it('answers two simultaneous requests with the same key once', async () => {
    const c = await offeringChurch(h.app);
    const rows = journeyRows(c);
    const [a, b] = await Promise.all([
      c.api.post(SAVE, rows, { 'Idempotency-Key': 'double-click' }),
      c.api.post(SAVE, rows, { 'Idempotency-Key': 'double-click' }),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().returnObject).toEqual(a.json().returnObject);
    expect(await ledgerCounts(c.tenantId)).toMatchObject({ offerings: 3, entries: 3 });
    expect(await trialBalance(h.database, c.tenantId)).toEqual({ NGN: 0n });
  });

  it('does not burn a key on a refused request, and keys of different churches never collide', async () => {
    const c = await offeringChurch(h.app);
    const other = await offeringChurch(h.app);
    const bad = await c.api.post(SAVE, [{ ...journeyRows(c)[0], amount: 'abc' }], { 'Idempotency-Key': 'shared-key' });
    expect(bad.statusCode).toBe(400);
    const good = await saveRows(c.api, journeyRows(c), { 'Idempotency-Key': 'shared-key' });
    expect(good).toHaveLength(3);
    const theirs = await saveRows(other.api, journeyRows(other).slice(1, 2), { 'Idempotency-Key': 'shared-key' });
    expect(theirs).toHaveLength(1);
    expect(good.map((r) => r.id)).not.toContain(theirs[0]!.id);
    expect((await ledgerCounts(other.tenantId)).offerings).toBe(1);
    expect((await ledgerCounts(c.tenantId)).offerings).toBe(3);
  });

  it('posts an income-account remittance as its own income, the leftover to the larger remainder', async () => {
    const c = await offeringChurch(h.app);
    const thanksgiving = c.accounts.Thanksgiving!.id;
    const item = await c.api.post('/api/financials/contributions/items/save', {
      name: 'Building Levy',
      incomeAccountId: c.offering,
      cashAccountId: c.cash,
      incomeRemittance: [{ percentage: 25, distinationIncomeAccount: thanksgiving }],
    });
    const id = item.json().returnObject.id as string;
    await saveRows(c.api, [
      {
        financialContributionID: id,
        date: '2026-11-22',
        amount: '1,000.33',
        paymentChannel: 'Cheque',
        currencyID: NGN,
      },
    ]);
    // 100,033 kobo: 25% = 25,008.25 and 75% = 75,024.75, the leftover kobo goes to .75
    expect(await accountBalance(h.database, c.tenantId, c.cash)).toBe(100_033n);
    expect(await accountBalance(h.database, c.tenantId, c.offering)).toBe(-75_025n);
    expect(await accountBalance(h.database, c.tenantId, thanksgiving)).toBe(-25_008n);
    expect(await accountBalance(h.database, c.tenantId, c.bank)).toBe(0n);
    expect(await trialBalance(h.database, c.tenantId)).toEqual({ NGN: 0n });
  });

  it('posts a USD offering into NGN accounts at the stored rate, keeping the rate on the lines', async () => {
    const c = await offeringChurch(h.app);
    const rates = (await c.api.get('/fxRates')).json() as Record<string, number>;
    await saveRows(c.api, [
      {
        financialContributionID: c.sundayItem,
        date: '2026-11-22',
        amount: 100,
        paymentChannel: 'Cash',
        currencyID: 840,
      },
      {
        financialContributionID: c.sundayItem,
        date: '2026-11-22',
        amount: 2000,
        paymentChannel: 'Cash',
        currencyID: NGN,
      },
    ]);
    // The accounts are in NGN, so every line is: 100 USD at the stored NGN rate, plus 2,000 NGN.
    expect(await trialBalance(h.database, c.tenantId)).toEqual({ NGN: 0n });
    const usdInKobo = BigInt(Math.round(100 * rates.usdngn! * 100));
    const offering = await accountBalance(h.database, c.tenantId, c.offering);
    expect(offering).toBe(-(usdInKobo + 200_000n));
    const withRate = await queryRows<{ n: number }>(
      h.database.db,
      sql`select count(*)::int as n from journal_lines where tenant_id = ${c.tenantId} and fx_rate is not null`,
    );
    expect(withRate[0]!.n).toBeGreaterThanOrEqual(2);
    const list = (await c.api.get(`${LIST}?page=1`)).json();
    expect(list.data.map((r: { currencyName: string }) => r.currencyName).sort()).toEqual(['NGN', 'USD']);
  });
});

describe('listing offerings', () => {
  it('answers {data, totalItems}, newest first, with the list fields', async () => {
    const c = await offeringChurch(h.app);
    const [first] = await saveRows(c.api, journeyRows(c).slice(0, 1));
    const [later] = await saveRows(c.api, [{ ...journeyRows(c)[1], date: '2026-11-22' }]);
    const [older] = await saveRows(c.api, [{ ...journeyRows(c)[2], date: '2026-11-01' }]);
    const res = await c.api.get(`${LIST}?page=1`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totalItems).toBe(3);
    // same date: the one recorded later first; an earlier date last
    expect(body.data.map((r: { id: string }) => r.id)).toEqual([later!.id, first!.id, older!.id]);
    expect(body.data[1]).toEqual({
      id: first!.id,
      date: '2026-11-22',
      eventDate: '2026-11-22',
      eventName: 'Sunday Service',
      contribution: 'Sunday Offering',
      amount: 12500.5,
      currencyName: 'NGN',
      channel: 'Cash',
      donor: 'Ngozi Adeyemi',
      activityId: c.eventId,
    });
    expect(body.data[0]).toMatchObject({
      contribution: 'Tithe',
      channel: 'POS',
      donor: '',
      eventName: null,
      activityId: null,
    });
  });

  it('pages 50 at a time', async () => {
    const c = await offeringChurch(h.app);
    const rows = Array.from({ length: 55 }, (_, i) => ({
      financialContributionID: i % 2 ? c.sundayItem : c.titheItem,
      date: `2026-${String(1 + Math.floor(i / 28)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
      amount: 100 + i,
      paymentChannel: 'Cash',
      currencyID: NGN,
    }));
    const saved = await saveRows(c.api, rows);
    expect(saved).toHaveLength(55);
    const p1 = (await c.api.get(`${LIST}?page=1`)).json();
    const p2 = (await c.api.get(`${LIST}?page=2`)).json();
    const p3 = (await c.api.get(`${LIST}?page=3`)).json();
    expect(p1.data).toHaveLength(50);
    expect(p2.data).toHaveLength(5);
    expect(p3.data).toHaveLength(0);
    expect([p1.totalItems, p2.totalItems, p3.totalItems]).toEqual([55, 55, 55]);
    const all = [...p1.data, ...p2.data] as { id: string; date: string }[];
    expect(new Set(all.map((r) => r.id))).toEqual(new Set(saved.map((r) => r.id)));
    const dates = all.map((r) => r.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates[0]).toBe('2026-02-27');
    expect(dates.at(-1)).toBe('2026-01-01');
    expect((await c.api.get(LIST)).json().data).toEqual(p1.data);
    expect((await c.api.get(`${LIST}?page=0`)).statusCode).toBe(400);
    expect((await c.api.get(`${LIST}?page=abc`)).statusCode).toBe(400);
  });

  it("never lists another church's offerings", async () => {
    const a = await offeringChurch(h.app);
    const b = await offeringChurch(h.app);
    await saveRows(a.api, journeyRows(a));
    expect((await b.api.get(`${LIST}?page=1`)).json()).toEqual({ data: [], totalItems: 0 });
  });

  it('Transactions/One answers the offering for editing', async () => {
    const c = await offeringChurch(h.app);
    const [row] = await saveRows(c.api, journeyRows(c).slice(0, 1));
    const res = await c.api.get(`${ONE}?ID=${row!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: row!.id,
      date: '2026-11-22',
      activity: { name: 'Sunday Service' },
      activityID: c.eventId,
      contribution: { name: 'Sunday Offering' },
      financialContributionID: c.sundayItem,
      paymentChannel: 'Cash',
      currencyID: 566,
      amount: 12500.5,
      currency: { shortCode: 'NGN' },
      personID: c.donorId,
      person: { firstName: 'Ngozi', lastName: 'Adeyemi' },
      memo: '',
    });
    expect((await c.api.get(`${ONE}?id=${row!.id}`)).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const c = await offeringChurch(h.app);
    const [row] = await saveRows(c.api, journeyRows(c).slice(0, 1));
    const anon = client(h.app, null);
    expect((await anon.get(`${LIST}?page=1`)).statusCode).toBe(401);
    expect((await anon.get(`${ONE}?ID=${row!.id}`)).statusCode).toBe(401);
    expect((await anon.post(SAVE, journeyRows(c))).statusCode).toBe(401);
    expect((await ledgerCounts(c.tenantId)).offerings).toBe(1);
  });
});

describe('the ledger rows of an offering', () => {
  it('links each offering to one journal entry whose lines carry the donor', async () => {
    const c = await offeringChurch(h.app);
    const [row] = await saveRows(c.api, journeyRows(c).slice(0, 1));
    const lines = await queryRows<{ account_id: string; amount_minor: string; person_id: string | null }>(
      h.database.db,
      sql`select l.account_id, l.amount_minor::text as amount_minor, l.person_id from journal_lines l
          join journal_entries e on e.tenant_id = l.tenant_id and e.id = l.entry_id
          where e.tenant_id = ${c.tenantId} and e.source_id = ${row!.id}`,
    );
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.every((l) => l.person_id === c.donorId)).toBe(true);
    expect(lines.reduce((s, l) => s + BigInt(l.amount_minor), 0n)).toBe(0n);
  });
});
