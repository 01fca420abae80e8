import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { verify } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCreateOperator } from '../src/cli/create-operator.ts';
import { openDatabase, queryRows, withoutTenant } from '../src/db/client.ts';
import { upsertOperator } from '../src/modules/operators/service.ts';
import { client, signupChurch, startHarness, type Client, type Harness } from './helpers.ts';
import { expectBadRequest } from './fixtures.ts';

/**
 * Issue 9 'Sender IDs': a platform operator, created by `npm run operator:create`, signs in with
 * its own cookie, lists the churches' sender ID requests and approves or rejects them; the
 * church then sends from an approved one and is refused from a rejected one. Church sessions and
 * the operator cookie never cross over. The application role reads the operator tables only
 * through the functions of migration 0016.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const root = path.resolve(import.meta.dirname, '../../..');
const CSRF = { 'x-steward-csrf': '1' };
const PASSWORD = 'operator password 1';
let counter = 0;

interface Row {
  id: string;
  tenantId: string;
  churchName: string;
  mask: string;
  status: number;
  createdAt: string;
  reviewedAt: string | null;
  reviewNote: string | null;
}

/** A fresh operator written by the command's function; answers its e-mail. */
async function newOperator(): Promise<string> {
  counter += 1;
  const email = `Operator${Date.now()}${counter}@Steward.example`;
  const made = await upsertOperator(h.database.db, { email, password: PASSWORD });
  expect(made).toMatchObject({ email: email.toLowerCase(), created: true });
  return email.toLowerCase();
}

function login(email: string, password: string) {
  return h.app.inject({ method: 'POST', url: '/api/operator/login', payload: { email, password } });
}

/** The value of the steward_operator cookie a sign-in set. */
function operatorCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'steward_operator');
  expect(cookie, res.body).toBeDefined();
  return cookie!.value;
}

/** A client that sends the operator cookie (and the CSRF header on writes). */
function operator(token: string) {
  const headers = { cookie: `steward_operator=${token}` };
  return {
    get: (url: string) => h.app.inject({ method: 'GET', url, headers }),
    put: (url: string, payload: unknown, extra: Record<string, string> = CSRF) =>
      h.app.inject({ method: 'PUT', url, payload: payload as object, headers: { ...headers, ...extra } }),
    post: (url: string) => h.app.inject({ method: 'POST', url, headers: { ...headers, ...CSRF } }),
  };
}
type Operator = ReturnType<typeof operator>;

async function signedInOperator(): Promise<{ email: string; op: Operator; token: string }> {
  const email = await newOperator();
  const res = await login(email, PASSWORD);
  expect(res.statusCode, res.body).toBe(200);
  const token = operatorCookie(res);
  return { email, op: operator(token), token };
}

async function church() {
  const c = await signupChurch(h.app);
  return { ...c, api: client(h.app, c.token) };
}

async function requestSenderId(api: Client, mask: string): Promise<string> {
  const res = await api.post('/api/Messaging/RequestSenderID', { mask });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { returnObject: { id: string } }).returnObject.id;
}

