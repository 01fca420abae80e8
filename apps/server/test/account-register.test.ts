import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { client, startHarness, type Client, type Harness } from './helpers.ts';
import { expectBadRequest, NGN } from './fixtures.ts';
import { expenseBody, incomeBody, journalBody, saved, writeCounts } from './ledger-support.ts';
import { offeringChurch, saveRows, type OfferingChurch } from './offering-setup.ts';

/**
 * Issue 7 part 3: the account register (GET /api/Financials/Accounts/Transactions/Account?id=,
 * existing client §2.6) lists every posting on an account with its source and a running balance
 * that ends at the balance the cash/bank selector shows; approved documents are locked (409).
 */

const REGISTER = '/api/Financials/Accounts/Transactions/Account';
const LINES = '/api/Financials/Transactions/Lines';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

/**
 * The finance routes move to the existing client's paths while this is written: each call
 * goes to whichever of its spellings the app has (new first).
 */
function route(method: 'GET' | 'POST' | 'PUT' | 'DELETE', ...candidates: string[]): string {
  const found = candidates.find((url) => h.app.hasRoute({ method, url }));
  if (!found) throw new Error(`none of ${candidates.join(', ')} is a ${method} route`);
  return found;
}
const paths = () => ({
  income: route('POST', '/api/Financials/Accounts/Transactions/Income/Save', '/api/Financials/Transactions/SaveIncome'),
  expense: route(
    'POST',
    '/api/Financials/Accounts/Transactions/Expense/Save',
    '/api/Financials/Transactions/SaveExpense',
  ),
  journal: route(
    'POST',
    '/api/Financials/Accounts/Transactions/SaveGeneralLedger',
    '/api/Financials/Transactions/SaveJournal',
  ),
  remove: route('DELETE', '/api/Financials/Accounts/Transactions/Delete', '/api/Financials/Transactions/Delete'),
  approve: route(
    'POST',
    '/api/Financials/accounts/Transactions/ApproveTransactionToggle',
    '/api/Financials/Transactions/Approve',
  ),
  balances: route(
    'GET',
    '/api/Financials/Accounts/GetCashBankAccountsBalances',
    '/api/Financials/Accounts/CashBankBalances',
  ),
});

interface RegisterRow {
  id: string;
  postingId: string;
  entryId: string;
  date: string;
  narration: string;
  memo: string;
  amount: number;
  debit: number;
  credit: number;
  runningBalance: number;
  currency: { symbol: string; shortCode: string };
  category: string;
  source: string;
  reverses: string | null;
  reversed: boolean;
  sourceId: string | null;
  transactionNumber: string;
  approved: boolean;
}

