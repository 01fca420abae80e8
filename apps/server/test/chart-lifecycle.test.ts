import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, countRows, startHarness, type Harness } from './helpers.ts';
import { createItem, expectBadRequest } from './fixtures.ts';
import {
  CASH_BANK_BALANCES,
  FUND_SAVE,
  FUNDS,
  INCOME,
  church,
  createAccount,
  createFund,
  flatAccounts,
  getChart,
  headNamed,
  incomeBody,
  named,
  saved,
  type Fund,
} from './ledger-support.ts';

/** Deleting, deactivating and activating accounts; funds (spec 2.10, §7). */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const ACC_DELETE = '/api/Financials/Accounts/Delete';
const DEACTIVATE = '/api/Financials/Accounts/Deactivate';
const ACTIVATE = '/api/Financials/Accounts/Activate';
const FUND_DELETE = '/api/Financials/Fund/Delete';

const counts = async (tenantId: string) => ({
  accounts: await countRows(h.database, 'accounts', tenantId),
  funds: await countRows(h.database, 'funds', tenantId),
});

/** Asserts the 409 of a delete that cannot be done. */
function expectConflict(res: { statusCode: number; body: string; json(): unknown }, canDeactivate: boolean) {
  expect(res.statusCode, res.body).toBe(409);
  const body = res.json() as { status: boolean; response: string; returnObject: { canDeactivate: boolean } };
  expect(body.status).toBe(false);
  expect(body.returnObject).toEqual({ canDeactivate });
  if (canDeactivate) expect(body.response).toContain('Deactivate it instead');
  return body.response;
}

