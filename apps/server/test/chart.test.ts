import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, countRows, startHarness, type Harness } from './helpers.ts';
import { expectBadRequest, NGN, USD } from './fixtures.ts';
import {
  ACCOUNT_SAVE,
  CASH_BANK_BALANCES,
  CHART,
  EXPENSE,
  HEADS,
  INCOME,
  balancesByName,
  church,
  createAccount,
  expenseBody,
  flatAccounts,
  getChart,
  headNamed,
  incomeBody,
  named,
  saved,
  type HeadOption,
} from './ledger-support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

/** The default chart a new church gets, by list (assets, liability, equity, income, expense). */
const DEFAULT_CHART: [string, string[]][][] = [
  [
    ['Cash and Bank', ['Cash', 'Bank']],
    ['Fixed Assets', ['Buildings and Equipment']],
  ],
  [['Current Liabilities', ['Accounts Payable', 'Remittances Payable']]],
  [
    ['Unrestricted Funds', ['Unrestricted Funds']],
    ['Donor Restricted Funds', []],
    ['Currency Exchange', ['Currency Exchange']],
  ],
  [
    ['Offerings and Tithes', ['Offering', 'Tithe', 'Thanksgiving']],
    ['Other Income', ['Donations', 'Event Registration Fees']],
  ],
  [
    [
      'Ministry Expenses',
      ['Salaries and Stipends', 'Utilities', 'Rent', 'Outreach and Missions', 'Welfare', 'Maintenance and Repairs'],
    ],
    ['Administrative Expenses', ['Bank Charges', 'Remittance to Headquarters', 'FX Rounding Differences']],
  ],
];
const TYPES = ['assets', 'liability', 'equity', 'income', 'expense'];

const chartCounts = async (tenantId: string) => ({
  accounts: await countRows(h.database, 'accounts', tenantId),
  funds: await countRows(h.database, 'funds', tenantId),
  heads: await countRows(h.database, 'account_groups', tenantId),
});

describe('GET /api/Financials/GetChartOfAccounts', () => {
  it('answers the default chart in five groups (assets, liability, equity, income, expense)', async () => {
    const c = await church(h.app);
    const chart = await getChart(c.api);
    expect(chart.accountwithHeads).toHaveLength(5);
    expect(chart.accountwithoutheads).toEqual([]);
    chart.accountwithHeads.forEach((group, i) => {
      expect(group.key).toBe(i);
      expect(group.accountType).toBe(TYPES[i]);
      const list = group.accountHeadsDTO;
      expect(group.accounts.map((a) => a.id)).toEqual(list.flatMap((hd) => hd.accounts.map((a) => a.id)));
      expect(list.map((hd) => [hd.name, hd.accounts.map((a) => a.name)])).toEqual(DEFAULT_CHART[i]);
      for (const hd of list) {
        expect(hd.accountType).toBe(TYPES[i]);
        expect(hd.groupSubHead).not.toBe('');
        for (const a of hd.accounts) {
          expect(a).toMatchObject({
            accountType: TYPES[i],
            financialAccountGroupID: hd.id,
            balance: 0,
            hasPostings: false,
            isActive: true,
            currencyID: NGN,
            currency: { shortCode: 'NGN' },
          });
        }
      }
    });
    expect(named(chart, 'Cash')).toMatchObject({ code: '1000', isCashBank: true, financialFundID: null });
    expect(named(chart, 'Buildings and Equipment').isCashBank).toBe(false);
    const fund = named(chart, 'Unrestricted Funds');
    expect(fund.fundType).toBe(0);
    expect(named(chart, 'Offering').financialFundID).toBe(fund.financialFundID);
    expect(chart.accountwithHeads[0]!.accountHeadsDTO[0]!.isCashBank).toBe(true);
  });

  it('shows balances equal to what was posted, by hand', async () => {
    const c = await church(h.app);
    const chart0 = await getChart(c.api);
    const id = (n: string) => named(chart0, n).id;
    // 1,234.56 into Bank: Offering 1,000.00 and Tithe 234.56
    await saved(
      c.api,
      INCOME,
      incomeBody(id('Bank'), '1234.56', [
        { accountID: id('Offering'), amount: '1000.00' },
        { accountID: id('Tithe'), amount: '234.56' },
      ]),
    );
    // 200.10 out of Bank for Utilities
    await saved(c.api, EXPENSE, expenseBody(id('Bank'), '200.10', [{ accountID: id('Utilities'), amount: '200.10' }]));
    const b = balancesByName(await getChart(c.api));
    expect(b).toMatchObject({
      Bank: 1034.46,
      Cash: 0,
      Offering: 1000,
      Tithe: 234.56,
      Utilities: 200.1,
      // the fund's net assets: 1,234.56 income - 200.10 expense
      'Unrestricted Funds': 1034.46,
      'Currency Exchange': 0,
    });
    const others = Object.entries(b).filter(
      ([n]) => !['Bank', 'Offering', 'Tithe', 'Utilities', 'Unrestricted Funds'].includes(n),
    );
    expect(others.every(([, v]) => v === 0)).toBe(true);
    expect(named(await getChart(c.api), 'Bank').hasPostings).toBe(true);
  });

  it('answers 401 without a session', async () => {
    expect((await client(h.app, null).get(CHART)).statusCode).toBe(401);
  });
});

