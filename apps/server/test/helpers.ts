import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { buildApp, type BuiltApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, queryRows, type Database } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';

/**
 * The integration harness (DESIGN.md §4): a real database — PostgreSQL when DATABASE_URL
 * is set (CI creates a fresh one per run), else an in-memory PGlite per test file —
 * migrated and seeded exactly as `npm start` does, and the app driven through inject.
 */
export interface Harness {
  app: BuiltApp;
  database: Database;
  close(): Promise<void>;
}

/** `env` overrides settings for this harness (e.g. MESSAGING_WORKERS: '0', no background sending). */
export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  // Every test signs up from 127.0.0.1; the sign-up limit has its own tests (security-hardening).
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEB_DIST: '',
    SIGNUP_RATE_MAX: process.env.SIGNUP_RATE_MAX ?? '1000000',
    PUBLIC_RATE_MAX: process.env.PUBLIC_RATE_MAX ?? '1000000',
    ...env,
  });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: 'memory://' });
  await database.migrate();
  await seedReferenceData(database.db);
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

let counter = 0;

/** A fresh church signed up through the API; answers its token and ids. */
export async function signupChurch(app: BuiltApp, overrides: Record<string, string> = {}) {
  counter += 1;
  const email = `admin${Date.now()}${counter}${Math.floor(Math.random() * 1e6)}@test.example`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/onboarding/signup',
    payload: {
      churchName: `Test Church ${counter}`,
      firstName: 'Ada',
      lastName: 'Obi',
      email,
      phoneNumber: '+2348030000001',
      password: 'correct horse battery',
      countryCode: 'NG',
      currency: 'NGN',
      ...overrides,
    },
  });
  if (res.statusCode !== 200) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { returnObject: { token: string; tenantId: string } };
  return {
    email,
    token: body.returnObject.token,
    tenantId: body.returnObject.tenantId,
    password: 'correct horse battery',
  };
}

/** A client bound to a bearer token (or none, for 401 checks). */
export function client(app: BuiltApp, token: string | null) {
  const call = (
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: unknown, headers?: Record<string, string>) =>
      call('POST', url, payload ?? {}, headers),
    put: (url: string, payload?: unknown, headers?: Record<string, string>) => call('PUT', url, payload ?? {}, headers),
    delete: (url: string) => call('DELETE', url),
  };
}

export type Client = ReturnType<typeof client>;

/** Counts rows of a table for a tenant, as the migration role (bypassing the API). */
export async function countRows(database: Database, table: string, tenantId: string): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    database.db,
    sql.raw(`select count(*)::int as n from ${table} where tenant_id = '${tenantId.replace(/[^0-9a-f-]/g, '')}'`),
  );
  return rows[0]?.n ?? 0;
}

/** Trial balance per currency (minor units) of a tenant: must always be zero. */
export async function trialBalance(database: Database, tenantId: string): Promise<Record<string, bigint>> {
  const rows = await queryRows<{ currency_code: string; total: string }>(
    database.db,
    sql`select currency_code, sum(amount_minor)::text as total from journal_lines where tenant_id = ${tenantId} group by currency_code`,
  );
  return Object.fromEntries(rows.map((r) => [r.currency_code, BigInt(r.total)]));
}

/** Balance of one account in minor units (debits positive). */
export async function accountBalance(database: Database, tenantId: string, accountId: string): Promise<bigint> {
  const rows = await queryRows<{ total: string | null }>(
    database.db,
    sql`select sum(amount_minor)::text as total from journal_lines where tenant_id = ${tenantId} and account_id = ${accountId}`,
  );
  return BigInt(rows[0]?.total ?? '0');
}

/**
 * Polls `read` every 100 ms until `done` holds for its answer or `ms` milliseconds (default
 * 20 s) have passed, then answers the last value read; it never throws for a timeout, so the
 * test's own assertions on that value report what was missing. For work the background
 * workers do (message delivery).
 */
export async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}
