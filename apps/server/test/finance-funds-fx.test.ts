import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { client, startHarness, trialBalance, type Harness } from './helpers.ts';
import { expectBadRequest, NGN, USD } from './fixtures.ts';
import {
  CASH_BANK_BALANCES,
  DOC_DELETE,
  EXPENSE,
  FUNDS,
  INCOME,
  JOURNAL,
  createAccount,
  createFund,
  expenseBody,
  getChart,
  headNamed,
  incomeBody,
  named,
  saved,
  unbalancedEntries,
  writeCounts,
  type Fund,
} from './ledger-support.ts';
import { financeChurch, type FinanceChurch } from './finance-support.ts';

/** Donor-restricted funds, interfund journals and documents across currencies (DESIGN.md §1.2, §1.3). */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

/** A church with a donor-restricted 'Building Fund' and its income account 'Building Fund Donations'. */
async function restricted() {
  const c = await financeChurch(h);
  const fund = await createFund(c.api, 'Building Fund', 1);
  const head = await headNamed(c.api, 'Other Income');
  const donations = await createAccount(c.api, {
    name: 'Building Fund Donations',
    financialAccountGroupID: head.id,
    financialFundID: fund.id,
  });
  expect(donations).toMatchObject({ accountType: 'income', financialFundID: fund.id });
  const fundBalance = async () => ((await c.api.get(FUNDS)).json() as Fund[]).find((f) => f.id === fund.id)!.balance;
  /** An expense from Bank for building repairs, paid out of the fund. */
  const spend = (amount: string | number) =>
    c.api.post(
      EXPENSE,
      expenseBody(c.id('Bank'), amount, [{ accountID: c.id('Maintenance and Repairs'), amount, fundID: fund.id }]),
    );
  const give = (amount: string | number) =>
    saved(c.api, INCOME, incomeBody(c.id('Bank'), amount, [{ accountID: donations.id, amount }]));
  return { c, fund, donations, fundBalance, spend, give };
}

/** Asserts a refusal for the restricted fund that wrote nothing. */
async function refusedForFund(
  c: FinanceChurch,
  send: () => Promise<{ statusCode: number; body: string; json(): unknown }>,
) {
  const before = await writeCounts(h.database, c.tenantId);
  const res = await send();
  expectBadRequest(res as Parameters<typeof expectBadRequest>[0], 'fund');
  expect(await writeCounts(h.database, c.tenantId)).toEqual(before);
}

