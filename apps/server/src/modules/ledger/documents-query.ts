import { and, asc, desc, eq, exists, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { TEditableTransaction, TTransactionRecord, ZTransactionListQuery } from '@steward/contracts/finance';
import { queryRows } from '../../db/client.ts';
import type { TenantCtx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { minorToJson } from '../../lib/money.ts';
import { findCurrencyByCode } from '../lookups/reference.ts';
import { people } from '../people/schema.ts';
import {
  accounts,
  financialTransactionDailyCounts,
  financialTransactionLines,
  financialTransactions,
} from './schema.ts';

type ListQuery = z.output<typeof ZTransactionListQuery>;
type DocRow = typeof financialTransactions.$inferSelect;

const like = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** The stored category a `category` filter names ('none' for an unknown one), or undefined without it. */
function categoryOf(q: Partial<ListQuery>): string | undefined {
  const category = q.category?.toLowerCase();
  if (!category) return undefined;
  const map: Record<string, 'inflow' | 'outflow' | 'Journal'> = {
    inflow: 'inflow',
    income: 'inflow',
    outflow: 'outflow',
    expense: 'outflow',
    journal: 'Journal',
  };
  return map[category] ?? 'none';
}

function filters(ctx: TenantCtx, q: Partial<ListQuery>): SQL {
  const t = financialTransactions;
  const conds: (SQL | undefined)[] = [eq(t.tenantId, ctx.tenantId), isNull(t.deletedAt)];
  if (q.accountId) {
    conds.push(
      or(
        eq(t.accountId, q.accountId),
        exists(
          ctx.tx
            .select({ one: financialTransactionLines.id })
            .from(financialTransactionLines)
            .where(
              and(
                eq(financialTransactionLines.tenantId, t.tenantId),
                eq(financialTransactionLines.transactionId, t.id),
                eq(financialTransactionLines.accountId, q.accountId),
              ),
            ),
        ),
      ),
    );
  }
  const category = categoryOf(q);
  if (category) conds.push(eq(t.category, category));
  if (q.description) conds.push(or(ilike(t.narration, like(q.description)), ilike(t.memo, like(q.description))));
  if (q.search)
    conds.push(
      or(ilike(t.narration, like(q.search)), ilike(t.memo, like(q.search)), ilike(t.transactionNumber, like(q.search))),
    );
  if (q.from) conds.push(gte(t.transactionDate, q.from));
  if (q.to) conds.push(lte(t.transactionDate, q.to));
  return and(...conds)!;
}

async function toRecords(ctx: TenantCtx, docs: DocRow[]): Promise<TTransactionRecord[]> {
  const ids = [...new Set(docs.map((d) => d.accountId).filter((x): x is string => Boolean(x)))];
  const names = ids.length
    ? await ctx.tx
        .select({ id: accounts.id, name: accounts.name })
        .from(accounts)
        .where(and(eq(accounts.tenantId, ctx.tenantId), inArray(accounts.id, ids)))
    : [];
  return docs.map((d) => {
    const c = findCurrencyByCode(d.currencyCode);
    const amount = minorToJson(d.amountMinor, d.currencyCode);
    return {
      id: d.id,
      date: d.transactionDate,
      narration: d.narration,
      amount: d.category === 'outflow' ? -amount : amount,
      currency: { symbol: c?.symbol ?? d.currencyCode, shortCode: d.currencyCode },
      category: d.category as TTransactionRecord['category'],
      transactionNumber: d.transactionNumber,
      approved: d.approved,
      memo: d.memo,
      accountID: d.accountId,
      accountName: names.find((n) => n.id === d.accountId)?.name ?? '',
    };
  });
}

/**
 * Largest number of matches a text or account filter counts: past it, totalItems says "at
 * least this many" (the pager offers further pages; the filter is there to narrow them).
 */
export const FILTERED_COUNT_CAP = 10_000;

/**
 * Where a page of the list starts when only category and dates filter it, from
 * financial_transaction_daily_counts (kept by trigger, one row per day and category): the
 * number of documents, and the day on which document `offset` falls (newest first) with the
 * number on newer days; null start past the end. Costs one pass over the church's day counts
 * up to that day, never over its documents.
 */
async function pageStart(ctx: TenantCtx, q: ListQuery, offset: number) {
  const c = financialTransactionDailyCounts;
  const conds: SQL[] = [eq(c.tenantId, ctx.tenantId)];
  const category = categoryOf(q);
  if (category) conds.push(eq(c.category, category));
  if (q.from) conds.push(gte(c.transactionDate, q.from));
  if (q.to) conds.push(lte(c.transactionDate, q.to));
  const [row] = await queryRows<{ total: string; day: string | null; before: string | null }>(
    ctx.tx,
    sql`
      with days as (
        select ${c.transactionDate} as day, sum(${c.rowCount})::int as n
        from ${c}
        where ${and(...conds)}
        group by ${c.transactionDate}
        having sum(${c.rowCount}) > 0
      ),
      cum as (select day, n, sum(n) over (order by day desc) as upto from days)
      select (select coalesce(sum(n), 0) from days)::text as total,
             to_char(s.day, 'YYYY-MM-DD') as day,
             (s.upto - s.n)::text as before
      from (select 1) one
      left join (select * from cum where upto > ${offset} order by day desc limit 1) s on true`,
  );
  return {
    total: Number(row?.total ?? 0),
    start: row?.day ? { day: row.day, before: Number(row.before) } : null,
  };
}

/**
 * GET /api/Financials/Accounts/v2/Transactions (spec 2.8): finance documents, newest first,
 * filtered by account (its own documents and journals touching it), category, description,
 * search text and dates; `{records, totalItems}`. Outflows carry negative amounts.
 * Issue 7 (no count and no skipping over the history per request): without account or text
 * filters, totalItems and the day the page starts on come from the kept day counts and the
 * page is read from financial_transactions_list_idx from that day on; with them, the page is an
 * index-ordered scan that stops at the page and totalItems counts at most
 * max(FILTERED_COUNT_CAP, offset + 10 pages) + 1 matches.
 */
export async function listDocuments(
  ctx: TenantCtx,
  q: ListQuery,
): Promise<{ records: TTransactionRecord[]; totalItems: number }> {
  const offset = (q.page - 1) * q.pageSize;
  const order = [
    desc(financialTransactions.transactionDate),
    desc(financialTransactions.createdAt),
    desc(financialTransactions.id),
  ];
  if (!q.accountId && !q.description && !q.search) {
    const { total, start } = await pageStart(ctx, q, offset);
    if (!start) return { records: [], totalItems: total };
    const docs = await ctx.tx
      .select()
      .from(financialTransactions)
      .where(and(filters(ctx, q), lte(financialTransactions.transactionDate, start.day)))
      .orderBy(...order)
      .limit(q.pageSize)
      .offset(offset - start.before);
    return { records: await toRecords(ctx, docs), totalItems: total };
  }
  const where = filters(ctx, q);
  const docs = await ctx.tx
    .select()
    .from(financialTransactions)
    .where(where)
    .orderBy(...order)
    .limit(q.pageSize)
    .offset(offset);
  const cap = Math.max(FILTERED_COUNT_CAP, offset + 10 * q.pageSize) + 1;
  const [total] = await queryRows<{ n: number }>(
    ctx.tx,
    sql`select count(*)::int as n from (${ctx.tx
      .select({ one: financialTransactions.id })
      .from(financialTransactions)
      .where(where)
      .limit(cap)}) m`,
  );
  return { records: await toRecords(ctx, docs), totalItems: total?.n ?? 0 };
}

/** Every document matching the filters (for export), newest first, at most 50,000. */
export async function allDocuments(ctx: TenantCtx, q: Partial<ListQuery>): Promise<TTransactionRecord[]> {
  const docs = await ctx.tx
    .select()
    .from(financialTransactions)
    .where(filters(ctx, q))
    .orderBy(desc(financialTransactions.transactionDate), desc(financialTransactions.createdAt))
    .limit(50_000);
  return toRecords(ctx, docs);
}

/**
 * GET /api/Financials/Accounts/GetEditFinancialTransaction?transactionNumber= (spec §3
 * "Editable transaction"; existing-client-api §2.6): the document with its split lines
 * `{accountID, amount, transactionID, account:{id, text, name}, …}` and, for an income or
 * expense, its cash/bank account as `account {id, text, name}` (null for a journal). Amounts are
 * decimal major units. 404 when missing or foreign.
 */
export async function byNumber(ctx: TenantCtx, transactionNumber: string): Promise<TEditableTransaction> {
  const [doc] = await ctx.tx
    .select()
    .from(financialTransactions)
    .where(
      and(
        eq(financialTransactions.tenantId, ctx.tenantId),
        eq(financialTransactions.transactionNumber, transactionNumber),
        isNull(financialTransactions.deletedAt),
      ),
    );
  if (!doc) throw notFound('Transaction');
  const lines = await ctx.tx
    .select({
      line: financialTransactionLines,
      account: accounts.name,
      code: accounts.code,
      first: people.firstName,
      last: people.lastName,
    })
    .from(financialTransactionLines)
    .innerJoin(
      accounts,
      and(
        eq(accounts.tenantId, financialTransactionLines.tenantId),
        eq(accounts.id, financialTransactionLines.accountId),
      ),
    )
    .leftJoin(
      people,
      and(eq(people.tenantId, financialTransactionLines.tenantId), eq(people.id, financialTransactionLines.personId)),
    )
    .where(
      and(eq(financialTransactionLines.tenantId, ctx.tenantId), eq(financialTransactionLines.transactionId, doc.id)),
    )
    .orderBy(asc(financialTransactionLines.lineNo));
  const [cash] = doc.accountId
    ? await ctx.tx
        .select({ id: accounts.id, name: accounts.name, code: accounts.code })
        .from(accounts)
        .where(and(eq(accounts.tenantId, ctx.tenantId), eq(accounts.id, doc.accountId)))
    : [];
  // `text` as the pickers write it ('code - name'), so the client finds the account in its lists
  const named = (id: string, name: string, code: string) => ({ id, text: code ? `${code} - ${name}` : name, name });
  const split = (side: 'debit' | 'credit') =>
    lines
      .filter((l) => l.line.side === side)
      .map((l) => {
        const contactName = l.first ? `${l.first} ${l.last ?? ''}`.trim() : '';
        return {
          accountID: l.line.accountId,
          amount: minorToJson(l.line.amountMinor, doc.currencyCode),
          contactID: l.line.personId,
          contactName,
          donorId: l.line.personId,
          donor: contactName,
          transactionID: doc.id,
          account: named(l.line.accountId, l.account, l.code),
          ...(side === 'debit' ? { debitAccountID: l.line.accountId } : { creditAccountID: l.line.accountId }),
          fundID: l.line.fundId ?? '',
          memo: l.line.memo,
        };
      });
  return {
    id: doc.id,
    date: doc.transactionDate,
    amount: minorToJson(doc.amountMinor, doc.currencyCode),
    memo: doc.memo,
    note: doc.note,
    transactionNumber: doc.transactionNumber,
    category: doc.category as TEditableTransaction['category'],
    account: cash ? named(cash.id, cash.name, cash.code) : null,
    accountID: doc.accountId,
    approved: doc.approved,
    debitSplitAccounts: split('debit'),
    creditSplitAccounts: split('credit'),
  };
}
