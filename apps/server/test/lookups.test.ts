import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signupChurch, startHarness, type Harness } from './helpers.ts';
import { expectBadRequest } from './fixtures.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

interface Currency {
  id: number;
  shortCode: string;
  name: string;
  country: string;
  displayName: string;
  decimals: number;
  symbol: string;
}

describe('GET /api/lookup/getallcurrencies', () => {
  it('answers ISO 4217 currencies without a session, NGN as 566 with 2 decimals', async () => {
    const res = await client(h.app, null).get('/api/lookup/getallcurrencies');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Currency[];
    const ngn = list.find((c) => c.shortCode === 'NGN');
    expect(ngn).toMatchObject({
      id: 566,
      shortCode: 'NGN',
      decimals: 2,
      country: 'Nigeria',
      displayName: 'NGN - Nigeria',
    });
    // ISO 4217 facts, from the standard rather than from our code
    expect(list.find((c) => c.shortCode === 'USD')).toMatchObject({ id: 840, decimals: 2 });
    expect(list.find((c) => c.shortCode === 'JPY')).toMatchObject({ id: 392, decimals: 0 });
    expect(list.find((c) => c.shortCode === 'KWD')).toMatchObject({ id: 414, decimals: 3 });
    // "no currency" and precious metals are not money a church records
    expect(list.some((c) => c.shortCode === 'XXX' || c.shortCode === 'XAU')).toBe(false);
    expect(new Set(list.map((c) => c.id)).size).toBe(list.length);
  });

  it('routes case-insensitively', async () => {
    const res = await client(h.app, null).get('/API/Lookup/GetAllCurrencies');
    expect(res.statusCode).toBe(200);
    expect((res.json() as Currency[]).some((c) => c.shortCode === 'GHS')).toBe(true);
  });
});

describe('GET /api/getallcountries', () => {
  it('answers countries with their currency, without a session', async () => {
    const res = await client(h.app, null).get('/api/getallcountries');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; code: string; name: string; currency: string }[];
    // currencyId is what the existing client sends as an account's currencyID (existing-client-api §2.6)
    expect(list.find((c) => c.code === 'NG')).toMatchObject({
      id: 566,
      name: 'Nigeria',
      currency: 'NGN',
      currencyId: 566,
    });
    expect(list.find((c) => c.code === 'GH')).toMatchObject({ currency: 'GHS', currencyId: 936 });
    expect(list.find((c) => c.code === 'US')).toMatchObject({ currency: 'USD', currencyId: 840 });
    expect(list.find((c) => c.code === 'KE')).toMatchObject({ currency: 'KES' });
    expect(list.length).toBeGreaterThan(200);
  });
});

describe('GET /fxRates', () => {
  it('answers units per USD keyed usd + lowercase code, as numbers, without a session', async () => {
    const res = await client(h.app, null).get('/fxRates');
    expect(res.statusCode).toBe(200);
    const rates = res.json() as Record<string, unknown>;
    expect(rates.usdusd).toBe(1);
    expect(typeof rates.usdngn).toBe('number');
    expect(rates.usdngn as number).toBeGreaterThan(1);
    for (const [key, value] of Object.entries(rates)) {
      expect(key).toMatch(/^usd[a-z]{3}$/);
      expect(typeof value).toBe('number');
      expect(value as number).toBeGreaterThan(0);
    }
  });
});

describe('GET /api/Lookup/TenantCurrency', () => {
  it("answers the signed-in church's currency", async () => {
    const c = await signupChurch(h.app);
    const res = await client(h.app, c.token).get(`/api/Lookup/TenantCurrency?tenantID=${c.tenantId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ currency: 'NGN', currencyId: 566, symbol: '₦', currencySymbol: '₦', decimals: 2 });
  });

  it('answers the currency a church chose at sign-up (USD)', async () => {
    const c = await signupChurch(h.app, { currency: 'USD', countryCode: 'US' });
    const res = await client(h.app, c.token).get(`/api/Lookup/TenantCurrency?tenantID=${c.tenantId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ currency: 'USD', currencyId: 840, decimals: 2 });
  });

  it('accepts the query name in any case', async () => {
    const c = await signupChurch(h.app);
    const api = client(h.app, c.token);
    for (const name of ['TENANTID', 'tenantid', 'TenantId']) {
      const res = await api.get(`/api/Lookup/TenantCurrency?${name}=${c.tenantId}`);
      expect(res.statusCode, name).toBe(200);
      expect(res.json().currency).toBe('NGN');
    }
  });

  it("answers 404 for another church's id, without revealing its currency", async () => {
    const a = await signupChurch(h.app);
    const b = await signupChurch(h.app, { currency: 'GHS', countryCode: 'GH' });
    const res = await client(h.app, a.token).get(`/api/Lookup/TenantCurrency?tenantID=${b.tenantId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().status).toBe(false);
    expect(res.body).not.toContain('GHS');
  });

  it('answers 404 for an id that is no church', async () => {
    const a = await signupChurch(h.app);
    const res = await client(h.app, a.token).get(`/api/Lookup/TenantCurrency?tenantID=${crypto.randomUUID()}`);
    expect(res.statusCode).toBe(404);
  });

  it('answers 400 naming tenantID for a malformed or missing id', async () => {
    const a = await signupChurch(h.app);
    const api = client(h.app, a.token);
    expectBadRequest(await api.get('/api/Lookup/TenantCurrency?tenantID=not-a-uuid'), 'tenantID');
    expectBadRequest(await api.get('/api/Lookup/TenantCurrency'), 'tenantID');
  });

  it('answers 401 without a session', async () => {
    const a = await signupChurch(h.app);
    const res = await client(h.app, null).get(`/api/Lookup/TenantCurrency?tenantID=${a.tenantId}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'You are not signed in' });
  });
});

