import { and, asc, count, desc, eq, exists, gte, ilike, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { TEditableTransaction, TTransactionRecord, ZTransactionListQuery } from '@steward/contracts/finance';
import type { TenantCtx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { minorToJson } from '../../lib/money.ts';
import { findCurrencyByCode } from '../lookups/reference.ts';
import { people } from '../people/schema.ts';
import { accounts, financialTransactionLines, financialTransactions } from './schema.ts';

type ListQuery = z.output<typeof ZTransactionListQuery>;
type DocRow = typeof financialTransactions.$inferSelect;

const like = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

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
  const category = q.category?.toLowerCase();
  if (category) {
    const map: Record<string, 'inflow' | 'outflow' | 'Journal'> = {
      inflow: 'inflow',
      income: 'inflow',
      outflow: 'outflow',
      expense: 'outflow',
      journal: 'Journal',
    };
    conds.push(eq(t.category, map[category] ?? 'none'));
  }
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
 * GET /api/Financials/Accounts/v2/Transactions (spec 2.8): finance documents, newest first,
 * filtered by account (its own documents and journals touching it), category, description,
 * search text and dates; `{records, totalItems}`. Outflows carry negative amounts.
 */
export async function listDocuments(
  ctx: TenantCtx,
  q: ListQuery,
): Promise<{ records: TTransactionRecord[]; totalItems: number }> {
  const where = filters(ctx, q);
  const docs = await ctx.tx
    .select()
    .from(financialTransactions)
    .where(where)
    .orderBy(
      desc(financialTransactions.transactionDate),
      desc(financialTransactions.createdAt),
      desc(financialTransactions.id),
    )
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [total] = await ctx.tx.select({ n: count() }).from(financialTransactions).where(where);
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
    note: doc.narration,
    transactionNumber: doc.transactionNumber,
    category: doc.category as TEditableTransaction['category'],
    account: cash ? named(cash.id, cash.name, cash.code) : null,
    accountID: doc.accountId,
    approved: doc.approved,
    debitSplitAccounts: split('debit'),
    creditSplitAccounts: split('credit'),
  };
}
