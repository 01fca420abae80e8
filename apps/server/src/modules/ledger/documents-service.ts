import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZExpenseSave, ZIncomeSave, ZJournalSave } from '@steward/contracts/finance';
import { JOURNAL_UNBALANCED_MESSAGE } from '@steward/contracts/finance';
import type { TenantCtx } from '../../lib/context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { amountToMinor, assertDocumentTotal } from '../../lib/money.ts';
import { requirePerson } from '../people/service.ts';
import { tenants } from '../tenancy/schema.ts';
import { homeCurrency } from '../tenancy/service.ts';
import { financialTransactionLines, financialTransactions, funds } from './schema.ts';
import { postEntry, reverseEntry, type PostingLine } from './posting.ts';
import { requireAccount, unrestrictedFundId } from './service.ts';
import { systemAccount } from './system-accounts.ts';
import { assertNotApproved } from './approval-guard.ts'; // issue 7: approved documents are locked

type IncomeSave = z.output<typeof ZIncomeSave>;
type ExpenseSave = z.output<typeof ZExpenseSave>;
type JournalSave = z.output<typeof ZJournalSave>;
type DocRow = typeof financialTransactions.$inferSelect;

/** A document line resolved against the tenant's accounts, funds and people. */
interface DocLine {
  side: 'debit' | 'credit';
  accountId: string;
  fundId: string;
  amountMinor: bigint;
  personId: string | null;
  memo: string;
}

async function resolveFund(
  ctx: TenantCtx,
  accountFund: string | null,
  given: string | null | undefined,
  field: string,
) {
  if (given) {
    const [f] = await ctx.tx
      .select()
      .from(funds)
      .where(and(eq(funds.tenantId, ctx.tenantId), eq(funds.id, given)));
    if (!f || !f.isActive) throw badRequest(field, 'is not a fund of this church');
    return f.id;
  }
  return accountFund ?? (await unrestrictedFundId(ctx));
}

type SplitInput = IncomeSave['creditSplitAccounts'][number];

/**
 * The split lines of an income or expense (spec §5): amounts are taken as absolute values;
 * a single line takes the whole amount; several lines must add up to the total exactly.
 */
async function resolveSplits(
  ctx: TenantCtx,
  splits: SplitInput[],
  total: bigint,
  currency: string,
  field: string,
  side: 'debit' | 'credit',
  cashAccountId: string,
): Promise<DocLine[]> {
  const out: DocLine[] = [];
  for (const [i, s] of splits.entries()) {
    const f = `${field}.${i}`;
    const account = await requireAccount(ctx, s.accountID, `${f}.accountID`, 'any');
    if (account.id === cashAccountId) throw badRequest(`${f}.accountID`, 'must differ from the cash or bank account');
    const amount =
      splits.length === 1 ? total : amountToMinor(String(s.amount).trim().replace(/^-/, ''), currency, `${f}.amount`);
    if (s.contactID) await requirePerson(ctx, s.contactID, `${f}.contactID`);
    const fundId = await resolveFund(ctx, account.fundId, s.fundID, `${f}.fundID`);
    out.push({
      side,
      accountId: account.id,
      fundId,
      amountMinor: amount,
      personId: s.contactID ?? null,
      memo: s.memo ?? '',
    });
  }
  const sum = out.reduce((acc, l) => acc + l.amountMinor, 0n);
  if (sum !== total) throw badRequest(field, 'the lines must add up to the total amount');
  return out;
}

/**
 * The user's number, or the church's next `TRX-000001`-style number from its own counter
 * (the row lock on the church serialises concurrent saves; numbers never reveal other churches').
 */
async function nextNumber(ctx: TenantCtx, given: string | undefined): Promise<string> {
  if (given) return given;
  for (;;) {
    const [row] = await ctx.tx
      .update(tenants)
      .set({ nextTransactionNo: sql`${tenants.nextTransactionNo} + 1` })
      .where(eq(tenants.id, ctx.tenantId))
      .returning({ n: sql<number>`${tenants.nextTransactionNo} - 1` });
    const number = `TRX-${String(row!.n).padStart(6, '0')}`;
    // a number a user typed earlier may already stand in the counter's way
    const [taken] = await ctx.tx
      .select({ id: financialTransactions.id })
      .from(financialTransactions)
      .where(
        and(eq(financialTransactions.tenantId, ctx.tenantId), eq(financialTransactions.transactionNumber, number)),
      );
    if (!taken) return number;
  }
}

