import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, withTenant } from '../src/db/client.ts';
import { postEntries } from '../src/modules/ledger/posting.ts';
import { countRows, startHarness, trialBalance, type Harness } from './helpers.ts';
import { NGN, USD, rejection } from './fixtures.ts';
import { offeringChurch, saveRows, DELETE_MANY, EDIT, type OfferingChurch } from './offering-setup.ts';
import { createAccount, createFund, headNamed } from './ledger-support.ts';

/**
 * Issue 7 (speed): a save posts all its rows' entries in one batch (ledger postEntries) and
 * the database keeps balances per statement and checks each entry once (migration 0010).
 * These check that nothing of the ledger's guarantees was lost on the way.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

/** account_balances rows that differ from the sums of the lines (none when the trigger keeps them). */
const balanceDrift = (tenantId: string) =>
  queryRows<{ account_id: string }>(
    h.database.db,
    sql`
      with lines as (
        select account_id, fund_id, currency_code, sum(amount_minor) as total, count(*) as n
        from journal_lines where tenant_id = ${tenantId}
        group by account_id, fund_id, currency_code
      ),
      kept as (
        select account_id, fund_id, currency_code, balance_minor as total, line_count as n
        from account_balances where tenant_id = ${tenantId}
      )
      select coalesce(l.account_id, k.account_id)::text as account_id
      from lines l full join kept k
        on k.account_id = l.account_id and k.fund_id = l.fund_id and k.currency_code = l.currency_code
      where l.total is distinct from k.total or l.n is distinct from k.n`,
  );

/** Entries of the church that do not balance per currency or per fund, or have fewer than two lines. */
const unbalancedEntries = (tenantId: string) =>
  queryRows<{ entry_id: string }>(
    h.database.db,
    sql`
      select entry_id::text from journal_lines where tenant_id = ${tenantId}
      group by entry_id, currency_code, fund_id having sum(amount_minor) <> 0
      union
      select e.id::text from journal_entries e
      where e.tenant_id = ${tenantId}
        and (select count(*) from journal_lines l where l.tenant_id = e.tenant_id and l.entry_id = e.id) < 2`,
  );

/** `n` rows over both items, several days (several on each), some with the donor, some in USD. */
const manyRows = (c: OfferingChurch, n: number, base = 100) =>
  Array.from({ length: n }, (_, i) => ({
    financialContributionID: i % 3 === 0 ? c.titheItem : c.sundayItem,
    date: `2026-11-${String(10 + (i % 7)).padStart(2, '0')}`,
    amount: `${base + i}.${String(i % 100).padStart(2, '0')}`,
    paymentChannel: i % 2 ? 'Cash' : 'POS',
    currencyID: i % 10 === 9 ? USD : NGN,
    ...(i % 4 === 0 ? { personID: c.donorId } : {}),
    ...(i % 5 === 0 ? { activityID: c.eventId } : {}),
  }));

describe('a batched save', () => {
  it('posts one balanced entry per row, linked both ways, with balances equal to the sums of the lines', async () => {
    const c = await offeringChurch(h.app);
    const saved = await saveRows(c.api, manyRows(c, 120));
    expect(saved).toHaveLength(120);
    // the answer keeps the input order
    expect(saved.map((s) => s.amount)).toEqual(manyRows(c, 120).map((r) => Number(r.amount)));
    const links = await queryRows<{ n: number }>(
      h.database.db,
      sql`select count(*)::int as n from offering_transactions o
          join journal_entries e on e.tenant_id = o.tenant_id and e.id = o.journal_entry_id
          where o.tenant_id = ${c.tenantId} and e.source_type = 'offering' and e.source_id = o.id
            and e.entry_date = o.transaction_date`,
    );
    expect(links[0]!.n).toBe(120);
    expect(await countRows(h.database, 'journal_entries', c.tenantId)).toBe(120);
    expect(await unbalancedEntries(c.tenantId)).toEqual([]);
    expect(await balanceDrift(c.tenantId)).toEqual([]);
    expect(await trialBalance(h.database, c.tenantId)).toEqual({ NGN: 0n });
    // every line carries its entry's date and number
    const copied = await queryRows<{ n: number }>(
      h.database.db,
      sql`select count(*)::int as n from journal_lines l join journal_entries e
          on e.tenant_id = l.tenant_id and e.id = l.entry_id
          where l.tenant_id = ${c.tenantId} and (l.entry_date <> e.entry_date or l.entry_no <> e.entry_no)`,
    );
    expect(copied[0]!.n).toBe(0);
    // the USD rows were converted at the stored rate, the rate kept on their lines
    const fx = await queryRows<{ n: number }>(
      h.database.db,
      sql`select count(distinct entry_id)::int as n from journal_lines where tenant_id = ${c.tenantId} and fx_rate is not null`,
    );
    expect(fx[0]!.n).toBe(12);
  });

  it('keeps the balances equal to the lines through edits and deletes of many rows', async () => {
    const c = await offeringChurch(h.app);
    const ngn = (rows: ReturnType<typeof manyRows>) => rows.map((r) => ({ ...r, currencyID: NGN }));
    const saved = await saveRows(c.api, ngn(manyRows(c, 60)));
    const edit = await c.api.put(EDIT, [
      { ...ngn(manyRows(c, 1, 777))[0], id: saved[0]!.id },
      ...ngn(manyRows(c, 5, 300)), // rows added by the edit
    ]);
    expect(edit.statusCode, edit.body).toBe(200);
    const del = await c.api.post(
      DELETE_MANY,
      saved.slice(10, 40).map((s) => s.id),
    );
    expect(del.statusCode, del.body).toBe(200);
    expect(await unbalancedEntries(c.tenantId)).toEqual([]);
    expect(await balanceDrift(c.tenantId)).toEqual([]);
    // 60 + 5 added; 1 edited (a reversal and a new entry) and 30 deleted (30 reversals)
    expect(await countRows(h.database, 'journal_entries', c.tenantId)).toBe(60 + 5 + 2 + 30);
    // every live offering is income once, credited (negative), and the deleted ones not at all
    const [live] = await queryRows<{ amount: string; lines: string }>(
      h.database.db,
      sql`select (select coalesce(sum(amount_minor), 0) from offering_transactions
                  where tenant_id = ${c.tenantId} and deleted_at is null)::text as amount,
                 (select coalesce(sum(l.amount_minor), 0) from journal_lines l
                  join accounts a on a.tenant_id = l.tenant_id and a.id = l.account_id
                  where l.tenant_id = ${c.tenantId} and a.account_type = 'income')::text as lines`,
    );
    expect(-BigInt(live!.lines)).toBe(BigInt(live!.amount));
  });
});

