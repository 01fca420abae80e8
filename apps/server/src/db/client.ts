import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';

/** A Drizzle database over PGlite or node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle: every request's work runs in one. */
export type Tx = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * How the job queue (pg-boss) reaches the same database: the connection string on
   * PostgreSQL (pg-boss keeps its own small pool), or a SQL executor over the one PGlite
   * instance (statements without parameters may hold several commands: pg-boss's migrations).
   */
  jobConnection:
    { connectionString: string } | { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };
  /** Applies the SQL migrations (as the connecting role, which then owns the tables). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens PostgreSQL when `databaseUrl` is given, else PGlite in `dataDir`
 * ('memory://' for an in-memory database). DESIGN.md §1.5.
 */
export async function openDatabase(opts: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    pool.on('connect', (client) => prepareHotStatements(client));
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      jobConnection: { connectionString: opts.databaseUrl },
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (!opts.dataDir.startsWith('memory://')) mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create(opts.dataDir);
  const pgliteDb = drizzlePglite(client);
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    jobConnection: {
      executeSql: async (text: string, values?: unknown[]) => {
        if (!values || values.length === 0) {
          const results = await client.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }
        const result = await client.query(text, values);
        return { rows: result.rows };
      },
    },
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** Statement texts seen once (waiting for a second use) and the names given to hot ones. */
const seenOnce = new Set<string>();
const hotNames = new Map<string, string>();
/** At most this many distinct statements are kept prepared (per connection, on the server). */
const MAX_PREPARED = 400;
const MAX_SEEN = 5000;

/**
 * The name under which statement `text` is prepared, or undefined while it is not hot: a text
 * with parameters is named on its second use, up to MAX_PREPARED texts (issue 7 'Speed').
 */
function hotStatementName(text: string): string | undefined {
  const known = hotNames.get(text);
  if (known) return known;
  if (hotNames.size >= MAX_PREPARED) return undefined;
  if (!seenOnce.has(text)) {
    if (seenOnce.size >= MAX_SEEN) seenOnce.clear();
    seenOnce.add(text);
    return undefined;
  }
  const name = `s_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  hotNames.set(text, name);
  return name;
}

/**
 * Makes node-postgres prepare the pool's repeated parameterised statements once per
 * connection (a named statement: parsed and planned once, then only bound and run), instead of
 * parsing and planning every query Drizzle sends as an unnamed statement. Issue 7 'Speed': the
 * planning of the small row-level-secured queries of a request cost as much as running them.
 * The names are hashes of the text, so one name never stands for two statements.
 */
function prepareHotStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    const c = config as { text?: unknown; name?: unknown; values?: unknown[] } | null;
    const values = (rest[0] as unknown[] | undefined) ?? c?.values;
    if (c && typeof c === 'object' && typeof c.text === 'string' && !c.name && Array.isArray(values) && values.length) {
      const name = hotStatementName(c.text);
      if (name) return query({ ...c, name }, ...rest);
    }
    return query(config, ...rest);
  };
}

/** Runs a raw SQL statement and returns its rows. */
export async function queryRows<T>(tx: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Runs `fn` in one transaction as the application role `steward_app` with
 * `app.tenant_id` set, so row-level security confines it to one tenant (DESIGN.md §1.4).
 * A transaction that PostgreSQL aborted for a deadlock or serialization conflict is run
 * again (up to 6 times). Throws whatever `fn` throws, after rolling back.
 */
export async function withTenant<T>(db: Db, tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        // one round trip: the tenant and the role, both local to this transaction
        await tx.execute(
          sql`select set_config('app.tenant_id', ${tenantId}, true), set_config('role', 'steward_app', true)`,
        );
        return fn(tx as unknown as Tx);
      });
    } catch (e) {
      // PostgreSQL resolves a deadlock or serialization conflict by failing one transaction;
      // it rolled back whole, so running it again is safe.
      if (attempt >= MAX_ATTEMPTS || !isRetryable(e)) throw e;
      await new Promise((r) => setTimeout(r, Math.random() * 20 * attempt));
    }
  }
}

const MAX_ATTEMPTS = 6;

/** Deadlock (40P01) or serialization failure (40001), from pg or PGlite. */
export function isRetryable(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  const code = err?.code ?? err?.cause?.code;
  return code === '40P01' || code === '40001';
}

/**
 * Runs `fn` as the application role with no tenant set: only the narrow security-definer
 * lookups (sign-in, session) answer; every tenant table shows no rows.
 */
export async function withoutTenant<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local role steward_app`);
    return fn(tx as unknown as Tx);
  });
}

/**
 * The raw connection of transaction `tx` as a SQL executor, for a library that must write in
 * the same transaction (pg-boss inserting a request's jobs beside its rows). Statements run as
 * the transaction's role with its tenant set.
 */
export function txExecutor(tx: Tx): { executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }> } {
  const client = (
    tx as unknown as { session: { client: { query(text: string, values: unknown[]): Promise<{ rows: unknown[] }> } } }
  ).session.client;
  return { executeSql: async (text, values) => ({ rows: (await client.query(text, values)).rows }) };
}
