import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { client, startHarness, trialBalance, type Harness } from './helpers.ts';
import {
  DOC_APPROVE,
  DOC_DELETE,
  DOC_EDITABLE,
  DOCS,
  EXPENSE,
  INCOME,
  JOURNAL,
  expenseBody,
  incomeBody,
  journalBody,
  saved,
  writeCounts,
} from './ledger-support.ts';
import { financeChurch, threeLines } from './finance-support.ts';

/** The Transaction page's documents: save, list, read, edit, delete, approve, export (spec 2.8, §3, §7). */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const setup = () => financeChurch(h);

describe('SaveIncome and SaveExpense', () => {
  it('posts an income with three split lines and two donors, and lists it as an inflow', async () => {
    const c = await setup();
    const res = await c.api.post(INCOME, threeLines(c));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      status: boolean;
      response: string;
      returnObject: { id: string; transactionNumber: string };
    };
    expect(body).toMatchObject({ status: true, response: 'Transaction saved successfully' });
    expect(body.returnObject.transactionNumber).toMatch(/^TRX-\d{6,}$/);
    expect({
      bank: await c.raw('Bank'),
      offering: await c.raw('Offering'),
      tithe: await c.raw('Tithe'),
      thanks: await c.raw('Thanksgiving'),
    }).toEqual({ bank: 300_000n, offering: -150_000n, tithe: -100_050n, thanks: -49_950n });
    expect(await trialBalance(h.database, c.tenantId)).toEqual({ NGN: 0n });

    const page = await c.list();
    expect(page.totalItems).toBe(1);
    expect(page.records[0]).toEqual({
      id: body.returnObject.id,
      date: '2026-11-02',
      narration: 'Harvest Sunday',
      amount: 3000,
      currency: { symbol: expect.any(String), shortCode: 'NGN' },
      category: 'inflow',
      transactionNumber: body.returnObject.transactionNumber,
      approved: false,
      memo: 'Harvest Sunday',
      accountID: c.id('Bank'),
      accountName: 'Bank',
    });

    const one = await c.api.get(`${DOC_EDITABLE}?transactionNumber=${body.returnObject.transactionNumber}`);
    expect(one.statusCode, one.body).toBe(200);
    const doc = one.json();
    expect(doc).toMatchObject({
      id: body.returnObject.id,
      amount: 3000,
      account: { id: c.id('Bank'), text: '1010 - Bank', name: 'Bank' },
      category: 'inflow',
    });
    expect(doc.debitSplitAccounts).toEqual([]);
    expect(
      doc.creditSplitAccounts.map((l: { account: { name: string } } & Record<string, unknown>) => [
        l.account.name,
        l.amount,
        l.contactID,
        l.contactName,
      ]),
    ).toEqual([
      ['Offering', 1500, c.ngozi, 'Ngozi Adeyemi'],
      ['Tithe', 1000.5, c.tunde, 'Tunde Bello'],
      ['Thanksgiving', 499.5, c.ngozi, 'Ngozi Adeyemi'],
    ]);
    expect(doc.creditSplitAccounts[0]).toMatchObject({
      accountID: c.id('Offering'),
      transactionID: body.returnObject.id,
    });
  });

  it('posts an expense and lists it with a negative amount as an outflow', async () => {
    const c = await setup();
    const doc = await saved(
      c.api,
      EXPENSE,
      expenseBody(c.id('Cash'), 450.75, [
        { accountID: c.id('Utilities'), amount: 300 },
        { accountID: c.id('Rent'), amount: '150.75' },
      ]),
    );
    expect([await c.raw('Cash'), await c.raw('Utilities'), await c.raw('Rent')]).toEqual([-45_075n, 30_000n, 15_075n]);
    const page = await c.list();
    expect(page.records.map((r) => [r.id, r.amount, r.category, r.narration])).toEqual([
      [doc.id, -450.75, 'outflow', 'Expense from Cash'],
    ]);
    const one = (await c.api.get(`${DOC_EDITABLE}?transactionNumber=${doc.transactionNumber}`)).json();
    expect(one.account).toEqual({ id: c.id('Cash'), text: '1000 - Cash', name: 'Cash' });
    expect(
      one.debitSplitAccounts.map((l: { account: { name: string }; amount: number }) => [l.account.name, l.amount]),
    ).toEqual([
      ['Utilities', 300],
      ['Rent', 150.75],
    ]);
    expect(await trialBalance(h.database, c.tenantId)).toEqual({ NGN: 0n });
  });

  it('takes the whole amount on a single line', async () => {
    const c = await setup();
    await saved(c.api, INCOME, incomeBody(c.id('Cash'), 500, [{ accountID: c.id('Donations'), amount: 1 }]));
    expect([await c.raw('Donations'), await c.raw('Cash')]).toEqual([-50_000n, 50_000n]);
    await saved(c.api, EXPENSE, expenseBody(c.id('Cash'), 80, [{ accountID: c.id('Rent'), amount: 0 }]));
    expect([await c.raw('Rent'), await c.raw('Cash')]).toEqual([8_000n, 42_000n]);
  });

  it('takes negative amounts as absolute values (spec §5)', async () => {
    const c = await setup();
    await saved(c.api, INCOME, incomeBody(c.id('Cash'), 500, [{ accountID: c.id('Donations'), amount: 500 }]));
    await saved(c.api, EXPENSE, expenseBody(c.id('Cash'), -120, [{ accountID: c.id('Welfare'), amount: -120 }]));
    expect([await c.raw('Welfare'), await c.raw('Cash')]).toEqual([12_000n, 38_000n]);
    expect((await c.list()).records[0]!.amount).toBe(-120);
  });
});

