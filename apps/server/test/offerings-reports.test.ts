import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startHarness, type Harness } from './helpers.ts';
import { expectBadRequest, localDate, NGN, NIL_ID, USD } from './fixtures.ts';
import { createEvent, DELETE, offeringChurch, saveRows, type OfferingChurch } from './offering-setup.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const FILTERED = '/api/Financials/Contributions/FilteredTransactions';
const SUMMARY = '/api/financials/contributions/transactions/summary';
const REPORT = '/api/Offering/contributionReport';

const row = (c: OfferingChurch, amount: number | string, extra: Record<string, unknown> = {}) => ({
  financialContributionID: c.sundayItem,
  date: c.eventDate,
  amount,
  paymentChannel: 'Cash',
  currencyID: NGN,
  ...extra,
});

interface Listed {
  id: string;
  contribution: string;
  donor: string;
  eventName: string | null;
  amount: number;
}

describe('GET FilteredTransactions', () => {
  it('filters by offering item, donor and event name, case-insensitively, own church only', async () => {
    const c = await offeringChurch(h.app);
    const other = await offeringChurch(h.app);
    const [withAll, tithe, plain, gone] = await saveRows(c.api, [
      row(c, 100, { activityID: c.eventId, personID: c.donorId }),
      row(c, 200, { financialContributionID: c.titheItem, personID: c.donorId }),
      row(c, 300),
      row(c, 400, { activityID: c.eventId }),
    ]);
    await saveRows(other.api, [row(other, 999, { activityID: other.eventId, personID: other.donorId })]);
    expect((await c.api.delete(`${DELETE}?ID=${gone!.id}`)).statusCode).toBe(200);
    const ids = async (query: string) => {
      const res = await c.api.get(`${FILTERED}?${query}`);
      expect(res.statusCode).toBe(200);
      return (res.json() as Listed[]).map((r) => r.id).sort();
    };
    expect(await ids('contribution=sunday')).toEqual([withAll!.id, plain!.id].sort());
    expect(await ids('contribution=TITHE')).toEqual([tithe!.id]);
    expect(await ids('donor=adey')).toEqual([withAll!.id, tithe!.id].sort());
    expect(await ids('donor=Ngozi%20Adeyemi')).toEqual([withAll!.id, tithe!.id].sort());
    expect(await ids('eventname=service')).toEqual([withAll!.id]);
    expect(await ids('contribution=sunday&donor=ngozi&eventname=sunday')).toEqual([withAll!.id]);
    expect(await ids('contribution=nothing-like-this')).toEqual([]);
    expect(await ids('contribution=%25')).toEqual([]);
    expect(await ids('')).toEqual([withAll!.id, tithe!.id, plain!.id].sort());
    const first = ((await c.api.get(`${FILTERED}?contribution=sunday&donor=ngozi`)).json() as Listed[])[0];
    expect(first).toMatchObject({
      contribution: 'Sunday Offering',
      donor: 'Ngozi Adeyemi',
      eventName: 'Sunday Service',
      amount: 100,
    });
  });

  it('answers 401 without a session', async () => {
    expect((await client(h.app, null).get(`${FILTERED}?contribution=sunday`)).statusCode).toBe(401);
  });
});

