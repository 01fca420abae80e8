import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers.ts';
import { NIL_ID, acc, expectBadRequest } from './fixtures.ts';
import { createEvent, offeringChurch } from './offering-setup.ts';
import { clientRow, save, UUID } from './contract-finance-support.ts';

/**
 * Contract tests of the existing web client, offerings part 2 (existing-client-api §2.3
 * offering items, §2.4 offering report): each test sends one call exactly as the client builds
 * it (path casing, body, dates in its formats) and asserts every field the client reads, with
 * real values. §2.1-2.2 are in contract-finance.test.ts.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe('§2.3 offering items', () => {
  it('GET /api/financials/contributions/items: cashBankAccount and incomeAccount are display names', async () => {
    const c = await offeringChurch(h.app);
    const res = await c.api.get('/api/financials/contributions/items');
    expect(res.json()).toContainEqual(
      expect.objectContaining({ id: c.titheItem, name: 'Tithe', cashBankAccount: 'Bank', incomeAccount: 'Tithe' }),
    );
  });

  it('GET /api/Financials/Accounts/GetRemittanceAccounts: one bare flat list [{id, text, accountType, financialFundID}]', async () => {
    const c = await offeringChurch(h.app);
    const res = await c.api.get('/api/Financials/Accounts/GetRemittanceAccounts');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: string; text: string; accountType: string; financialFundID: string | null }[];
    expect(list.map((a) => [a.text, a.accountType])).toEqual([
      ['1000 - Cash', 'assets'],
      ['1010 - Bank', 'assets'],
      ['4000 - Offering', 'income'],
      ['4010 - Tithe', 'income'],
      ['4020 - Thanksgiving', 'income'],
      ['4100 - Donations', 'income'],
      ['4200 - Event Registration Fees', 'income'],
    ]);
    expect(list.find((a) => a.id === c.offering)!.financialFundID).toBe(acc(c.accounts, 'Offering').fundId);
  });

  it('GET /api/Financials/Contributions/Items/One?ID=: accounts and remittances, nil id on the unused side', async () => {
    const c = await offeringChurch(h.app);
    const res = await c.api.get(`/api/Financials/Contributions/Items/One?ID=${c.sundayItem}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Sunday Offering',
      incomeAccountID: c.offering,
      cashAccountID: c.cash,
      incomeRemittance: [
        {
          id: expect.stringMatching(UUID),
          percentage: 10,
          distinationCashBankAccount: c.bank,
          distinationIncomeAccount: NIL_ID,
        },
      ],
    });
  });

  it("create and edit with remittances as SelectOffCat.vue sends them ('' or nil on the unused side)", async () => {
    const c = await offeringChurch(h.app);
    const thanks = acc(c.accounts, 'Thanksgiving').id;
    const created = await c.api.post('/api/financials/contributions/items/save', {
      name: 'Harvest',
      incomeAccountId: c.offering,
      cashAccountId: c.cash,
      incomeRemittance: [
        { percentage: '10', distinationCashBankAccount: c.bank },
        { percentage: 5, distinationIncomeAccount: thanks, distinationCashBankAccount: '' },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as string;
    const loaded = (await c.api.get(`/api/Financials/Contributions/Items/One?ID=${id}`)).json();
    const edited = await c.api.put('/api/Financials/Contributions/Items/edit', {
      id,
      name: 'Harvest Offering',
      incomeAccountId: c.offering,
      cashAccountId: c.cash,
      incomeRemittance: [
        {
          id: loaded.incomeRemittance[0].id,
          percentage: '12.5',
          distinationCashBankAccount: c.bank,
          distinationIncomeAccount: NIL_ID,
        },
        {
          id: loaded.incomeRemittance[1].id,
          percentage: '5',
          distinationCashBankAccount: NIL_ID,
          distinationIncomeAccount: thanks,
        },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = (await c.api.get(`/api/Financials/Contributions/Items/One?ID=${id}`)).json();
    expect(after.name).toBe('Harvest Offering');
    expect(after.incomeRemittance.map((r: { percentage: number }) => r.percentage)).toEqual([12.5, 5]);
    // a remittance to the item's own cash or income account: 400 naming the field
    const own = { id, name: 'Harvest Offering', incomeAccountId: c.offering, cashAccountId: c.cash };
    expectBadRequest(
      await c.api.put('/api/Financials/Contributions/Items/edit', {
        ...own,
        incomeRemittance: [{ percentage: '10', distinationCashBankAccount: c.cash }],
      }),
      'incomeRemittance.0.distinationCashBankAccount',
    );
    expectBadRequest(
      await c.api.post('/api/financials/contributions/items/save', {
        ...own,
        id: undefined,
        incomeRemittance: [
          { percentage: '10', distinationIncomeAccount: c.offering, distinationCashBankAccount: NIL_ID },
        ],
      }),
      'incomeRemittance.0.distinationIncomeAccount',
    );
  });

  it('DELETE /api/Financials/Contributions/Delete?ID=: status and response', async () => {
    const c = await offeringChurch(h.app);
    const res = await c.api.delete(`/api/Financials/Contributions/Delete?ID=${c.titheItem}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, response: 'Tithe was deleted' });
  });
});

describe('§2.4 offering report', () => {
  it('GET /api/Offering/contributionReport?date=<report>&activityId=: the same report for each date format', async () => {
    const c = await offeringChurch(h.app, '2026-11-23');
    await save(c, [clientRow(c), clientRow(c, { financialContributionID: c.titheItem, personID: '', amount: 499.5 })]);
    // a week earlier, at an event of the same category
    const lastWeek = await createEvent(c.api, c.categoryId, '2026-11-16');
    await save(c, [clientRow(c, { date: '2026-11-16T10:00:00', amount: 2000, activityID: lastWeek })]);
    const forms = ['2026-11-23', '2026-11-23T10:15:00', 'Nov%2023,%202026'];
    const reports = [];
    for (const date of forms) {
      const res = await c.api.get(`/api/Offering/contributionReport?date=${date}&activityId=${c.eventId}`);
      expect(res.statusCode, `${date}: ${res.body}`).toBe(200);
      reports.push(res.json().returnObject);
    }
    expect(reports[1]).toEqual(reports[0]);
    expect(reports[2]).toEqual(reports[0]);
    const r = reports[0];
    expect(r).toMatchObject({
      activityName: 'Sunday Service',
      tenantCurrency: 'NGN',
      totalToday: 3000,
      totalLastWeek: 2000,
      totalLastMonth: 0,
      totalLastYear: 0,
      todayVsLastWeek: 50,
    });
    expect(r.todayContributions).toEqual([
      expect.objectContaining({
        contribution: 'Sunday Offering',
        name: 'Ngozi Adeyemi',
        channel: 'Cash',
        currencyName: 'NGN',
        amount: 2500.5,
        eventName: 'Sunday Service',
        date: '2026-11-23',
      }),
      expect.objectContaining({ contribution: 'Tithe', name: '', amount: 499.5, eventName: 'Sunday Service' }),
    ]);
    // without an event: the day's offerings
    const all = (await c.api.get('/api/Offering/contributionReport?date=2026-11-23')).json().returnObject;
    expect(all.totalToday).toBe(3000);
  });
});
