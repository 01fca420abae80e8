import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, withTenant } from '../src/db/client.ts';
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
});
