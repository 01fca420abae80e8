import { z } from 'zod';
import { ZDate, ZEnvelope, ZId, ZOptionalId, ZSignedAmount } from './common.ts';

/** Finance-page document categories (spec §3): income, expense, general-ledger journal. */
export const TRANSACTION_CATEGORIES = ['inflow', 'outflow', 'Journal'] as const;
export const ZTransactionCategory = z.enum(TRANSACTION_CATEGORIES);

/** Finance table page size: 10 first, 10 more on scroll (spec §9); the API pages by 50 by default. */
export const FINANCE_PAGE_SIZE = 50;

/**
 * GET /api/Financials/Accounts/v2/Transactions query (spec 2.8). `accountId` filters to one
 * cash/bank account; `search` matches narration, memo and number; `from`/`to` are dates.
 */
export const ZTransactionListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(FINANCE_PAGE_SIZE),
  accountId: ZOptionalId.optional(),
  search: z.string().trim().max(100).optional(),
  category: z.string().trim().max(20).optional(),
  description: z.string().trim().max(100).optional(),
  from: ZDate.optional(),
  to: ZDate.optional(),
});

/** A finance-page row (spec §3 "Transaction record"): inflows positive, outflows negative. */
export const ZTransactionRecord = z.object({
  id: z.uuid(),
  date: z.string(),
  narration: z.string(),
  amount: z.number(),
  currency: z.object({ symbol: z.string(), shortCode: z.string() }),
  category: ZTransactionCategory,
  transactionNumber: z.string(),
  approved: z.boolean(),
  memo: z.string(),
  accountID: z.string().nullable(),
  accountName: z.string(),
});
export type TTransactionRecord = z.infer<typeof ZTransactionRecord>;

export const ZTransactionPage = z.object({ records: z.array(ZTransactionRecord), totalItems: z.number().int() });

/** One split line of an income or expense (spec §3): amount, account, optional donor. */
export const ZSplitLineInput = z.object({
  accountID: ZId,
  amount: ZSignedAmount,
  contactID: ZOptionalId.optional(),
  fundID: ZOptionalId.optional(),
  memo: z.string().trim().max(300).optional(),
});

const docFields = {
  id: ZId.optional(),
  amount: ZSignedAmount,
  date: ZDate,
  memo: z.string().trim().max(500).optional().default(''),
  transactionNumber: z.string().trim().max(40).optional(),
};

/** Save income (spec §3): money into `debitAccountID` (cash/bank), credited to the split lines. */
export const ZIncomeSave = z.object({
  ...docFields,
  category: z.literal('inflow').optional().default('inflow'),
  debitAccountID: ZId,
  creditSplitAccounts: z.array(ZSplitLineInput).min(1, 'add at least one line').max(100),
});
export type TIncomeSave = z.input<typeof ZIncomeSave>;

/** Save expense (spec §3): money out of `creditAccountID` (cash/bank), debited to the split lines. */
export const ZExpenseSave = z.object({
  ...docFields,
  category: z.literal('outflow').optional().default('outflow'),
  creditAccountID: ZId,
  debitSplitAccounts: z.array(ZSplitLineInput).min(1, 'add at least one line').max(100),
});
export type TExpenseSave = z.input<typeof ZExpenseSave>;

/** One general-ledger line (spec §3 "Journal line"): 'inflow' is a debit, 'outflow' a credit. */
export const ZJournalLineInput = z
  .object({
    category: z.enum(['inflow', 'outflow']),
    amount: ZSignedAmount,
    debitAccountID: ZOptionalId.optional(),
    creditAccountID: ZOptionalId.optional(),
    memo: z.string().trim().max(300).optional().default(''),
    date: ZDate.optional(),
    fundID: ZOptionalId.optional(),
    contactID: ZOptionalId.optional(),
  })
  .superRefine((l, ctx) => {
    const acc = l.category === 'inflow' ? l.debitAccountID : l.creditAccountID;
    if (!acc)
      ctx.addIssue({
        code: 'custom',
        path: [l.category === 'inflow' ? 'debitAccountID' : 'creditAccountID'],
        message: 'choose an account',
      });
  });

/** Save journal (spec §7): the lines; `?id=` on PUT edits an existing journal. */
export const ZJournalSave = z.array(ZJournalLineInput).min(2, 'a journal needs a debit and a credit line').max(200);
export const JOURNAL_UNBALANCED_MESSAGE = 'Total debits must equal total credits';

/** The save answer of a finance document (spec: data.status, data.response). */
export const ZTransactionSaveResponse = ZEnvelope(z.object({ id: z.uuid(), transactionNumber: z.string() }));

/** A split line of an editable transaction (spec §3). */
export const ZSplitLine = z.object({
  accountID: z.uuid(),
  amount: z.number(),
  contactID: z.string().nullable(),
  contactName: z.string(),
  transactionID: z.uuid(),
  account: z.string(),
  fundID: z.string(),
  memo: z.string(),
});

/** GET /api/Financials/Transactions/ByNumber (spec §3 "Editable transaction"). */
export const ZEditableTransaction = z.object({
  id: z.uuid(),
  date: z.string(),
  amount: z.number(),
  memo: z.string(),
  note: z.string(),
  transactionNumber: z.string(),
  category: ZTransactionCategory,
  account: z.string(),
  accountID: z.string().nullable(),
  approved: z.boolean(),
  debitSplitAccounts: z.array(ZSplitLine),
  creditSplitAccounts: z.array(ZSplitLine),
});
export type TEditableTransaction = z.infer<typeof ZEditableTransaction>;

/** POST /api/Financials/Transactions/Approve (spec: approve financial report). */
export const ZApproveRequest = z.object({ id: ZId, approved: z.boolean(), memo: z.string().max(500).optional() });

/** A cash/bank account with its balance, for the Transaction page's account selector. */
export const ZCashBankBalance = z.object({
  id: z.uuid(),
  text: z.string(),
  balance: z.number(),
  currency: z.string(),
  currencySymbol: z.string(),
});
export type TCashBankBalance = z.infer<typeof ZCashBankBalance>;
