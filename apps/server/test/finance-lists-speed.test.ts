import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { accountBalance, startHarness, type Harness } from './helpers.ts';
import { NGN } from './fixtures.ts';
import { offeringChurch, saveRows, DELETE_MANY, EDIT, LIST, type OfferingChurch } from './offering-setup.ts';
import { financeChurch, type Rec } from './finance-support.ts';
import {
  DOCS,
  DOC_DELETE,
  EXPENSE,
  INCOME,
  JOURNAL,
  expenseBody,
  incomeBody,
  journalBody,
  saved,
} from './ledger-support.ts';

/**
 * Issue 7 (speed): the lists page without counting or skipping the history on every request —
 * the offering list and the transaction list find their page's first day from day counts kept by
 * trigger, the register reads an index from the newest posting back. These check the answers
 * are the very rows a plain ORDER BY … OFFSET would give, with exact totals, through saves,
 * edits and deletes.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

/** `n` rows over `days` days from 2026-10-01 (several on each day), both items. */
const rowsOver = (c: OfferingChurch, n: number, days: number, base: number) =>
  Array.from({ length: n }, (_, i) => ({
    financialContributionID: i % 2 ? c.titheItem : c.sundayItem,
    date: `2026-10-${String(1 + ((i * 7) % days)).padStart(2, '0')}`,
    amount: base + i,
    paymentChannel: 'Cash',
    currencyID: NGN,
  }));

/** The offering ids of one page as a plain ORDER BY … OFFSET over the live rows answers them. */
const plainPage = async (tenantId: string, page: number) =>
  (
    await queryRows<{ id: string }>(
      h.database.db,
      sql`select id::text from offering_transactions
          where tenant_id = ${tenantId} and deleted_at is null and source = 'offering'
          order by transaction_date desc, created_at desc, id desc
          limit 50 offset ${(page - 1) * 50}`,
    )
  ).map((r) => r.id);

const liveCount = async (tenantId: string) =>
  (
    await queryRows<{ n: number }>(
      h.database.db,
      sql`select count(*)::int as n from offering_transactions
          where tenant_id = ${tenantId} and deleted_at is null and source = 'offering'`,
    )
  )[0]!.n;