describe('postEntries and the donor-restricted check', () => {
  /** A church with a restricted fund, its income account and an expense account. */
  async function restricted() {
    const c = await offeringChurch(h.app);
    const fund = await createFund(c.api, 'Building Fund', 1);
    const head = await headNamed(c.api, 'Other Income');
    const donations = await createAccount(c.api, {
      name: 'Building Fund Donations',
      financialAccountGroupID: head.id,
      financialFundID: fund.id,
    });
    const [repairs] = await queryRows<{ id: string }>(
      h.database.db,
      sql`select id::text from accounts where tenant_id = ${c.tenantId} and account_type = 'expense' limit 1`,
    );
    const post = (amounts: { give?: bigint; spend?: bigint }[]) =>
      withTenant(h.database.db, c.tenantId, (tx) =>
        postEntries(
          { tx, tenantId: c.tenantId, userId: null },
          amounts.map((a) => ({
            entryDate: '2026-11-20',
            memo: a.give ? 'gift' : 'repairs',
            sourceType: 'journal',
            sourceId: null,
            currencyCode: 'NGN',
            lines: a.give
              ? [
                  { accountId: c.bank, fundId: fund.id, amountMinor: a.give },
                  { accountId: donations.id, fundId: fund.id, amountMinor: -a.give },
                ]
              : [
                  { accountId: repairs!.id, fundId: fund.id, amountMinor: a.spend! },
                  { accountId: c.bank, fundId: fund.id, amountMinor: -a.spend! },
                ],
          })),
        ),
      );
    const written = async () => ({
      entries: await countRows(h.database, 'journal_entries', c.tenantId),
      lines: await countRows(h.database, 'journal_lines', c.tenantId),
      balances: await queryRows(
        h.database.db,
        sql`select account_id, fund_id, currency_code, balance_minor::text from account_balances
            where tenant_id = ${c.tenantId} order by 1, 2, 3`,
      ),
    });
    return { c, post, written };
  }

  it('refuses a batch that leaves a restricted fund below zero, writing nothing', async () => {
    const { c, post, written } = await restricted();
    await post([{ give: 10000n }]);
    const before = await written();
    const err = await rejection(post([{ give: 5000n }, { spend: 9000n }, { spend: 7000n }]));
    expect(err).toMatch(/Building Fund is donor-restricted/);
    expect(await written()).toEqual(before);
    expect(await balanceDrift(c.tenantId)).toEqual([]);
  });

  it('checks the fund once, after the whole batch: a gift in the batch pays for a spend before it', async () => {
    const { c, post } = await restricted();
    const ids = await post([{ spend: 4000n }, { give: 5000n }]);
    expect(ids).toHaveLength(2);
    expect(await unbalancedEntries(c.tenantId)).toEqual([]);
    expect(await balanceDrift(c.tenantId)).toEqual([]);
  });
});