describe('POST and PUT /api/Financials/Accounts/Save', () => {
  it('creates an account under a head, taking its type (and cash/bank kind) from the head', async () => {
    const c = await church(h.app);
    const head = await headNamed(c.api, 'Cash and Bank');
    const res = await c.api.post(ACCOUNT_SAVE, {
      name: 'Petty Cash',
      code: '1020',
      description: 'Front office float',
      financialAccountGroupID: head.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      response: 'The account Petty Cash was created successfully',
      returnObject: {
        name: 'Petty Cash',
        code: '1020',
        accountType: 'assets',
        isCashBank: true,
        financialAccountGroupID: head.id,
        currencyID: NGN,
        balance: 0,
      },
    });
    const chart = await getChart(c.api);
    expect(chart.accountwithHeads[0]!.accountHeadsDTO[0]!.accounts.map((a) => a.name)).toContain('Petty Cash');
    const picker = (await c.api.get('/api/financials/accounts/getcashbankaccounts')).json() as { text: string }[];
    expect(picker.map((o) => o.text)).toContain('1020 - Petty Cash');
  });

  it('lists a head-less account in accountwithoutheads until a PUT gives it a head', async () => {
    const c = await church(h.app);
    const a = await createAccount(c.api, { name: 'Suspense', accountType: 'liability' });
    expect(a.financialAccountGroupID).toBeNull();
    let chart = await getChart(c.api);
    expect(chart.accountwithoutheads.map((x) => x.name)).toEqual(['Suspense']);
    const head = await headNamed(c.api, 'Current Liabilities');
    const res = await c.api.put(ACCOUNT_SAVE, { id: a.id, name: 'Suspense', financialAccountGroupID: head.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().response).toBe('The account Suspense was updated successfully');
    chart = await getChart(c.api);
    expect(chart.accountwithoutheads).toEqual([]);
    expect(chart.accountwithHeads[1]!.accountHeadsDTO[0]!.accounts.map((x) => x.name)).toContain('Suspense');
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const c = await church(h.app);
    const other = await church(h.app);
    const before = await chartCounts(c.tenantId);
    const income = await headNamed(c.api, 'Other Income');
    const foreignHead = await headNamed(other.api, 'Other Income');
    expectBadRequest(
      await c.api.post(ACCOUNT_SAVE, { accountType: 'income', financialAccountGroupID: income.id }),
      'name',
    );
    expectBadRequest(await c.api.post(ACCOUNT_SAVE, { name: '   ', accountType: 'income' }), 'name');
    const noType = await c.api.post(ACCOUNT_SAVE, { name: 'Harvest' });
    expectBadRequest(noType, 'accountType');
    expect(noType.json().response).toContain('Please select account type and provide account name');
    expectBadRequest(
      await c.api.post(ACCOUNT_SAVE, { name: 'Harvest', accountType: 'expense', financialAccountGroupID: income.id }),
      'accountType',
    );
    expectBadRequest(
      await c.api.post(ACCOUNT_SAVE, { name: 'Harvest', accountType: 'income', currencyID: 999999 }),
      'currencyID',
    );
    expectBadRequest(
      await c.api.post(ACCOUNT_SAVE, { name: 'Harvest', financialAccountGroupID: foreignHead.id }),
      'financialAccountGroupID',
    );
    const foreignFund = named(await getChart(other.api), 'Offering').financialFundID;
    expectBadRequest(
      await c.api.post(ACCOUNT_SAVE, { name: 'Harvest', accountType: 'income', financialFundID: foreignFund }),
      'financialFundID',
    );
    expectBadRequest(await c.api.post(ACCOUNT_SAVE, { name: 'Harvest', accountType: 'shares' }), 'accountType');
    expect(await chartCounts(c.tenantId)).toEqual(before);
    expect(named(await getChart(other.api), 'Donations').financialAccountGroupID).toBe(foreignHead.id);
  });

  it('lets the currency change only while the account has no postings', async () => {
    const c = await church(h.app);
    const head = await headNamed(c.api, 'Cash and Bank');
    const fresh = await createAccount(c.api, { name: 'Dollar Box', financialAccountGroupID: head.id });
    const moved = await c.api.put(ACCOUNT_SAVE, { id: fresh.id, name: 'Dollar Box', currencyID: USD });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().returnObject).toMatchObject({ currencyID: USD, currency: { shortCode: 'USD' } });

    const chart = await getChart(c.api);
    const bank = named(chart, 'Bank');
    await saved(c.api, INCOME, incomeBody(bank.id, 50, [{ accountID: named(chart, 'Offering').id, amount: 50 }]));
    const res = await c.api.put(ACCOUNT_SAVE, { id: bank.id, name: 'Bank', currencyID: USD });
    expectBadRequest(res, 'currencyID');
    // nor may it move to a head of another type
    const expenseHead = await headNamed(c.api, 'Ministry Expenses');
    expectBadRequest(
      await c.api.put(ACCOUNT_SAVE, { id: bank.id, name: 'Bank', financialAccountGroupID: expenseHead.id }),
      'accountType',
    );
    expect(named(await getChart(c.api), 'Bank')).toMatchObject({ currencyID: NGN, accountType: 'assets', balance: 50 });
  });

  it("answers 404 for another church's account id on PUT, and leaves that account alone", async () => {
    const c = await church(h.app);
    const other = await church(h.app);
    const theirs = named(await getChart(other.api), 'Tithe');
    const res = await c.api.put(ACCOUNT_SAVE, { id: theirs.id, name: 'Hijacked', accountType: 'income' });
    expect(res.statusCode).toBe(404);
    expect(res.json().status).toBe(false);
    expect(named(await getChart(other.api), 'Tithe').id).toBe(theirs.id);
  });

  it('answers a PUT without an id with 400 naming id (not 500), and writes nothing', async () => {
    const c = await church(h.app);
    const before = await chartCounts(c.tenantId);
    expectBadRequest(await c.api.put(ACCOUNT_SAVE, { name: 'No id', accountType: 'income' }), 'id');
    expect(await chartCounts(c.tenantId)).toEqual(before);
  });

  it('answers 401 without a session', async () => {
    const anon = client(h.app, null);
    expect((await anon.post(ACCOUNT_SAVE, { name: 'X', accountType: 'income' })).statusCode).toBe(401);
    expect((await anon.put(ACCOUNT_SAVE, { name: 'X', accountType: 'income' })).statusCode).toBe(401);
  });
});

