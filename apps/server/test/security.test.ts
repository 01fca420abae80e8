import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, withoutTenant, withTenant, type Db, type Tx } from '../src/db/client.ts';
import {
  accountBalance,
  client,
  countRows,
  signupChurch,
  startHarness,
  trialBalance,
  type Harness,
} from './helpers.ts';
import { acc, accountsByName, createItem, NGN, rejection } from './fixtures.ts';

let h: Harness;
let db: Db;
beforeAll(async () => {
  h = await startHarness();
  db = h.database.db;
});
afterAll(async () => {
  await h.close();
});

/** A church with an offering item, an offering (so posted lines exist) and a member. */
async function churchWithData() {
  const c = await signupChurch(h.app);
  const api = client(h.app, c.token);
  const a = await accountsByName(api);
  const item = await createItem(api, {
    name: 'Offering',
    incomeAccountId: acc(a, 'Offering').id,
    cashAccountId: acc(a, 'Cash').id,
  });
  const saved = await api.post('/api/Financials/Contributions/Transactions/Save', [
    { financialContributionID: item, date: '2026-11-22', amount: 1000, paymentChannel: 'Cash', currencyID: NGN },
  ]);
  expect(saved.statusCode).toBe(200);
  expect((await api.post('/api/People/CreateMember', { firstName: 'Tunde', lastName: 'Bello' })).statusCode).toBe(200);
  return {
    tenantId: c.tenantId,
    cash: acc(a, 'Cash').id,
    offering: acc(a, 'Offering').id,
    fund: acc(a, 'Offering').fundId!,
  };
}