async function findDoc(ctx: TenantCtx, id: string): Promise<DocRow> {
  const [doc] = await ctx.tx
    .select()
    .from(financialTransactions)
    .where(
      and(
        eq(financialTransactions.tenantId, ctx.tenantId),
        eq(financialTransactions.id, id),
        isNull(financialTransactions.deletedAt),
      ),
    )
    .for('update');
  if (!doc) throw notFound('Transaction');
  return doc;
}

interface DocWrite {
  id?: string | undefined;
  category: 'inflow' | 'outflow' | 'Journal';
  date: string;
  memo: string;
  note: string;
  transactionNumber?: string | undefined;
  accountId: string | null;
  currency: string;
  total: bigint;
  narration: string;
  lines: DocLine[];
  posting: PostingLine[];
}

/** Writes (or rewrites) a document with its lines and posts its entry; an edit reverses the old one. */
async function writeDoc(ctx: TenantCtx, w: DocWrite): Promise<{ id: string; transactionNumber: string }> {
  let doc: DocRow;
  let deferred: string[] = [];
  if (w.id) {
    const old = await findDoc(ctx, w.id);
    assertNotApproved(old); // issue 7 (approval-guard.ts): an approved document is not edited
    if (old.category !== w.category) throw badRequest('category', `is ${old.category}; a document keeps its category`);
    // The fund check waits for the new posting: an edit that raises a restricted gift whose
    // money was partly spent must not fail half-way, after only the reversal.
    if (old.journalEntryId) {
      const reversal = await reverseEntry(
        ctx,
        old.journalEntryId,
        old.transactionDate,
        `Edit of ${old.transactionNumber}`,
        {
          deferFundCheck: true,
        },
      );
      deferred = reversal.restrictedFunds;
    }
    await ctx.tx
      .delete(financialTransactionLines)
      .where(
        and(eq(financialTransactionLines.tenantId, ctx.tenantId), eq(financialTransactionLines.transactionId, old.id)),
      );
    [doc] = (await ctx.tx
      .update(financialTransactions)
      .set({
        transactionDate: w.date,
        memo: w.memo,
        note: w.note,
        narration: w.narration,
        accountId: w.accountId,
        amountMinor: w.total,
        currencyCode: w.currency,
        // the existing client sends '' when it has no number: the document keeps its own
        transactionNumber: w.transactionNumber || old.transactionNumber,
      })
      .where(and(eq(financialTransactions.tenantId, ctx.tenantId), eq(financialTransactions.id, old.id)))
      .returning()) as [DocRow];
  } else {
    const transactionNumber = await nextNumber(ctx, w.transactionNumber);
    // a number already used (here or by an edit) is a 400 on transactionNumber: the unique
    // index financial_transactions_number_key, mapped in lib/pg-errors.ts
    [doc] = (await ctx.tx
      .insert(financialTransactions)
      .values({
        tenantId: ctx.tenantId,
        transactionNumber,
        category: w.category,
        transactionDate: w.date,
        accountId: w.accountId,
        amountMinor: w.total,
        currencyCode: w.currency,
        memo: w.memo,
        note: w.note,
        narration: w.narration,
      })
      .returning()) as [DocRow];
  }
  await ctx.tx
    .insert(financialTransactionLines)
    .values(w.lines.map((l, i) => ({ tenantId: ctx.tenantId, transactionId: doc.id, lineNo: i + 1, ...l })));
  const entryId = await postEntry(
    ctx,
    {
      entryDate: w.date,
      memo: w.narration,
      sourceType: w.category === 'Journal' ? 'journal' : w.category === 'inflow' ? 'income' : 'expense',
      sourceId: doc.id,
      currencyCode: w.currency,
      lines: w.posting,
    },
    { alsoCheckFunds: deferred },
  );
  await ctx.tx
    .update(financialTransactions)
    .set({ journalEntryId: entryId })
    .where(and(eq(financialTransactions.tenantId, ctx.tenantId), eq(financialTransactions.id, doc.id)));
  return { id: doc.id, transactionNumber: doc.transactionNumber };
}