describe('SaveJournal', () => {
  it('saves a balanced journal and refuses unbalanced, zero and one-sided ones', async () => {
    const c = await setup();
    const res = await c.api.post(JOURNAL, journalBody(c.id('Bank'), c.id('Cash'), '250.00', { memo: 'Deposit' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: true, response: 'saved successfully' });
    expect([await c.raw('Bank'), await c.raw('Cash')]).toEqual([25_000n, -25_000n]);
    expect((await c.list()).records.map((r) => [r.category, r.amount, r.narration])).toEqual([
      ['Journal', 250, 'Deposit'],
    ]);
    const before = await writeCounts(h.database, c.tenantId);
    const unbalanced = [
      { category: 'inflow', amount: 100, debitAccountID: c.id('Bank'), date: '2026-11-02' },
      { category: 'outflow', amount: 90, creditAccountID: c.id('Cash'), date: '2026-11-02' },
    ];
    const oneSided = [
      { category: 'inflow', amount: 100, debitAccountID: c.id('Bank') },
      { category: 'inflow', amount: 100, debitAccountID: c.id('Cash') },
    ];
    for (const body of [unbalanced, oneSided]) {
      const bad = await c.api.post(JOURNAL, body);
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json().response).toContain('must equal');
    }
    expect((await c.api.post(JOURNAL, journalBody(c.id('Bank'), c.id('Cash'), 0))).statusCode).toBe(400);
    expect((await c.api.post(JOURNAL, unbalanced.slice(0, 1))).statusCode).toBe(400);
    expect(await writeCounts(h.database, c.tenantId)).toEqual(before);
  });
});

