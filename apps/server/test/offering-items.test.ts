import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, countRows, signupChurch, startHarness, type Client, type Harness } from './helpers.ts';
import { acc, accountsByName, createItem, expectBadRequest, NGN, NIL_ID, type AccountRef } from './fixtures.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const SAVE = '/api/financials/contributions/items/save';
const LIST = '/api/financials/contributions/items';
const ONE = '/api/Financials/Contributions/Items/One';
const EDIT = '/api/Financials/Contributions/Items/edit';
const DELETE = '/api/Financials/Contributions/Delete';

interface Church {
  tenantId: string;
  api: Client;
  a: Record<string, AccountRef>;
}

async function church(): Promise<Church> {
  const c = await signupChurch(h.app);
  const api = client(h.app, c.token);
  return { tenantId: c.tenantId, api, a: await accountsByName(api) };
}

const counts = async (tenantId: string) => ({
  items: await countRows(h.database, 'contribution_items', tenantId),
  remittances: await countRows(h.database, 'contribution_item_remittances', tenantId),
});

describe('offering items: save, list, One, edit', () => {
  it('saves an item with remittances and answers the envelope with id and name', async () => {
    const { api, a, tenantId } = await church();
    const res = await api.post(SAVE, {
      name: 'Sunday Offering',
      incomeAccountId: acc(a, 'Offering').id,
      cashAccountId: acc(a, 'Cash').id,
      incomeRemittance: [
        { percentage: '10', distinationCashBankAccount: acc(a, 'Bank').id },
        { percentage: 2.5, distinationIncomeAccount: acc(a, 'Thanksgiving').id },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      status: true,
      response: 'Contribution Saved',
      returnObject: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Sunday Offering' },
      // the existing client's quick-create reads the id at the top level
      id: body.returnObject.id,
    });
    expect(await counts(tenantId)).toEqual({ items: 1, remittances: 2 });

    const list = await api.get(LIST);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      {
        id: body.returnObject.id,
        name: 'Sunday Offering',
        cashBankAccount: 'Cash',
        incomeAccount: 'Offering',
        incomeAccountID: acc(a, 'Offering').id,
        cashAccountID: acc(a, 'Cash').id,
      },
    ]);

    const one = await api.get(`${ONE}?ID=${body.returnObject.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({
      id: body.returnObject.id,
      name: 'Sunday Offering',
      incomeAccountID: acc(a, 'Offering').id,
      cashAccountID: acc(a, 'Cash').id,
      incomeRemittance: [
        {
          id: expect.any(String),
          percentage: 10,
          distinationCashBankAccount: acc(a, 'Bank').id,
          distinationIncomeAccount: NIL_ID,
          financialFundID: NIL_ID,
        },
        {
          id: expect.any(String),
          percentage: 2.5,
          distinationCashBankAccount: NIL_ID,
          distinationIncomeAccount: acc(a, 'Thanksgiving').id,
          // an income destination carries its account's fund
          financialFundID: acc(a, 'Thanksgiving').fundId,
        },
      ],
    });
  });

  it('saves an item without remittance (null) and lists items by name', async () => {
    const { api, a } = await church();
    await createItem(api, {
      name: 'Tithe',
      incomeAccountId: acc(a, 'Tithe').id,
      cashAccountId: acc(a, 'Bank').id,
      incomeRemittance: null,
    });
    await createItem(api, {
      name: 'Building Fund',
      incomeAccountId: acc(a, 'Donations').id,
      cashAccountId: acc(a, 'Cash').id,
    });
    const list = (await api.get(LIST)).json() as { name: string; cashBankAccount: string }[];
    expect(list.map((i) => i.name)).toEqual(['Building Fund', 'Tithe']);
    expect(list.map((i) => i.cashBankAccount)).toEqual(['Cash', 'Bank']);
  });

  it('edits name, accounts and remittances; One shows the new version', async () => {
    const { api, a, tenantId } = await church();
    const id = await createItem(api, {
      name: 'Offering',
      incomeAccountId: acc(a, 'Offering').id,
      cashAccountId: acc(a, 'Cash').id,
      incomeRemittance: [{ percentage: 10, distinationCashBankAccount: acc(a, 'Bank').id }],
    });
    const res = await api.put(EDIT, {
      id,
      name: 'Special Offering',
      incomeAccountId: acc(a, 'Thanksgiving').id,
      cashAccountId: acc(a, 'Bank').id,
      incomeRemittance: [{ percentage: '20', distinationIncomeAccount: acc(a, 'Tithe').id }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, returnObject: { id, name: 'Special Offering' } });
    const one = (await api.get(`${ONE}?id=${id}`)).json();
    expect(one).toMatchObject({
      name: 'Special Offering',
      incomeAccountID: acc(a, 'Thanksgiving').id,
      cashAccountID: acc(a, 'Bank').id,
    });
    expect(one.incomeRemittance).toHaveLength(1);
    expect(one.incomeRemittance[0]).toMatchObject({
      percentage: 20,
      distinationIncomeAccount: acc(a, 'Tithe').id,
      distinationCashBankAccount: NIL_ID,
    });
    expect(await counts(tenantId)).toEqual({ items: 1, remittances: 1 });
  });

  it("answers 404 for another church's item on One, edit and Delete, and changes nothing", async () => {
    const mine = await church();
    const other = await church();
    const theirs = await createItem(other.api, {
      name: 'Their Item',
      incomeAccountId: acc(other.a, 'Offering').id,
      cashAccountId: acc(other.a, 'Cash').id,
    });
    expect((await mine.api.get(`${ONE}?ID=${theirs}`)).statusCode).toBe(404);
    const edit = await mine.api.put(EDIT, {
      id: theirs,
      name: 'Hijacked',
      incomeAccountId: acc(mine.a, 'Offering').id,
      cashAccountId: acc(mine.a, 'Cash').id,
    });
    expect(edit.statusCode).toBe(404);
    expect((await mine.api.delete(`${DELETE}?ID=${theirs}`)).statusCode).toBe(404);
    expect((await mine.api.get(`${ONE}?ID=${crypto.randomUUID()}`)).statusCode).toBe(404);
    const still = await other.api.get(`${ONE}?ID=${theirs}`);
    expect(still.statusCode).toBe(200);
    expect(still.json().name).toBe('Their Item');
    expect((await mine.api.get(LIST)).json()).toEqual([]);
  });

  it('answers 400 for a malformed id on One and Delete, and for an edit without id', async () => {
    const { api, a } = await church();
    expectBadRequest(await api.get(`${ONE}?ID=abc`), 'ID');
    expectBadRequest(await api.delete(`${DELETE}?ID=abc`), 'ID');
    expectBadRequest(
      await api.put(EDIT, { name: 'X', incomeAccountId: acc(a, 'Offering').id, cashAccountId: acc(a, 'Cash').id }),
      'id',
    );
  });

  it('answers 401 without a session', async () => {
    const anon = client(h.app, null);
    expect((await anon.get(LIST)).statusCode).toBe(401);
    expect((await anon.get(`${ONE}?ID=${crypto.randomUUID()}`)).statusCode).toBe(401);
    expect((await anon.post(SAVE, { name: 'X' })).statusCode).toBe(401);
    expect((await anon.put(EDIT, { name: 'X' })).statusCode).toBe(401);
    expect((await anon.delete(`${DELETE}?ID=${crypto.randomUUID()}`)).statusCode).toBe(401);
  });
});

describe('offering items: validation writes nothing', () => {
  type Case = [
    string,
    string,
    (a: Record<string, AccountRef>, o: Record<string, AccountRef>) => Record<string, unknown>,
  ];
  const base = (a: Record<string, AccountRef>) => ({
    name: 'Item',
    incomeAccountId: acc(a, 'Offering').id,
    cashAccountId: acc(a, 'Cash').id,
  });
  const cases: Case[] = [
    ['missing incomeAccountId', 'incomeAccountId', (a) => ({ name: 'Item', cashAccountId: acc(a, 'Cash').id })],
    ['missing cashAccountId', 'cashAccountId', (a) => ({ name: 'Item', incomeAccountId: acc(a, 'Offering').id })],
    ['empty name', 'name', (a) => ({ ...base(a), name: '   ' })],
    ['a cash account as income', 'incomeAccountId', (a) => ({ ...base(a), incomeAccountId: acc(a, 'Cash').id })],
    ['an income account as cash', 'cashAccountId', (a) => ({ ...base(a), cashAccountId: acc(a, 'Tithe').id })],
    [
      "another church's income account",
      'incomeAccountId',
      (a, o) => ({ ...base(a), incomeAccountId: acc(o, 'Offering').id }),
    ],
    ["another church's cash account", 'cashAccountId', (a, o) => ({ ...base(a), cashAccountId: acc(o, 'Cash').id })],
    [
      'percentages summing over 100',
      'incomeRemittance',
      (a) => ({
        ...base(a),
        incomeRemittance: [
          { percentage: '60', distinationCashBankAccount: acc(a, 'Bank').id },
          { percentage: '40.0001', distinationIncomeAccount: acc(a, 'Tithe').id },
        ],
      }),
    ],
    [
      'a remittance with both destinations',
      'incomeRemittance.0',
      (a) => ({
        ...base(a),
        incomeRemittance: [
          {
            percentage: 10,
            distinationCashBankAccount: acc(a, 'Bank').id,
            distinationIncomeAccount: acc(a, 'Tithe').id,
          },
        ],
      }),
    ],
    [
      'a remittance with no destination',
      'incomeRemittance.0',
      (a) => ({ ...base(a), incomeRemittance: [{ percentage: 10 }] }),
    ],
    [
      'a remittance whose destinations are all-zero ids',
      'incomeRemittance.0',
      (a) => ({
        ...base(a),
        incomeRemittance: [{ percentage: 10, distinationCashBankAccount: NIL_ID, distinationIncomeAccount: NIL_ID }],
      }),
    ],
    ...(['0', 0, 'abc', 101, '100.5', -5, '10.12345'] as const).map((p): Case => [
      `percentage ${JSON.stringify(p)}`,
      'incomeRemittance.0.percentage',
      (a) => ({ ...base(a), incomeRemittance: [{ percentage: p, distinationCashBankAccount: acc(a, 'Bank').id }] }),
    ]),
    [
      "another church's bank as remittance destination",
      'incomeRemittance.0.distinationCashBankAccount',
      (a, o) => ({ ...base(a), incomeRemittance: [{ percentage: 10, distinationCashBankAccount: acc(o, 'Bank').id }] }),
    ],
    [
      "another church's income account as remittance destination",
      'incomeRemittance.0.distinationIncomeAccount',
      (a, o) => ({ ...base(a), incomeRemittance: [{ percentage: 10, distinationIncomeAccount: acc(o, 'Tithe').id }] }),
    ],
    [
      'an income account as cash/bank destination',
      'incomeRemittance.0.distinationCashBankAccount',
      (a) => ({ ...base(a), incomeRemittance: [{ percentage: 10, distinationCashBankAccount: acc(a, 'Tithe').id }] }),
    ],
    [
      "another church's fund on a remittance",
      'incomeRemittance.1.financialFundID',
      (a, o) => ({
        ...base(a),
        incomeRemittance: [
          { percentage: 5, distinationCashBankAccount: acc(a, 'Bank').id },
          { percentage: 5, distinationIncomeAccount: acc(a, 'Tithe').id, financialFundID: acc(o, 'Tithe').fundId },
        ],
      }),
    ],
  ];

  it.each(cases)('refuses %s: 400 naming %s', async (_label, field, build) => {
    const mine = await church();
    const other = await church();
    const before = await counts(mine.tenantId);
    expectBadRequest(await mine.api.post(SAVE, build(mine.a, other.a)), field);
    expect(await counts(mine.tenantId)).toEqual(before);
    expect(before).toEqual({ items: 0, remittances: 0 });
  });

  it('accepts percentages totalling exactly 100', async () => {
    const { api, a, tenantId } = await church();
    await createItem(api, {
      ...base(a),
      incomeRemittance: [
        { percentage: '33.3333', distinationCashBankAccount: acc(a, 'Bank').id },
        { percentage: '33.3333', distinationIncomeAccount: acc(a, 'Tithe').id },
        { percentage: '33.3334', distinationIncomeAccount: acc(a, 'Thanksgiving').id },
      ],
    });
    expect(await counts(tenantId)).toEqual({ items: 1, remittances: 3 });
  });

  it('a refused edit keeps the item and its remittances as they were', async () => {
    const mine = await church();
    const other = await church();
    const id = await createItem(mine.api, {
      ...base(mine.a),
      incomeRemittance: [{ percentage: 10, distinationCashBankAccount: acc(mine.a, 'Bank').id }],
    });
    const before = (await mine.api.get(`${ONE}?ID=${id}`)).json();
    const res = await mine.api.put(EDIT, {
      id,
      name: 'Renamed',
      incomeAccountId: acc(mine.a, 'Offering').id,
      cashAccountId: acc(mine.a, 'Cash').id,
      incomeRemittance: [
        { percentage: 10, distinationCashBankAccount: acc(mine.a, 'Bank').id },
        { percentage: 10, distinationIncomeAccount: acc(other.a, 'Tithe').id },
      ],
    });
    expectBadRequest(res, 'incomeRemittance.1.distinationIncomeAccount');
    expect((await mine.api.get(`${ONE}?ID=${id}`)).json()).toEqual(before);
  });
});

describe('offering items: delete', () => {
  it('removes an unused item', async () => {
    const { api, a, tenantId } = await church();
    const id = await createItem(api, {
      name: 'Unused',
      incomeAccountId: acc(a, 'Offering').id,
      cashAccountId: acc(a, 'Cash').id,
      incomeRemittance: [{ percentage: 5, distinationCashBankAccount: acc(a, 'Bank').id }],
    });
    const res = await api.delete(`${DELETE}?ID=${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, response: expect.stringContaining('Unused') });
    expect(await counts(tenantId)).toEqual({ items: 0, remittances: 0 });
    expect((await api.get(LIST)).json()).toEqual([]);
    expect((await api.get(`${ONE}?ID=${id}`)).statusCode).toBe(404);
    expect((await api.delete(`${DELETE}?ID=${id}`)).statusCode).toBe(404);
  });

  it('deactivates an item with offerings: gone from the list, its offerings stay listed', async () => {
    const { api, a, tenantId } = await church();
    const id = await createItem(api, {
      name: 'Harvest',
      incomeAccountId: acc(a, 'Offering').id,
      cashAccountId: acc(a, 'Cash').id,
    });
    const save = await api.post('/api/Financials/Contributions/Transactions/Save', [
      { financialContributionID: id, date: '2026-11-22', amount: 5000, paymentChannel: 'Cash', currencyID: NGN },
    ]);
    expect(save.statusCode).toBe(200);
    const res = await api.delete(`${DELETE}?ID=${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(true);
    expect(res.json().response).toMatch(/deactivated/i);
    expect((await api.get(LIST)).json()).toEqual([]);
    expect((await api.get(`${ONE}?ID=${id}`)).statusCode).toBe(404);
    expect(await countRows(h.database, 'contribution_items', tenantId)).toBe(1);
    const offerings = (await api.get('/api/Financials/Contributions/Transactions?page=1')).json();
    expect(offerings.totalItems).toBe(1);
    expect(offerings.data[0]).toMatchObject({ contribution: 'Harvest', amount: 5000 });
    // a deactivated item takes no new offerings
    const again = await api.post('/api/Financials/Contributions/Transactions/Save', [
      { financialContributionID: id, date: '2026-11-23', amount: 10, paymentChannel: 'Cash', currencyID: NGN },
    ]);
    expectBadRequest(again, '0.financialContributionID');
  });
});
