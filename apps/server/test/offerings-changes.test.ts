import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { accountBalance, client, countRows, startHarness, trialBalance, type Harness } from './helpers.ts';
import { expectBadRequest, NGN } from './fixtures.ts';
import {
  DELETE,
  DELETE_MANY,
  EDIT,
  LIST,
  ONE,
  offeringChurch,
  saveRows,
  type OfferingChurch,
} from './offering-setup.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const sundayRow = (c: OfferingChurch, amount: number | string, extra: Record<string, unknown> = {}) => ({
  financialContributionID: c.sundayItem,
  date: '2026-11-22',
  amount,
  paymentChannel: 'Cash',
  currencyID: NGN,
  ...extra,
});

const balances = async (c: OfferingChurch) => ({
  cash: await accountBalance(h.database, c.tenantId, c.cash),
  bank: await accountBalance(h.database, c.tenantId, c.bank),
  offering: await accountBalance(h.database, c.tenantId, c.offering),
});

interface EntryRow {
  id: string;
  source_type: string;
  source_id: string | null;
  reverses_entry_id: string | null;
}

const entries = (tenantId: string) =>
  queryRows<EntryRow>(
    h.database.db,
    sql`select id, source_type, source_id, reverses_entry_id from journal_entries where tenant_id = ${tenantId} order by entry_no`,
  );