/** What differs between an income and an expense: the cash side, the split side, the words. */
interface CashDocument {
  category: 'inflow' | 'outflow';
  cashField: 'debitAccountID' | 'creditAccountID';
  splitField: 'creditSplitAccounts' | 'debitSplitAccounts';
  narration: (cashName: string) => string;
}

/**
 * An income or expense: money into (or out of) a cash/bank account, against the split lines
 * (each with an optional donor and fund; the cash side of each line sits in that line's fund).
 * With `id`, edits: reverses and re-posts. Throws 400 naming the field; 404 for a foreign id.
 */
async function saveCashDocument(
  ctx: TenantCtx,
  kind: CashDocument,
  input: {
    id?: string | undefined;
    amount: string | number;
    date: string;
    memo: string;
    note: string;
    transactionNumber?: string | undefined;
  },
  cashAccountId: string,
  splits: SplitInput[],
) {
  const cash = await requireAccount(ctx, cashAccountId, kind.cashField, 'cashBank');
  const total = amountToMinor(String(input.amount).trim().replace(/^-/, ''), cash.currencyCode, 'amount');
  const splitSide = kind.category === 'inflow' ? 'credit' : 'debit';
  const lines = await resolveSplits(ctx, splits, total, cash.currencyCode, kind.splitField, splitSide, cash.id);
  // income: cash debited, split lines credited; expense: the other way round
  const sign = kind.category === 'inflow' ? 1n : -1n;
  const posting = lines.flatMap((l) => [
    { accountId: cash.id, fundId: l.fundId, amountMinor: sign * l.amountMinor, personId: l.personId, memo: l.memo },
    {
      accountId: l.accountId,
      fundId: l.fundId,
      amountMinor: -sign * l.amountMinor,
      personId: l.personId,
      memo: l.memo,
    },
  ]);
  return writeDoc(ctx, {
    id: input.id,
    category: kind.category,
    date: input.date,
    memo: input.memo,
    note: input.note,
    transactionNumber: input.transactionNumber,
    accountId: cash.id,
    currency: cash.currencyCode,
    total,
    narration: input.memo || kind.narration(cash.name),
    lines,
    posting,
  });
}

/**
 * POST /api/Financials/Accounts/Transactions/Income/Save (spec 2.8, §3, §5; existing-client-api
 * §2.6): money into a cash/bank account (`debitAccountID`), credited to the split lines.
 */
export const saveIncome = (ctx: TenantCtx, input: IncomeSave) =>
  saveCashDocument(
    ctx,
    {
      category: 'inflow',
      cashField: 'debitAccountID',
      splitField: 'creditSplitAccounts',
      narration: (n) => `Income into ${n}`,
    },
    input,
    input.debitAccountID,
    input.creditSplitAccounts,
  );

/**
 * POST /api/Financials/Accounts/Transactions/Expense/Save (spec 2.8, §3, §5; existing-client-api
 * §2.6): money out of a cash/bank account (`creditAccountID`), debited to the split lines.
 */
export const saveExpense = (ctx: TenantCtx, input: ExpenseSave) =>
  saveCashDocument(
    ctx,
    {
      category: 'outflow',
      cashField: 'creditAccountID',
      splitField: 'debitSplitAccounts',
      narration: (n) => `Expense from ${n}`,
    },
    input,
    input.creditAccountID,
    input.debitSplitAccounts,
  );

/**
 * Save journal (spec 2.8, §5; existing-client-api §2.6 SaveGeneralLedger): general-ledger lines
 * in the tenant currency, a debit-account line (or 'inflow') a debit and a credit-account line
 * (or 'outflow') a credit; blank lines (no account, zero amount) are skipped. Debits must equal
 * credits and be more than zero (400 naming `lines`, 'Total debits must equal total credits').
 * Lines in different funds are balanced per fund through the Interfund Transfers account. The
 * date is the first dated line's. With `id`, edits.
 */