describe('the ledger triggers of migration 0010', () => {
  const church = async () => {
    const c = await offeringChurch(h.app);
    const fund = (
      await queryRows<{ id: string }>(
        h.database.db,
        sql`select id::text from funds where tenant_id = ${c.tenantId} and fund_type = 0 limit 1`,
      )
    )[0]!.id;
    return { ...c, fund };
  };

  it('accepts an entry whose lines came in several statements, filling their date and number', async () => {
    const c = await church();
    const entryId = await withTenant(h.database.db, c.tenantId, async (tx) => {
      const [e] = await queryRows<{ id: string }>(
        tx,
        sql`insert into journal_entries (tenant_id, entry_date, memo, source_type)
            values (${c.tenantId}, '2026-11-21', 'raw', 'manual') returning id`,
      );
      for (const [i, amount] of [300, -100, -200].entries())
        await tx.execute(sql`insert into journal_lines (tenant_id, entry_id, line_no, account_id, fund_id, currency_code, amount_minor)
          values (${c.tenantId}, ${e!.id}, ${i + 1}, ${i === 0 ? c.cash : c.offering}, ${c.fund}, 'NGN', ${amount})`);
      return e!.id;
    });
    const lines = await queryRows<{ d: string; ok: boolean }>(
      h.database.db,
      sql`select to_char(l.entry_date, 'YYYY-MM-DD') as d, l.entry_no = e.entry_no as ok from journal_lines l
          join journal_entries e on e.tenant_id = l.tenant_id and e.id = l.entry_id where l.entry_id = ${entryId}`,
    );
    expect(lines).toEqual([
      { d: '2026-11-21', ok: true },
      { d: '2026-11-21', ok: true },
      { d: '2026-11-21', ok: true },
    ]);
    expect(await balanceDrift(c.tenantId)).toEqual([]);
  });

  it('refuses an unbalanced entry at commit, per currency and per fund', async () => {
    const c = await church();
    const other = (
      await queryRows<{ id: string }>(
        h.database.db,
        sql`insert into funds (tenant_id, name, fund_type) values (${c.tenantId}, 'Second Fund', 0) returning id::text`,
      )
    )[0]!.id;
    const post = (lines: [string, string, number][]) =>
      withTenant(h.database.db, c.tenantId, async (tx) => {
        const [e] = await queryRows<{ id: string }>(
          tx,
          sql`insert into journal_entries (tenant_id, entry_date, memo, source_type)
              values (${c.tenantId}, '2026-11-21', 'raw', 'manual') returning id`,
        );
        await tx.execute(sql`insert into journal_lines (tenant_id, entry_id, line_no, account_id, fund_id, currency_code, amount_minor)
          values ${sql.join(
            lines.map(
              ([account, fund, amount], i) =>
                sql`(${c.tenantId}, ${e!.id}, ${i + 1}, ${account}, ${fund}, 'NGN', ${amount})`,
            ),
            sql`, `,
          )}`);
      });
    const before = await countRows(h.database, 'journal_entries', c.tenantId);
    expect(
      await rejection(
        post([
          [c.cash, c.fund, 100],
          [c.offering, c.fund, -90],
        ]),
      ),
    ).toMatch(/does not balance/);
    expect(
      await rejection(
        post([
          [c.cash, c.fund, 100],
          [c.offering, other, -100],
        ]),
      ),
    ).toMatch(/within fund/);
    expect(await rejection(post([[c.cash, c.fund, 100]]))).toMatch(/fewer than two lines/);
    expect(await countRows(h.database, 'journal_entries', c.tenantId)).toBe(before);
    expect(await balanceDrift(c.tenantId)).toEqual([]);
  });

  it('refuses a line added to an entry posted earlier, and a line with another date than its entry', async () => {
    const c = await church();
    await saveRows(c.api, manyRows(c, 2));
    const [old] = await queryRows<{ id: string; no: string }>(
      h.database.db,
      sql`select id::text, entry_no::text as no from journal_entries where tenant_id = ${c.tenantId} limit 1`,
    );
    const late = await rejection(
      withTenant(h.database.db, c.tenantId, (tx) =>
        tx.execute(sql`insert into journal_lines (tenant_id, entry_id, line_no, account_id, fund_id, currency_code, amount_minor)
          values (${c.tenantId}, ${old!.id}, 9, ${c.cash}, ${c.fund}, 'NGN', 5), (${c.tenantId}, ${old!.id}, 10, ${c.offering}, ${c.fund}, 'NGN', -5)`),
      ),
    );
    expect(late).toMatch(/same transaction/);
    const misdated = await rejection(
      withTenant(h.database.db, c.tenantId, async (tx) => {
        const [e] = await queryRows<{ id: string; no: string }>(
          tx,
          sql`insert into journal_entries (tenant_id, entry_date, memo, source_type)
              values (${c.tenantId}, '2026-11-21', 'raw', 'manual') returning id, entry_no::text as no`,
        );
        await tx.execute(sql`insert into journal_lines (tenant_id, entry_id, entry_date, entry_no, line_no, account_id, fund_id, currency_code, amount_minor)
          values (${c.tenantId}, ${e!.id}, '2020-01-01', ${e!.no}, 1, ${c.cash}, ${c.fund}, 'NGN', 5),
                 (${c.tenantId}, ${e!.id}, '2020-01-01', ${e!.no}, 2, ${c.offering}, ${c.fund}, 'NGN', -5)`);
      }),
    );
    expect(misdated).toMatch(/with its date and number/);
    expect(await balanceDrift(c.tenantId)).toEqual([]);
  });
});