describe('editing an offering', () => {
  it('reverses the old entry, posts a new one, and the balances are those of the new amount only', async () => {
    const c = await offeringChurch(h.app);
    const [row] = await saveRows(c.api, [sundayRow(c, '12,500.50')]);
    const res = await c.api.put(EDIT, [
      sundayRow(c, '20,000.10', { id: row!.id, paymentChannel: 'POS', personID: c.donorId }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe(true);
    expect(res.json().returnObject[0]).toMatchObject({
      id: row!.id,
      amount: 20000.1,
      paymentChannel: 'POS',
      person: { firstName: 'Ngozi' },
    });

    const list = (await c.api.get(`${LIST}?page=1`)).json();
    expect(list.totalItems).toBe(1);
    expect(list.data[0]).toMatchObject({ id: row!.id, amount: 20000.1, channel: 'POS', donor: 'Ngozi Adeyemi' });

    const all = await entries(c.tenantId);
    const original = all.filter((e) => e.source_type === 'offering' && e.source_id === row!.id);
    expect(original).toHaveLength(2);
    const [old, current] = original;
    const reversals = all.filter((e) => e.reverses_entry_id !== null);
    expect(reversals).toHaveLength(1);
    expect(reversals[0]!.reverses_entry_id).toBe(old!.id);
    expect(current!.id).not.toBe(old!.id);

    // 20,000.10 = 2,000,010 kobo; 10% = 200,001 exactly
    expect(await balances(c)).toEqual({ cash: 1_800_009n, bank: 200_001n, offering: -2_000_010n });
    expect(await trialBalance(h.database, c.tenantId)).toEqual({ NGN: 0n });
  });

  it('moves an offering to another item and adds further rows without ids as new offerings', async () => {
    const c = await offeringChurch(h.app);
    const [row] = await saveRows(c.api, [sundayRow(c, 1000)]);
    const res = await c.api.put(EDIT, [
      { ...sundayRow(c, 1000), id: row!.id, financialContributionID: c.titheItem },
      sundayRow(c, 500),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().returnObject).toHaveLength(2);
    expect((await c.api.get(`${LIST}?page=1`)).json().totalItems).toBe(2);
    // Tithe 1,000.00 goes wholly to Bank; Sunday 500.00 splits 450.00 Cash / 50.00 Bank
    expect(await accountBalance(h.database, c.tenantId, c.tithe)).toBe(-100_000n);
    expect(await balances(c)).toEqual({ cash: 45_000n, bank: 100_000n + 5_000n, offering: -50_000n });
  });

  it('refuses a bad edit with 400 and changes nothing (no reversal)', async () => {
    const c = await offeringChurch(h.app);
    const other = await offeringChurch(h.app);
    const [row] = await saveRows(c.api, [sundayRow(c, 1000)]);
    const before = { entries: await countRows(h.database, 'journal_entries', c.tenantId), balances: await balances(c) };
    expectBadRequest(await c.api.put(EDIT, [sundayRow(c, 'abc', { id: row!.id })]), '0.amount');
    expectBadRequest(
      await c.api.put(EDIT, [
        sundayRow(c, 2000, { id: row!.id }),
        sundayRow(c, 5, { financialContributionID: other.sundayItem }),
      ]),
      '1.financialContributionID',
    );
    expectBadRequest(await c.api.put(EDIT, [sundayRow(c, 2000)]), '0.id');
    expect(await countRows(h.database, 'journal_entries', c.tenantId)).toBe(before.entries);
    expect(await balances(c)).toEqual(before.balances);
    expect((await c.api.get(`${ONE}?ID=${row!.id}`)).json().amount).toBe(1000);
    expect(await countRows(h.database, 'offering_transactions', c.tenantId)).toBe(1);
  });
});

describe('deleting offerings', () => {
  it('removes the row from the list and posts a reversal; balances return to zero', async () => {
    const c = await offeringChurch(h.app);
    const [keep] = await saveRows(c.api, [sundayRow(c, 300)]);
    const [row] = await saveRows(c.api, [sundayRow(c, '12,500.50', { personID: c.donorId })]);
    const res = await c.api.delete(`${DELETE}?ID=${row!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, response: 'Offering Transaction Deleted' });
    const list = (await c.api.get(`${LIST}?page=1`)).json();
    expect(list.data.map((r: { id: string }) => r.id)).toEqual([keep!.id]);
    expect(list.totalItems).toBe(1);
    const all = await entries(c.tenantId);
    const own = all.find((e) => e.source_type === 'offering' && e.source_id === row!.id)!;
    expect(all.filter((e) => e.reverses_entry_id === own.id)).toHaveLength(1);
    // only the 300.00 row is left: Cash 270.00, Bank 30.00
    expect(await balances(c)).toEqual({ cash: 27_000n, bank: 3_000n, offering: -30_000n });
    expect(await trialBalance(h.database, c.tenantId)).toEqual({ NGN: 0n });
    expect((await c.api.get(`${ONE}?ID=${row!.id}`)).statusCode).toBe(404);
    expect((await c.api.delete(`${DELETE}?ID=${row!.id}`)).statusCode).toBe(404);
    expect((await c.api.put(EDIT, [sundayRow(c, 1, { id: row!.id })])).statusCode).toBe(404);
  });

  it('DeleteMultiple deletes all the ids given', async () => {
    const c = await offeringChurch(h.app);
    const [a, b, keep] = await saveRows(c.api, [sundayRow(c, 100), sundayRow(c, 200), sundayRow(c, 400)]);
    const res = await c.api.post(DELETE_MANY, [a!.id, b!.id]);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(true);
    expect(res.json().response).toContain('2');
    const list = (await c.api.get(`${LIST}?page=1`)).json();
    expect(list.data.map((r: { id: string }) => r.id)).toEqual([keep!.id]);
    expect(await balances(c)).toEqual({ cash: 36_000n, bank: 4_000n, offering: -40_000n });
  });

  it('DeleteMultiple is all or none: one foreign id answers 404 and deletes nothing', async () => {
    const c = await offeringChurch(h.app);
    const other = await offeringChurch(h.app);
    const [a, b] = await saveRows(c.api, [sundayRow(c, 100), sundayRow(c, 200)]);
    const [theirs] = await saveRows(other.api, [sundayRow(other, 700)]);
    const before = { entries: await countRows(h.database, 'journal_entries', c.tenantId), balances: await balances(c) };
    for (const ids of [
      [a!.id, theirs!.id],
      [a!.id, b!.id, crypto.randomUUID()],
    ]) {
      const res = await c.api.post(DELETE_MANY, ids);
      expect(res.statusCode).toBe(404);
      expect(res.json().status).toBe(false);
    }
    expect((await c.api.get(`${LIST}?page=1`)).json().totalItems).toBe(2);
    expect(await countRows(h.database, 'journal_entries', c.tenantId)).toBe(before.entries);
    expect(await balances(c)).toEqual(before.balances);
    expect((await other.api.get(`${ONE}?ID=${theirs!.id}`)).statusCode).toBe(200);
  });

  it('DeleteMultiple answers 400 for an empty list or a malformed id', async () => {
    const c = await offeringChurch(h.app);
    const [a] = await saveRows(c.api, [sundayRow(c, 100)]);
    expect((await c.api.post(DELETE_MANY, [])).statusCode).toBe(400);
    expectBadRequest(await c.api.post(DELETE_MANY, [a!.id, 'nope']), '1');
    expect((await c.api.get(`${LIST}?page=1`)).json().totalItems).toBe(1);
  });
});

describe('simultaneous changes of one offering (double clicks)', () => {
  it('answers a Delete sent four times at once with one 200 and 404s, never 500, and reverses once', async () => {
    const c = await offeringChurch(h.app);
    const rows = await saveRows(
      c.api,
      [100, 200, 300, 400, 500].map((n) => sundayRow(c, n)),
    );
    const answers = await Promise.all(
      rows.map((row) => Promise.all([1, 2, 3, 4].map(() => c.api.delete(`${DELETE}?ID=${row.id}`)))),
    );
    const all = await entries(c.tenantId);
    for (const [i, row] of rows.entries()) {
      const codes = answers[i]!.map((r) => r.statusCode).sort();
      expect(codes, answers[i]!.map((r) => r.body).join('\n')).toEqual([200, 404, 404, 404]);
      const own = all.find((e) => e.source_type === 'offering' && e.source_id === row.id)!;
      expect(all.filter((e) => e.reverses_entry_id === own.id)).toHaveLength(1);
    }
    expect(await balances(c)).toEqual({ cash: 0n, bank: 0n, offering: 0n });
  });

  it('applies simultaneous Edits one after another: no 500, and the books match the amounts kept', async () => {
    const c = await offeringChurch(h.app);
    const rows = await saveRows(
      c.api,
      [100, 100, 100, 100].map((n) => sundayRow(c, n)),
    );
    const answers = await Promise.all(
      rows.map((row) =>
        Promise.all([200, 300, 400].map((amount) => c.api.put(EDIT, [sundayRow(c, amount, { id: row.id })]))),
      ),
    );
    for (const r of answers.flat()) expect([200, 409], r.body).toContain(r.statusCode);
    let keptMinor = 0n;
    const all = await entries(c.tenantId);
    for (const [i, row] of rows.entries()) {
      expect(answers[i]!.some((r) => r.statusCode === 200)).toBe(true);
      const kept = (await c.api.get(`${ONE}?ID=${row.id}`)).json().amount as number;
      expect([200, 300, 400]).toContain(kept);
      keptMinor += BigInt(kept * 100);
      const live = all.filter((e) => e.source_id === row.id && !all.some((r) => r.reverses_entry_id === e.id));
      expect(live).toHaveLength(1);
    }
    // each kept amount is a whole number of naira, so 10% of it is exact kobo
    expect(await balances(c)).toEqual({ cash: (keptMinor * 9n) / 10n, bank: keptMinor / 10n, offering: -keptMinor });
    expect(await trialBalance(h.database, c.tenantId)).toEqual({ NGN: 0n });
  });
});

describe("another church's offering", () => {
  it('answers 404 on One, Edit and Delete and leaves it untouched', async () => {
    const mine = await offeringChurch(h.app);
    const other = await offeringChurch(h.app);
    const [theirs] = await saveRows(other.api, [sundayRow(other, 700)]);
    const before = await entries(other.tenantId);
    expect((await mine.api.get(`${ONE}?ID=${theirs!.id}`)).statusCode).toBe(404);
    expect((await mine.api.put(EDIT, [sundayRow(mine, 1, { id: theirs!.id })])).statusCode).toBe(404);
    expect((await mine.api.delete(`${DELETE}?ID=${theirs!.id}`)).statusCode).toBe(404);
    expect((await mine.api.get(`${ONE}?ID=${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect(await entries(other.tenantId)).toEqual(before);
    expect(await countRows(h.database, 'journal_entries', mine.tenantId)).toBe(0);
    const one = await other.api.get(`${ONE}?ID=${theirs!.id}`);
    expect(one.json().amount).toBe(700);
  });

  it('answers 400 naming ID for a malformed id', async () => {
    const c = await offeringChurch(h.app);
    expectBadRequest(await c.api.get(`${ONE}?ID=123`), 'ID');
    expectBadRequest(await c.api.delete(`${DELETE}?ID=123`), 'ID');
  });

  it('answers 401 without a session on Edit, Delete and DeleteMultiple', async () => {
    const c = await offeringChurch(h.app);
    const [row] = await saveRows(c.api, [sundayRow(c, 100)]);
    const anon = client(h.app, null);
    expect((await anon.put(EDIT, [sundayRow(c, 5, { id: row!.id })])).statusCode).toBe(401);
    expect((await anon.delete(`${DELETE}?ID=${row!.id}`)).statusCode).toBe(401);
    expect((await anon.post(DELETE_MANY, [row!.id])).statusCode).toBe(401);
    expect((await c.api.get(`${ONE}?ID=${row!.id}`)).json().amount).toBe(100);
  });
});
