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
  /** the client's Note box (existing-client-api §2.6), kept and answered by GetEditFinancialTransaction */
  note: z.string().trim().max(1000, 'Use at most 1000 characters for the note').optional().default(''),
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

/** True when a decimal amount as JSON carries it is zero ('0', 0, '0.00', '-0'). */
const isZeroAmount = (v: string | number): boolean =>
  typeof v === 'number' ? v === 0 : /^\s*-?0*(\.0*)?\s*$/.test(v) && /\d/.test(v);

/**
 * One general-ledger line (spec §3 "Journal line"; existing-client-api §2.6
 * `{memo, note, date, debitAccountID, creditAccountID, amount}`). A line with a debit account
 * is a debit, one with a credit account a credit; `category` ('inflow' debit, 'outflow' credit)
 * may say so explicitly and then decides. A line with both accounts and no category is refused;
 * a line with no account and a zero amount (a blank row of the form) is dropped: its output
 * `category` is null.
 */
export const ZJournalLineInput = z
  .object({
    category: z.enum(['inflow', 'outflow']).optional(),
    amount: ZSignedAmount,
    debitAccountID: ZOptionalId.optional(),
    creditAccountID: ZOptionalId.optional(),
    memo: z.string().trim().max(300).optional().default(''),
    note: z.string().trim().max(1000).optional(),
    date: ZDate.optional(),
    fundID: ZOptionalId.optional(),
    contactID: ZOptionalId.optional(),
  })
  .superRefine((l, ctx) => {
    if (!l.category && l.debitAccountID && l.creditAccountID) {
      ctx.addIssue({
        code: 'custom',
        path: ['creditAccountID'],
        message: 'a line takes either a debit or a credit account',
      });
      return;
    }
    const side = l.category ?? (l.creditAccountID ? 'outflow' : 'inflow');
    const acc = side === 'inflow' ? l.debitAccountID : l.creditAccountID;
    const blank = !l.category && !l.debitAccountID && !l.creditAccountID && isZeroAmount(l.amount);
    if (!acc && !blank)
      ctx.addIssue({
        code: 'custom',
        path: [side === 'inflow' ? 'debitAccountID' : 'creditAccountID'],
        message: 'choose an account',
      });
  })
  .transform((l) => ({
    ...l,
    category: (l.category ?? (l.debitAccountID ? 'inflow' : l.creditAccountID ? 'outflow' : null)) as
      'inflow' | 'outflow' | null,
  }));

/**
 * Save journal (spec §7; existing-client-api §2.6 SaveGeneralLedger): a bare array of lines.
 * The existing client has no id, so its edit saves a new journal; Steward's own page edits
 * with `?id=`.
 */
export const ZJournalSave = z.array(ZJournalLineInput).min(2, 'a journal needs a debit and a credit line').max(200);
export const JOURNAL_UNBALANCED_MESSAGE = 'Total debits must equal total credits';

/** The save answer of a finance document (spec: data.status, data.response). */
export const ZTransactionSaveResponse = ZEnvelope(z.object({ id: z.uuid(), transactionNumber: z.string() }));

/** An account as the editable transaction names it: `text` (code - name) and `name`. */
export const ZNamedAccount = z.object({ id: z.uuid(), text: z.string(), name: z.string() });

/**
 * A split line of an editable transaction (spec §3; existing-client-api §2.6 `{accountID,
 * amount, transactionID, account.name}`). The existing client re-sends a loaded line as it is:
 * a debit line also carries `debitAccountID`, a credit line `creditAccountID` (so a journal it
 * re-saves keeps its accounts), and the donor is also given as `donorId`/`donor` (the fields its
 * form keeps a chosen donor in).
 */
export const ZSplitLine = z.object({
  accountID: z.uuid(),
  amount: z.number(),
  contactID: z.string().nullable(),
  contactName: z.string(),
  donorId: z.string().nullable(),
  donor: z.string(),
  transactionID: z.uuid(),
  account: ZNamedAccount,
  debitAccountID: z.uuid().optional(),
  creditAccountID: z.uuid().optional(),
  fundID: z.string(),
  memo: z.string(),
});

/**
 * GET /api/Financials/Accounts/GetEditFinancialTransaction?transactionNumber= (spec §3
 * "Editable transaction"; existing-client-api §2.6): the document with its split lines;
 * `account` is the cash/bank account of an income or expense (null for a journal).
 */
export const ZEditableTransaction = z.object({
  id: z.uuid(),
  date: z.string(),
  amount: z.number(),
  memo: z.string(),
  note: z.string(),
  transactionNumber: z.string(),
  category: ZTransactionCategory,
  account: ZNamedAccount.nullable(),
  accountID: z.string().nullable(),
  approved: z.boolean(),
  debitSplitAccounts: z.array(ZSplitLine),
  creditSplitAccounts: z.array(ZSplitLine),
});
export type TEditableTransaction = z.infer<typeof ZEditableTransaction>;

/** POST api/Financials/accounts/Transactions/ApproveTransactionToggle (existing-client-api §2.6). */
export const ZApproveRequest = z.object({ id: ZId, approved: z.boolean(), memo: z.string().max(500).optional() });

/**
 * GET /api/Financials/Accounts/GetCashBankAccountsBalances item (existing-client-api §2.6): a
 * cash/bank account with its balance in its own currency (decimal major units).
 */
export const ZCashBankBalance = z.object({
  id: z.uuid(),
  text: z.string(),
  balance: z.number(),
  currency: z.object({ symbol: z.string(), shortCode: z.string() }),
});
export type TCashBankBalance = z.infer<typeof ZCashBankBalance>;