export async function saveJournal(ctx: TenantCtx, input: JournalSave, id?: string) {
  const currency = await homeCurrency(ctx);
  const lines: DocLine[] = [];
  for (const [i, l] of input.entries()) {
    if (l.category === null) continue;
    const accountId = (l.category === 'inflow' ? l.debitAccountID : l.creditAccountID)!;
    const field = `${i}.${l.category === 'inflow' ? 'debitAccountID' : 'creditAccountID'}`;
    const account = await requireAccount(ctx, accountId, field, 'any');
    const amount = amountToMinor(String(l.amount).trim().replace(/^-/, ''), currency, `${i}.amount`);
    if (l.contactID) await requirePerson(ctx, l.contactID, `${i}.contactID`);
    const fundId = await resolveFund(ctx, account.fundId, l.fundID, `${i}.fundID`);
    lines.push({
      side: l.category === 'inflow' ? 'debit' : 'credit',
      accountId: account.id,
      fundId,
      amountMinor: amount,
      personId: l.contactID ?? null,
      memo: l.memo,
    });
  }
  assertDocumentTotal(
    lines.filter((l) => l.side === 'debit').map((l) => ({ amountMinor: l.amountMinor, currency })),
    'lines',
  );
  const debits = lines.filter((l) => l.side === 'debit').reduce((s, l) => s + l.amountMinor, 0n);
  const credits = lines.filter((l) => l.side === 'credit').reduce((s, l) => s + l.amountMinor, 0n);
  if (debits !== credits || debits === 0n) throw badRequest('lines', JOURNAL_UNBALANCED_MESSAGE);
  const posting: PostingLine[] = lines.map((l) => ({
    accountId: l.accountId,
    fundId: l.fundId,
    amountMinor: l.side === 'debit' ? l.amountMinor : -l.amountMinor,
    personId: l.personId,
    memo: l.memo,
  }));
  const perFund = new Map<string, bigint>();
  for (const p of posting) perFund.set(p.fundId, (perFund.get(p.fundId) ?? 0n) + p.amountMinor);
  const unbalancedFunds = [...perFund].filter(([, v]) => v !== 0n);
  if (unbalancedFunds.length > 0) {
    const interfund = await systemAccount(ctx, 'interfund');
    for (const [fundId, v] of unbalancedFunds)
      posting.push({ accountId: interfund.id, fundId, amountMinor: -v, memo: 'Interfund transfer' });
  }
  const memo = input.find((l) => l.memo)?.memo ?? '';
  // the existing client sends the journal's Note on every line
  const note = input.find((l) => l.note)?.note ?? '';
  const date = input.find((l) => l.date)?.date ?? new Date().toISOString().slice(0, 10);
  return writeDoc(ctx, {
    id,
    category: 'Journal',
    date,
    memo,
    note,
    accountId: null,
    currency,
    total: debits,
    narration: memo || 'Journal entry',
    lines,
    posting,
  });
}

/**
 * DELETE /api/Financials/Accounts/Transactions/Delete?id= (spec 2.8; existing-client-api §2.6):
 * the document's entry is reversed and the document marked deleted; 404 for a foreign id.
 */
export async function deleteDoc(ctx: TenantCtx, id: string): Promise<string> {
  const doc = await findDoc(ctx, id);
  assertNotApproved(doc); // issue 7 (approval-guard.ts): an approved document is not deleted
  if (doc.journalEntryId)
    await reverseEntry(ctx, doc.journalEntryId, doc.transactionDate, `Delete of ${doc.transactionNumber}`);
  await ctx.tx
    .update(financialTransactions)
    .set({ deletedAt: new Date() })
    .where(and(eq(financialTransactions.tenantId, ctx.tenantId), eq(financialTransactions.id, id)));
  return `Transaction ${doc.transactionNumber} was deleted`;
}

/**
 * POST api/Financials/accounts/Transactions/ApproveTransactionToggle {id, approved, memo}
 * (spec §4 "Transaction approval"; existing-client-api §2.6: `memo` is ignored). Sets only the
 * approval: the existing client sends the list's narration as `memo` with every toggle, and
 * writing it back would change an approved document's memo (a journal's 'Journal entry'
 * placeholder would become its memo). 404 for a foreign id.
 */
export async function approveDoc(ctx: TenantCtx, id: string, approved: boolean) {
  const doc = await findDoc(ctx, id);
  await ctx.tx
    .update(financialTransactions)
    .set({ approved })
    .where(and(eq(financialTransactions.tenantId, ctx.tenantId), eq(financialTransactions.id, doc.id)));
  return { id: doc.id, approved };
}
