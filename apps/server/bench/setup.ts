/**
 * The bench's database and server: PostgreSQL only (DATABASE_URL, else a database
 * `steward_bench` it drops and creates on postgres://postgres@127.0.0.1:5432), migrated and
 * seeded with reference data as `npm start` and the test harness do, and the real app
 * (bench/server.ts, a process of its own) listening on an ephemeral port of 127.0.0.1, called
 * over HTTP with keep-alive, with the local payment provider sandbox in a third process as its
 * Paystack and Flutterwave.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';

const DEFAULT_SERVER = 'postgres://postgres@127.0.0.1:5432';
const BENCH_DB = 'steward_bench';

/** The URL the bench uses: DATABASE_URL, else the bench's own database. */
export function benchDatabaseUrl(): string {
  return process.env.DATABASE_URL || `${DEFAULT_SERVER}/${BENCH_DB}`;
}

/** Whether the bench owns its database (it may drop and create it). */
export const ownsDatabase = !process.env.DATABASE_URL;

/**
 * Drops and creates `steward_bench` (only when DATABASE_URL is not set), then applies the
 * migrations and the reference seed. With `fresh` false an existing database is kept.
 */
export async function prepareDatabase(fresh: boolean): Promise<Database> {
  if (ownsDatabase) {
    const admin = new pg.Client({ connectionString: `${DEFAULT_SERVER}/postgres` });
    await admin.connect();
    try {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [BENCH_DB]);
      if (fresh && exists.rowCount) await admin.query(`drop database ${BENCH_DB} with (force)`);
      if (fresh || !exists.rowCount) await admin.query(`create database ${BENCH_DB}`);
    } finally {
      await admin.end();
    }
  }
  const database = await openDatabase({ databaseUrl: benchDatabaseUrl(), dataDir: 'memory://' });
  if (database.kind !== 'postgres') throw new Error('the bench runs on PostgreSQL only');
  await database.migrate();
  await seedReferenceData(database.db);
  return database;
}

export interface BenchServer {
  /** 'http://127.0.0.1:<port>' */
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * Starts a bench process (a TypeScript entry beside this file, with `env` added to this
 * process's) and waits until it prints `listening <port>`; its errors go to this process's
 * stderr. Answers its address and a close() that sends SIGTERM and waits for the exit. Throws if
 * it exits before listening.
 */
async function startProcess(entry: string, env: Record<string, string>, nodeArgs: string[] = []): Promise<BenchServer> {
  const file = fileURLToPath(new URL(entry, import.meta.url));
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', file], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`${entry} exited with ${code} before listening`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Starts the local payment provider sandbox in a process of its own (bench/provider-sandbox.ts),
 * then the real app (bench/server.ts) in another, configured with the sandbox's keys and address
 * as it would be with real provider keys, and waits until both listen. Closing the answer stops
 * both. BENCH_SERVER_NODE_ARGS: extra node flags for the app's process, e.g.
 * '--cpu-prof --cpu-prof-dir=/tmp/prof'; BENCH_SANDBOX_NODE_ARGS: the same for the sandbox's.
 */
export async function startServer(): Promise<BenchServer> {
  const secrets = {
    paystackSecretKey: `sk_test_${randomBytes(20).toString('hex')}`,
    flutterwaveSecretKey: `FLWSECK_TEST-${randomBytes(16).toString('hex')}-X`,
    flutterwaveSecretHash: randomBytes(16).toString('hex'),
  };
  const nodeArgs = (name: string) => (process.env[name] ?? '').split(' ').filter(Boolean);
  const sandbox = await startProcess(
    './provider-sandbox.ts',
    { BENCH_SANDBOX_SECRETS: JSON.stringify(secrets) },
    nodeArgs('BENCH_SANDBOX_NODE_ARGS'),
  );
  try {
    const extra = nodeArgs('BENCH_SERVER_NODE_ARGS');
    const server = await startProcess(
      './server.ts',
      {
        BENCH_DATABASE_URL: benchDatabaseUrl(),
        PAYSTACK_SECRET_KEY: secrets.paystackSecretKey,
        PAYSTACK_BASE_URL: sandbox.baseUrl,
        FLUTTERWAVE_SECRET_KEY: secrets.flutterwaveSecretKey,
        FLUTTERWAVE_SECRET_HASH: secrets.flutterwaveSecretHash,
        FLUTTERWAVE_BASE_URL: sandbox.baseUrl,
      },
      extra,
    );
    return { baseUrl: server.baseUrl, close: () => server.close().then(() => sandbox.close()) };
  } catch (e) {
    await sandbox.close();
    throw e;
  }
}

/** A pool for the raw SQL and the bare inserts, as large as the app's own (10). */
export function rawPool(): pg.Pool {
  return new pg.Pool({ connectionString: benchDatabaseUrl(), max: 10 });
}

/** An HTTP client of the bench server with a church's bearer token. */
export interface Api {
  get(path: string): Promise<unknown>;
  /** a GET whose answer is read whole but not parsed (the timed calls) */
  fetch(path: string): Promise<void>;
  post(path: string, body: unknown): Promise<unknown>;
}

/**
 * Calls the server with fetch (undici: keep-alive connections, reused between calls).
 * Throws on any status but 200, with the body's first 300 characters.
 */
export function api(baseUrl: string, token: string | null): Api {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const call = async (method: string, path: string, body?: unknown, parse = true) => {
    const res = await fetch(baseUrl + path, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return text && parse ? (JSON.parse(text) as unknown) : null;
  };
  return {
    get: (p) => call('GET', p),
    fetch: async (p) => void (await call('GET', p, undefined, false)),
    post: (p, b) => call('POST', p, b),
  };
}

/**
 * Signs a church up for one bench part through POST /api/onboarding/signup (a Nigerian church,
 * NGN; the owner Ada Obi with the bench password), its email `bench-<part>-<run>@bench.example`
 * new for each run. Answers the owner's bearer token and the church's tenant id; throws as api().
 */
export async function signupBenchChurch(
  baseUrl: string,
  o: { churchName: string; part: string; phoneNumber: string },
): Promise<{ token: string; tenantId: string }> {
  const runId = Date.now().toString(36);
  const signup = (await api(baseUrl, null).post('/api/onboarding/signup', {
    churchName: o.churchName,
    firstName: 'Ada',
    lastName: 'Obi',
    email: `bench-${o.part}-${runId}@bench.example`,
    phoneNumber: o.phoneNumber,
    password: 'bench password 1',
    countryCode: 'NG',
    currency: 'NGN',
  })) as { returnObject: { token: string; tenantId: string } };
  return signup.returnObject;
}

/**
 * The whole number in environment variable `name` (underscores allowed: '100_000'), or
 * `fallback` when it is unset or empty. Throws when it is not an integer of at least `min`.
 */
export function envInt(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}, got '${raw}'`);
  return n;
}