async function register(api: Client, accountId: string, query = ''): Promise<RegisterRow[]> {
  const res = await api.get(`${REGISTER}?id=${accountId}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as unknown;
  expect(Array.isArray(body), 'the answer is a bare array').toBe(true);
  return body as RegisterRow[];
}

/** The balance the account selector shows for a cash/bank account (decimal major units). */
async function selectorBalance(api: Client, accountId: string): Promise<number> {
  const res = await api.get(paths().balances);
  expect(res.statusCode, res.body).toBe(200);
  const row = (res.json() as { id: string; balance: number }[]).find((b) => b.id === accountId);
  expect(row, 'the account is in the selector').toBeDefined();
  return row!.balance;
}

const cents = (n: number) => Math.round(n * 100);

/** Journal lines on an account, counted as the migration role. */
async function lineCount(tenantId: string, accountId: string): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    h.database.db,
    sql`select count(*)::int as n from journal_lines where tenant_id = ${tenantId} and account_id = ${accountId}`,
  );
  return rows[0]!.n;
}

/**
 * The register is a ledger: newest first, each row's running balance is the next older row's
 * plus its own amount, and the oldest row's is its own amount (the account starts at zero); the
 * amount is debit minus credit in the account's natural sign (`sign` 1 for assets, −1 for income).
 */
function expectChained(rows: RegisterRow[], sign = 1) {
  rows.forEach((r, i) => {
    const older = rows[i + 1];
    expect(cents(r.runningBalance) - cents(r.amount), `row ${i} (${r.narration})`).toBe(
      older ? cents(older.runningBalance) : 0,
    );
    expect(cents(r.amount), `row ${i} sides`).toBe(sign * (cents(r.debit) - cents(r.credit)));
  });
}

async function expenseAccount(api: Client, name: string): Promise<string> {
  const res = await api.get('/api/Financials/Accounts/GetExpenseAccounts');
  expect(res.statusCode).toBe(200);
  const found = (res.json() as { id: string; text: string }[]).find((a) => a.text.replace(/^\d+ - /, '') === name);
  if (!found) throw new Error(`no expense account ${name}`);
  return found.id;
}

/**
 * A church with postings on Cash from every source: two offerings (Sunday Offering: 90% to
 * Cash, 10% remitted to Bank), a Tithe offering (Bank only), an income, an expense and a journal.
 */
async function churchWithPostings() {
  const c: OfferingChurch = await offeringChurch(h.app);
  const p = paths();
  const row = (item: string, date: string, amount: string, paymentChannel: string) => ({
    financialContributionID: item,
    date,
    amount,
    paymentChannel,
    currencyID: NGN,
  });
  const [first] = await saveRows(c.api, [row(c.sundayItem, '2026-11-01', '10000', 'Cash')]);
  const [second] = await saveRows(c.api, [row(c.sundayItem, '2026-11-08', '5000.50', 'POS')]);
  await saveRows(c.api, [row(c.titheItem, '2026-11-02', '2000', 'Bank Transfer')]);
  const utilities = await expenseAccount(c.api, 'Utilities');
  const income = await saved(
    c.api,
    p.income,
    // two split lines, a donor on one: two lines on Cash, one posting of 3,000
    incomeBody(
      c.cash,
      '3,000',
      [
        { accountID: c.offering, amount: '2000', contactID: c.donorId },
        { accountID: c.offering, amount: '1000' },
      ],
      { date: '2026-11-03', memo: 'Harvest gifts' },
    ),
  );
  const expense = await saved(
    c.api,
    p.expense,
    expenseBody(c.cash, '1,200', [{ accountID: utilities, amount: '1200' }], {
      date: '2026-11-04',
      memo: 'Electricity bill',
    }),
  );
  const journal = await saved(
    c.api,
    p.journal,
    journalBody(c.bank, c.cash, '500', { date: '2026-11-05', memo: 'Cash to bank' }),
  );
  return { ...c, utilities, offerings: [first!.id, second!.id], income, expense, journal };
}

describe('GET /api/Financials/Accounts/Transactions/Account (the account register)', () => {
  it('lists every posting on Cash with its source, sides and a running balance ending at the selector balance', async () => {
    const c = await churchWithPostings();
    const rows = await register(c.api, c.cash);
    expect(rows.map((r) => [r.date, r.source, r.debit, r.credit, r.runningBalance])).toEqual([
      ['2026-11-08', 'offering', 4500.45, 0, 14800.45],
      ['2026-11-05', 'journal', 0, 500, 10300],
      ['2026-11-04', 'expense', 0, 1200, 10800],
      ['2026-11-03', 'income', 3000, 0, 12000],
      ['2026-11-01', 'offering', 9000, 0, 9000],
    ]);
    expectChained(rows);
    expect(rows[0]!.runningBalance).toBe(await selectorBalance(c.api, c.cash));

    // each posting is traceable to what made it
    const [newest, journal, expense, income, oldest] = rows as [
      RegisterRow,
      RegisterRow,
      RegisterRow,
      RegisterRow,
      RegisterRow,
    ];
    expect(newest).toMatchObject({
      narration: 'Sunday Offering (POS)',
      category: 'Offering',
      sourceId: c.offerings[1],
      transactionNumber: '',
      approved: false,
      reversed: false,
      reverses: null,
      amount: 4500.45,
      currency: { shortCode: 'NGN', symbol: expect.any(String) },
    });
    expect(oldest).toMatchObject({ source: 'offering', sourceId: c.offerings[0], narration: 'Sunday Offering (Cash)' });
    expect(income).toMatchObject({
      narration: 'Harvest gifts',
      category: 'inflow',
      sourceId: c.income.id,
      transactionNumber: c.income.transactionNumber,
      amount: 3000,
    });
    expect(expense).toMatchObject({
      narration: 'Electricity bill',
      category: 'outflow',
      sourceId: c.expense.id,
      transactionNumber: c.expense.transactionNumber,
      amount: -1200,
    });
    expect(journal).toMatchObject({ category: 'Journal', sourceId: c.journal.id, amount: -500 });
    expect(new Set(rows.map((r) => r.postingId)).size).toBe(rows.length);
    // the existing client approves and deletes a row by its id: a document's posting carries the document's id
    expect(income).toMatchObject({ id: c.income.id });
    expect(journal).toMatchObject({ id: c.journal.id });
    expect(new Set(rows.map((r) => r.entryId)).size).toBe(rows.length);
    // the income put two lines on Cash (one per donor): one posting of 3,000
    expect(await lineCount(c.tenantId, c.cash)).toBe(6);

    // Bank: the remitted 10% of each Sunday Offering, the Tithe and the journal's debit
    const bank = await register(c.api, c.bank);
    expect(bank.map((r) => [r.source, r.debit])).toEqual([
      ['offering', 500.05],
      ['journal', 500],
      ['offering', 2000],
      ['offering', 1000],
    ]);
    expectChained(bank);
    expect(bank[0]!.runningBalance).toBe(await selectorBalance(c.api, c.bank));

    // an income account reads credit-positive, as the chart shows it
    const offering = await register(c.api, c.offering);
    expect(offering.map((r) => [r.source, r.credit, r.amount])).toEqual([
      ['offering', 5000.5, 5000.5],
      ['income', 3000, 3000],
      ['offering', 10000, 10000],
    ]);
    expect(offering[0]!.runningBalance).toBe(18000.5);
    expectChained(offering, -1);
  });

  it('shows an edit and a delete as reversals of the postings they undo, and stays reconciled', async () => {
    const c = await churchWithPostings();
    const p = paths();
    const edit = await c.api.post(
      p.expense,
      expenseBody(c.cash, '1,500', [{ accountID: c.utilities, amount: '1500' }], {
        id: c.expense.id,
        date: '2026-11-04',
        memo: 'Electricity bill',
      }),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    const del = await c.api.delete(`${p.remove}?id=${c.journal.id}`);
    expect(del.statusCode, del.body).toBe(200);

    const rows = await register(c.api, c.cash);
    const ofExpense = rows.filter((r) => r.transactionNumber === c.expense.transactionNumber);
    expect(ofExpense.map((r) => [r.source, r.reverses, r.debit, r.credit, r.reversed])).toEqual([
      ['expense', null, 0, 1500, false],
      ['reversal', 'expense', 1200, 0, false],
      ['expense', null, 0, 1200, true],
    ]);
    expect(ofExpense.every((r) => r.sourceId === c.expense.id)).toBe(true);
    expect(ofExpense[1]!.narration).toBe('Reversal of Electricity bill (edited)');
    const ofJournal = rows.filter((r) => r.sourceId === c.journal.id);
    expect(ofJournal.map((r) => [r.source, r.reverses, r.debit, r.credit, r.reversed])).toEqual([
      ['reversal', 'journal', 500, 0, false],
      ['journal', null, 0, 500, true],
    ]);
    expect(ofJournal[0]!.narration).toMatch(/^Reversal of .+ \(deleted\)$/);
    expect(rows).toHaveLength(8);
    expectChained(rows);
    // 14,800.45 − 300 more electricity + 500 back from the deleted transfer
    expect(rows[0]!.runningBalance).toBe(15000.45);
    expect(rows.find((r) => r.date === '2026-11-08')!.runningBalance).toBe(15000.45);
    expect(await selectorBalance(c.api, c.cash)).toBe(15000.45);
  });

  it('pages newest first with every running balance as on the full list, a back-dated posting included', async () => {
    const c = await churchWithPostings();
    // back-dated: it becomes the oldest posting and raises every running balance after it
    await saved(
      c.api,
      paths().income,
      incomeBody(c.cash, '250.25', [{ accountID: c.offering, amount: '250.25' }], {
        date: '2026-10-15',
        memo: 'October gift',
      }),
    );
    const all = await register(c.api, c.cash, '&pageSize=200');
    expect(all).toHaveLength(6);
    expect(all.at(-1)).toMatchObject({ narration: 'October gift', runningBalance: 250.25 });
    expect(all[0]!.runningBalance).toBe(15050.7);
    expectChained(all);

    const pages: RegisterRow[][] = [];
    for (let page = 1; page <= 4; page++) pages.push(await register(c.api, c.cash, `&page=${page}&pageSize=2`));
    expect(pages.map((p) => p.length)).toEqual([2, 2, 2, 0]);
    expect(pages.flat()).toEqual(all);
    // the default page is the newest 50
    expect(await register(c.api, c.cash)).toEqual(all);
  });

  it("answers 404 for another church's account and for an unknown one, revealing nothing", async () => {
    const c = await churchWithPostings();
    const other = await offeringChurch(h.app);
    const res = await other.api.get(`${REGISTER}?id=${c.cash}`);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toMatchObject({ status: false, returnObject: null });
    expect(res.body).not.toContain('Sunday Offering');
    const unknown = await c.api.get(`${REGISTER}?id=6f1c0d1e-8f57-4d5b-9a51-3e1f0c7a2b11`);
    expect(unknown.statusCode).toBe(404);
    // their own Cash has nothing of the first church's
    expect(await register(other.api, other.cash)).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    const c = await churchWithPostings();
    const anon = client(h.app, null);
    expect((await anon.get(`${REGISTER}?id=${c.cash}`)).statusCode).toBe(401);
    expect((await anon.get(`${LINES}?ids=${c.journal.id}`)).statusCode).toBe(401);
  });

  it('answers 400 naming the field for a bad id, page or page size', async () => {
    const c = await churchWithPostings();
    expectBadRequest(await c.api.get(`${REGISTER}?id=not-an-id`), 'id');
    expectBadRequest(await c.api.get(REGISTER), 'id');
    expectBadRequest(await c.api.get(`${REGISTER}?id=${c.cash}&page=0`), 'page');
    expectBadRequest(await c.api.get(`${REGISTER}?id=${c.cash}&page=abc`), 'page');
    expectBadRequest(await c.api.get(`${REGISTER}?id=${c.cash}&pageSize=201`), 'pageSize');
    expectBadRequest(await c.api.get(`${REGISTER}?id=${c.cash}&pageSize=-1`), 'pageSize');
    // routing and query names are case-insensitive
    const lower = await c.api.get(`${REGISTER.toLowerCase()}?ID=${c.cash}`);
    expect(lower.statusCode, lower.body).toBe(200);
  });
});

describe('GET /api/Financials/Transactions/Lines (each line of a document with its side)', () => {
  it("answers each journal line's account and side, an income's cash debit, and nothing of another church", async () => {
    const c = await churchWithPostings();
    const other = await churchWithPostings();
    const res = await c.api.get(`${LINES}?ids=${c.journal.id},${c.income.id},${other.journal.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const docs = res.json() as { transactionId: string; currency: string; lines: Record<string, unknown>[] }[];
    expect(docs.map((d) => d.transactionId)).toEqual([c.journal.id, c.income.id]);
    expect(docs[0]!.lines).toEqual([
      { accountID: c.bank, account: '1010 - Bank', side: 'debit', amount: 500 },
      { accountID: c.cash, account: '1000 - Cash', side: 'credit', amount: 500 },
    ]);
    expect(docs[1]!.lines).toEqual([
      { accountID: c.cash, account: '1000 - Cash', side: 'debit', amount: 3000 },
      { accountID: c.offering, account: '4000 - Offering', side: 'credit', amount: 2000 },
      { accountID: c.offering, account: '4000 - Offering', side: 'credit', amount: 1000 },
    ]);
    expect(res.body).not.toContain(other.journal.id);
    expectBadRequest(await c.api.get(`${LINES}?ids=${c.journal.id},nope`), 'ids.1');
    expectBadRequest(await c.api.get(`${LINES}?ids=`), 'ids');
  });
});