describe('GET /api/Financials/Accounts/GetAccountHeads', () => {
  it("answers the church's heads in the chart's five groups, with their type and sub-head", async () => {
    const c = await church(h.app);
    const res = await c.api.get(HEADS);
    expect(res.statusCode).toBe(200);
    const groups = res.json() as { key: number; accountType: string; accountHeadsDTO: HeadOption[] }[];
    expect(groups.map((g) => [g.key, g.accountType])).toEqual(TYPES.map((t, i) => [i, t]));
    for (const g of groups) expect(g.accountHeadsDTO.every((x) => x.accountType === g.accountType)).toBe(true);
    const heads = groups.flatMap((g) => g.accountHeadsDTO);
    const byName = (a: (string | undefined)[], b: (string | undefined)[]) => String(a[0]).localeCompare(String(b[0]));
    expect(heads.map((x) => [x.name, x.accountType]).sort(byName)).toEqual(
      DEFAULT_CHART.flatMap((list, i) => list.map(([name]) => [name, TYPES[i]])).sort(byName),
    );
    expect(heads.find((x) => x.name === 'Cash and Bank')).toMatchObject({
      isCashBank: true,
      groupSubHead: 'Current Assets',
    });
    const other = await church(h.app);
    const theirs = ((await other.api.get(HEADS)).json() as { accountHeadsDTO: HeadOption[] }[]).flatMap(
      (g) => g.accountHeadsDTO,
    );
    expect(theirs.some((x) => heads.some((y) => y.id === x.id))).toBe(false);
    expect((await client(h.app, null).get(HEADS)).statusCode).toBe(401);
  });
});

