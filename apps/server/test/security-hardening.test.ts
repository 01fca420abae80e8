import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, queryRows, type Database } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';
import { loginKey } from '../src/modules/auth/throttle.ts';
import { client, countRows, signupChurch, type Harness } from './helpers.ts';
import { createItem, NGN } from './fixtures.ts';
import { financeChurch } from './finance-support.ts';
import { CASH_BANK_BALANCES, church, createAccount, headNamed, INCOME, incomeBody, saved } from './ledger-support.ts';
import { DELETE, EDIT, offeringChurch, SAVE } from './offering-setup.ts';

/**
 * Issue 6, "Security": sign-in timing, sign-up wording, rate limits shared through
 * PostgreSQL, Cache-Control and the Secure cookie, Idempotency-Key reuse, the txt export's
 * formula cells, and postings through an offering item onto a deactivated account.
 *
 * Several apps run here on one database, as several app processes would: on PGlite they
 * share the database object, on PostgreSQL (DATABASE_URL) each has its own pool.
 */

// Every argon2 verification the app makes is recorded (the hash it verified against).
const argon = vi.hoisted(() => ({ verified: [] as string[] }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: (hashed: string | Uint8Array, ...rest: unknown[]) => {
      argon.verified.push(String(hashed));
      return (real.verify as (...a: unknown[]) => Promise<boolean>)(hashed, ...rest);
    },
  };
});

const BASE_ENV = { ...process.env, LOG_LEVEL: 'silent', WEB_DIST: '' };
/** Set-up requests (sign-ups from 127.0.0.1) must not run into the limits under test. */
const ROOMY = { SIGNUP_RATE_MAX: '1000000', PUBLIC_RATE_MAX: '1000000', LOGIN_RATE_MAX: '1000000' };

let primary: Database;
let secondary: Database;
const apps: BuiltApp[] = [];
let app: BuiltApp;
let harness: Harness;

beforeAll(async () => {
  const config = loadConfig(BASE_ENV);
  primary = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: 'memory://' });
  await primary.migrate();
  await seedReferenceData(primary.db);
  secondary = config.DATABASE_URL
    ? await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: 'memory://' })
    : primary;
  app = await appOn(primary);
  harness = { app, database: primary, close: async () => {} };
});
afterAll(async () => {
  for (const a of apps) await a.close();
  if (secondary !== primary) await secondary.close();
  await primary.close();
});

/** One more app process on `database`, with settings on top of the roomy defaults. */
async function appOn(database: Database, env: Record<string, string> = {}): Promise<BuiltApp> {
  const built = await buildApp({ config: loadConfig({ ...BASE_ENV, ...ROOMY, ...env }), database });
  await built.ready();
  apps.push(built);
  return built;
}

/** Two app processes sharing one database, with the same settings. */
const twoApps = async (env: Record<string, string>) => [await appOn(primary, env), await appOn(secondary, env)];

/** A client address no other test (or earlier run on the same PostgreSQL database) uses. */
const address = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 254) + 1).join('.')}`;

const inject = (a: BuiltApp, opts: InjectOptions) => a.inject(opts);

const signupBody = (email: string) => ({
  churchName: 'Limit Chapel',
  firstName: 'Ada',
  lastName: 'Obi',
  email,
  phoneNumber: '+2348030000009',
  password: 'a long password',
  countryCode: 'NG',
  currency: 'NGN',
});

const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e9)}@test.example`;