/** Every page of the offering list, one past the end included, against the plain query. */
async function expectListMatches(c: OfferingChurch) {
  const total = await liveCount(c.tenantId);
  const pages = Math.ceil(total / 50) + 1;
  for (let page = 1; page <= pages; page++) {
    const res = await c.api.get(`${LIST}?page=${page}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: { id: string }[]; totalItems: number };
    expect(body.totalItems).toBe(total);
    expect(
      body.data.map((r) => r.id),
      `page ${page}`,
    ).toEqual(await plainPage(c.tenantId, page));
  }
}

describe('the offering list', () => {
  it('answers each page as ORDER BY/OFFSET would, across day boundaries and same-day rows, with exact totals', async () => {
    const c = await offeringChurch(h.app);
    await expectListMatches(c); // none yet
    // three saves on the same 9 days: every day holds rows of several saves, and pages of 50
    // start and end inside days
    const first = await saveRows(c.api, rowsOver(c, 70, 9, 100));
    await saveRows(c.api, rowsOver(c, 45, 9, 300));
    await saveRows(c.api, rowsOver(c, 38, 5, 500));
    await expectListMatches(c);
    // an edit moves a row to another day; deletes take rows out of several days
    const edit = await c.api.put(EDIT, [{ ...rowsOver(c, 1, 1, 900)[0], date: '2026-10-20', id: first[3]!.id }]);
    expect(edit.statusCode, edit.body).toBe(200);
    const del = await c.api.post(
      DELETE_MANY,
      first.slice(10, 32).map((r) => r.id),
    );
    expect(del.statusCode, del.body).toBe(200);
    await expectListMatches(c);
  });
});

describe('the transaction list', () => {
  it('pages as ORDER BY/OFFSET would, with exact totals unfiltered, by category and by dates, before and after a delete', async () => {
    const c = await financeChurch(h);
    const dates = ['2026-09-03', '2026-09-03', '2026-09-05', '2026-09-07', '2026-09-07', '2026-09-07', '2026-09-11'];
    const made: { id: string }[] = [];
    for (const [i, date] of dates.entries()) {
      made.push(
        await saved(
          c.api,
          INCOME,
          incomeBody(c.id('Bank'), 100 + i, [{ accountID: c.id('Offering'), amount: 100 + i }], { date }),
        ),
      );
      await saved(
        c.api,
        EXPENSE,
        expenseBody(c.id('Bank'), 10 + i, [{ accountID: c.id('Maintenance and Repairs'), amount: 10 + i }], { date }),
      );
    }
    const journal = await c.api.post(JOURNAL, journalBody(c.id('Cash'), c.id('Bank'), 5, { date: '2026-09-05' }));
    expect(journal.statusCode, journal.body).toBe(200);
    const plain = async (where: ReturnType<typeof sql>, page: number, size: number) =>
      (
        await queryRows<{ id: string }>(
          h.database.db,
          sql`select id::text from financial_transactions
              where tenant_id = ${c.tenantId} and deleted_at is null and ${where}
              order by transaction_date desc, created_at desc, id desc limit ${size} offset ${(page - 1) * size}`,
        )
      ).map((r) => r.id);
    const count = async (where: ReturnType<typeof sql>) =>
      (
        await queryRows<{ n: number }>(
          h.database.db,
          sql`select count(*)::int as n from financial_transactions
              where tenant_id = ${c.tenantId} and deleted_at is null and ${where}`,
        )
      )[0]!.n;
    const cases: [string, ReturnType<typeof sql>][] = [
      ['', sql`true`],
      ['&category=income', sql`category = 'inflow'`],
      ['&category=Journal', sql`category = 'Journal'`],
      ['&from=2026-09-04&to=2026-09-07', sql`transaction_date between '2026-09-04' and '2026-09-07'`],
      ['&search=Bank', sql`(narration ilike '%Bank%' or memo ilike '%Bank%' or transaction_number ilike '%Bank%')`],
    ];
    const check = async () => {
      for (const [query, where] of cases) {
        const total = await count(where);
        for (let page = 1; page <= Math.ceil(total / 3) + 1; page++) {
          const res = await c.api.get(`${DOCS}?page=${page}&pageSize=3${query}`);
          expect(res.statusCode, res.body).toBe(200);
          const body = res.json() as { records: Rec[]; totalItems: number };
          expect(body.totalItems, query).toBe(total);
          expect(
            body.records.map((r) => r.id),
            `${query} page ${page}`,
          ).toEqual(await plain(where, page, 3));
        }
      }
    };
    await check();
    const del = await c.api.delete(`${DOC_DELETE}?id=${made[3]!.id}`);
    expect(del.statusCode, del.body).toBe(200);
    await check();
  });
});

describe('the account register', () => {
  it('pages newest first with running balances that chain across pages from the kept balance down to zero', async () => {
    const c = await offeringChurch(h.app);
    const first = await saveRows(c.api, rowsOver(c, 40, 6, 100));
    await saveRows(c.api, rowsOver(c, 25, 4, 700));
    const del = await c.api.post(
      DELETE_MANY,
      first.slice(0, 5).map((r) => r.id),
    );
    expect(del.statusCode, del.body).toBe(200);
    type Row = { amount: number; runningBalance: number; date: string; entryId: string };
    const all: Row[] = [];
    for (let page = 1; ; page++) {
      const res = await c.api.get(`/api/Financials/Accounts/Transactions/Account?id=${c.cash}&page=${page}&pageSize=7`);
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json() as Row[];
      if (rows.length === 0) break;
      all.push(...rows);
    }
    // every posting on Cash once: its lines' entries
    const [entries] = await queryRows<{ n: number }>(
      h.database.db,
      sql`select count(distinct entry_id)::int as n from journal_lines where tenant_id = ${c.tenantId} and account_id = ${c.cash}`,
    );
    expect(all).toHaveLength(entries!.n);
    expect(new Set(all.map((r) => r.entryId)).size).toBe(all.length);
    // newest first by date
    expect(all.map((r) => r.date)).toEqual([...all.map((r) => r.date)].sort().reverse());
    // the newest row's balance is the account's; each row's balance less its amount is the next (older) row's
    const cents = (x: number) => Math.round(x * 100);
    expect(cents(all[0]!.runningBalance)).toBe(Number(await accountBalance(h.database, c.tenantId, c.cash)));
    for (let i = 0; i + 1 < all.length; i++)
      expect(cents(all[i]!.runningBalance) - cents(all[i]!.amount), `row ${i}`).toBe(cents(all[i + 1]!.runningBalance));
    const last = all[all.length - 1]!;
    expect(cents(last.runningBalance) - cents(last.amount)).toBe(0);
  });
});