describe('DELETE /api/Financials/Accounts/Delete', () => {
  it('deletes an unused account', async () => {
    const c = await church(h.app);
    const head = await headNamed(c.api, 'Ministry Expenses');
    const a = await createAccount(c.api, { name: 'Choir Robes', financialAccountGroupID: head.id });
    const before = await counts(c.tenantId);
    const res = await c.api.delete(`${ACC_DELETE}?id=${a.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true, response: 'The account Choir Robes was deleted' });
    expect(flatAccounts(await getChart(c.api)).some((x) => x.id === a.id)).toBe(false);
    expect(await counts(c.tenantId)).toEqual({ ...before, accounts: before.accounts - 1 });
    expect((await c.api.delete(`${ACC_DELETE}?id=${a.id}`)).statusCode).toBe(404);
  });

  it('answers 409 offering deactivation for an account with postings or used by an offering item', async () => {
    const c = await church(h.app);
    const chart = await getChart(c.api);
    const bank = named(chart, 'Bank').id;
    await saved(c.api, INCOME, incomeBody(bank, 75, [{ accountID: named(chart, 'Tithe').id, amount: 75 }]));
    const before = await counts(c.tenantId);
    expect(expectConflict(await c.api.delete(`${ACC_DELETE}?id=${bank}`), true)).toContain('postings');
    const thanks = named(chart, 'Thanksgiving').id;
    await createItem(c.api, { name: 'Thanks', incomeAccountId: thanks, cashAccountId: named(chart, 'Cash').id });
    expect(expectConflict(await c.api.delete(`${ACC_DELETE}?id=${thanks}`), true)).toContain('offering items');
    expect(await counts(c.tenantId)).toEqual(before);
  });

  it("refuses to delete an account Steward relies on, and answers 404 for another church's id", async () => {
    const c = await church(h.app);
    const other = await church(h.app);
    const chart = await getChart(c.api);
    for (const name of ['Currency Exchange', 'Unrestricted Funds', 'FX Rounding Differences'])
      expectConflict(await c.api.delete(`${ACC_DELETE}?id=${named(chart, name).id}`), false);
    const theirs = named(await getChart(other.api), 'Rent').id;
    const res = await c.api.delete(`${ACC_DELETE}?id=${theirs}`);
    expect(res.statusCode).toBe(404);
    expect(named(await getChart(other.api), 'Rent').id).toBe(theirs);
    expectBadRequest(await c.api.delete(`${ACC_DELETE}?id=not-an-id`), 'id');
    expect((await client(h.app, null).delete(`${ACC_DELETE}?id=${theirs}`)).statusCode).toBe(401);
  });
});

describe('Accounts/Deactivate and Accounts/Activate', () => {
  it('takes an account out of the pickers but keeps its history and balance in the chart', async () => {
    const c = await church(h.app);
    const cashHead = await headNamed(c.api, 'Cash and Bank');
    const incomeHead = await headNamed(c.api, 'Other Income');
    const box = await createAccount(c.api, { name: 'Harvest Box', code: '1030', financialAccountGroupID: cashHead.id });
    const harvest = await createAccount(c.api, {
      name: 'Harvest',
      code: '4300',
      financialAccountGroupID: incomeHead.id,
    });
    await saved(c.api, INCOME, incomeBody(box.id, '250.50', [{ accountID: harvest.id, amount: '250.50' }]));
    const ids = async (url: string) => ((await c.api.get(url)).json() as { id: string }[]).map((o) => o.id);
    const pickers = [
      '/api/Financials/Accounts/GetIncomeAccounts',
      '/api/financials/accounts/getcashbankaccounts',
      '/api/Financials/Accounts/GetTransactionalAccounts',
      '/api/Financials/Accounts/GetAssetAccounts',
      CASH_BANK_BALANCES,
    ];
    for (const id of [box.id, harvest.id]) {
      const res = await c.api.post(`${DEACTIVATE}?id=${id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe(true);
    }
    for (const url of pickers) {
      const list = await ids(url);
      expect(list.length).toBeGreaterThan(0);
      expect(list).not.toContain(box.id);
      expect(list).not.toContain(harvest.id);
    }
    const chart = await getChart(c.api);
    expect(named(chart, 'Harvest Box')).toMatchObject({ isActive: false, balance: 250.5, hasPostings: true });
    expect(named(chart, 'Harvest')).toMatchObject({ isActive: false, balance: 250.5 });
    // a deactivated account takes no new documents
    const cash = named(chart, 'Cash').id;
    expectBadRequest(
      await c.api.post(INCOME, incomeBody(cash, 10, [{ accountID: harvest.id, amount: 10 }])),
      'creditSplitAccounts.0.accountID',
    );

    expect((await c.api.post(`${ACTIVATE}?id=${box.id}`)).statusCode).toBe(200);
    expect(await ids('/api/financials/accounts/getcashbankaccounts')).toContain(box.id);
    expect(await ids('/api/Financials/Accounts/GetIncomeAccounts')).not.toContain(harvest.id);
  });

  it("refuses to deactivate Currency Exchange, and answers 404 for another church's id and 401 without a session", async () => {
    const c = await church(h.app);
    const other = await church(h.app);
    const fx = named(await getChart(c.api), 'Currency Exchange').id;
    expectConflict(await c.api.post(`${DEACTIVATE}?id=${fx}`), false);
    expect(named(await getChart(c.api), 'Currency Exchange').isActive).toBe(true);
    const theirs = named(await getChart(other.api), 'Cash').id;
    expect((await c.api.post(`${DEACTIVATE}?id=${theirs}`)).statusCode).toBe(404);
    expect((await c.api.post(`${ACTIVATE}?id=${theirs}`)).statusCode).toBe(404);
    expect(named(await getChart(other.api), 'Cash').isActive).toBe(true);
    expect((await client(h.app, null).post(`${DEACTIVATE}?id=${theirs}`)).statusCode).toBe(401);
    expect((await client(h.app, null).post(`${ACTIVATE}?id=${theirs}`)).statusCode).toBe(401);
  });
});

describe('funds: GET /api/Financials/Funds, POST Funds/Save, DELETE Fund/Delete', () => {
  it('lists the Unrestricted Funds fund with its equity account', async () => {
    const c = await church(h.app);
    const res = await c.api.get(FUNDS);
    expect(res.statusCode).toBe(200);
    const chart = await getChart(c.api);
    const account = named(chart, 'Unrestricted Funds');
    expect(res.json()).toEqual([
      {
        id: account.financialFundID,
        name: 'Unrestricted Funds',
        code: '3000',
        fundType: 0,
        financialAccountGroupID: account.financialAccountGroupID,
        accountID: account.id,
        balance: 0,
        isActive: true,
      },
    ]);
    expect((await client(h.app, null).get(FUNDS)).statusCode).toBe(401);
  });

  it('creates a fund with its equity account, shown in the equity list with its fundType, and renames it', async () => {
    const c = await church(h.app);
    const before = await counts(c.tenantId);
    const res = await c.api.post(FUND_SAVE, { name: 'Building Fund', code: '3100', fundType: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { status: boolean; response: string; returnObject: Fund };
    expect(body.status).toBe(true);
    expect(body.response).toBe('The fund Building Fund was created successfully');
    expect(body.returnObject).toMatchObject({ name: 'Building Fund', code: '3100', fundType: 1, balance: 0 });
    expect(await counts(c.tenantId)).toEqual({ accounts: before.accounts + 1, funds: before.funds + 1 });
    const chart = await getChart(c.api);
    // a donor-restricted fund goes in the head the existing client maps to fundType 1
    const fundsHead = chart.accountwithHeads[2]!.accountHeadsDTO.find((x) => x.name === 'Donor Restricted Funds')!;
    const account = fundsHead.accounts.find((a) => a.name === 'Building Fund')!;
    expect(account).toMatchObject({
      id: body.returnObject.accountID,
      accountType: 'equity',
      fundType: 1,
      financialFundID: body.returnObject.id,
    });

    const renamed = await c.api.post(FUND_SAVE, { id: body.returnObject.id, name: 'Building Project', fundType: 1 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().response).toBe('The fund Building Project was updated successfully');
    const list = (await c.api.get(FUNDS)).json() as Fund[];
    expect(list.map((f) => f.name).sort()).toEqual(['Building Project', 'Unrestricted Funds']);
    expect(named(await getChart(c.api), 'Building Project').id).toBe(account.id);
    expect(await counts(c.tenantId)).toEqual({ accounts: before.accounts + 1, funds: before.funds + 1 });
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const c = await church(h.app);
    const other = await church(h.app);
    const before = await counts(c.tenantId);
    expectBadRequest(await c.api.post(FUND_SAVE, { fundType: 0 }), 'name');
    expectBadRequest(await c.api.post(FUND_SAVE, { name: ' ', fundType: 0 }), 'name');
    expectBadRequest(await c.api.post(FUND_SAVE, { name: 'Missions', fundType: 2 }), 'fundType');
    expectBadRequest(await c.api.post(FUND_SAVE, { name: 'Missions' }), 'fundType');
    const foreignHead = await headNamed(other.api, 'Unrestricted Funds');
    expectBadRequest(
      await c.api.post(FUND_SAVE, { name: 'Missions', fundType: 0, financialAccountGroupID: foreignHead.id }),
      'financialAccountGroupID',
    );
    const incomeHead = await headNamed(c.api, 'Other Income');
    expectBadRequest(
      await c.api.post(FUND_SAVE, { name: 'Missions', fundType: 0, financialAccountGroupID: incomeHead.id }),
      'financialAccountGroupID',
    );
    const theirFund = ((await other.api.get(FUNDS)).json() as Fund[])[0]!;
    expect((await c.api.post(FUND_SAVE, { id: theirFund.id, name: 'Mine now', fundType: 1 })).statusCode).toBe(404);
    expect(((await other.api.get(FUNDS)).json() as Fund[])[0]).toMatchObject({
      name: 'Unrestricted Funds',
      fundType: 0,
    });
    expect(await counts(c.tenantId)).toEqual(before);
    expect((await client(h.app, null).post(FUND_SAVE, { name: 'X', fundType: 0 })).statusCode).toBe(401);
  });

  it('deletes an unused fund with its account; refuses one with postings or Unrestricted Funds', async () => {
    const c = await church(h.app);
    const other = await church(h.app);
    const spare = await createFund(c.api, 'Spare Fund', 0);
    const before = await counts(c.tenantId);
    const res = await c.api.delete(`${FUND_DELETE}?id=${spare.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true, response: 'The fund Spare Fund was deleted' });
    expect(await counts(c.tenantId)).toEqual({ accounts: before.accounts - 1, funds: before.funds - 1 });
    expect(((await c.api.get(FUNDS)).json() as Fund[]).map((f) => f.name)).toEqual(['Unrestricted Funds']);

    // a fund whose income account received money
    const missions = await createFund(c.api, 'Missions Fund', 1);
    const head = await headNamed(c.api, 'Other Income');
    const gifts = await createAccount(c.api, {
      name: 'Missions Gifts',
      financialAccountGroupID: head.id,
      financialFundID: missions.id,
    });
    expect(gifts.financialFundID).toBe(missions.id);
    const conflictWithAccount = await c.api.delete(`${FUND_DELETE}?id=${missions.id}`);
    expect(expectConflict(conflictWithAccount, true)).toContain('accounts belong to it');
    const cash = named(await getChart(c.api), 'Cash').id;
    await saved(c.api, INCOME, incomeBody(cash, 40, [{ accountID: gifts.id, amount: 40 }]));
    const mid = await counts(c.tenantId);
    expect(expectConflict(await c.api.delete(`${FUND_DELETE}?id=${missions.id}`), true)).toContain('postings');
    const unrestricted = named(await getChart(c.api), 'Unrestricted Funds').financialFundID;
    expectConflict(await c.api.delete(`${FUND_DELETE}?id=${unrestricted}`), false);
    const theirs = ((await other.api.get(FUNDS)).json() as Fund[])[0]!.id;
    expect((await c.api.delete(`${FUND_DELETE}?id=${theirs}`)).statusCode).toBe(404);
    expect(await counts(c.tenantId)).toEqual(mid);
    expect(await counts(other.tenantId)).toMatchObject({ funds: 1 });
    expect((await client(h.app, null).delete(`${FUND_DELETE}?id=${theirs}`)).statusCode).toBe(401);
  });
});