describe('GET transactions/summary', () => {
  const KEYS = [
    'oneWeek',
    'thisWeek',
    'lastWeek',
    'thisMonth',
    'lastMonth',
    'lastThirtyDays',
    'lastNinetyDays',
    'oneYear',
  ];

  it('answers the 8 periods with income totals in the church currency', async () => {
    const c = await offeringChurch(h.app);
    const other = await offeringChurch(h.app);
    const today = localDate();
    const weekAgo = localDate(-7);
    const longAgo = localDate(-45);
    const usdngn = (await client(h.app, null).get('/fxRates')).json().usdngn as number;
    await saveRows(c.api, [
      row(c, 1000, { date: today }),
      row(c, '250.50', { date: today, financialContributionID: c.titheItem }),
      row(c, 10, { date: today, currencyID: USD }),
      row(c, 300, { date: weekAgo }),
      row(c, 45, { date: longAgo }),
      row(c, 4000, { date: localDate(-400) }),
    ]);
    await saveRows(other.api, [row(other, 77777, { date: today })]);

    const res = await c.api.get(SUMMARY);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Record<
      string,
      { name: string; income: number; pieChart: { name: string; value: number }[]; barChart: { data: number[] } }
    >;
    expect(Object.keys(body).sort()).toEqual([...KEYS].sort());

    // Which periods hold which row, by the calendar: today is in every period that ends today;
    // a week ago is last week's, never this week's; 45 days ago is within 90 days but not 30.
    const month = (iso: string) => iso.slice(0, 7);
    const prev = new Date();
    prev.setDate(1);
    prev.setMonth(prev.getMonth() - 1);
    const lastMonthKey = `${prev.getFullYear()}-${String(prev.getMonth() + 1).padStart(2, '0')}`;
    const todayTotal = 1000 + 250.5 + 10 * usdngn;
    const expected: Record<string, number> = {
      oneWeek: todayTotal,
      thisWeek: todayTotal,
      lastWeek: 300,
      thisMonth: todayTotal + (month(weekAgo) === month(today) ? 300 : 0),
      lastMonth: (month(weekAgo) === lastMonthKey ? 300 : 0) + (month(longAgo) === lastMonthKey ? 45 : 0),
      lastThirtyDays: todayTotal + 300,
      lastNinetyDays: todayTotal + 300 + 45,
      oneYear: todayTotal + 300 + 45,
    };
    for (const key of KEYS) {
      expect(typeof body[key]!.income, key).toBe('number');
      expect(body[key]!.income, key).toBeCloseTo(expected[key]!, 2);
      expect(Array.isArray(body[key]!.barChart.data), key).toBe(true);
      expect(
        body[key]!.barChart.data.every((n) => typeof n === 'number'),
        key,
      ).toBe(true);
    }
    expect(body.thisWeek!.name).toBe('This Week');
    const pie = Object.fromEntries(body.oneWeek!.pieChart.map((p) => [p.name, p.value]));
    expect(pie.Tithe).toBeCloseTo(250.5, 2);
    expect(pie['Sunday Offering']).toBeCloseTo(1000 + 10 * usdngn, 2);
  });

  it('answers 401 without a session', async () => {
    expect((await client(h.app, null).get(SUMMARY)).statusCode).toBe(401);
  });
});

