import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, withTenant } from '../src/db/client.ts';
import { CHURCH_RATE_SOURCE, ratesOn } from '../src/modules/ledger/fx.ts';
import {
  accountBalance,
  client,
  countRows,
  signupChurch,
  startHarness,
  trialBalance,
  type Harness,
} from './helpers.ts';
import { expectBadRequest, localDate } from './fixtures.ts';
import { offeringChurch, SAVE, saveRows } from './offering-setup.ts';

/**
 * Issue 7, part 4: a church administrator enters the exchange rate of a currency Steward has no
 * global rate for (CHF here), for that church only; posting, GET /fxRates and the summary use it.
 */

const RATES = '/api/Financials/ExchangeRates';
const CHF = 756;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

/** A rate dated three days ago and offerings of yesterday, so the summary's 'Last 30days' holds them. */
const RATE_DAY = localDate(-3);
const OFFERING_DAY = localDate(-1);

const isoDate = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** The church's stored rate rows, read as the migration role. */
const storedRates = (tenantId: string) =>
  queryRows<{ currency_code: string; rate_date: string; units_per_usd: string }>(
    h.database.db,
    sql`select currency_code, rate_date::text as rate_date, units_per_usd::text as units_per_usd
        from church_fx_rates where tenant_id = ${tenantId} order by rate_date, currency_code`,
  );