describe('edit, delete and approve', () => {
  it('an income edit reverses the old entry and posts the new one', async () => {
    const c = await setup();
    const first = await saved(c.api, INCOME, threeLines(c));
    const oldEntry = (
      await queryRows<{ entry: string }>(
        h.database.db,
        sql`select journal_entry_id::text as entry from financial_transactions where id = ${first.id}`,
      )
    )[0]!.entry;
    const edit = incomeBody(c.id('Bank'), '800', [
      { accountID: c.id('Offering'), amount: '600', contactID: c.tunde },
      { accountID: c.id('Donations'), amount: '200' },
    ]);
    const again = await saved(c.api, INCOME, { ...edit, id: first.id });
    expect(again).toEqual(first);
    const reversals = await queryRows<{ n: number }>(
      h.database.db,
      sql`select count(*)::int as n from journal_entries where tenant_id = ${c.tenantId} and reverses_entry_id = ${oldEntry}`,
    );
    expect(reversals[0]!.n).toBe(1);
    expect({
      bank: await c.raw('Bank'),
      offering: await c.raw('Offering'),
      tithe: await c.raw('Tithe'),
      thanks: await c.raw('Thanksgiving'),
      donations: await c.raw('Donations'),
    }).toEqual({ bank: 80_000n, offering: -60_000n, tithe: 0n, thanks: 0n, donations: -20_000n });
    const page = await c.list();
    expect(page.totalItems).toBe(1);
    expect(page.records[0]).toMatchObject({ id: first.id, amount: 800, transactionNumber: first.transactionNumber });
    // a document keeps its category
    const asExpense = expenseBody(c.id('Bank'), 5, [{ accountID: c.id('Rent'), amount: 5 }], { id: first.id });
    expect((await c.api.post(EXPENSE, asExpense)).statusCode).toBe(400);
    // Steward's page edits a journal with ?id=
    const j = await saved(c.api, JOURNAL, journalBody(c.id('Bank'), c.id('Cash'), 10));
    const put = await c.api.post(`${JOURNAL}?id=${j.id}`, journalBody(c.id('Cash'), c.id('Bank'), 30));
    expect(put.statusCode, put.body).toBe(200);
    expect([await c.raw('Bank'), await c.raw('Cash')]).toEqual([80_000n - 3_000n, 3_000n]);
    expect(await trialBalance(h.database, c.tenantId)).toEqual({ NGN: 0n });
  });

  it('a delete posts a reversal: the list no longer shows it and balances go back', async () => {
    const c = await setup();
    const keep = await saved(c.api, EXPENSE, expenseBody(c.id('Bank'), 40, [{ accountID: c.id('Rent'), amount: 40 }]));
    const doc = await saved(c.api, INCOME, threeLines(c));
    const entries = (await writeCounts(h.database, c.tenantId)).journal_entries!;
    const res = await c.api.delete(`${DOC_DELETE}?id=${doc.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true, response: `Transaction ${doc.transactionNumber} was deleted` });
    expect((await writeCounts(h.database, c.tenantId)).journal_entries).toBe(entries + 1);
    const page = await c.list();
    expect(page.records.map((r) => r.id)).toEqual([keep.id]);
    expect(page.totalItems).toBe(1);
    expect([await c.raw('Bank'), await c.raw('Offering'), await c.raw('Tithe')]).toEqual([-4_000n, 0n, 0n]);
    expect((await c.api.delete(`${DOC_DELETE}?id=${doc.id}`)).statusCode).toBe(404);
    const byNumber = await c.api.get(`${DOC_EDITABLE}?transactionNumber=${doc.transactionNumber}`);
    expect(byNumber.statusCode).toBe(404);
  });

  it('approves and unapproves a document', async () => {
    const c = await setup();
    const doc = await saved(c.api, INCOME, threeLines(c));
    const memoBefore = (await c.list()).records[0]!.memo;
    const yes = await c.api.post(DOC_APPROVE, { id: doc.id, approved: true });
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.json()).toEqual({
      status: true,
      response: 'Transaction approved successfully',
      returnObject: { id: doc.id, approved: true },
    });
    expect((await c.list()).records[0]!.approved).toBe(true);
    const no = await c.api.post(DOC_APPROVE, {
      id: doc.id,
      approved: false,
      memo: 'recount',
    });
    expect(no.json()).toMatchObject({ response: 'Transaction unapproved', returnObject: { approved: false } });
    expect((await c.list()).records[0]).toMatchObject({ approved: false, memo: memoBefore });
    expect(memoBefore).not.toBe('recount');
  });

  it("answers 404 for another church's document on edit, delete, approve and edit load, changing nothing", async () => {
    const c = await setup();
    const other = await setup();
    const theirs = await saved(other.api, INCOME, threeLines(other));
    const before = await writeCounts(h.database, other.tenantId);
    const mine = await writeCounts(h.database, c.tenantId);
    const edit = { ...threeLines(c), id: theirs.id };
    expect((await c.api.post(INCOME, edit)).statusCode).toBe(404);
    expect(
      (await c.api.post(`${JOURNAL}?id=${theirs.id}`, journalBody(c.id('Bank'), c.id('Cash'), 1))).statusCode,
    ).toBe(404);
    expect((await c.api.delete(`${DOC_DELETE}?id=${theirs.id}`)).statusCode).toBe(404);
    expect((await c.api.post(DOC_APPROVE, { id: theirs.id, approved: true })).statusCode).toBe(404);
    const num = theirs.transactionNumber;
    expect((await c.api.get(`${DOC_EDITABLE}?transactionNumber=${num}`)).statusCode).toBe(404);
    expect(await writeCounts(h.database, other.tenantId)).toEqual(before);
    expect(await writeCounts(h.database, c.tenantId)).toEqual(mine);
    expect((await other.list()).records[0]).toMatchObject({ id: theirs.id, amount: 3000, approved: false });
  });

  it.each([
    ['POST', INCOME],
    ['POST', EXPENSE],
    ['POST', JOURNAL],
    ['DELETE', `${DOC_DELETE}?id=00000000-0000-4000-8000-000000000001`],
    ['POST', DOC_APPROVE],
    ['GET', `${DOC_EDITABLE}?transactionNumber=TRX-000001`],
    ['GET', DOCS],
    ['GET', '/api/Financials/Transactions/Export?format=csv'],
  ])('%s %s answers 401 without a session', async (method, url) => {
    const anon = client(h.app, null);
    const res =
      method === 'GET'
        ? await anon.get(url)
        : method === 'DELETE'
          ? await anon.delete(url)
          : method === 'PUT'
            ? await anon.put(url, [])
            : await anon.post(url, {});
    expect(res.statusCode).toBe(401);
  });
});
