import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, trialBalance, type Harness } from './helpers.ts';
import { NGN } from './fixtures.ts';
import { financeChurch, type FinanceChurch } from './finance-support.ts';
import { UUID } from './contract-finance-support.ts';

/**
 * Contract tests of the existing web client, finance part 2 (existing-client-api §2.5 chart of
 * accounts, §2.6 income/expense/journal): each test sends one call exactly as the client
 * builds it (path casing, body, dates as `YYYY-MM-DDTHH:mm:ss`) and asserts every field the
 * client reads, with real values. §2.1-2.4 are in contract-finance.test.ts.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

/** An account of the chart, with the fields the client reads. */
interface ClientAccount {
  id: string;
  code: string;
  name: string;
  description: string;
  accountType: string;
  financialFundID: string | null;
  financialAccountGroupID: string | null;
}

interface ClientGroup {
  key: number;
  accounts: ClientAccount[];
  accountHeadsDTO: { id: string; name: string; groupSubHead: string; accounts: ClientAccount[] }[];
}

async function chartOf(c: FinanceChurch) {
  const res = await c.api.get('/api/Financials/GetChartOfAccounts');
  expect(res.statusCode).toBe(200);
  return res.json() as { accountwithHeads: ClientGroup[]; accountwithoutheads: unknown[] };
}

/** GetAccountHeads as CreateAccountForm.vue reads it: the heads of group `index`. */
async function headsOf(c: FinanceChurch, index: number) {
  const groups = (await c.api.get('/api/Financials/Accounts/GetAccountHeads')).json() as {
    accountHeadsDTO: { id: string; name: string }[];
  }[];
  return groups[index]!.accountHeadsDTO;
}

/** EditTransaction.vue's income body: one split line, date from getISOStringGMT. */
const incomeBody = (c: FinanceChurch, extra: Record<string, unknown> = {}) => ({
  amount: 1500,
  creditSplitAccounts: [{ accountID: c.id('Offering'), amount: 1500, contactID: c.ngozi, transactionID: undefined }],
  date: '2026-11-02T00:00:00',
  debitAccountID: c.id('Bank'),
  memo: 'Harvest Sunday',
  note: 'counted by the ushers',
  transactionNumber: '',
  documentUrl: '',
  documentBlobName: '',
  category: 'inflow',
  ...extra,
});

const INCOME = '/api/Financials/Accounts/Transactions/Income/Save';
const EXPENSE = '/api/Financials/Accounts/Transactions/Expense/Save';
const LEDGER = '/api/Financials/Accounts/Transactions/SaveGeneralLedger';

async function saveIncome(c: FinanceChurch, extra: Record<string, unknown> = {}) {
  const res = await c.api.post(INCOME, incomeBody(c, extra));
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { returnObject: { id: string; transactionNumber: string } }).returnObject;
}

