import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers.ts';
import { expectBadRequest } from './fixtures.ts';
import {
  EXPENSE,
  INCOME,
  JOURNAL,
  createFund,
  expenseBody,
  incomeBody,
  journalBody,
  saved,
  writeCounts,
} from './ledger-support.ts';
import { financeChurch, threeLines, type FinanceChurch } from './finance-support.ts';

/** Bad input to the finance documents: 400 naming the field, nothing written (DESIGN.md §1.6, §1.7). */

let h: Harness;
let c: FinanceChurch;
let other: FinanceChurch;
let otherFund: string;
beforeAll(async () => {
  h = await startHarness();
  c = await financeChurch(h);
  other = await financeChurch(h);
  otherFund = (await createFund(other.api, 'Their Fund', 0)).id;
});
afterAll(async () => {
  await h.close();
});

/** Asserts the request answers 400 naming `field` and that none of the finance tables changed. */
async function refused(url: string, body: unknown, field: string, method: 'post' | 'put' = 'post') {
  const before = await writeCounts(h.database, c.tenantId);
  expectBadRequest(await c.api[method](url, body), field);
  expect(await writeCounts(h.database, c.tenantId)).toEqual(before);
}

describe('SaveIncome bad input', () => {
  it('refuses split lines that do not add up to the total', async () => {
    const lines = [
      { accountID: c.id('Offering'), amount: 60 },
      { accountID: c.id('Tithe'), amount: 30 },
    ];
    await refused(INCOME, incomeBody(c.id('Cash'), 100, lines), 'creditSplitAccounts');
    await refused(INCOME, incomeBody(c.id('Cash'), 80, lines), 'creditSplitAccounts');
  });

  it('refuses the cash account as a split line and a debit account that is not cash or bank', async () => {
    const own = [{ accountID: c.id('Cash'), amount: 10 }];
    await refused(INCOME, incomeBody(c.id('Cash'), 10, own), 'creditSplitAccounts.0.accountID');
    const offering = [{ accountID: c.id('Tithe'), amount: 10 }];
    await refused(INCOME, incomeBody(c.id('Offering'), 10, offering), 'debitAccountID');
    await refused(INCOME, incomeBody(c.id('Buildings and Equipment'), 10, offering), 'debitAccountID');
  });

  it("refuses another church's account, person or fund, naming the field", async () => {
    const line = { accountID: c.id('Offering'), amount: 10 };
    await refused(INCOME, incomeBody(other.id('Cash'), 10, [line]), 'debitAccountID');
    await refused(
      INCOME,
      incomeBody(c.id('Cash'), 10, [{ accountID: other.id('Offering'), amount: 10 }]),
      'creditSplitAccounts.0.accountID',
    );
    await refused(
      INCOME,
      incomeBody(c.id('Cash'), 10, [line, { ...line, accountID: c.id('Tithe'), contactID: other.ngozi }]),
      'creditSplitAccounts.1.contactID',
    );
    await refused(
      INCOME,
      incomeBody(c.id('Cash'), 10, [{ ...line, fundID: otherFund }]),
      'creditSplitAccounts.0.fundID',
    );
  });

  it('refuses malformed amounts, dates and empty line lists', async () => {
    const line = { accountID: c.id('Offering'), amount: 10 };
    await refused(INCOME, incomeBody(c.id('Cash'), 'ten', [line]), 'amount');
    await refused(INCOME, incomeBody(c.id('Cash'), '10.001', [line]), 'amount');
    await refused(INCOME, incomeBody(c.id('Cash'), 10, [line], { date: '31/12/2026' }), 'date');
    await refused(INCOME, incomeBody(c.id('Cash'), 10, []), 'creditSplitAccounts');
    await refused(INCOME, incomeBody('not-an-id', 10, [line]), 'debitAccountID');
  });

  it('refuses a transaction number already used, and keeps the first document', async () => {
    await saved(c.api, INCOME, threeLines(c, { transactionNumber: 'RCPT-0001' }));
    await refused(INCOME, threeLines(c, { transactionNumber: 'RCPT-0001' }), 'transactionNumber');
    await refused(
      EXPENSE,
      expenseBody(c.id('Bank'), 5, [{ accountID: c.id('Rent'), amount: 5 }], { transactionNumber: 'RCPT-0001' }),
      'transactionNumber',
    );
    // another church may use the same number
    await saved(other.api, INCOME, threeLines(other, { transactionNumber: 'RCPT-0001' }));
  });

  it('leaves the document and its entry as they were when an edit is refused', async () => {
    const doc = await saved(
      c.api,
      INCOME,
      incomeBody(c.id('Bank'), 70, [{ accountID: c.id('Donations'), amount: 70 }]),
    );
    const balances = [await c.raw('Bank'), await c.raw('Donations')];
    const bad = incomeBody(c.id('Bank'), 90, [{ accountID: other.id('Donations'), amount: 90 }], { id: doc.id });
    await refused(INCOME, bad, 'creditSplitAccounts.0.accountID');
    expect([await c.raw('Bank'), await c.raw('Donations')]).toEqual(balances);
    const listed = (await c.list()).records.find((r) => r.id === doc.id);
    expect(listed?.amount).toBe(70);
  });
});