describe('donor-restricted funds', () => {
  it('lets an expense spend the fund up to its balance and refuses one unit more', async () => {
    const { c, fundBalance, spend, give } = await restricted();
    await give('1,000.00');
    expect(await fundBalance()).toBe(1000);
    await refusedForFund(c, () => spend('1000.01'));
    const ok = await spend('600');
    expect(ok.statusCode, ok.body).toBe(200);
    await refusedForFund(c, () => spend('400.01'));
    expect((await spend('400.00')).statusCode).toBe(200);
    expect(await fundBalance()).toBe(0);
    await refusedForFund(c, () => spend('0.01'));
    const chart = await getChart(c.api);
    expect(named(chart, 'Building Fund')).toMatchObject({ balance: 0, fundType: 1 });
    expect(named(chart, 'Maintenance and Repairs').balance).toBe(1000);
    // the unrestricted fund may go below zero: it is the church's own money
    const free = expenseBody(c.id('Cash'), 50, [{ accountID: c.id('Rent'), amount: 50 }]);
    expect((await c.api.post(EXPENSE, free)).statusCode).toBe(200);
    expect(await trialBalance(h.database, c.tenantId)).toEqual({ NGN: 0n });
  });

  it('refuses to delete (or edit down) an income whose money was already spent', async () => {
    const { c, donations, fundBalance, spend, give } = await restricted();
    const gift = await give(1000);
    expect((await spend(800)).statusCode).toBe(200);
    await refusedForFund(c, () => c.api.delete(`${DOC_DELETE}?id=${gift.id}`));
    const down = incomeBody(c.id('Bank'), 700, [{ accountID: donations.id, amount: 700 }], { id: gift.id });
    await refusedForFund(c, () => c.api.post(INCOME, down));
    expect(await fundBalance()).toBe(200);
    expect((await c.list()).records.map((r) => r.id)).toContain(gift.id);
  });

  it('lets an income of a restricted fund be edited upwards after part of it was spent', async () => {
    const { c, donations, fundBalance, spend, give } = await restricted();
    const gift = await give(1000);
    expect((await spend(800)).statusCode).toBe(200);
    // the edited income (1,500) still covers what was spent (800): the fund ends at 700
    const up = incomeBody(c.id('Bank'), 1500, [{ accountID: donations.id, amount: 1500 }], { id: gift.id });
    const res = await c.api.post(INCOME, up);
    expect(res.statusCode, res.body).toBe(200);
    expect(await fundBalance()).toBe(700);
  });

  it('never lets a journal take the fund below zero either', async () => {
    const { c, fund, donations, fundBalance, give } = await restricted();
    await give(100);
    const line = (amount: number) => [
      { category: 'inflow', amount, debitAccountID: donations.id, date: '2026-11-02' },
      { category: 'outflow', amount, creditAccountID: c.id('Bank'), date: '2026-11-02', fundID: fund.id },
    ];
    await refusedForFund(c, () => c.api.post(JOURNAL, line(100.01)));
    expect((await c.api.post(JOURNAL, line(100))).statusCode).toBe(200);
    expect(await fundBalance()).toBe(0);
  });
});

describe('interfund journals', () => {
  it('balances a journal moving money between two funds through Interfund Transfers', async () => {
    const c = await financeChurch(h);
    const building = await createFund(c.api, 'Building Fund', 1);
    const chart = await getChart(c.api);
    const unrestricted = named(chart, 'Unrestricted Funds');
    await saved(c.api, INCOME, incomeBody(c.id('Bank'), 1000, [{ accountID: c.id('Offering'), amount: 1000 }]));
    // the board moves 250.00 of general money into the building fund
    const doc = await saved(c.api, JOURNAL, [
      { category: 'inflow', amount: 250, debitAccountID: unrestricted.id, memo: 'Board resolution 7' },
      { category: 'outflow', amount: 250, creditAccountID: building.accountID, memo: 'Board resolution 7' },
    ]);
    expect(await trialBalance(h.database, c.tenantId)).toEqual({ NGN: 0n });
    expect(await unbalancedEntries(h.database, c.tenantId)).toEqual([]);
    const rows = await queryRows<{ name: string; fund: string; total: string }>(
      h.database.db,
      sql`select a.name, f.name as fund, sum(l.amount_minor)::text as total
          from journal_lines l
          join journal_entries e on e.tenant_id = l.tenant_id and e.id = l.entry_id
          join accounts a on a.tenant_id = l.tenant_id and a.id = l.account_id
          join funds f on f.tenant_id = l.tenant_id and f.id = l.fund_id
          join financial_transactions t on t.tenant_id = e.tenant_id and t.journal_entry_id = e.id
          where t.id = ${doc.id} group by a.name, f.name order by a.name, f.name`,
    );
    expect(rows).toEqual([
      { name: 'Building Fund', fund: 'Building Fund', total: '-25000' },
      { name: 'Interfund Transfers', fund: 'Building Fund', total: '25000' },
      { name: 'Interfund Transfers', fund: 'Unrestricted Funds', total: '-25000' },
      { name: 'Unrestricted Funds', fund: 'Unrestricted Funds', total: '25000' },
    ]);
    const perFund = await queryRows<{ n: number }>(
      h.database.db,
      sql`select count(*)::int as n from (select l.fund_id from journal_lines l
          join financial_transactions t on t.tenant_id = l.tenant_id and t.journal_entry_id = l.entry_id
          where t.id = ${doc.id} group by l.fund_id, l.currency_code having sum(l.amount_minor) <> 0) x`,
    );
    expect(perFund[0]!.n).toBe(0);
    const funds = ((await c.api.get(FUNDS)).json() as Fund[]).map((f) => [f.name, f.balance]);
    expect(funds).toEqual([
      ['Building Fund', 250],
      ['Unrestricted Funds', 750],
    ]);
    expect(named(await getChart(c.api), 'Interfund Transfers')).toMatchObject({ accountType: 'assets', balance: 0 });
  });
});

