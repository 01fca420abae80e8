import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, countRows, startHarness, type Harness } from './helpers.ts';
import { expectBadRequest } from './fixtures.ts';
import { offeringChurch } from './offering-setup.ts';
import {
  FUND_SAVE,
  FUNDS,
  church,
  createAccount,
  createFund,
  getChart,
  headNamed,
  type Fund,
} from './ledger-support.ts';

/**
 * Issue 7, 'what a new user tripped over' and the existing client's fund heads: new funds get a
 * code, unique per church even when created at once; the equity heads carry the names the client
 * maps to a fund type ('Unrestricted Funds' 0, 'Donor Restricted Funds' 1; existing-client-api
 * §7b 16) and each new fund's account goes in the head of its type; a remittance may not go to
 * the item's own cash or income account; and every 409 a route can answer is in /docs/json.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const fundsOf = async (api: ReturnType<typeof client>) => (await api.get(FUNDS)).json() as Fund[];

describe('fund codes', () => {
  it('gives a fund created without a code the next free code of the equity range, on the fund and its account', async () => {
    const c = await church(h.app);
    const first = await createFund(c.api, 'Missions', 0);
    expect(first.code).toBe('3100');
    // a code an account already has is skipped (accounts and funds share the range)
    await createAccount(c.api, {
      name: 'Building Reserve',
      code: '3200',
      description: '',
      financialAccountGroupID: (await headNamed(c.api, 'Unrestricted Funds')).id,
    });
    const second = await createFund(c.api, 'Welfare Fund', 1);
    expect(second.code).toBe('3300');
    const chart = await getChart(c.api);
    const account = chart.accountwithHeads[2]!.accounts.find((a) => a.id === second.accountID)!;
    expect(account.code).toBe('3300');
    // a code given by the client is kept
    const res = await c.api.post(FUND_SAVE, { name: 'Youth', code: '3555', fundType: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().returnObject.code).toBe('3555');
  });

  it('gives funds created at the same time different codes (the unique index settles the race)', async () => {
    const c = await church(h.app);
    const names = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot'];
    const answers = await Promise.all(names.map((name, i) => c.api.post(FUND_SAVE, { name, fundType: i % 2 })));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const codes = answers.map((res) => (res.json() as { returnObject: Fund }).returnObject.code);
    expect(new Set(codes).size).toBe(names.length);
    expect(codes.every((code) => /^3\d{3}$/.test(code) && code !== '3000' && code !== '3900')).toBe(true);
    const listed = await fundsOf(c.api);
    expect(listed.filter((f) => names.includes(f.name)).map((f) => f.code)).toHaveLength(names.length);
    expect(await countRows(h.database, 'funds', c.tenantId)).toBe(names.length + 1);
  });

  it('answers a code another fund has with 400 naming code, and writes nothing', async () => {
    const c = await church(h.app);
    await createFund(c.api, 'Missions', 0);
    const before = await countRows(h.database, 'funds', c.tenantId);
    expectBadRequest(await c.api.post(FUND_SAVE, { name: 'Other', code: '3100', fundType: 0 }), 'code');
    expect(await countRows(h.database, 'funds', c.tenantId)).toBe(before);
  });
});

describe('fund heads (existing-client-api §7b 16)', () => {
  it('starts a church with the equity heads Unrestricted Funds and Donor Restricted Funds', async () => {
    const c = await church(h.app);
    const equity = (await getChart(c.api)).accountwithHeads[2]!.accountHeadsDTO;
    const unrestricted = equity.find((x) => x.name === 'Unrestricted Funds')!;
    expect(unrestricted.accounts.map((a) => [a.code, a.name, a.fundType])).toEqual([['3000', 'Unrestricted Funds', 0]]);
    const restricted = equity.find((x) => x.name === 'Donor Restricted Funds')!;
    expect(restricted.accounts).toEqual([]);
    expect(equity.some((x) => x.name === 'Funds')).toBe(false);
  });

  it("puts each new fund's account in the head named after its type, which the client reads the type from", async () => {
    const c = await church(h.app);
    const unrestricted = await headNamed(c.api, 'Unrestricted Funds');
    const restricted = await headNamed(c.api, 'Donor Restricted Funds');
    const building = await createFund(c.api, 'Building', 1);
    const missions = await createFund(c.api, 'Missions', 0);
    // a type that contradicts the named head sent goes to the head of its type
    const res = await c.api.post(FUND_SAVE, { name: 'Roof', fundType: 1, financialAccountGroupID: unrestricted.id });
    expect(res.statusCode, res.body).toBe(200);
    const roof = (res.json() as { returnObject: Fund }).returnObject;
    expect([building, missions, roof].map((f) => [f.name, f.fundType, f.financialAccountGroupID])).toEqual([
      ['Building', 1, restricted.id],
      ['Missions', 0, unrestricted.id],
      ['Roof', 1, restricted.id],
    ]);
    const equity = (await getChart(c.api)).accountwithHeads[2]!.accountHeadsDTO;
    const inHead = (name: string) => equity.find((x) => x.name === name)!.accounts.map((a) => [a.name, a.fundType]);
    expect(inHead('Donor Restricted Funds')).toEqual([
      ['Building', 1],
      ['Roof', 1],
    ]);
    expect(inHead('Unrestricted Funds')).toEqual([
      ['Unrestricted Funds', 0],
      ['Missions', 0],
    ]);
    // the client's rule: fundType -1 (not chosen) takes the type from the head's name
    const byHead = await c.api.post(FUND_SAVE, {
      name: 'Scholarship',
      fundType: -1,
      financialAccountGroupID: restricted.id,
    });
    expect(byHead.statusCode, byHead.body).toBe(200);
    expect(byHead.json().returnObject).toMatchObject({ fundType: 1, financialAccountGroupID: restricted.id });
  });
});

describe('remittance to the item itself (issue 7)', () => {
  for (const [side, field] of [
    ['cash', 'distinationCashBankAccount'],
    ['income', 'distinationIncomeAccount'],
  ] as const)
    it(`refuses a remittance to the item's own ${side} account with 400 naming incomeRemittance.N.${field}`, async () => {
      const c = await offeringChurch(h.app);
      const before = await countRows(h.database, 'contribution_items', c.tenantId);
      const own = side === 'cash' ? c.cash : c.offering;
      for (const path of ['/api/financials/contributions/items/save', '/api/Financials/Contributions/Items/edit']) {
        const body = {
          ...(path.endsWith('edit') ? { id: c.sundayItem } : {}),
          name: 'Harvest Offering',
          incomeAccountId: c.offering,
          cashAccountId: c.cash,
          incomeRemittance: [
            { percentage: 10, distinationIncomeAccount: c.tithe },
            { percentage: 5, [field]: own },
          ],
        };
        const res = path.endsWith('edit') ? await c.api.put(path, body) : await c.api.post(path, body);
        expectBadRequest(res, `incomeRemittance.1.${field}`);
        expect(res.json().response).toContain(`item's own ${side}`);
      }
      expect(await countRows(h.database, 'contribution_items', c.tenantId)).toBe(before);
      const item = (await c.api.get(`/api/Financials/Contributions/Items/One?ID=${c.sundayItem}`)).json();
      expect(item.name).toBe('Sunday Offering');
    });
});

describe('409 answers are declared in the OpenAPI document', () => {
  it('lists 409 on every route that answers it', async () => {
    const doc = (await client(h.app, null).get('/docs/json')).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const routes: [string, string][] = [
      ['/api/Financials/Accounts/Transactions/Income/Save', 'post'],
      ['/api/Financials/Accounts/Transactions/Expense/Save', 'post'],
      ['/api/Financials/Accounts/Transactions/SaveGeneralLedger', 'post'],
      ['/api/Financials/Accounts/Transactions/Delete', 'delete'],
      ['/api/Financials/Contributions/Transactions/Save', 'post'],
      ['/api/Financials/Contributions/Transactions/Edit', 'put'],
      ['/api/Financials/Contributions/Transactions/Delete', 'delete'],
      ['/api/Financials/Contributions/Transactions/DeleteMultiple', 'post'],
      ['/api/Financials/Contributions/Delete', 'delete'],
      ['/api/Financials/Accounts/Delete', 'delete'],
      ['/api/Financials/Fund/Delete', 'delete'],
      ['/api/Financials/Funds/Save', 'post'],
    ];
    const missing = routes.filter(([path, method]) => !doc.paths[path]?.[method]?.responses['409']);
    expect(missing).toEqual([]);
  });

  it('answers an approved document 409 through the declared schema (not a 500)', async () => {
    const c = await offeringChurch(h.app);
    const income = await c.api.post('/api/Financials/Accounts/Transactions/Income/Save', {
      amount: 100,
      creditSplitAccounts: [{ accountID: c.offering, amount: 100 }],
      date: '2026-11-02T00:00:00',
      debitAccountID: c.bank,
      memo: 'Gift',
      category: 'inflow',
    });
    expect(income.statusCode, income.body).toBe(200);
    const list = (await c.api.get('/api/Financials/Accounts/v2/Transactions?page=1')).json() as {
      records: { id: string }[];
    };
    const id = list.records[0]!.id;
    const approve = await c.api.post('/api/Financials/accounts/Transactions/ApproveTransactionToggle', {
      id,
      approved: true,
      memo: '',
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const res = await c.api.delete(`/api/Financials/Accounts/Transactions/Delete?id=${id}`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ status: false, returnObject: null });
    expect(res.json().response).toContain('unapprove it first');
  });
});
