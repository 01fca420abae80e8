import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, withTenant } from '../src/db/client.ts';
import { newRowId } from '../src/lib/ids.ts';
import { signupChurch, startHarness, type Harness } from './helpers.ts';

/**
 * The database client's per-request shortcuts (issue 7 'Speed'): on PostgreSQL a parameterised
 * statement used again is prepared once per connection under a name made from its text; the
 * tenant and the application role are set in one statement; the session lookup needs no
 * transaction. Each must leave the answers exactly as before.
 */
let h: Harness;
const ME = '/api/Membership/GetCurrentSignedInUser';

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe('db client', () => {
  it('prepares a repeated parameterised statement once per connection (PostgreSQL) and answers each use with its own values', async () => {
    const marker = `prepared-statement check ${randomUUID()}`;
    const found = await withTenant(h.database.db, randomUUID(), async (tx) => {
      const answers: number[] = [];
      for (const n of [1, 2, 3, 4]) {
        const [row] = await queryRows<{ x: number }>(tx, sql`select ${n}::int * 10 as x, ${marker}::text as m`);
        answers.push(row!.x);
      }
      const prepared = await queryRows<{ name: string }>(
        tx,
        sql.raw(`select name from pg_prepared_statements where statement like '%::int * 10 as x%'`),
      );
      return { answers, prepared: prepared.map((p) => p.name) };
    });
    expect(found.answers).toEqual([10, 20, 30, 40]);
    if (h.database.kind === 'postgres') {
      // named on its second use; one name however often it runs on this connection
      expect(found.prepared).toHaveLength(1);
      expect(found.prepared[0]).toMatch(/^s_[0-9a-f]{24}$/);
    } else {
      // PGlite runs in this process: nothing to save, nothing prepared
      expect(found.prepared).toEqual([]);
    }
  });

  it('runs each request as the application role with its own tenant, and a session still resolves after many requests', async () => {
    const a = await signupChurch(h.app);
    const b = await signupChurch(h.app);
    const role = await withTenant(h.database.db, a.tenantId, (tx) =>
      queryRows<{ role: string; tenant: string }>(
        tx,
        sql`select current_user as role, current_setting('app.tenant_id', true) as tenant`,
      ),
    );
    expect(role).toEqual([{ role: 'steward_app', tenant: a.tenantId }]);
    // the two churches' sessions, alternating, each answer their own church (prepared lookups reused)
    for (let i = 0; i < 4; i++) {
      for (const c of [a, b]) {
        const res = await h.app.inject({ method: 'GET', url: ME, headers: { authorization: `Bearer ${c.token}` } });
        expect(res.statusCode).toBe(200);
        expect((res.json() as { tenantId: string }).tenantId).toBe(c.tenantId);
      }
    }
    const unknown = await h.app.inject({
      method: 'GET',
      url: ME,
      headers: { authorization: `Bearer ${'x'.repeat(43)}` },
    });
    expect(unknown.statusCode).toBe(401);
  });

  it('gives the big append-only tables time-ordered keys (UUID version 7), from the app and as the database default', async () => {
    const v7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const before = Date.now();
    const fromApp = [newRowId(), newRowId(), newRowId()];
    for (const id of fromApp) expect(id).toMatch(v7);
    // the first 48 bits are the creation time in milliseconds, and ids made one after another sort in that order
    const ms = parseInt(fromApp[0]!.replace(/-/g, '').slice(0, 12), 16);
    expect(ms).toBeGreaterThanOrEqual(before - 1);
    expect(ms).toBeLessThanOrEqual(Date.now());
    expect([...fromApp].sort()).toEqual(fromApp);

    const fromDb = await withTenant(h.database.db, randomUUID(), (tx) =>
      queryRows<{ a: string; b: string }>(tx, sql`select uuid_v7()::text as a, uuid_v7()::text as b`),
    );
    expect(fromDb[0]!.a).toMatch(v7);
    expect(fromDb[0]!.b).toMatch(v7);
    expect(fromDb[0]!.a.slice(0, 8) <= fromDb[0]!.b.slice(0, 8)).toBe(true);
    const defaults = await queryRows<{ table_name: string; column_default: string }>(
      h.database.db,
      sql`select table_name, column_default from information_schema.columns
          where table_name in ('journal_entries', 'journal_lines', 'offering_transactions') and column_name = 'id'
          order by table_name`,
    );
    expect(defaults).toEqual([
      { table_name: 'journal_entries', column_default: 'uuid_v7()' },
      { table_name: 'journal_lines', column_default: 'uuid_v7()' },
      { table_name: 'offering_transactions', column_default: 'uuid_v7()' },
    ]);
  });
});