/** The rows of `ids` in the operator's list with filter `status`, walking its pages. */
async function findListed(op: Operator, status: string, ids: string[]): Promise<Row[]> {
  const found: Row[] = [];
  for (let page = 1; page < 1000; page++) {
    const res = await op.get(`/api/operator/senderids?status=${status}&page=${page}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Row[]; totalItems: number };
    found.push(...body.data.filter((r) => ids.includes(r.id)));
    if (body.data.length === 0 || page * 50 >= body.totalItems) break;
  }
  return found;
}

async function churchSenderIds(api: Client) {
  const res = await api.get('/api/Messaging/RetrieveTenantSenderIDs');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { returnObject: { id: string; mask: string; status: number; reviewNote: string | null }[] })
    .returnObject;
}

const mask = (prefix: string) => `${prefix}${(Date.now() % 1e6).toString(36)}${counter++}`.slice(0, 11);

describe('operator:create', () => {
  it('creates an operator (e-mail stored lower-case, argon2id hash) and resets the password of an existing one', async () => {
    const email = `Reset${Date.now()}@Steward.example`;
    const first = await upsertOperator(h.database.db, { email, password: PASSWORD });
    expect(first.created).toBe(true);
    const signedIn = await login(email.toLowerCase(), PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const op = operator(operatorCookie(signedIn));
    expect((await op.get('/api/operator/me')).statusCode).toBe(200);

    const again = await upsertOperator(h.database.db, { email: email.toUpperCase(), password: 'another password 2' });
    expect(again).toMatchObject({ id: first.id, created: false });
    const [row] = await queryRows<{ email: string; password_hash: string }>(
      h.database.db,
      sql`select email, password_hash from platform_operators where id = ${first.id}`,
    );
    expect(row!.email).toBe(email.toLowerCase());
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    // the reset signed the operator out and the old password no longer works
    expect((await op.get('/api/operator/me')).statusCode).toBe(401);
    expect((await login(email, PASSWORD)).statusCode).toBe(401);
    expect((await login(email, 'another password 2')).statusCode).toBe(200);
  });

  it('refuses a bad e-mail, a short password, a missing password and no --email, before writing anything', async () => {
    const env = { ...process.env, OPERATOR_PASSWORD: PASSWORD };
    await expect(runCreateOperator([], env)).rejects.toThrow(/usage: npm run operator:create -- --email/);
    await expect(runCreateOperator(['--email', 'not-an-address'], env)).rejects.toThrow(/not an e-mail address/);
    await expect(
      runCreateOperator(['--email', 'a@b.example'], { ...process.env, OPERATOR_PASSWORD: 'short' }),
    ).rejects.toThrow('The password must have at least 12 characters');
    // vitest's standard input is not a terminal: no prompt, a clear refusal
    const noPassword = { ...process.env };
    delete noPassword.OPERATOR_PASSWORD;
    await expect(runCreateOperator(['--email=a@b.example'], noPassword)).rejects.toThrow(/Set OPERATOR_PASSWORD/);
    const [n] = await queryRows<{ n: number }>(
      h.database.db,
      sql`select count(*)::int as n from platform_operators where email = 'a@b.example'`,
    );
    expect(n!.n).toBe(0);
  });

  it('runs as a command against the configured database', { timeout: 120_000 }, async () => {
    const email = `cli${Date.now()}@steward.example`;
    if (process.env.DATABASE_URL) {
      // the real command, as a process, on the harness's PostgreSQL database
      const { stdout } = await promisify(execFile)(
        'npx',
        ['tsx', 'apps/server/src/cli/create-operator.ts', '--email', email],
        { cwd: root, env: { ...process.env, OPERATOR_PASSWORD: PASSWORD } },
      );
      expect(stdout).toContain(`Created the platform operator ${email}`);
      expect((await login(email, PASSWORD)).statusCode).toBe(200);
    } else {
      // embedded PGlite: the command's function on a data folder of its own, then read back
      const dir = mkdtempSync(path.join(tmpdir(), 'steward-operator-'));
      try {
        const env = { ...process.env, DATA_DIR: dir, OPERATOR_PASSWORD: PASSWORD };
        expect(await runCreateOperator(['--email', email], env)).toContain(`Created the platform operator ${email}`);
        const database = await openDatabase({ dataDir: dir });
        try {
          const rows = await queryRows<{ password_hash: string }>(
            database.db,
            sql`select password_hash from platform_operators where email = ${email}`,
          );
          expect(rows).toHaveLength(1);
          expect(await verify(rows[0]!.password_hash, PASSWORD)).toBe(true);
        } finally {
          await database.close();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });
});

describe('POST /api/operator/login', () => {
  it('sets an httpOnly SameSite=Strict cookie under /api/operator and answers the e-mail', async () => {
    const email = await newOperator();
    const res = await login(email.toUpperCase(), PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ email });
    const cookie = res.cookies.find((c) => c.name === 'steward_operator')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/operator' });
    expect(new Date(cookie.expires as unknown as string).getTime()).toBeGreaterThan(Date.now());
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await operator(cookie.value).get('/api/operator/me')).json()).toEqual({ email });
  });

  it('answers 401 with the same words for a wrong password and an unknown e-mail, and sets no cookie', async () => {
    const email = await newOperator();
    for (const res of [await login(email, 'wrong password!!'), await login(`nobody${email}`, PASSWORD)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Incorrect e-mail or password' });
      expect(res.cookies.find((c) => c.name === 'steward_operator')).toBeUndefined();
    }
  });

  it('answers 400 naming the field for a missing e-mail or password', async () => {
    const missing = await h.app.inject({ method: 'POST', url: '/api/operator/login', payload: { password: 'x' } });
    expectBadRequest(missing, 'email');
    const blank = await h.app.inject({
      method: 'POST',
      url: '/api/operator/login',
      payload: { email: 'a@b.example', password: '' },
    });
    expectBadRequest(blank, 'password');
  });

  it('limits failed attempts per e-mail and address (429 with Retry-After, even with the right password)', async () => {
    const email = await newOperator();
    for (let i = 0; i < 5; i++) expect((await login(email, `wrong ${i} password`)).statusCode).toBe(401);
    const limited = await login(email, PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/Too many failed sign-in attempts/);
  });
});

describe('operator sessions and church sessions never cross', () => {
  it('operator routes refuse no session, a church bearer token and a church cookie (401)', async () => {
    const c = await church();
    const urls = ['/api/operator/me', '/api/operator/senderids?status=0'];
    for (const url of urls) {
      expect((await h.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await c.api.get(url)).statusCode).toBe(401);
      const viaCookie = await h.app.inject({ method: 'GET', url, headers: { cookie: `steward_session=${c.token}` } });
      expect(viaCookie.statusCode).toBe(401);
      // a church token in the operator cookie is no operator session either
      expect((await operator(c.token).get(url)).statusCode).toBe(401);
    }
    const id = await requestSenderId(c.api, mask('Cross'));
    const put = await c.api.put(`/api/operator/senderids/${c.tenantId}/${id}`, { status: 2 });
    expect(put.statusCode).toBe(401);
    expect((await churchSenderIds(c.api)).find((s) => s.id === id)?.status).toBe(0);
  });

  it('church routes refuse the operator cookie and the operator token as a bearer (401)', async () => {
    const { token } = await signedInOperator();
    for (const headers of [{ cookie: `steward_operator=${token}` }, { authorization: `Bearer ${token}` }]) {
      for (const url of ['/api/Messaging/RetrieveTenantSenderIDs', '/api/Membership/GetCurrentSignedInUser']) {
        expect((await h.app.inject({ method: 'GET', url, headers })).statusCode).toBe(401);
      }
    }
  });

  it('sign-out revokes the session and clears the cookie', async () => {
    const { op } = await signedInOperator();
    const out = await op.post('/api/operator/logout');
    expect(out.statusCode).toBe(204);
    const cleared = out.cookies.find((c) => c.name === 'steward_operator')!;
    expect(cleared.value).toBe('');
    expect((await op.get('/api/operator/me')).statusCode).toBe(401);
  });

  it('the application role cannot read the operator tables nor review without a live operator session', async () => {
    const denied = (query: ReturnType<typeof sql>) =>
      withoutTenant(h.database.db, (tx) => tx.execute(query)).then(
        () => 'allowed',
        (e: { cause?: { code?: string }; code?: string }) => e.cause?.code ?? e.code,
      );
    expect(await denied(sql`select * from platform_operators`)).toBe('42501');
    expect(await denied(sql`select * from operator_sessions`)).toBe('42501');
    expect(await denied(sql`insert into platform_operators (email, password_hash) values ('x@y.z', 'x')`)).toBe(
      '42501',
    );
    const c = await church();
    const id = await requestSenderId(c.api, mask('Forged'));
    expect(
      await denied(sql`select * from operator_review_sender_id('forged', ${c.tenantId}::uuid, ${id}::uuid, 2, null)`),
    ).toBe('28000');
    expect(await denied(sql`select * from operator_sender_ids('forged', null, 50, 0)`)).toBe('28000');
    expect((await churchSenderIds(c.api)).find((s) => s.id === id)?.status).toBe(0);
  });
});

describe('reviewing sender IDs', () => {
  it('lists requests of every church, approves one (the church sends from it) and rejects another (refused)', async () => {
    const { op } = await signedInOperator();
    const a = await church();
    const b = await church();
    const maskA = mask('Grace');
    const maskB = mask('Bethel');
    const idA = await requestSenderId(a.api, maskA);
    const idB = await requestSenderId(b.api, maskB);

    const pending = await findListed(op, '0', [idA, idB]);
    expect(pending).toHaveLength(2);
    const rowA = pending.find((r) => r.id === idA)!;
    expect(rowA).toMatchObject({ tenantId: a.tenantId, mask: maskA, status: 0, reviewedAt: null, reviewNote: null });
    expect(rowA.churchName).toMatch(/^Test Church \d+$/);
    expect(Date.parse(rowA.createdAt)).toBeGreaterThan(Date.now() - 600_000);
    expect(pending.find((r) => r.id === idB)).toMatchObject({ tenantId: b.tenantId, mask: maskB, status: 0 });

    const processing = await op.put(`/api/operator/senderids/${a.tenantId}/${idA}`, { status: 1 });
    expect(processing.statusCode, processing.body).toBe(200);
    expect((await churchSenderIds(a.api)).find((s) => s.id === idA)?.status).toBe(1);

    const approved = await op.put(`/api/operator/senderids/${a.tenantId}/${idA}`, { status: 2, note: '  ' });
    expect(approved.statusCode, approved.body).toBe(200);
    const body = approved.json() as { status: boolean; response: string; returnObject: Row };
    expect(body.status).toBe(true);
    expect(body.response).toBe(`Sender ID ${maskA} is now APPROVED`);
    expect(body.returnObject).toMatchObject({
      id: idA,
      tenantId: a.tenantId,
      mask: maskA,
      status: 2,
      reviewNote: null,
    });
    expect(Date.parse(body.returnObject.reviewedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect((await churchSenderIds(a.api)).find((s) => s.id === idA)).toMatchObject({ status: 2, reviewNote: null });
    expect(await findListed(op, '0', [idA])).toEqual([]);
    expect((await findListed(op, '2', [idA]))[0]).toMatchObject({ status: 2 });
    expect(await findListed(op, 'all', [idA, idB])).toHaveLength(2);

    const note = 'The name must match your registered church name';
    const rejected = await op.put(`/api/operator/senderids/${b.tenantId}/${idB}`, { status: 3, note });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().response).toBe(`Sender ID ${maskB} is now NOT APPROVED`);
    expect((await churchSenderIds(b.api)).find((s) => s.id === idB)).toMatchObject({ status: 3, reviewNote: note });

    for (const tid of [a.tenantId, b.tenantId])
      await h.database.db.execute(
        sql`insert into sms_unit_balances (tenant_id, units) values (${tid}, 10)
            on conflict (tenant_id) do update set units = excluded.units`,
      );
    const sent = await a.api.post('/api/Messaging/sendSms', {
      subject: maskA,
      message: 'Service starts at 9am',
      toOthers: '08030001111',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().status).toBe(true);
    const refused = await b.api.post('/api/Messaging/sendSms', {
      subject: maskB,
      message: 'Service starts at 9am',
      toOthers: '08030001111',
    });
    expectBadRequest(refused, 'subject');
  });

  it('answers 400 naming the field for a bad status, note, ids or filter, and changes nothing', async () => {
    const { op } = await signedInOperator();
    const c = await church();
    const id = await requestSenderId(c.api, mask('Bad'));
    const url = `/api/operator/senderids/${c.tenantId}/${id}`;
    expectBadRequest(await op.put(url, { status: 0 }), 'status');
    expectBadRequest(await op.put(url, { status: 4 }), 'status');
    expectBadRequest(await op.put(url, {}), 'status');
    expectBadRequest(await op.put(url, { status: 2, note: 'x'.repeat(501) }), 'note');
    expectBadRequest(await op.put(`/api/operator/senderids/nope/${id}`, { status: 2 }), 'tenantId');
    expectBadRequest(await op.put(`/api/operator/senderids/${c.tenantId}/nope`, { status: 2 }), 'id');
    expectBadRequest(await op.get('/api/operator/senderids?status=pending'), 'status');
    expectBadRequest(await op.get('/api/operator/senderids?page=0'), 'page');
    expect((await churchSenderIds(c.api)).find((s) => s.id === id)).toMatchObject({ status: 0, reviewNote: null });
  });

  it('answers 404 for an id under another church or no id at all, and 403 without the CSRF header', async () => {
    const { op } = await signedInOperator();
    const a = await church();
    const b = await church();
    const id = await requestSenderId(a.api, mask('Own'));
    expect((await op.put(`/api/operator/senderids/${b.tenantId}/${id}`, { status: 2 })).statusCode).toBe(404);
    expect(
      (await op.put(`/api/operator/senderids/${a.tenantId}/${crypto.randomUUID()}`, { status: 2 })).statusCode,
    ).toBe(404);
    expect((await op.put(`/api/operator/senderids/${a.tenantId}/${id}`, { status: 2 }, {})).statusCode).toBe(403);
    expect((await churchSenderIds(a.api)).find((s) => s.id === id)?.status).toBe(0);
  });

  it('pages the list, 50 a page, with the total of the filter', async () => {
    const { op } = await signedInOperator();
    const first = (await op.get('/api/operator/senderids')).json() as { data: Row[]; totalItems: number };
    expect(first.data.length).toBe(Math.min(50, first.totalItems));
    const past = (await op.get('/api/operator/senderids?page=100000')).json() as { data: Row[]; totalItems: number };
    // other test files may add requests meanwhile (one PostgreSQL database): never fewer
    expect(past.data).toEqual([]);
    expect(past.totalItems).toBeGreaterThanOrEqual(first.totalItems);
    const times = first.data.map((r) => Date.parse(r.createdAt));
    expect([...times].sort((x, y) => x - y)).toEqual(times);
  });
});