describe('entering a church exchange rate', () => {
  it('saves the rate of a currency without one, lists it and merges it into /fxRates for that church only', async () => {
    const c = await signupChurch(h.app);
    const api = client(h.app, c.token);
    expect((await api.get('/fxRates')).json()).not.toHaveProperty('usdchf');

    const res = await api.post(RATES, { currencyCode: 'chf', unitsPerUsd: '0.8', rateDate: '11/20/2026' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: true,
      response: 'Exchange rate saved',
      returnObject: { currencyCode: 'CHF', rateDate: '2026-11-20', unitsPerUsd: 0.8, enteredBy: 'Ada Obi' },
    });
    expect(Date.parse(body.returnObject.enteredAt)).not.toBeNaN();

    const list = (await api.get(RATES)).json();
    expect(list).toEqual({ data: [body.returnObject], totalItems: 1 });
    expect((await api.get(`${RATES}?currencyCode=GHS`)).json()).toEqual({ data: [], totalItems: 0 });

    const merged = (await api.get('/fxRates')).json() as Record<string, number>;
    expect(merged.usdchf).toBe(0.8);
    const global = (await client(h.app, null).get('/fxRates')).json() as Record<string, number>;
    expect(global).not.toHaveProperty('usdchf');
    expect(merged.usdngn).toBe(global.usdngn);
  });

  it('dates the rate today when no date is given, and replaces the rate of the same currency and date', async () => {
    const c = await signupChurch(h.app);
    const api = client(h.app, c.token);
    const first = await api.post(RATES, { currencyCode: 'CHF', unitsPerUsd: 0.81 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().returnObject.rateDate).toBe(isoDate());
    const again = await api.post(RATES, { currencyCode: 'CHF', unitsPerUsd: '0.7925', rateDate: isoDate() });
    expect(again.statusCode, again.body).toBe(200);
    expect(await storedRates(c.tenantId)).toEqual([
      { currency_code: 'CHF', rate_date: isoDate(), units_per_usd: '0.7925000000' },
    ]);
    expect(((await api.get('/fxRates')).json() as Record<string, number>).usdchf).toBe(0.7925);
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const c = await signupChurch(h.app);
    const api = client(h.app, c.token);
    const ok = { currencyCode: 'CHF', unitsPerUsd: '0.8', rateDate: '2026-11-20' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ok, currencyCode: 'XYZ' }, 'currencyCode'],
      [{ ...ok, currencyCode: 'CH' }, 'currencyCode'],
      [{ ...ok, currencyCode: 'USD' }, 'currencyCode'],
      [{ ...ok, currencyCode: 'NGN' }, 'currencyCode'],
      [{ ...ok, currencyCode: undefined }, 'currencyCode'],
      [{ ...ok, unitsPerUsd: 0 }, 'unitsPerUsd'],
      [{ ...ok, unitsPerUsd: '0.0000' }, 'unitsPerUsd'],
      [{ ...ok, unitsPerUsd: -0.8 }, 'unitsPerUsd'],
      [{ ...ok, unitsPerUsd: 'abc' }, 'unitsPerUsd'],
      [{ ...ok, unitsPerUsd: '1e3' }, 'unitsPerUsd'],
      [{ ...ok, unitsPerUsd: '0.80000000001' }, 'unitsPerUsd'],
      [{ ...ok, unitsPerUsd: 1e-11 }, 'unitsPerUsd'],
      [{ ...ok, unitsPerUsd: '1234567.891234' }, 'unitsPerUsd'],
      [{ ...ok, unitsPerUsd: '1000000000000' }, 'unitsPerUsd'],
      [{ ...ok, unitsPerUsd: null }, 'unitsPerUsd'],
      [{ ...ok, unitsPerUsd: undefined }, 'unitsPerUsd'],
      [{ ...ok, rateDate: isoDate(2) }, 'rateDate'],
      [{ ...ok, rateDate: '2026-02-30' }, 'rateDate'],
      [{ ...ok, rateDate: 'soon' }, 'rateDate'],
    ];
    for (const [payload, field] of cases) {
      const res = await api.post(RATES, payload);
      expectBadRequest(res, field);
    }
    expect(await countRows(h.database, 'church_fx_rates', c.tenantId)).toBe(0);
    // the most digits allowed are accepted: 12 significant, 10 decimals
    expect((await api.post(RATES, { ...ok, unitsPerUsd: '0.8123456789' })).statusCode).toBe(200);
    expect((await api.post(RATES, { ...ok, currencyCode: 'AUD', unitsPerUsd: '1,523.45678901' })).statusCode).toBe(200);
    expect((await storedRates(c.tenantId)).map((r) => r.units_per_usd)).toEqual(['1523.4567890100', '0.8123456789']);
  });

  it('lets only an administrator enter a rate (403); anyone signed in may list them', async () => {
    const c = await signupChurch(h.app);
    const api = client(h.app, c.token);
    await h.database.db.execute(sql`update users set roles = '{Finance}' where tenant_id = ${c.tenantId}`);
    const res = await api.post(RATES, { currencyCode: 'CHF', unitsPerUsd: '0.8' });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ status: false, response: 'Only an administrator can enter exchange rates' });
    expect((await api.get(RATES)).statusCode).toBe(200);
    expect(await countRows(h.database, 'church_fx_rates', c.tenantId)).toBe(0);
  });

  it('answers 401 without a session and writes nothing', async () => {
    const anonymous = client(h.app, null);
    expect((await anonymous.get(RATES)).statusCode).toBe(401);
    const before = await queryRows<{ n: number }>(h.database.db, sql`select count(*)::int as n from church_fx_rates`);
    expect((await anonymous.post(RATES, { currencyCode: 'CHF', unitsPerUsd: '0.8' })).statusCode).toBe(401);
    const after = await queryRows<{ n: number }>(h.database.db, sql`select count(*)::int as n from church_fx_rates`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});

describe('posting with a church rate', () => {
  it('converts an offering in that currency at the entered rate and records it on the journal lines', async () => {
    const c = await offeringChurch(h.app);
    const refused = await c.api.post(SAVE, [
      {
        financialContributionID: c.titheItem,
        date: OFFERING_DAY,
        amount: 100,
        paymentChannel: 'Cash',
        currencyID: CHF,
      },
    ]);
    expectBadRequest(refused, 'currency');
    expect(refused.json().response).toContain('no exchange rate is stored for CHF');

    const saved = await c.api.post(RATES, { currencyCode: 'CHF', unitsPerUsd: '0.8', rateDate: RATE_DAY });
    expect(saved.statusCode, saved.body).toBe(200);
    await saveRows(c.api, [
      {
        financialContributionID: c.titheItem,
        date: OFFERING_DAY,
        amount: 100,
        paymentChannel: 'Cash',
        currencyID: CHF,
      },
    ]);
    // 100 CHF = 125 USD (0.8 CHF per USD) = 125 × the global NGN rate, in kobo
    const usdngn = ((await client(h.app, null).get('/fxRates')).json() as Record<string, number>).usdngn!;
    const kobo = BigInt(new Decimal(100).div('0.8').mul(usdngn).mul(100).toFixed(0, Decimal.ROUND_HALF_EVEN));
    expect(await accountBalance(h.database, c.tenantId, c.bank)).toBe(kobo);
    expect(await accountBalance(h.database, c.tenantId, c.tithe)).toBe(-kobo);
    expect(await trialBalance(h.database, c.tenantId)).toEqual({ NGN: 0n });

    const lines = await queryRows<{ fx_rate: string; fx_rate_date: string; fx_source: string }>(
      h.database.db,
      sql`select fx_rate::text as fx_rate, fx_rate_date::text as fx_rate_date, fx_source from journal_lines
          where tenant_id = ${c.tenantId}`,
    );
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const l of lines) {
      expect(new Decimal(l.fx_rate).eq(new Decimal(usdngn).div('0.8'))).toBe(true);
      expect(l.fx_rate_date).toBe(RATE_DAY);
      expect(l.fx_source).toContain(CHURCH_RATE_SOURCE);
    }
    // the summary converts with it too (it would leave the CHF offering out without a rate)
    const summary = (await c.api.get('/api/financials/contributions/transactions/summary')).json() as Record<
      string,
      { income: number }
    >;
    expect(summary.lastThirtyDays?.income).toBe(Number(new Decimal(kobo.toString()).div(100)));
  });

  it('never lets another church see or use the rate: its CHF offering still has no rate', async () => {
    const a = await offeringChurch(h.app);
    const b = await offeringChurch(h.app);
    expect((await a.api.post(RATES, { currencyCode: 'CHF', unitsPerUsd: '0.8', rateDate: RATE_DAY })).statusCode).toBe(
      200,
    );
    expect((await b.api.get(RATES)).json()).toEqual({ data: [], totalItems: 0 });
    expect((await b.api.get('/fxRates')).json()).not.toHaveProperty('usdchf');
    const lines = () => countRows(h.database, 'journal_lines', b.tenantId);
    const before = await lines();
    const res = await b.api.post(SAVE, [
      {
        financialContributionID: b.titheItem,
        date: OFFERING_DAY,
        amount: 100,
        paymentChannel: 'Cash',
        currencyID: CHF,
      },
    ]);
    expectBadRequest(res, 'currency');
    expect(res.json().response).toContain('no exchange rate is stored for CHF');
    expect(await lines()).toBe(before);
    // the rate is A's: A's offering converts
    await saveRows(a.api, [
      {
        financialContributionID: a.titheItem,
        date: OFFERING_DAY,
        amount: 100,
        paymentChannel: 'Cash',
        currencyID: CHF,
      },
    ]);
  });

  it("prefers the church's rate over a global one of the same or an older date, never over a newer one", async () => {
    const c = await signupChurch(h.app);
    const api = client(h.app, c.token);
    const global = await queryRows<{ rate_date: string; rate: string }>(
      h.database.db,
      sql`select rate_date::text as rate_date, units_per_usd::text as rate from fx_rates
          where currency_code = 'GHS' order by rate_date desc limit 1`,
    );
    const globalDate = global[0]!.rate_date;
    const dayBefore = new Date(Date.parse(`${globalDate}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const used = (date: string) =>
      withTenant(h.database.db, c.tenantId, (tx) => ratesOn({ tx, tenantId: c.tenantId }, ['GHS'], date, 'currency'));

    expect((await api.post(RATES, { currencyCode: 'GHS', unitsPerUsd: '12.5', rateDate: dayBefore })).statusCode).toBe(
      200,
    );
    // the global rate is newer than the church's: it holds from its own date on
    const later = await used('2026-12-31');
    expect(new Decimal(later.rates.usdghs!).eq(global[0]!.rate)).toBe(true);
    expect(later.source).not.toContain(CHURCH_RATE_SOURCE);
    // before the global rate's date, the church's (the only one on or before) holds
    const earlier = await used(dayBefore);
    expect(later.rateDate).toBe(globalDate);
    expect(new Decimal(earlier.rates.usdghs!).eq('12.5')).toBe(true);
    expect(earlier.source).toBe(CHURCH_RATE_SOURCE);

    // a church rate of the global rate's own date wins from that date
    expect(
      (await api.post(RATES, { currencyCode: 'GHS', unitsPerUsd: '12.75', rateDate: globalDate })).statusCode,
    ).toBe(200);
    const same = await used('2026-12-31');
    expect(new Decimal(same.rates.usdghs!).eq('12.75')).toBe(true);
    expect(same.source).toBe(CHURCH_RATE_SOURCE);
    expect(((await api.get('/fxRates')).json() as Record<string, number>).usdghs).toBe(12.75);
  });
});