describe('GET /api/LookUp/GetAllLookUps', () => {
  it('answers the four people lookups without a session, with stable integer ids', async () => {
    const res = await client(h.app, null).get('/api/LookUp/GetAllLookUps');
    expect(res.statusCode).toBe(200);
    const groups = res.json() as { type: string; lookUps: { id: number; value: string }[] }[];
    expect(groups.map((g) => g.type)).toEqual(['Gender', 'MaritalStatus', 'Outcome', 'ActivityType']);
    for (const g of groups) {
      expect(g.lookUps.map((l) => l.id)).toEqual(g.lookUps.map((_, i) => i + 1));
      expect(new Set(g.lookUps.map((l) => l.value)).size).toBe(g.lookUps.length);
    }
    // the ids people rows store: CreateMember accepts exactly these
    const marital = groups.find((g) => g.type === 'MaritalStatus')!.lookUps;
    expect(marital.map((l) => l.value)).toEqual(['Single', 'Married', 'Separated', 'Divorced', 'Widowed']);
  });

  it('routes case-insensitively', async () => {
    const res = await client(h.app, null).get('/api/lookup/getalllookups');
    expect(res.statusCode).toBe(200);
    expect((res.json() as { type: string }[]).length).toBe(4);
  });
});

describe('GET /api/membership/howyouheardaboutus', () => {
  it('answers [{id, name}] without a session', async () => {
    const res = await client(h.app, null).get('/api/Membership/HowYouHeardAboutUs');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; name: string }[];
    expect(list[0]).toEqual({ id: 1, name: 'Invited by a friend or family member' });
    expect(list.at(-1)).toEqual({ id: 7, name: 'Other' });
  });
});

describe('GET /getfamilyroles', () => {
  it('answers the bare [{id, name}] list without a session, Father and Mother by name, Guardian as 6', async () => {
    const res = await client(h.app, null).get('/getfamilyroles');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const list = res.json() as { id: number; name: string }[];
    expect(Array.isArray(list)).toBe(true);
    expect(list.find((r) => r.name === 'Father')).toEqual({ id: 1, name: 'Father' });
    expect(list.find((r) => r.name === 'Mother')).toEqual({ id: 2, name: 'Mother' });
    expect(list.find((r) => r.id === 6)).toEqual({ id: 6, name: 'Guardian' });
    expect(new Set(list.map((r) => r.id)).size).toBe(list.length);
  });

  it('answers JSON, not the web app, to a browser-like Accept header', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/getfamilyroles',
      headers: { accept: 'application/json, text/plain, */*' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });
});

describe('GET /health and GET /docs/json', () => {
  it('answers 200 when the database answers', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves an OpenAPI document listing the spec routes', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    const paths = doc.paths;
    expect(paths['/api/Financials/Contributions/Transactions/Save']).toHaveProperty('post');
    expect(paths['/api/Financials/Contributions/Transactions/Edit']).toHaveProperty('put');
    expect(paths['/api/Financials/Contributions/Transactions/Delete']).toHaveProperty('delete');
    expect(paths['/api/financials/contributions/items/save']).toHaveProperty('post');
    expect(paths['/api/Offering/contributionReport']).toHaveProperty('get');
    expect(paths['/api/Lookup/TenantCurrency']).toHaveProperty('get');
    expect(paths['/api/Events/CreateActivity']).toHaveProperty('post');
    expect(paths['/api/Membership/GetSearchedUSers']).toHaveProperty('get');
    // generated from the zod schemas: the Save body is described, not left open
    const save = paths['/api/Financials/Contributions/Transactions/Save']!.post as { requestBody?: unknown };
    expect(JSON.stringify(save.requestBody)).toContain('financialContributionID');
  });
});