describe('account pickers and cash/bank balances', () => {
  type Option = { id: string; text: string; accountType: string };
  const texts = async (api: ReturnType<typeof client>, url: string) => {
    const res = await api.get(url);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Option[]).map((o) => o.text);
  };

  it('GetAssetAccounts, GetExpenseAccounts and GetTransactionalAccounts answer the right accounts', async () => {
    const c = await church(h.app);
    expect(await texts(c.api, '/api/Financials/Accounts/GetAssetAccounts')).toEqual([
      '1000 - Cash',
      '1010 - Bank',
      '1500 - Buildings and Equipment',
    ]);
    expect(await texts(c.api, '/api/Financials/Accounts/GetExpenseAccounts')).toEqual([
      '5000 - Salaries and Stipends',
      '5100 - Utilities',
      '5200 - Rent',
      '5300 - Outreach and Missions',
      '5400 - Welfare',
      '5500 - Maintenance and Repairs',
      '5600 - Bank Charges',
      '5700 - Remittance to Headquarters',
      '5900 - FX Rounding Differences',
    ]);
    const all = flatAccounts(await getChart(c.api)).map((a) => `${a.code} - ${a.name}`);
    const journal = await texts(c.api, '/api/Financials/Accounts/GetTransactionalAccounts');
    expect([...journal].sort()).toEqual(all.filter((t) => t !== '3900 - Currency Exchange').sort());
  });

  it('GetCashBankAccountsBalances answers each cash/bank account with its balance after postings', async () => {
    const c = await church(h.app);
    const chart = await getChart(c.api);
    const id = (n: string) => named(chart, n).id;
    await saved(c.api, INCOME, incomeBody(id('Cash'), '500', [{ accountID: id('Offering'), amount: '500' }]));
    await saved(c.api, EXPENSE, expenseBody(id('Cash'), '120.25', [{ accountID: id('Welfare'), amount: '120.25' }]));
    await saved(c.api, INCOME, incomeBody(id('Bank'), '1,000', [{ accountID: id('Tithe'), amount: '1000' }]));
    const res = await c.api.get(CASH_BANK_BALANCES);
    expect(res.statusCode).toBe(200);
    const symbol = named(chart, 'Cash').currency.symbol;
    expect(res.json()).toEqual([
      { id: id('Cash'), text: '1000 - Cash', balance: 379.75, currency: { symbol, shortCode: 'NGN' } },
      { id: id('Bank'), text: '1010 - Bank', balance: 1000, currency: { symbol, shortCode: 'NGN' } },
    ]);
  });

  it.each([
    '/api/Financials/Accounts/GetAssetAccounts',
    '/api/Financials/Accounts/GetExpenseAccounts',
    '/api/Financials/Accounts/GetTransactionalAccounts',
    CASH_BANK_BALANCES,
  ])('%s answers 401 without a session', async (url) => {
    expect((await client(h.app, null).get(url)).statusCode).toBe(401);
  });
});