const count = async (tx: Db | Tx, table: string, where: SQL = sql`true`) =>
  (await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`))[0]!
    .n;

describe('row-level security', () => {
  it('(a) is enabled and forced, with the tenant policy, on every tenant table', async () => {
    const rows = await queryRows<{ relname: string; rls: boolean; forced: boolean; policies: string[] }>(
      db,
      sql`select c.relname, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
            coalesce((select array_agg(pg_get_expr(p.polqual, p.polrelid) || ' cmd=' || p.polcmd::text) from pg_policy p where p.polrelid = c.oid), '{}') as policies
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p')
            and (c.relname = 'tenants' or exists (
              select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped))
          order by c.relname`,
    );
    const names = rows.map((r) => r.relname);
    expect(names).toEqual(
      expect.arrayContaining([
        'tenants',
        'users',
        'sessions',
        'accounts',
        'journal_lines',
        'offering_transactions',
        'people',
        'idempotency_keys',
      ]),
    );
    expect(rows.length).toBeGreaterThanOrEqual(30);
    const unprotected = rows.filter(
      (r) =>
        !r.rls ||
        !r.forced ||
        r.policies.length === 0 ||
        !r.policies.every((p) => p.includes('app.tenant_id') && p.endsWith('cmd=*')),
    );
    expect(unprotected.map((r) => r.relname)).toEqual([]);
  });

  it('(b) with no tenant set, the app role sees no tenant rows although they exist', async () => {
    await churchWithData();
    for (const table of [
      'offering_transactions',
      'accounts',
      'people',
      'journal_lines',
      'users',
      'sessions',
      'tenants',
    ]) {
      expect(await count(db, table), table).toBeGreaterThan(0);
      expect(await withoutTenant(db, (tx) => count(tx, table)), table).toBe(0);
    }
    expect(
      await withoutTenant(db, async (tx) => (await queryRows<{ u: string }>(tx, sql`select current_user as u`))[0]!.u),
    ).toBe('steward_app');
  });

  it("(c) with tenant A set, B's rows are invisible and cannot be written", async () => {
    const a = await churchWithData();
    const b = await churchWithData();
    const ownAccounts = await countRows(h.database, 'accounts', a.tenantId);
    await withTenant(db, a.tenantId, async (tx) => {
      expect(await count(tx, 'accounts', sql`tenant_id = ${b.tenantId}`)).toBe(0);
      expect(await count(tx, 'offering_transactions', sql`tenant_id = ${b.tenantId}`)).toBe(0);
      expect(await count(tx, 'accounts')).toBe(ownAccounts);
      expect(await count(tx, 'people')).toBe(1);
      expect(await count(tx, 'tenants')).toBe(1);
      const updated = await queryRows<{ id: string }>(
        tx,
        sql`update accounts set name = 'hacked' where tenant_id = ${b.tenantId} returning id`,
      );
      expect(updated).toEqual([]);
      const deleted = await queryRows<{ id: string }>(
        tx,
        sql`delete from people where tenant_id = ${b.tenantId} returning id`,
      );
      expect(deleted).toEqual([]);
    });
    const insertForB = await rejection(
      withTenant(db, a.tenantId, (tx) =>
        tx.execute(sql`insert into event_categories (tenant_id, name) values (${b.tenantId}, 'Sneaky')`),
      ),
    );
    expect(insertForB).toMatch(/row-level security/);
    // a row of A cannot point at an account of B: every foreign key leads with tenant_id
    const crossRef = await rejection(
      withTenant(db, a.tenantId, (tx) =>
        tx.execute(sql`insert into contribution_items (tenant_id, name, income_account_id, cash_account_id)
                       values (${a.tenantId}, 'Cross', ${b.offering}, ${b.cash})`),
      ),
    );
    expect(crossRef).toMatch(/foreign key/);
    expect(await count(db, 'accounts', sql`name = 'hacked'`)).toBe(0);
    expect(await countRows(h.database, 'event_categories', b.tenantId)).toBe(0);
    expect(await countRows(h.database, 'people', b.tenantId)).toBe(1);
  });
});

describe('the ledger enforces its invariants in the database', () => {
  /** Inserts an entry and its lines by raw SQL as the app role; resolves when committed. */
  const post = (tenantId: string, lines: { account: string; fund: string; amount: number; currency?: string }[]) =>
    withTenant(db, tenantId, async (tx) => {
      const [entry] = await queryRows<{ id: string }>(
        tx,
        sql`insert into journal_entries (tenant_id, entry_date, memo, source_type) values (${tenantId}, '2026-11-22', 'raw', 'manual') returning id`,
      );
      for (const [i, l] of lines.entries()) {
        await tx.execute(sql`insert into journal_lines (tenant_id, entry_id, line_no, account_id, fund_id, currency_code, amount_minor)
                             values (${tenantId}, ${entry!.id}, ${i + 1}, ${l.account}, ${l.fund}, ${l.currency ?? 'NGN'}, ${l.amount})`);
      }
      return entry!.id;
    });

  it('(d) rejects an unbalanced entry at commit and accepts a balanced one', async () => {
    const c = await churchWithData();
    const entriesBefore = await countRows(h.database, 'journal_entries', c.tenantId);
    const cashBefore = await accountBalance(h.database, c.tenantId, c.cash);
    const err = await rejection(
      post(c.tenantId, [
        { account: c.cash, fund: c.fund, amount: 150 },
        { account: c.offering, fund: c.fund, amount: -50 },
      ]),
    );
    expect(err).toMatch(/does not balance/);
    expect(await countRows(h.database, 'journal_entries', c.tenantId)).toBe(entriesBefore);

    await post(c.tenantId, [
      { account: c.cash, fund: c.fund, amount: 100 },
      { account: c.offering, fund: c.fund, amount: -100 },
    ]);
    expect(await countRows(h.database, 'journal_entries', c.tenantId)).toBe(entriesBefore + 1);
    expect(await accountBalance(h.database, c.tenantId, c.cash)).toBe(cashBefore + 100n);
    expect(await trialBalance(h.database, c.tenantId)).toEqual({ NGN: 0n });
  });

  it('(d) balances per currency: NGN against USD is refused, each balanced on its own is accepted', async () => {
    const c = await churchWithData();
    const mixed = await rejection(
      post(c.tenantId, [
        { account: c.cash, fund: c.fund, amount: 100 },
        { account: c.offering, fund: c.fund, amount: -100, currency: 'USD' },
      ]),
    );
    expect(mixed).toMatch(/does not balance/);
    await post(c.tenantId, [
      { account: c.cash, fund: c.fund, amount: 100 },
      { account: c.offering, fund: c.fund, amount: -100 },
      { account: c.cash, fund: c.fund, amount: 7, currency: 'USD' },
      { account: c.offering, fund: c.fund, amount: -7, currency: 'USD' },
    ]);
    expect(await trialBalance(h.database, c.tenantId)).toEqual({ NGN: 0n, USD: 0n });
  });

  it('(e) rejects an entry with a single line, or with none', async () => {
    const c = await churchWithData();
    const before = await countRows(h.database, 'journal_entries', c.tenantId);
    expect(await rejection(post(c.tenantId, [{ account: c.cash, fund: c.fund, amount: 100 }]))).toMatch(
      /fewer than two lines/,
    );
    expect(await rejection(post(c.tenantId, []))).toMatch(/fewer than two lines/);
    expect(await countRows(h.database, 'journal_entries', c.tenantId)).toBe(before);
  });

  it('(f) posted lines cannot be updated or deleted, by the app role or by the owner', async () => {
    const c = await churchWithData();
    const lines = await countRows(h.database, 'journal_lines', c.tenantId);
    expect(lines).toBeGreaterThan(0);
    const asApp = (q: SQL) => rejection(withTenant(db, c.tenantId, (tx) => tx.execute(q)));
    expect(
      await asApp(sql`update journal_lines set amount_minor = amount_minor * 2 where tenant_id = ${c.tenantId}`),
    ).toMatch(/permission denied|cannot be changed/);
    expect(await asApp(sql`delete from journal_lines where tenant_id = ${c.tenantId}`)).toMatch(
      /permission denied|cannot be changed/,
    );
    expect(await asApp(sql`update journal_entries set memo = 'x' where tenant_id = ${c.tenantId}`)).toMatch(
      /permission denied|cannot be changed/,
    );

    const asOwner = (q: SQL) => rejection(db.execute(q));
    expect(
      await asOwner(sql`update journal_lines set amount_minor = amount_minor * 2 where tenant_id = ${c.tenantId}`),
    ).toMatch(/cannot be changed/);
    expect(await asOwner(sql`delete from journal_lines where tenant_id = ${c.tenantId}`)).toMatch(/cannot be changed/);
    expect(await asOwner(sql`update journal_entries set memo = 'x' where tenant_id = ${c.tenantId}`)).toMatch(
      /cannot be changed/,
    );
    expect(await asOwner(sql`delete from journal_entries where tenant_id = ${c.tenantId}`)).toMatch(
      /cannot be changed/,
    );

    expect(await countRows(h.database, 'journal_lines', c.tenantId)).toBe(lines);
    expect(await accountBalance(h.database, c.tenantId, c.cash)).toBe(100_000n);
  });
});

describe('the application role', () => {
  it('(g) is no superuser, has no BYPASSRLS, owns no table and cannot change reference data', async () => {
    const [role] = await queryRows<{ rolsuper: boolean; rolbypassrls: boolean }>(
      db,
      sql`select rolsuper, rolbypassrls from pg_roles where rolname = 'steward_app'`,
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
    expect(await count(db, 'pg_tables', sql`tableowner = 'steward_app'`)).toBe(0);
    const [priv] = await queryRows<{ upd: boolean; del: boolean; ins: boolean }>(
      db,
      sql`select has_table_privilege('steward_app', 'journal_lines', 'UPDATE') as upd,
                 has_table_privilege('steward_app', 'journal_lines', 'DELETE') as del,
                 has_table_privilege('steward_app', 'currencies', 'INSERT') as ins`,
    );
    expect(priv).toEqual({ upd: false, del: false, ins: false });
    const c = await churchWithData();
    expect(
      await rejection(withTenant(db, c.tenantId, (tx) => tx.execute(sql`update fx_rates set units_per_usd = 1`))),
    ).toMatch(/permission denied/);
    expect(
      await withTenant(
        db,
        c.tenantId,
        async (tx) => (await queryRows<{ u: string }>(tx, sql`select current_user as u`))[0]!.u,
      ),
    ).toBe('steward_app');
  });
});