describe('SaveExpense bad input', () => {
  it('refuses split lines that do not add up, a non cash/bank credit account and foreign references', async () => {
    const lines = [
      { accountID: c.id('Utilities'), amount: 60 },
      { accountID: c.id('Rent'), amount: 30 },
    ];
    await refused(EXPENSE, expenseBody(c.id('Cash'), 100, lines), 'debitSplitAccounts');
    await refused(EXPENSE, expenseBody(c.id('Utilities'), 90, lines), 'creditAccountID');
    await refused(
      EXPENSE,
      expenseBody(c.id('Cash'), 5, [{ accountID: c.id('Cash'), amount: 5 }]),
      'debitSplitAccounts.0.accountID',
    );
    await refused(EXPENSE, expenseBody(other.id('Bank'), 90, lines), 'creditAccountID');
    await refused(
      EXPENSE,
      expenseBody(c.id('Cash'), 5, [{ accountID: other.id('Rent'), amount: 5 }]),
      'debitSplitAccounts.0.accountID',
    );
    await refused(
      EXPENSE,
      expenseBody(c.id('Cash'), 5, [{ accountID: c.id('Rent'), amount: 5, contactID: other.tunde }]),
      'debitSplitAccounts.0.contactID',
    );
    await refused(
      EXPENSE,
      expenseBody(c.id('Cash'), 5, [{ accountID: c.id('Rent'), amount: 5, fundID: otherFund }]),
      'debitSplitAccounts.0.fundID',
    );
  });
});

describe('SaveJournal bad input', () => {
  it("refuses another church's account, person or fund on a line, naming it", async () => {
    await refused(JOURNAL, journalBody(other.id('Bank'), c.id('Cash'), 5), '0.debitAccountID');
    await refused(JOURNAL, journalBody(c.id('Bank'), other.id('Cash'), 5), '1.creditAccountID');
    const lines = journalBody(c.id('Bank'), c.id('Cash'), 5);
    await refused(JOURNAL, [lines[0], { ...lines[1], contactID: other.ngozi }], '1.contactID');
    await refused(JOURNAL, [{ ...lines[0], fundID: otherFund }, lines[1]], '0.fundID');
    await refused(JOURNAL, [lines[0], { ...lines[1], creditAccountID: undefined }], '1.creditAccountID');
  });
});

describe('Idempotency-Key', () => {
  it('a retry with the same key creates one document and answers the first result', async () => {
    const bodies: [string, unknown][] = [
      [INCOME, threeLines(c)],
      [EXPENSE, expenseBody(c.id('Cash'), 12, [{ accountID: c.id('Welfare'), amount: 12 }])],
      [JOURNAL, journalBody(c.id('Bank'), c.id('Cash'), 3)],
    ];
    for (const [i, [url, body]] of bodies.entries()) {
      const key = { 'Idempotency-Key': `retry-${i}-${c.tenantId}` };
      const first = await c.api.post(url, body, key);
      expect(first.statusCode, first.body).toBe(200);
      const after = await writeCounts(h.database, c.tenantId);
      const second = await c.api.post(url, body, key);
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json().returnObject).toEqual(first.json().returnObject);
      expect(await writeCounts(h.database, c.tenantId)).toEqual(after);
      // a different key is a different document
      const third = await c.api.post(url, body, { 'Idempotency-Key': `other-${i}-${c.tenantId}` });
      expect(third.json().returnObject.id).not.toBe(first.json().returnObject.id);
    }
  });

  it('two simultaneous requests with one key post once', async () => {
    const before = await writeCounts(h.database, c.tenantId);
    const key = { 'Idempotency-Key': `double-${c.tenantId}` };
    const body = incomeBody(c.id('Cash'), 9, [{ accountID: c.id('Offering'), amount: 9 }]);
    const [a, b] = await Promise.all([c.api.post(INCOME, body, key), c.api.post(INCOME, body, key)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().returnObject).toEqual(b.json().returnObject);
    const after = await writeCounts(h.database, c.tenantId);
    expect(after.financial_transactions).toBe(before.financial_transactions! + 1);
    expect(after.journal_entries).toBe(before.journal_entries! + 1);
  });
});