describe('§2.5 chart of accounts', () => {
  it('GET /api/Financials/GetChartOfAccounts: five groups read by index, heads in accountHeadsDTO', async () => {
    const c = await financeChurch(h);
    const chart = await chartOf(c);
    expect(chart.accountwithoutheads).toEqual([]);
    expect(chart.accountwithHeads.map((g) => g.key)).toEqual([0, 1, 2, 3, 4]);
    const names = chart.accountwithHeads.map((g) => g.accountHeadsDTO.map((hd) => hd.name));
    expect(names[0]).toEqual(['Cash and Bank', 'Fixed Assets']);
    expect(names[1]).toEqual(['Current Liabilities']);
    // the equity head names the existing client maps to fundType 0 and 1 (§7b 16)
    expect(names[2]).toEqual(expect.arrayContaining(['Unrestricted Funds', 'Donor Restricted Funds']));
    expect(names[3]).toEqual(['Offerings and Tithes', 'Other Income']);
    expect(names[4]).toEqual(['Ministry Expenses', 'Administrative Expenses']);
    const cashHead = chart.accountwithHeads[0]!.accountHeadsDTO[0]!;
    expect(cashHead.groupSubHead).toBe('Current Assets');
    expect(cashHead.accounts[0]).toMatchObject({
      id: c.id('Cash'),
      code: '1000',
      name: 'Cash',
      description: 'Cash on hand and offering box',
      accountType: 'assets',
      financialFundID: null,
      financialAccountGroupID: cashHead.id,
    });
    const offering = chart.accountwithHeads[3]!.accountHeadsDTO[0]!.accounts[0]!;
    expect(offering).toMatchObject({
      name: 'Offering',
      accountType: 'income',
      financialFundID: expect.stringMatching(UUID),
    });
    // the tab counters add up each group's heads' accounts; `accounts` holds them all
    for (const g of chart.accountwithHeads)
      expect(g.accounts.length).toBe(g.accountHeadsDTO.reduce((n, hd) => n + hd.accounts.length, 0));
    expect(chart.accountwithHeads[0]!.accounts.length).toBe(3);
  });

  it('GET /api/Financials/Accounts/GetAccountHeads: groups with accountHeadsDTO [{id, name}] by index', async () => {
    const c = await financeChurch(h);
    const chart = await chartOf(c);
    for (let i = 0; i < 5; i++) {
      const heads = await headsOf(c, i);
      expect(heads.map((x) => [x.id, x.name])).toEqual(
        chart.accountwithHeads[i]!.accountHeadsDTO.map((x) => [x.id, x.name]),
      );
    }
  });

  it('GET /api/Financials/Funds: [{id, name}]', async () => {
    const c = await financeChurch(h);
    const res = await c.api.get('/api/Financials/Funds');
    expect(res.statusCode).toBe(200);
    const funds = res.json() as { id: string; name: string }[];
    expect(funds).toEqual([expect.objectContaining({ id: expect.stringMatching(UUID), name: 'Unrestricted Funds' })]);
  });

  it("POST /api/Financials/Accounts/Save {name, description, financialAccountGroupID, currencyID, financialFundID: ''}", async () => {
    const c = await financeChurch(h);
    const head = (await headsOf(c, 3)).find((x) => x.name === 'Other Income')!;
    const res = await c.api.post('/api/Financials/Accounts/Save', {
      name: 'Camp Fees',
      description: 'Youth camp registration',
      financialAccountGroupID: head.id,
      currencyID: NGN,
      financialFundID: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: true, response: 'The account Camp Fees was created successfully' });
    const group = (await chartOf(c)).accountwithHeads[3]!.accountHeadsDTO.find((x) => x.id === head.id)!;
    expect(group.accounts.map((a) => a.name)).toContain('Camp Fees');
  });

  it('PUT /api/Financials/Accounts/Save {name, code, accountType, description, id, financialAccountGroupID}: response', async () => {
    const c = await financeChurch(h);
    const chart = await chartOf(c);
    const utilities = chart.accountwithHeads[4]!.accountHeadsDTO[0]!.accounts.find((a) => a.name === 'Utilities')!;
    const res = await c.api.put('/api/Financials/Accounts/Save', {
      name: 'Utilities and Internet',
      code: utilities.code,
      accountType: utilities.accountType,
      description: 'Power, water and data',
      id: utilities.id,
      financialAccountGroupID: utilities.financialAccountGroupID,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().response).toBe('The account Utilities and Internet was updated successfully');
    const after = (await chartOf(c)).accountwithHeads[4]!.accounts.find((a) => a.id === utilities.id);
    expect(after).toMatchObject({ name: 'Utilities and Internet', code: '5100', description: 'Power, water and data' });
  });

  it('DELETE /api/Financials/Accounts/Delete?id=: response', async () => {
    const c = await financeChurch(h);
    const res = await c.api.delete(`/api/Financials/Accounts/Delete?id=${c.id('Rent')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toBe('The account Rent was deleted');
  });

  it('POST /api/Financials/Funds/Save {name, fundType, financialAccountGroupID}: status; codes 3100, 3200…', async () => {
    const c = await financeChurch(h);
    const fundsHead = (await headsOf(c, 2)).find((x) => x.name === 'Unrestricted Funds')!;
    const codes = [];
    for (const [name, fundType] of [
      ['Building Fund', 1],
      ['Missions Fund', 0],
      // the client sends -1 when its fund-type label is a head name it does not know
      ['Welfare Fund', -1],
    ] as const) {
      const res = await c.api.post('/api/Financials/Funds/Save', {
        name,
        fundType,
        financialAccountGroupID: fundsHead.id,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe(true);
      codes.push([res.json().returnObject.code, res.json().returnObject.fundType]);
    }
    expect(codes).toEqual([
      ['3100', 1],
      ['3200', 0],
      ['3300', 0],
    ]);
    // each fund's account sits in the head named after its type, which the client reads it from (§7b 16)
    const heads = (await chartOf(c)).accountwithHeads[2]!.accountHeadsDTO;
    const inHead = (name: string) => heads.find((x) => x.name === name)!.accounts.map((a) => [a.code, a.name]);
    expect(inHead('Unrestricted Funds')).toEqual(
      expect.arrayContaining([
        ['3200', 'Missions Fund'],
        ['3300', 'Welfare Fund'],
      ]),
    );
    expect(inHead('Donor Restricted Funds')).toEqual([['3100', 'Building Fund']]);
  });

  it('PUT /api/Financials/Accounts/Save {name, code, id, fundType, financialAccountGroupID}: the fund edit', async () => {
    const c = await financeChurch(h);
    const fundsHead = (await headsOf(c, 2)).find((x) => x.name === 'Unrestricted Funds')!;
    await c.api.post('/api/Financials/Funds/Save', {
      name: 'Roof',
      fundType: 0,
      financialAccountGroupID: fundsHead.id,
    });
    const account = (await chartOf(c)).accountwithHeads[2]!.accounts.find((a) => a.name === 'Roof')!;
    const res = await c.api.put('/api/Financials/Accounts/Save', {
      name: 'Roof Appeal',
      code: account.code,
      id: account.id,
      fundType: 1,
      financialAccountGroupID: account.financialAccountGroupID,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe(true);
    const fund = ((await c.api.get('/api/Financials/Funds')).json() as Record<string, unknown>[]).find(
      (f) => f.accountID === account.id,
    );
    expect(fund).toMatchObject({ name: 'Roof Appeal', code: '3100', fundType: 1 });
  });
});

describe('§2.6 income, expense and journal', () => {
  it('GET /api/Financials/Accounts/v2/Transactions?page=N: {records, totalItems}', async () => {
    const c = await financeChurch(h);
    const doc = await saveIncome(c);
    const res = await c.api.get('/api/Financials/Accounts/v2/Transactions?page=1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      totalItems: 1,
      records: [
        {
          id: doc.id,
          date: '2026-11-02',
          narration: 'Harvest Sunday',
          amount: 1500,
          category: 'inflow',
          currency: { symbol: '₦' },
          approved: false,
          transactionNumber: doc.transactionNumber,
        },
      ],
    });
  });

  it('GET /api/Financials/Accounts/GetCashBankAccountsBalances: [{id, text, balance, currency:{symbol, shortCode}}]', async () => {
    const c = await financeChurch(h);
    await saveIncome(c);
    const res = await c.api.get('/api/Financials/Accounts/GetCashBankAccountsBalances');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: c.id('Cash'), text: '1000 - Cash', balance: 0, currency: { symbol: '₦', shortCode: 'NGN' } },
      { id: c.id('Bank'), text: '1010 - Bank', balance: 1500, currency: { symbol: '₦', shortCode: 'NGN' } },
    ]);
  });

  it('GET GetCashBankAccounts, GetIncomeAccounts, GetExpenseAccounts, GetTransactionalAccounts: the account lists', async () => {
    const c = await financeChurch(h);
    const get = async (name: string) => {
      const res = await c.api.get(`/api/Financials/Accounts/${name}`);
      expect(res.statusCode, name).toBe(200);
      return res.json() as { id: string; text: string; accountType: string }[];
    };
    expect((await get('GetCashBankAccounts')).map((a) => [a.id, a.text])).toEqual([
      [c.id('Cash'), '1000 - Cash'],
      [c.id('Bank'), '1010 - Bank'],
    ]);
    expect((await get('GetIncomeAccounts')).map((a) => a.text)).toContain('4010 - Tithe');
    expect((await get('GetExpenseAccounts')).map((a) => a.text)).toContain('5200 - Rent');
    const all = await get('GetTransactionalAccounts');
    // grouped by lowercased accountType
    expect(new Set(all.map((a) => a.accountType.toLowerCase()))).toEqual(
      new Set(['assets', 'liability', 'equity', 'income', 'expense']),
    );
    expect(all.find((a) => a.id === c.id('Welfare'))).toMatchObject({ text: '5400 - Welfare', accountType: 'expense' });
  });

  it('POST /api/Financials/Accounts/Transactions/Income/Save: status; an edit (id, its number) re-posts', async () => {
    const c = await financeChurch(h);
    const res = await c.api.post(INCOME, incomeBody(c));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe(true);
    const doc = res.json().returnObject as { id: string; transactionNumber: string };
    expect(await c.raw('Bank')).toBe(150_000n);
    const edit = await c.api.post(
      INCOME,
      incomeBody(c, {
        id: doc.id,
        transactionNumber: doc.transactionNumber,
        amount: 1800,
        creditSplitAccounts: [{ accountID: c.id('Tithe'), amount: 1800, contactID: '', transactionID: doc.id }],
      }),
    );
    expect(edit.json().status).toBe(true);
    expect([await c.raw('Bank'), await c.raw('Offering'), await c.raw('Tithe')]).toEqual([180_000n, 0n, -180_000n]);
    expect((await c.list()).records).toEqual([
      expect.objectContaining({ id: doc.id, amount: 1800, transactionNumber: doc.transactionNumber }),
    ]);
  });

  it('POST /api/Financials/Accounts/Transactions/Expense/Save: status', async () => {
    const c = await financeChurch(h);
    const res = await c.api.post(EXPENSE, {
      debitSplitAccounts: [
        { accountID: c.id('Rent'), amount: 300, contactID: '', transactionID: undefined },
        { accountID: c.id('Welfare'), amount: 200.5, contactID: c.tunde, transactionID: undefined },
      ],
      creditAccountID: c.id('Cash'),
      date: '2026-11-03T00:00:00',
      memo: 'November bills',
      note: '',
      transactionNumber: '',
      amount: 500.5,
      category: 'outflow',
      documentUrl: '',
      documentBlobName: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe(true);
    expect([await c.raw('Cash'), await c.raw('Rent'), await c.raw('Welfare')]).toEqual([-50_050n, 30_000n, 20_050n]);
    expect((await c.list()).records[0]).toMatchObject({ amount: -500.5, category: 'outflow', date: '2026-11-03' });
  });

  it('POST /api/Financials/Accounts/Transactions/SaveGeneralLedger: lines without category; status === true', async () => {
    const c = await financeChurch(h);
    const line = { memo: 'Move to bank', note: '', date: '2026-11-04T00:00:00' };
    const res = await c.api.post(LEDGER, [
      { ...line, debitAccountID: c.id('Bank'), creditAccountID: undefined, amount: '250' },
      { ...line, debitAccountID: undefined, creditAccountID: c.id('Cash'), amount: 100 },
      { ...line, debitAccountID: undefined, creditAccountID: c.id('Cash'), amount: '150.00' },
      // a row of the form left blank
      { ...line, amount: 0 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe(true);
    expect(`The transaction was ${res.json().response}`).toBe('The transaction was saved successfully');
    expect([await c.raw('Bank'), await c.raw('Cash')]).toEqual([25_000n, -25_000n]);
    expect((await c.list()).records[0]).toMatchObject({ category: 'Journal', amount: 250, date: '2026-11-04' });
    // unbalanced: status false and a response containing 'must equal'; nothing posted
    const bad = await c.api.post(LEDGER, [
      { ...line, debitAccountID: c.id('Bank'), amount: 100 },
      { ...line, creditAccountID: c.id('Cash'), amount: 99.99 },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status).toBe(false);
    expect(bad.json().response).toContain('must equal');
    expect((await c.list()).totalItems).toBe(1);
    expect(await trialBalance(h.database, c.tenantId)).toEqual({ NGN: 0n });
  });

  it('GET /api/Financials/Accounts/GetEditFinancialTransaction?transactionNumber=: the edit forms load', async () => {
    const c = await financeChurch(h);
    const doc = await saveIncome(c);
    const res = await c.api.get(
      `/api/Financials/Accounts/GetEditFinancialTransaction?transactionNumber=${doc.transactionNumber}`,
    );
    expect(res.statusCode).toBe(200);
    const t = res.json();
    expect(t).toMatchObject({
      id: doc.id,
      date: '2026-11-02',
      amount: 1500,
      memo: 'Harvest Sunday',
      transactionNumber: doc.transactionNumber,
      account: { id: c.id('Bank'), text: '1010 - Bank' },
      debitSplitAccounts: [],
      creditSplitAccounts: [
        { accountID: c.id('Offering'), amount: 1500, transactionID: doc.id, account: { name: 'Offering' } },
      ],
    });
    // the Note box the client filled comes back as it was typed, not the memo
    expect(t.note).toBe('counted by the ushers');
    // LedgerForm.vue re-sends a loaded journal's lines as loaded (account ids included): a new journal
    const j = await c.api.post(LEDGER, [
      {
        memo: 'Transfer',
        note: 'to pay the roofer',
        date: '2026-11-05T00:00:00',
        debitAccountID: c.id('Cash'),
        amount: 40,
      },
      {
        memo: 'Transfer',
        note: 'to pay the roofer',
        date: '2026-11-05T00:00:00',
        creditAccountID: c.id('Bank'),
        amount: 40,
      },
    ]);
    const number = j.json().returnObject.transactionNumber as string;
    const loaded = (
      await c.api.get(`/api/Financials/Accounts/GetEditFinancialTransaction?transactionNumber=${number}`)
    ).json();
    expect(loaded.debitSplitAccounts[0]).toMatchObject({ account: { name: 'Cash' }, amount: 40 });
    expect(loaded.note).toBe('to pay the roofer');
    const lines = [...loaded.debitSplitAccounts, ...loaded.creditSplitAccounts].map(
      (i: { debitAccountID?: string; creditAccountID?: string; amount: number }) => ({
        memo: 'Transfer',
        note: '',
        date: '2026-11-05T00:00:00',
        debitAccountID: i.debitAccountID,
        creditAccountID: i.creditAccountID,
        amount: i.amount,
      }),
    );
    const again = await c.api.post(LEDGER, lines);
    expect(again.json().status).toBe(true);
    expect(await c.raw('Cash')).toBe(8_000n);
  });

  it('DELETE /api/Financials/Accounts/Transactions/Delete?id=: status, response', async () => {
    const c = await financeChurch(h);
    const doc = await saveIncome(c);
    const res = await c.api.delete(`/api/Financials/Accounts/Transactions/Delete?id=${doc.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, response: `Transaction ${doc.transactionNumber} was deleted` });
    expect(await c.raw('Bank')).toBe(0n);
  });

  it('POST api/Financials/accounts/Transactions/ApproveTransactionToggle {id, approved, memo}', async () => {
    const c = await financeChurch(h);
    const doc = await saveIncome(c);
    const memoBefore = (await c.list()).records[0]!.memo;
    const res = await c.api.post('/api/Financials/accounts/Transactions/ApproveTransactionToggle', {
      id: doc.id,
      approved: true,
      memo: 'Harvest Sunday',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await c.list()).records[0]).toMatchObject({ id: doc.id, approved: true });
    await c.api.post('/api/Financials/accounts/Transactions/ApproveTransactionToggle', {
      id: doc.id,
      approved: false,
      memo: '',
    });
    // the client sends the list's narration as memo: it is ignored, the memo stays the document's
    expect((await c.list()).records[0]).toMatchObject({ approved: false, memo: memoBefore });
  });
});
