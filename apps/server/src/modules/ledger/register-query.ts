import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TDocumentLines, TRegisterRecord, TRegisterSource, ZRegisterQuery } from '@steward/contracts/register';
import { queryRows } from '../../db/client.ts';
import type { TenantCtx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { minorToJson } from '../../lib/money.ts';
import { findCurrencyByCode } from '../lookups/reference.ts';
import { naturalSign } from './chart-service.ts';
import { accounts, financialTransactionLines, financialTransactions } from './schema.ts';

type RegisterQuery = z.output<typeof ZRegisterQuery>;

/** One register row as the SQL answers it: every value as text, so pg and PGlite agree. */
interface RegisterRow {
  id: string;
  entry_id: string;
  entry_date: string;
  entry_memo: string;
  line_memo: string;
  currency_code: string;
  debit_minor: string;
  credit_minor: string;
  balance_minor: string;
  source_type: string;
  source_id: string | null;
  orig_source_type: string | null;
  orig_source_id: string | null;
  orig_memo: string | null;
  reversed: boolean;
  transaction_number: string | null;
  approved: boolean | null;
}

const KNOWN_SOURCES = new Set<string>(['offering', 'income', 'expense', 'journal', 'donation', 'reversal']);
const asSource = (t: string | null): TRegisterSource | null =>
  t === null ? null : KNOWN_SOURCES.has(t) ? (t as TRegisterSource) : 'other';

const CATEGORY: Record<TRegisterSource, TRegisterRecord['category']> = {
  income: 'inflow',
  expense: 'outflow',
  journal: 'Journal',
  offering: 'Offering',
  donation: 'Donation',
  reversal: 'Reversal',
  other: 'Other',
};

/** 'Edit of TRX-000001' / 'Delete of offering …' (posting.reverseEntry memos) → why it was reversed. */
function reversalReason(memo: string): string {
  if (memo.startsWith('Edit of')) return ' (edited)';
  if (memo.startsWith('Delete of')) return ' (deleted)';
  return '';
}

/**
 * The page of postings, newest first, with each row's running balance, in one statement (one
 * snapshot, so the kept balance and the lines agree even while others post).
 *
 * A posting is one journal entry's lines on the account, per currency: an income split over two
 * donors or funds puts two lines on the cash account but is one deposit, as a bank statement
 * shows it; its debits and credits are summed apart. Order: entry date, then posting order
 * (entry_no) — the order a statement and a reconciliation read. Each line carries its entry's
 * date and number (migration 0010), so `newest` reads journal_lines_register_idx backwards
 * (account, date, number, currency, entry) and groups an entry's adjacent lines as it goes,
 * stopping after offset+pageSize postings: the cost follows the page, not the account's history.
 * A window function sums, per currency, every posting newer than each row; the account's
 * balance kept in account_balances (kept by trigger, O(funds) to read) minus that sum is the
 * balance once the row and everything before it count — the balance of everything before the
 * page taken from the kept balance, never by adding up the older history. Only the page
 * (`wanted`) is joined to its entries and leaves the database.
 */
function registerSql(ctx: TenantCtx, accountId: string, offset: number, pageSize: number) {
  const t = ctx.tenantId;
  // LIMIT and OFFSET as literals (integers from the validated query): with a parameter the
  // planner cannot see the limit is small and would aggregate every line of the account first
  const limit = sql.raw(String(Math.trunc(offset + pageSize)));
  const skip = sql.raw(String(Math.trunc(offset)));
  return sql`
    with totals as (
      select b.currency_code, sum(b.balance_minor) as balance
      from account_balances b
      where b.tenant_id = ${t} and b.account_id = ${accountId}
      group by b.currency_code
    ),
    newest as (
      select l.entry_date,
             l.entry_no,
             l.currency_code,
             l.entry_id,
             min(l.id::text) as id,
             sum(l.amount_minor) as amount_minor,
             sum(greatest(l.amount_minor, 0)) as debit_minor,
             sum(greatest(-l.amount_minor, 0)) as credit_minor,
             case when min(l.memo) = max(l.memo) then min(l.memo) else '' end as memo
      from journal_lines l
      where l.tenant_id = ${t} and l.account_id = ${accountId}
      group by l.entry_date, l.entry_no, l.currency_code, l.entry_id
      order by l.entry_date desc, l.entry_no desc, l.currency_code desc, l.entry_id desc
      limit ${limit}
    ),
    page as (
      select n.*,
             coalesce(sum(n.amount_minor) over (
               partition by n.currency_code
               order by n.entry_date desc, n.entry_no desc
               rows between unbounded preceding and 1 preceding
             ), 0) as newer
      from newest n
    ),
    wanted as (
      select * from page
      order by entry_date desc, entry_no desc, currency_code desc
      offset ${skip}
    )
    select p.id,
           p.entry_id::text as entry_id,
           to_char(p.entry_date, 'YYYY-MM-DD') as entry_date,
           e.memo as entry_memo,
           p.memo as line_memo,
           p.currency_code,
           p.debit_minor::text as debit_minor,
           p.credit_minor::text as credit_minor,
           (coalesce(t.balance, 0) - p.newer)::text as balance_minor,
           e.source_type,
           e.source_id::text as source_id,
           o.source_type as orig_source_type,
           o.source_id::text as orig_source_id,
           o.memo as orig_memo,
           exists (
             select 1 from journal_entries r
             where r.tenant_id = ${t} and r.reverses_entry_id = p.entry_id
           ) as reversed,
           coalesce(d2.transaction_number, d1.transaction_number) as transaction_number,
           coalesce(d2.approved, d1.approved) as approved
    from wanted p
    join journal_entries e on e.tenant_id = ${t} and e.id = p.entry_id
    left join totals t on t.currency_code = p.currency_code
    left join journal_entries o on o.tenant_id = ${t} and o.id = e.reverses_entry_id
    -- the source document: of the entry, or of the entry a reversal undoes. Laterals with
    -- LIMIT, on plain columns: one primary-key probe per page row (a join on coalesce(…) is not
    -- an index condition under row-level security and would read every document of the church)
    left join lateral (
      select d.transaction_number, d.approved from financial_transactions d
      where d.tenant_id = ${t} and d.id = e.source_id and e.source_type in ('income', 'expense', 'journal')
      limit 1
    ) d1 on true
    left join lateral (
      select d.transaction_number, d.approved from financial_transactions d
      where d.tenant_id = ${t} and d.id = o.source_id and o.source_type in ('income', 'expense', 'journal')
      limit 1
    ) d2 on true
    order by p.entry_date desc, p.entry_no desc, p.currency_code desc
  `;
}

/**
 * GET /api/Financials/Accounts/Transactions/Account?id=&page=&pageSize= (existing client §2.6;
 * spec 2.8 account filter; issue 7): every posting on one account of the church — offerings,
 * incomes, expenses, journals, reversals, later donations — newest first, `pageSize` per page.
 * Amounts are decimal major units of the line's currency (the account's); `amount` and
 * `runningBalance` carry the account's natural sign (assets and expenses debit-positive), so the
 * newest row's `runningBalance` is the balance the chart and the cash/bank selector show.
 * @throws AppError 404 when the account is missing or another church's.
 */
export async function accountRegister(ctx: TenantCtx, q: RegisterQuery): Promise<TRegisterRecord[]> {
  const [account] = await ctx.tx
    .select({ id: accounts.id, accountType: accounts.accountType })
    .from(accounts)
    .where(and(eq(accounts.tenantId, ctx.tenantId), eq(accounts.id, q.id)));
  if (!account) throw notFound('Account');
  const sign = naturalSign(account.accountType);
  const rows = await queryRows<RegisterRow>(
    ctx.tx,
    registerSql(ctx, account.id, (q.page - 1) * q.pageSize, q.pageSize),
  );
  return rows.map((r) => toRecord(r, sign));
}

function toRecord(r: RegisterRow, sign: bigint): TRegisterRecord {
  const code = r.currency_code;
  const debit = BigInt(r.debit_minor);
  const credit = BigInt(r.credit_minor);
  const source = asSource(r.source_type) ?? 'other';
  const reverses = source === 'reversal' ? asSource(r.orig_source_type) : null;
  const narration =
    source === 'reversal'
      ? `Reversal of ${r.orig_memo ?? 'an entry'}${reversalReason(r.entry_memo)}`
      : r.entry_memo || r.line_memo;
  const isDocument = source === 'income' || source === 'expense' || source === 'journal';
  return {
    id: isDocument && r.source_id ? r.source_id : r.id,
    postingId: r.id,
    entryId: r.entry_id,
    date: r.entry_date,
    narration,
    memo: r.line_memo,
    amount: minorToJson((debit - credit) * sign, code),
    debit: minorToJson(debit, code),
    credit: minorToJson(credit, code),
    runningBalance: minorToJson(BigInt(r.balance_minor) * sign, code),
    currency: { symbol: findCurrencyByCode(code)?.symbol ?? code, shortCode: code },
    category: CATEGORY[source],
    source,
    reverses,
    reversed: r.reversed,
    sourceId: (source === 'reversal' ? r.orig_source_id : r.source_id) ?? null,
    transactionNumber: r.transaction_number ?? '',
    approved: source !== 'reversal' && r.approved === true,
  };
}

/**
 * GET /api/Financials/Transactions/Lines?ids= (issue 7: a journal row shows each line's side):
 * the lines of the church's live finance documents among `ids`, in entry order, amounts in
 * decimal major units of the document's currency. An income also lists its cash/bank account
 * as the debit of the whole amount, an expense as the credit. Ids that are not the church's
 * (or deleted documents) are left out: nothing is said about them.
 */
export async function documentLines(ctx: TenantCtx, ids: string[]): Promise<TDocumentLines> {
  const docs = await ctx.tx
    .select({
      id: financialTransactions.id,
      category: financialTransactions.category,
      accountId: financialTransactions.accountId,
      amountMinor: financialTransactions.amountMinor,
      currency: financialTransactions.currencyCode,
    })
    .from(financialTransactions)
    .where(
      and(
        eq(financialTransactions.tenantId, ctx.tenantId),
        inArray(financialTransactions.id, ids),
        isNull(financialTransactions.deletedAt),
      ),
    );
  if (docs.length === 0) return [];
  const lines = await ctx.tx
    .select({
      transactionId: financialTransactionLines.transactionId,
      accountId: financialTransactionLines.accountId,
      side: financialTransactionLines.side,
      amountMinor: financialTransactionLines.amountMinor,
    })
    .from(financialTransactionLines)
    .where(
      and(
        eq(financialTransactionLines.tenantId, ctx.tenantId),
        inArray(
          financialTransactionLines.transactionId,
          docs.map((d) => d.id),
        ),
      ),
    )
    .orderBy(asc(financialTransactionLines.transactionId), asc(financialTransactionLines.lineNo));
  const accountIds = [
    ...new Set([...lines.map((l) => l.accountId), ...docs.flatMap((d) => (d.accountId ? [d.accountId] : []))]),
  ];
  const names = new Map(
    (
      await ctx.tx
        .select({ id: accounts.id, code: accounts.code, name: accounts.name })
        .from(accounts)
        .where(and(eq(accounts.tenantId, ctx.tenantId), inArray(accounts.id, accountIds)))
    ).map((a) => [a.id, a.code ? `${a.code} - ${a.name}` : a.name]),
  );
  const order = new Map(ids.map((id, i) => [id, i]));
  return docs
    .sort((a, b) => order.get(a.id)! - order.get(b.id)!)
    .map((d) => {
      const own = lines
        .filter((l) => l.transactionId === d.id)
        .map((l) => ({
          accountID: l.accountId,
          account: names.get(l.accountId) ?? '',
          side: l.side as 'debit' | 'credit',
          amount: minorToJson(l.amountMinor, d.currency),
        }));
      const cash =
        d.accountId && d.category !== 'Journal'
          ? [
              {
                accountID: d.accountId,
                account: names.get(d.accountId) ?? '',
                side: d.category === 'inflow' ? ('debit' as const) : ('credit' as const),
                amount: minorToJson(d.amountMinor, d.currency),
              },
            ]
          : [];
      return { transactionId: d.id, currency: d.currency, lines: [...cash, ...own] };
    });
}