describe('sign-in takes as long for an unknown e-mail as for a wrong password', () => {
  it('verifies an unknown e-mail against a dummy argon2id hash, the same one every time', async () => {
    argon.verified.length = 0;
    const res = await inject(app, {
      method: 'POST',
      url: '/login',
      payload: { userName: uniqueEmail('nobody'), password: 'whatever password' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Incorrect e-mail or password' });
    expect(argon.verified).toHaveLength(1);
    expect(argon.verified[0]).toMatch(/^\$argon2id\$/);
    await inject(app, {
      method: 'POST',
      url: '/login',
      payload: { userName: uniqueEmail('nobody'), password: 'another password' },
    });
    expect(argon.verified).toHaveLength(2);
    expect(argon.verified[1]).toBe(argon.verified[0]);
  });

  it('verifies an inactive account against the dummy hash, not its own, and refuses it', async () => {
    const c = await signupChurch(app);
    argon.verified.length = 0;
    await inject(app, {
      method: 'POST',
      url: '/login',
      payload: { userName: uniqueEmail('nobody'), password: 'x-password' },
    });
    const dummy = argon.verified[0];
    await queryRows(primary.db, sql`update users set is_active = false where email = ${c.email}`);
    const [own] = await queryRows<{ password_hash: string }>(
      primary.db,
      sql`select password_hash from users where email = ${c.email}`,
    );
    argon.verified.length = 0;
    const res = await inject(app, {
      method: 'POST',
      url: '/login',
      payload: { userName: c.email, password: c.password },
    });
    expect(res.statusCode).toBe(401);
    expect(argon.verified).toEqual([dummy]);
    expect(argon.verified[0]).not.toBe(own!.password_hash);
  });

  it('the mean time of unknown-e-mail sign-ins is at least half that of wrong-password ones', async () => {
    const c = await signupChurch(app);
    const timed = async (userName: string) => {
      const start = performance.now();
      const res = await inject(app, {
        method: 'POST',
        url: '/login',
        payload: { userName, password: 'not it at all' },
      });
      expect(res.statusCode).toBe(401);
      return performance.now() - start;
    };
    await timed(c.email); // warm-up
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 6; i++) {
      unknown.push(await timed(uniqueEmail('nobody')));
      wrong.push(await timed(c.email));
    }
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    // argon2id takes tens of milliseconds, a lookup about one: without the dummy verify the
    // ratio is far below a half
    expect(mean(unknown)).toBeGreaterThanOrEqual(mean(wrong) * 0.5);
  });
});

describe('sign-up does not confirm that an e-mail is registered', () => {
  const REFUSED =
    'We could not create an account with this e-mail address. If you already have one, sign in or reset your password.';

  it('answers a taken e-mail with a 400 on email that does not say it is registered', async () => {
    const c = await signupChurch(app);
    const res = await inject(app, { method: 'POST', url: '/api/onboarding/signup', payload: signupBody(c.email) });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { status: boolean; errors: { field: string; message: string }[] };
    expect(body.status).toBe(false);
    expect(body.errors).toEqual([{ field: 'email', message: REFUSED }]);
    expect(res.body).not.toMatch(/already registered/i);
  });

  it('answers the same words when two sign-ups race for one e-mail', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(
      [0, 1, 2].map(() => inject(app, { method: 'POST', url: '/api/onboarding/signup', payload: signupBody(email) })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 400, 400]);
    for (const r of results.filter((x) => x.statusCode === 400)) {
      expect((r.json() as { errors: unknown[] }).errors).toEqual([{ field: 'email', message: REFUSED }]);
    }
  });
});

describe('rate limits live in PostgreSQL, shared by every app process', () => {
  it('counts failed sign-ins per e-mail and address across two apps, under a hashed key', async () => {
    const [a, b] = await twoApps({ LOGIN_RATE_MAX: '3' });
    const c = await signupChurch(app);
    const ip = address();
    const attempt = (on: BuiltApp, password = 'wrong password') =>
      inject(on, { method: 'POST', url: '/login', remoteAddress: ip, payload: { userName: c.email, password } });
    expect((await attempt(a!)).statusCode).toBe(401);
    expect((await attempt(b!)).statusCode).toBe(401);
    expect((await attempt(a!)).statusCode).toBe(401);
    // each process saw at most two failures: only a shared count refuses the fourth
    const limited = await attempt(b!, c.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minute\(s\)\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt(a!, c.password)).statusCode).toBe(429);
    // the same e-mail from another address is not affected
    const other = await inject(a!, {
      method: 'POST',
      url: '/login',
      remoteAddress: address(),
      payload: { userName: c.email, password: c.password },
    });
    expect(other.statusCode).toBe(200);

    const keys = await queryRows<{ key: string }>(primary.db, sql`select key from rate_limits`);
    expect(keys.map((k) => k.key)).toContain(loginKey(c.email, ip));
    expect(keys.some((k) => k.key.toLowerCase().includes(c.email.toLowerCase()))).toBe(false);
    expect(loginKey(c.email, ip)).toMatch(/^login:[0-9a-f]{64}$/);
  });

  it('a successful sign-in clears the failures of its e-mail and address', async () => {
    const a = await appOn(primary, { LOGIN_RATE_MAX: '3' });
    const c = await signupChurch(app);
    const ip = address();
    const attempt = (password: string) =>
      inject(a, { method: 'POST', url: '/login', remoteAddress: ip, payload: { userName: c.email, password } });
    expect((await attempt('wrong password')).statusCode).toBe(401);
    expect((await attempt('wrong password')).statusCode).toBe(401);
    expect((await attempt(c.password)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await attempt('wrong password')).statusCode).toBe(401);
    expect((await attempt('wrong password')).statusCode).toBe(429);
  });

  it('limits sign-ups per address across two apps', async () => {
    const [a, b] = await twoApps({ SIGNUP_RATE_MAX: '2' });
    const ip = address();
    const signup = (on: BuiltApp, from = ip) =>
      inject(on, {
        method: 'POST',
        url: '/api/onboarding/signup',
        remoteAddress: from,
        payload: signupBody(uniqueEmail('limit')),
      });
    expect((await signup(a!)).statusCode).toBe(200);
    expect((await signup(b!)).statusCode).toBe(200);
    const limited = await signup(a!);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many requests, please wait and try again' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signup(b!)).statusCode).toBe(429);
    expect((await signup(b!, address())).statusCode).toBe(200);
  });

  it('limits every public route per address across two apps (lookups and sign-in share the count)', async () => {
    const [a, b] = await twoApps({ PUBLIC_RATE_MAX: '3' });
    const ip = address();
    const get = (on: BuiltApp, url: string, from = ip) => inject(on, { method: 'GET', url, remoteAddress: from });
    expect((await get(a!, '/api/getallcountries')).statusCode).toBe(200);
    expect((await get(b!, '/api/lookup/getallcurrencies')).statusCode).toBe(200);
    expect((await get(a!, '/fxRates')).statusCode).toBe(200);
    const limited = await get(b!, '/api/getallcountries');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many requests, please wait and try again' });
    const login = await inject(a!, {
      method: 'POST',
      url: '/login',
      remoteAddress: ip,
      payload: { userName: uniqueEmail('x'), password: 'whatever password' },
    });
    expect(login.statusCode).toBe(429);
    expect((await get(a!, '/api/getallcountries', address())).statusCode).toBe(200);
    // routes that need a session are not counted per address
    const c = await signupChurch(app);
    for (let i = 0; i < 4; i++) {
      const res = await inject(a!, {
        method: 'GET',
        url: '/api/Membership/GetCurrentSignedInUser',
        remoteAddress: ip,
        headers: { authorization: `Bearer ${c.token}` },
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('takes the client address from X-Forwarded-For only with TRUST_PROXY', async () => {
    const proxy = address();
    const plain = await appOn(primary, { PUBLIC_RATE_MAX: '2' });
    const behind = await appOn(secondary, { PUBLIC_RATE_MAX: '2', TRUST_PROXY: proxy });
    const get = (on: BuiltApp, from: string, forwarded: string) =>
      inject(on, {
        method: 'GET',
        url: '/api/getallcountries',
        remoteAddress: from,
        headers: { 'x-forwarded-for': forwarded },
      });
    // without TRUST_PROXY the header is ignored: one client however it claims to be
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await get(plain, proxy, address())).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    // with it, each forwarded client has its own count
    for (let i = 0; i < 4; i++) expect((await get(behind, proxy, address())).statusCode).toBe(200);
    const client1 = address();
    expect([
      (await get(behind, proxy, client1)).statusCode,
      (await get(behind, proxy, client1)).statusCode,
      (await get(behind, proxy, client1)).statusCode,
    ]).toEqual([200, 200, 429]);
    // a peer that is not the trusted proxy is counted by its own address, whatever it forwards
    const stranger = address();
    const strangerCodes = [];
    for (let i = 0; i < 3; i++) strangerCodes.push((await get(behind, stranger, address())).statusCode);
    expect(strangerCodes).toEqual([200, 200, 429]);
  });

  it('accepts the TRUST_PROXY forms Fastify takes and refuses anything else', () => {
    const trust = (v: string) => loadConfig({ TRUST_PROXY: v }).TRUST_PROXY;
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('10.0.0.1, 192.168.0.0/16,::1,loopback')).toEqual(['10.0.0.1', '192.168.0.0/16', '::1', 'loopback']);
    const hops = trust('2') as (address: string, hop: number) => boolean;
    expect([hops('x', 0), hops('x', 1), hops('x', 2)]).toEqual([true, true, false]);
    expect(() => trust('proxy.example')).toThrow(/TRUST_PROXY/);
    expect(() => trust('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
  });
});

describe('Cache-Control and the Secure cookie', () => {
  it('answers no-store on authenticated API answers, sign-in and sign-up', async () => {
    const c = await signupChurch(app);
    const api = client(app, c.token);
    for (const url of ['/api/Membership/GetCurrentSignedInUser', CASH_BANK_BALANCES]) {
      const res = await api.get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const login = await inject(app, {
      method: 'POST',
      url: '/login',
      payload: { userName: c.email, password: c.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const signup = await inject(app, {
      method: 'POST',
      url: '/api/onboarding/signup',
      payload: signupBody(uniqueEmail('cache')),
    });
    expect(signup.statusCode).toBe(200);
    expect(signup.headers['cache-control']).toBe('no-store');
    expect((await client(app, null).get('/api/Membership/GetCurrentSignedInUser')).headers['cache-control']).toBe(
      'no-store',
    );
    const unknown = await api.get('/api/No/Such/Route');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
  });

  it('marks the session cookie Secure over HTTPS (X-Forwarded-Proto with TRUST_PROXY) or with COOKIE_SECURE', async () => {
    const c = await signupChurch(app);
    const login = (on: BuiltApp, headers: Record<string, string> = {}) =>
      inject(on, { method: 'POST', url: '/login', headers, payload: { userName: c.email, password: c.password } });
    const cookieOf = async (on: BuiltApp, headers?: Record<string, string>) => {
      const res = await login(on, headers);
      expect(res.statusCode).toBe(200);
      return String(res.headers['set-cookie']);
    };
    const behind = await appOn(primary, { TRUST_PROXY: '127.0.0.1' });
    expect(await cookieOf(behind, { 'x-forwarded-proto': 'https' })).toMatch(/;\s*Secure/i);
    expect(await cookieOf(behind)).not.toMatch(/;\s*Secure/i);
    // without a trusted proxy the header proves nothing
    expect(await cookieOf(app, { 'x-forwarded-proto': 'https' })).not.toMatch(/;\s*Secure/i);
    const forced = await appOn(primary, { COOKIE_SECURE: 'true' });
    expect(await cookieOf(forced)).toMatch(/;\s*Secure/i);
  });
});

describe('Idempotency-Key', () => {
  it('answers 422 for a key reused with another body, and the first result for the same body', async () => {
    const c = await offeringChurch(app);
    const row = (amount: number) => ({
      financialContributionID: c.titheItem,
      date: '2026-11-22',
      amount,
      paymentChannel: 'Cash',
      currencyID: NGN,
    });
    const key = { 'Idempotency-Key': `reuse-${c.tenantId}` };
    const first = await c.api.post(SAVE, [row(100)], key);
    expect(first.statusCode, first.body).toBe(200);
    const counts = async () => ({
      offerings: await countRows(primary, 'offering_transactions', c.tenantId),
      entries: await countRows(primary, 'journal_entries', c.tenantId),
    });
    const before = await counts();

    const other = await c.api.post(SAVE, [row(250)], key);
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json()).toEqual({
      status: false,
      response:
        'This Idempotency-Key was already used for a different request; nothing was saved. Send a new key for a new request.',
      returnObject: null,
    });
    expect(await counts()).toEqual(before);

    // the same request again (keys in another order: the same JSON) answers the first result
    const { amount, ...rest } = row(100);
    const retry = await c.api.post(SAVE, [{ amount, ...rest }], key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().returnObject).toEqual(first.json().returnObject);
    expect(await counts()).toEqual(before);

    // the same key on another route is another request
    const edit = await c.api.put(EDIT, [{ id: first.json().returnObject[0].id, ...row(100) }], key);
    expect(edit.statusCode, edit.body).toBe(200);
  });
});

describe('txt export', () => {
  it('defuses formula-like cells as csv does', async () => {
    const c = await financeChurch(harness);
    const memos = ['=HYPERLINK("http://evil.example","x")', '+1+2', '-3+4', '@SUM(A1:A2)'];
    for (const memo of memos) {
      await saved(c.api, INCOME, incomeBody(c.id('Cash'), 10, [{ accountID: c.id('Offering'), amount: 10 }], { memo }));
    }
    const txt = await c.api.get('/api/Financials/Transactions/Export?format=txt');
    expect(txt.statusCode).toBe(200);
    const rows = txt.body
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split('\t'));
    expect(rows).toHaveLength(memos.length);
    const descriptions = rows.map((r) => r[2]).sort();
    expect(descriptions).toEqual(memos.map((m) => `'${m}`).sort());
    for (const r of rows) {
      // AMOUNT (index 3) is a number; no text cell may start a formula
      r.filter((_, i) => i !== 3).forEach((cell) => expect(cell).not.toMatch(/^[=+\-@\t\r]/));
    }
    const csv = await c.api.get('/api/Financials/Transactions/Export?format=csv');
    expect(csv.body).toContain(`'@SUM(A1:A2)`);
  });
});

describe('a deactivated account receives no new postings through an offering item', () => {
  it('refuses offerings through an item naming a deactivated cash or remittance account, naming the item', async () => {
    const c = await church(app);
    const cashHead = await headNamed(c.api, 'Cash and Bank');
    const incomeHead = await headNamed(c.api, 'Other Income');
    const mainBank = await createAccount(c.api, { name: 'Main Bank', financialAccountGroupID: cashHead.id });
    const remitBank = await createAccount(c.api, { name: 'Remit Bank', financialAccountGroupID: cashHead.id });
    const harvest = await createAccount(c.api, { name: 'Harvest', financialAccountGroupID: incomeHead.id });
    const item = await createItem(c.api, {
      name: 'Tithe Box',
      incomeAccountId: harvest.id,
      cashAccountId: mainBank.id,
      incomeRemittance: [{ percentage: '10', distinationCashBankAccount: remitBank.id }],
    });
    const rows = [
      { financialContributionID: item, date: '2026-11-22', amount: 500, paymentChannel: 'Cash', currencyID: NGN },
    ];
    const first = await c.api.post(SAVE, rows);
    expect(first.statusCode, first.body).toBe(200);
    const offeringId = (first.json() as { returnObject: { id: string }[] }).returnObject[0]!.id;
    const counts = async () => ({
      offerings: await countRows(primary, 'offering_transactions', c.tenantId),
      entries: await countRows(primary, 'journal_entries', c.tenantId),
      lines: await countRows(primary, 'journal_lines', c.tenantId),
    });
    const refusal = (accountName: string) =>
      `Offering item "Tithe Box" posts to the deactivated account "${accountName}"; activate the account or change the item.`;

    expect((await c.api.post(`/api/Financials/Accounts/Deactivate?id=${mainBank.id}`)).statusCode).toBe(200);
    const before = await counts();
    const refused = await c.api.post(SAVE, rows);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toEqual([{ field: '0.financialContributionID', message: refusal('Main Bank') }]);
    const edit = await c.api.put(EDIT, [{ id: offeringId, ...rows[0] }]);
    expect(edit.statusCode, edit.body).toBe(400);
    expect(edit.json().errors).toEqual([{ field: '0.financialContributionID', message: refusal('Main Bank') }]);
    expect(await counts()).toEqual(before);

    // undoing a posting is not a new posting: the delete reverses onto the deactivated account
    expect((await c.api.delete(`${DELETE}?ID=${offeringId}`)).statusCode).toBe(200);

    expect((await c.api.post(`/api/Financials/Accounts/Activate?id=${mainBank.id}`)).statusCode).toBe(200);
    expect((await c.api.post(`/api/Financials/Accounts/Deactivate?id=${remitBank.id}`)).statusCode).toBe(200);
    const remit = await c.api.post(SAVE, rows);
    expect(remit.statusCode, remit.body).toBe(400);
    expect(remit.json().errors).toEqual([{ field: '0.financialContributionID', message: refusal('Remit Bank') }]);

    expect((await c.api.post(`/api/Financials/Accounts/Activate?id=${remitBank.id}`)).statusCode).toBe(200);
    expect((await c.api.post(SAVE, rows)).statusCode).toBe(200);
  });
});
