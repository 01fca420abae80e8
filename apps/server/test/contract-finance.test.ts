import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startHarness, type Harness } from './helpers.ts';
import { NGN, NIL_ID, acc, localDate } from './fixtures.ts';
import { offeringChurch } from './offering-setup.ts';
import { clientRow, save, UUID } from './contract-finance-support.ts';

/**
 * Contract tests of the existing web client, offerings part 1 (existing-client-api §2.1 list
 * and summary, §2.2 add/edit an offering): each test sends one call exactly as the client
 * builds it (path casing, body, dates in its formats) and asserts every field the client
 * reads, with real values. §2.3-2.4 are in contract-finance-items.test.ts, the chart and the
 * transaction page (§2.5-2.6) in contract-finance-ledger.test.ts.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe('§2.1 offerings list', () => {
  it('GET /api/Financials/Contributions/Transactions?page=N: {data, totalItems}; View Report opens the report', async () => {
    const c = await offeringChurch(h.app, '2026-11-23');
    const [withEvent] = await save(c, [clientRow(c)]);
    const [plain] = await save(c, [clientRow(c, { activityID: undefined, personID: '', paymentChannel: 'POS' })]);
    const res = await c.api.get('/api/Financials/Contributions/Transactions?page=1');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: Record<string, unknown>[]; totalItems: number };
    expect(body.totalItems).toBe(2);
    const one = body.data.find((r) => r.id === withEvent!.id)!;
    expect(one).toMatchObject({
      contribution: 'Sunday Offering',
      amount: 2500.5,
      currencyName: 'NGN',
      channel: 'Cash',
      donor: 'Ngozi Adeyemi',
      activityId: c.eventId,
      eventDate: '2026-11-23',
    });
    const other = body.data.find((r) => r.id === plain!.id)!;
    expect(other).toMatchObject({ donor: '', channel: 'POS' });
    // a falsy or nil activityId means no event
    expect(other.activityId === null || other.activityId === NIL_ID).toBe(true);
    // "View Report": OfferingReport?report=<date.split('T')[0]>[&activityID=]
    const report = String(one.date).split('T')[0];
    const rep = await c.api.get(`/api/Offering/contributionReport?date=${report}&activityId=${String(one.activityId)}`);
    expect(rep.statusCode, rep.body).toBe(200);
    expect(rep.json().returnObject.totalToday).toBe(2500.5);
    expect((await c.api.get(`/api/Offering/contributionReport?date=${report}`)).json().returnObject.totalToday).toBe(
      5001,
    );
  });

  it('GET /api/financials/contributions/transactions/summary: eight periods, barChart.data a list of numbers', async () => {
    const c = await offeringChurch(h.app);
    await save(c, [clientRow(c, { date: `${localDate()}T09:00:00`, amount: 1200 })]);
    await save(c, [clientRow(c, { date: `${localDate()}T11:00:00`, amount: 300.25 })]);
    const res = await c.api.get('/api/financials/contributions/transactions/summary');
    expect(res.statusCode).toBe(200);
    const body = res.json() as Record<
      string,
      { name: string; income: number; barChart: { data: unknown[] }; pieChart: { name: string; value: number }[] }
    >;
    const keys = ['oneWeek', 'thisWeek', 'lastWeek', 'thisMonth', 'lastMonth', 'lastThirtyDays', 'lastNinetyDays'];
    for (const key of [...keys, 'oneYear']) {
      expect(typeof body[key]!.name, key).toBe('string');
      expect(Array.isArray(body[key]!.pieChart), key).toBe(true);
      expect(
        body[key]!.barChart.data.every((n) => typeof n === 'number'),
        key,
      ).toBe(true);
    }
    expect(body.oneWeek).toMatchObject({
      name: 'One Week',
      income: 1500.25,
      pieChart: [{ name: 'Sunday Offering', value: 1500.25 }],
      barChart: { data: [1500.25] },
    });
    expect(body.lastWeek).toMatchObject({ income: 0, pieChart: [], barChart: { data: [] } });
  });

  it('GET /api/Lookup/TenantCurrency?tenantID=: currencySymbol', async () => {
    const c = await offeringChurch(h.app);
    const res = await c.api.get(`/api/Lookup/TenantCurrency?tenantID=${c.tenantId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ currency: 'NGN', currencySymbol: '₦' });
  });

  it('DELETE /api/Financials/Contributions/Transactions/Delete?ID=: status truthy, the row leaves the list', async () => {
    const c = await offeringChurch(h.app);
    const [row] = await save(c, [clientRow(c)]);
    const res = await c.api.delete(`/api/Financials/Contributions/Transactions/Delete?ID=${row!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(true);
    expect((await c.api.get('/api/Financials/Contributions/Transactions?page=1')).json().totalItems).toBe(0);
  });

  it('POST /api/Financials/Contributions/Transactions/DeleteMultiple [ids]: response shown in the message', async () => {
    const c = await offeringChurch(h.app);
    const rows = await save(c, [clientRow(c), clientRow(c, { amount: 10 }), clientRow(c, { amount: 20 })]);
    const res = await c.api.post(
      '/api/Financials/Contributions/Transactions/DeleteMultiple',
      rows.slice(0, 2).map((r) => r.id),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toBe('2 of 2');
    expect((await c.api.get('/api/Financials/Contributions/Transactions?page=1')).json().totalItems).toBe(1);
  });

  it('GET /api/Financials/Contributions/FilteredTransactions: bare list items, also with ?contribution= only', async () => {
    const c = await offeringChurch(h.app);
    const [sunday] = await save(c, [clientRow(c)]);
    await save(c, [clientRow(c, { financialContributionID: c.titheItem, personID: '' })]);
    const full = await c.api.get(
      '/api/Financials/Contributions/FilteredTransactions?contribution=sunday&eventname=&donor=ngozi',
    );
    expect(full.statusCode).toBe(200);
    expect(full.json()).toEqual([
      expect.objectContaining({
        id: sunday!.id,
        contribution: 'Sunday Offering',
        donor: 'Ngozi Adeyemi',
        amount: 2500.5,
      }),
    ]);
    const search = (await c.api.get('/api/Financials/Contributions/FilteredTransactions?contribution=tit')).json();
    expect(search.map((r: { contribution: string }) => r.contribution)).toEqual(['Tithe']);
  });
});

describe('§2.2 add and edit an offering', () => {
  it('GET /api/Events/EventActivity: [{activityID, name, date}]', async () => {
    const c = await offeringChurch(h.app, '2026-11-23');
    const res = await c.api.get('/api/Events/EventActivity');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ activityID: c.eventId, name: 'Sunday Service', date: '2026-11-23' }]);
  });

  it('GET /api/EventCategory and POST /api/EventCategory?name= (no body): bare [{id, name}]', async () => {
    const c = await offeringChurch(h.app);
    const created = await c.api.post('/api/EventCategory?name=Harvest%20Thanksgiving');
    expect(created.statusCode).toBe(200);
    const list = created.json() as { id: string; name: string }[];
    expect(list.map((x) => x.name)).toEqual(['Harvest Thanksgiving', 'Sunday Service']);
    expect((await c.api.get('/api/EventCategory')).json()).toEqual(list);
  });

  it('POST /api/Events/CreateActivity {activity:{eventCategoryId, date}}: currentEvent.{id,name}, listed by activityID', async () => {
    const c = await offeringChurch(h.app);
    const res = await c.api.post('/api/Events/CreateActivity', {
      activity: { eventCategoryId: c.categoryId, date: '2026-11-29T00:00:00' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { currentEvent } = res.json() as { currentEvent: { id: string; name: string } };
    expect(currentEvent).toMatchObject({ id: expect.stringMatching(UUID), name: 'Sunday Service' });
    const events = (await c.api.get('/api/Events/EventActivity')).json() as { activityID: string; date: string }[];
    expect(events.find((e) => e.activityID === currentEvent.id)?.date).toBe('2026-11-29');
    // the client puts data.currentEvent.id in the row's activityID
    const [row] = await save(c, [clientRow(c, { activityID: currentEvent.id })]);
    const one = (await c.api.get(`/api/Financials/Contributions/Transactions/One?ID=${row!.id}`)).json();
    expect(one.activityID).toBe(currentEvent.id);
  });

  it('GET items, getallcurrencies, GetIncomeAccounts, getcashbankaccounts and /fxRates: the pickers', async () => {
    const c = await offeringChurch(h.app);
    const items = (await c.api.get('/api/financials/contributions/items')).json() as { id: string; name: string }[];
    expect(items.map((i) => [i.id, i.name])).toEqual([
      [c.sundayItem, 'Sunday Offering'],
      [c.titheItem, 'Tithe'],
    ]);
    const currencies = (await c.api.get('/api/lookup/getallcurrencies')).json() as Record<string, unknown>[];
    expect(currencies).toContainEqual(
      expect.objectContaining({ id: NGN, shortCode: 'NGN', country: expect.any(String) }),
    );
    expect(currencies.some((x) => x.shortCode === 'USD')).toBe(true);
    const income = (await c.api.get('/api/Financials/Accounts/GetIncomeAccounts')).json();
    expect(income).toContainEqual(
      expect.objectContaining({
        id: c.offering,
        text: '4000 - Offering',
        financialFundID: acc(c.accounts, 'Offering').fundId,
      }),
    );
    const cash = (await c.api.get('/api/financials/accounts/getcashbankaccounts')).json();
    expect(cash).toEqual([
      expect.objectContaining({ id: c.cash, text: '1000 - Cash', financialFundID: null }),
      expect.objectContaining({ id: c.bank, text: '1010 - Bank', financialFundID: null }),
    ]);
    const rates = (await client(h.app, null).get('/fxRates')).json() as Record<string, number>;
    expect(rates.usdngn).toBeGreaterThan(0);
    expect(Object.keys(rates).every((k) => /^usd[a-z]{3}$/.test(k))).toBe(true);
  });

  it('GET /api/Membership/GetCurrentSignedInUser: tenantId', async () => {
    const c = await offeringChurch(h.app);
    const res = await c.api.get('/api/Membership/GetCurrentSignedInUser');
    expect(res.statusCode).toBe(200);
    expect(res.json().tenantId).toBe(c.tenantId);
  });

  it('quick-create POST /api/financials/contributions/items/save with an income remittance: id', async () => {
    const c = await offeringChurch(h.app);
    const tithe = acc(c.accounts, 'Tithe');
    const res = await c.api.post('/api/financials/contributions/items/save', {
      name: 'Building Levy',
      incomeAccountId: c.offering,
      cashAccountId: c.cash,
      incomeRemittance: [{ financialFundID: tithe.fundId, distinationIncomeAccount: tithe.id, percentage: '15' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id as string;
    expect(id).toMatch(UUID);
    const item = (await c.api.get(`/api/Financials/Contributions/Items/One?ID=${id}`)).json();
    expect(item.incomeRemittance).toEqual([
      expect.objectContaining({
        percentage: 15,
        distinationIncomeAccount: tithe.id,
        distinationCashBankAccount: NIL_ID,
      }),
    ]);
  });

  it('POST /api/Financials/Contributions/Transactions/Save: returnObject rows the client stores and lists', async () => {
    const c = await offeringChurch(h.app);
    const res = await c.api.post('/api/Financials/Contributions/Transactions/Save', [
      clientRow(c),
      clientRow(c, {
        financialContributionID: c.titheItem,
        name: 'Tithe',
        personID: '',
        amount: 700,
        paymentChannel: 'Bank Transfer',
      }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().returnObject as Record<string, unknown>[];
    expect(rows).toEqual([
      expect.objectContaining({
        id: expect.stringMatching(UUID),
        amount: 2500.5,
        contribution: { name: 'Sunday Offering' },
        date: '2026-11-23',
        person: { firstName: 'Ngozi', lastName: 'Adeyemi' },
        paymentChannel: 'Cash',
        currencyID: NGN,
      }),
      expect.objectContaining({
        amount: 700,
        contribution: { name: 'Tithe' },
        person: null,
        paymentChannel: 'Bank Transfer',
      }),
    ]);
    // then OfferingReport?report=<the date sent>&activityID=
    const rep = await c.api.get(`/api/Offering/contributionReport?date=2026-11-23T10:15:00&activityId=${c.eventId}`);
    expect(rep.json().returnObject.totalToday).toBe(3200.5);
  });

  it('PUT /api/Financials/Contributions/Transactions/Edit ([0].id) keeps the donor the page reloaded', async () => {
    const c = await offeringChurch(h.app);
    const [row] = await save(c, [clientRow(c)]);
    // the page loads the row and its donor, then sends the row back with personID
    const one = (await c.api.get(`/api/Financials/Contributions/Transactions/One?ID=${row!.id}`)).json();
    const donor = (await c.api.get(`/api/People/GetPersonInfoWithAssignments/${String(one.personID)}`)).json();
    const res = await c.api.put('/api/Financials/Contributions/Transactions/Edit', [
      clientRow(c, { id: row!.id, date: one.date.split('T')[0], amount: 3000, personID: c.donorId, memo: 'recount' }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().returnObject[0]).toMatchObject({
      id: row!.id,
      amount: 3000,
      person: { firstName: donor.firstName, lastName: donor.lastName },
    });
    const after = (await c.api.get(`/api/Financials/Contributions/Transactions/One?ID=${row!.id}`)).json();
    expect(after).toMatchObject({ personID: c.donorId, amount: 3000, memo: 'recount' });
  });

  it('Save, Edit and One keep the memo the client types ([0].memo); an edit without memo keeps it', async () => {
    const c = await offeringChurch(h.app);
    const res = await c.api.post('/api/Financials/Contributions/Transactions/Save', [
      clientRow(c, { memo: 'Counted by the ushers' }),
      clientRow(c),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [withMemo, without] = res.json().returnObject as { id: string; memo: string }[];
    expect(withMemo!.memo).toBe('Counted by the ushers');
    expect(without!.memo).toBe('');
    const one = async (id: string) =>
      ((await c.api.get(`/api/Financials/Contributions/Transactions/One?ID=${id}`)).json() as { memo: string }).memo;
    expect(await one(withMemo!.id)).toBe('Counted by the ushers');
    // Steward's own edit page sends no memo: the memo stays
    const edit = await c.api.put('/api/Financials/Contributions/Transactions/Edit', [
      clientRow(c, { id: withMemo!.id, amount: 2600 }),
    ]);
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await one(withMemo!.id)).toBe('Counted by the ushers');
    await c.api.put('/api/Financials/Contributions/Transactions/Edit', [
      clientRow(c, { id: withMemo!.id, amount: 2600, memo: 'Recounted' }),
    ]);
    expect(await one(withMemo!.id)).toBe('Recounted');
  });

  it('GET /api/Financials/Contributions/Transactions/One?ID=: the fields the edit page reads', async () => {
    const c = await offeringChurch(h.app, '2026-11-23');
    const [row] = await save(c, [clientRow(c)]);
    const res = await c.api.get(`/api/Financials/Contributions/Transactions/One?ID=${row!.id}`);
    expect(res.statusCode).toBe(200);
    const one = res.json();
    expect(one).toMatchObject({
      activity: { name: 'Sunday Service' },
      activityID: c.eventId,
      contribution: { name: 'Sunday Offering' },
      financialContributionID: c.sundayItem,
      paymentChannel: 'Cash',
      currencyID: NGN,
      amount: 2500.5,
      currency: { shortCode: 'NGN' },
      personID: c.donorId,
    });
    expect(one.date.split('T')[0]).toBe('2026-11-23');
  });

  it('GET /api/People/GetPersonInfoWithAssignments/<personId>: firstName, lastName; 404 for another church', async () => {
    const c = await offeringChurch(h.app);
    const res = await c.api.get(`/api/People/GetPersonInfoWithAssignments/${c.donorId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Ngozi', lastName: 'Adeyemi' });
    const other = await offeringChurch(h.app);
    expect((await other.api.get(`/api/People/GetPersonInfoWithAssignments/${c.donorId}`)).statusCode).toBe(404);
  });

  it('GET /api/membership/getsearchedusers?searchText=: [{id, name, phone}]', async () => {
    const c = await offeringChurch(h.app);
    const res = await c.api.get('/api/membership/getsearchedusers?searchText=ngo');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ id: c.donorId, name: 'Ngozi Adeyemi', phone: expect.stringContaining('8031234567') }),
    ]);
  });
});