describe('GET /api/Offering/contributionReport', () => {
  it("answers an event's report: its rows, today's total, and the same event a week before", async () => {
    const c = await offeringChurch(h.app, '2026-11-22');
    const other = await offeringChurch(h.app, '2026-11-22');
    const lastWeekEvent = await createEvent(c.api, c.categoryId, '2026-11-15');
    await saveRows(c.api, [
      row(c, '12,500.50', { activityID: c.eventId, personID: c.donorId }),
      row(c, 3000, { activityID: c.eventId, financialContributionID: c.titheItem, paymentChannel: 'POS' }),
      row(c, 700),
      row(c, 8000, { activityID: lastWeekEvent, date: '2026-11-15' }),
    ]);
    await saveRows(other.api, [row(other, 5555, { activityID: other.eventId })]);

    const res = await c.api.get(`${REPORT}?date=2026-11-22&activityId=${c.eventId}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe(true);
    const r = body.returnObject;
    expect(r).toMatchObject({
      activityName: 'Sunday Service',
      tenantCurrency: 'NGN',
      totalToday: 15500.5,
      totalLastWeek: 8000,
      totalLastMonth: 0,
      totalLastYear: 0,
      activityToday: { id: c.eventId },
    });
    // (15,500.50 - 8,000) / 8,000 = 93.75625%
    expect(r.todayVsLastWeek).toBeCloseTo(93.76, 2);
    // nothing a month earlier: 0, a number the existing client can call toFixed on
    expect(r.totalLastMonth).toBe(0);
    expect(r.todayVsLastMonth).toBe(0);
    const todayRows = r.todayContributions as {
      contribution: string;
      name: string;
      channel: string;
      currencyName: string;
      amount: number;
    }[];
    expect(todayRows.map((x) => x.amount).sort((a, b) => a - b)).toEqual([3000, 12500.5]);
    expect(todayRows.reduce((s, x) => s + x.amount, 0)).toBeCloseTo(r.totalToday, 2);
    expect(todayRows.find((x) => x.amount === 12500.5)).toMatchObject({
      contribution: 'Sunday Offering',
      name: 'Ngozi Adeyemi',
      channel: 'Cash',
      currencyName: 'NGN',
    });
    expect(todayRows.find((x) => x.amount === 3000)).toMatchObject({ contribution: 'Tithe', name: '', channel: 'POS' });
  });

  it("charts the event category's last 12 months, month by month, for the OFFERING chart", async () => {
    const c = await offeringChurch(h.app, '2026-11-22');
    const september = await createEvent(c.api, c.categoryId, '2026-09-06');
    const lastYear = await createEvent(c.api, c.categoryId, '2025-11-30');
    const tooOld = await createEvent(c.api, c.categoryId, '2025-10-26');
    await saveRows(c.api, [
      row(c, 1000, { activityID: c.eventId }),
      row(c, 250.25, { activityID: september, date: '2026-09-06' }),
      row(c, 40, { activityID: lastYear, date: '2025-11-30' }),
      row(c, 7, { activityID: tooOld, date: '2025-10-26' }),
      row(c, 99, { date: '2026-09-06' }), // no event: not this category's
    ]);
    const r = (await c.api.get(`${REPORT}?date=2026-11-22&activityId=${c.eventId}`)).json().returnObject;
    const monthly = r.monthly as { month: string; name: string; value: number }[];
    expect(monthly.map((m) => m.month)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(monthly[0]!.name).toBe('Dec 2025');
    const values = Object.fromEntries(monthly.map((m) => [m.month, m.value]));
    expect(values['2026-11']).toBe(1000);
    expect(values['2026-09']).toBe(250.25);
    expect(monthly.reduce((s, m) => s + m.value, 0)).toBeCloseTo(1250.25, 2);
  });

  it('without an event (or with the all-zero id) reports every row of the date', async () => {
    const c = await offeringChurch(h.app, '2026-11-22');
    await saveRows(c.api, [row(c, 100, { activityID: c.eventId }), row(c, 50), row(c, 9, { date: '2026-11-21' })]);
    for (const query of ['date=2026-11-22', `date=11/22/2026&activityId=${NIL_ID}`, 'date=2026-11-22&activityId=']) {
      const res = await c.api.get(`${REPORT}?${query}`);
      expect(res.statusCode, query).toBe(200);
      expect(res.json().returnObject.totalToday, query).toBe(150);
      expect(res.json().returnObject.todayContributions, query).toHaveLength(2);
    }
  });

  it("answers 404 for another church's event or an unknown one", async () => {
    const c = await offeringChurch(h.app);
    const other = await offeringChurch(h.app);
    await saveRows(other.api, [row(other, 5555, { activityID: other.eventId })]);
    const res = await c.api.get(`${REPORT}?date=${other.eventDate}&activityId=${other.eventId}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('5555');
    expect((await c.api.get(`${REPORT}?date=2026-11-22&activityId=${crypto.randomUUID()}`)).statusCode).toBe(404);
  });

  it('answers 400 naming date for a missing or impossible date, and activityId for a malformed id', async () => {
    const c = await offeringChurch(h.app);
    expectBadRequest(await c.api.get(REPORT), 'date');
    expectBadRequest(await c.api.get(`${REPORT}?date=2026-13-01`), 'date');
    expectBadRequest(await c.api.get(`${REPORT}?date=2026-11-22&activityId=abc`), 'activityId');
  });

  it('answers 401 without a session', async () => {
    expect((await client(h.app, null).get(`${REPORT}?date=2026-11-22`)).statusCode).toBe(401);
  });
});