describe('documents across currencies', () => {
  it('posts a USD income credited to an NGN income account at the stored rate', async () => {
    const c = await financeChurch(h);
    const head = await headNamed(c.api, 'Cash and Bank');
    const usd = await createAccount(c.api, {
      name: 'Dollar Account',
      financialAccountGroupID: head.id,
      currencyID: USD,
    });
    expect(usd).toMatchObject({ currencyID: USD, isCashBank: true, currency: { shortCode: 'USD' } });
    const rates = (await client(h.app, null).get('/fxRates')).json() as Record<string, number>;
    const usdngn = rates.usdngn!;
    expect(usdngn).toBeGreaterThan(0);

    const doc = await saved(c.api, INCOME, incomeBody(usd.id, '100', [{ accountID: c.id('Offering'), amount: '100' }]));
    const balances = (await c.api.get(CASH_BANK_BALANCES)).json() as {
      id: string;
      balance: number;
      currency: { shortCode: string; symbol: string };
    }[];
    expect(balances.find((b) => b.id === usd.id)).toMatchObject({ balance: 100, currency: { shortCode: 'USD' } });
    // 100 USD = 10,000 cents; in kobo: 10,000 x usdngn, rounded once
    const expectedKobo = Math.round(10_000 * usdngn);
    const offeringKobo = -(await c.raw('Offering'));
    expect(Math.abs(Number(offeringKobo) - expectedKobo)).toBeLessThanOrEqual(1);
    expect(named(await getChart(c.api), 'Offering').balance).toBe(Number(offeringKobo) / 100);
    expect(await trialBalance(h.database, c.tenantId)).toEqual({ NGN: 0n, USD: 0n });
    expect(await unbalancedEntries(h.database, c.tenantId)).toEqual([]);

    const lines = await queryRows<{ name: string; currency_code: string; amount: string; fx_rate: string | null }>(
      h.database.db,
      sql`select a.name, l.currency_code, l.amount_minor::text as amount, l.fx_rate::text as fx_rate
          from journal_lines l
          join accounts a on a.tenant_id = l.tenant_id and a.id = l.account_id
          join financial_transactions t on t.tenant_id = l.tenant_id and t.journal_entry_id = l.entry_id
          where t.id = ${doc.id} order by l.currency_code, a.name`,
    );
    expect(lines.map((l) => [l.name, l.currency_code, BigInt(l.amount)])).toEqual([
      ['Currency Exchange', 'NGN', BigInt(offeringKobo)],
      ['Offering', 'NGN', -BigInt(offeringKobo)],
      ['Currency Exchange', 'USD', -10_000n],
      ['Dollar Account', 'USD', 10_000n],
    ]);
    for (const l of lines.filter((x) => x.currency_code === 'NGN')) expect(Number(l.fx_rate)).toBeCloseTo(usdngn, 6);
    expect(named(await getChart(c.api), 'Dollar Account')).toMatchObject({ balance: 100, currencyID: USD });
    expect(named(await getChart(c.api), 'Offering').currencyID).toBe(NGN);

    // deleting it takes every currency back to zero
    expect((await c.api.delete(`${DOC_DELETE}?id=${doc.id}`)).statusCode).toBe(200);
    expect(await c.raw('Offering')).toBe(0n);
    expect(await trialBalance(h.database, c.tenantId)).toEqual({ NGN: 0n, USD: 0n });
  });
});