describe('approved documents are locked (409) until unapproved', () => {
  it('refuses to edit or delete an approved income, expense or journal, and allows it once unapproved', async () => {
    const c = await churchWithPostings();
    const p = paths();
    const approve = async (id: string, approved: boolean) => {
      const res = await c.api.post(p.approve, { id, approved });
      expect(res.statusCode, res.body).toBe(200);
    };
    for (const d of [c.income, c.expense, c.journal]) await approve(d.id, true);
    const before = await writeCounts(h.database, c.tenantId);
    const cashBefore = await register(c.api, c.cash);
    expect(cashBefore.filter((r) => r.approved).map((r) => r.source)).toEqual(['journal', 'expense', 'income']);

    const incomeEdit = { id: c.income.id, date: '2026-11-03', memo: 'Harvest gifts' };
    const refusals = [
      await c.api.post(p.income, incomeBody(c.cash, '3,100', [{ accountID: c.offering, amount: '3100' }], incomeEdit)),
      await c.api.post(
        p.expense,
        expenseBody(c.cash, '1,300', [{ accountID: c.utilities, amount: '1300' }], {
          id: c.expense.id,
          date: '2026-11-04',
        }),
      ),
      await c.api.post(`${p.journal}?id=${c.journal.id}`, journalBody(c.bank, c.cash, '600', { date: '2026-11-05' })),
      await c.api.delete(`${p.remove}?id=${c.income.id}`),
      await c.api.delete(`${p.remove}?id=${c.expense.id}`),
      await c.api.delete(`${p.remove}?id=${c.journal.id}`),
    ];
    const numbers = [c.income, c.expense, c.journal, c.income, c.expense, c.journal].map((d) => d.transactionNumber);
    refusals.forEach((res, i) => {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({
        status: false,
        response: `Transaction ${numbers[i]} is approved; unapprove it first to change or delete it`,
        returnObject: null,
      });
    });
    expect(await writeCounts(h.database, c.tenantId)).toEqual(before);
    expect(await register(c.api, c.cash)).toEqual(cashBefore);

    for (const d of [c.income, c.expense, c.journal]) await approve(d.id, false);
    const edited = await c.api.post(
      p.income,
      incomeBody(c.cash, '3,100', [{ accountID: c.offering, amount: '3100' }], incomeEdit),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const journalEdit = await c.api.post(
      `${p.journal}?id=${c.journal.id}`,
      journalBody(c.bank, c.cash, '600', { date: '2026-11-05' }),
    );
    expect(journalEdit.statusCode, journalEdit.body).toBe(200);
    const removed = await c.api.delete(`${p.remove}?id=${c.expense.id}`);
    expect(removed.statusCode, removed.body).toBe(200);

    const after = await register(c.api, c.cash);
    expectChained(after);
    // 14,800.45 + 100 more income − 100 more transfer + 1,200 expense undone
    expect(after[0]!.runningBalance).toBe(16000.45);
    expect(await selectorBalance(c.api, c.cash)).toBe(16000.45);
  });
});
