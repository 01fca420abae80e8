import { z } from 'zod';
import { ZId } from './common.ts';

/**
 * Where a posting comes from: the kind of journal entry that made it. 'reversal' undoes an
 * earlier entry (an edit or a delete of its document); `reverses` then names what it undoes.
 * 'donation' is reserved for online giving (a later issue); 'other' is anything else.
 */
export const REGISTER_SOURCES = ['offering', 'income', 'expense', 'journal', 'donation', 'reversal', 'other'] as const;
export const ZRegisterSource = z.enum(REGISTER_SOURCES);
export type TRegisterSource = z.infer<typeof ZRegisterSource>;

/**
 * The category a register row carries, in the existing client's record vocabulary ('Journal'
 * opens its journal editor; 'inflow' and 'outflow' its income/expense editor).
 */
export const REGISTER_CATEGORIES = [
  'inflow',
  'outflow',
  'Journal',
  'Offering',
  'Donation',
  'Reversal',
  'Other',
] as const;

/** The register's page size when none is asked for, and the most one request may ask for. */
export const REGISTER_PAGE_SIZE = 50;
export const REGISTER_MAX_PAGE_SIZE = 200;

/**
 * GET /api/Financials/Accounts/Transactions/Account?id=&page=&pageSize= (existing client §2.6,
 * spec 2.8 account filter): one account's postings, newest first, `page` 1-based.
 */
export const ZRegisterQuery = z.object({
  id: ZId,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(REGISTER_MAX_PAGE_SIZE).default(REGISTER_PAGE_SIZE),
});
export type TRegisterQuery = z.input<typeof ZRegisterQuery>;

/**
 * One posting on the account — a journal entry's lines on it (per currency): an income split
 * over two donors is one posting of its total — as the existing client's record `{id, date,
 * narration, amount, category, currency.symbol, approved, transactionNumber}` plus what makes it
 * traceable and reconcilable. Amounts are decimal major units of `currency`: `debit` and
 * `credit` are the sums of its debit and credit lines (one of them 0 but for a move between funds
 * on the same account); `amount` is their difference in the account's natural sign (positive
 * raises the balance: a debit on an asset or expense account, a credit on the others);
 * `runningBalance` is the account's balance (natural sign) once this posting and every earlier
 * one are counted, earlier meaning (date, posting order).
 */
export const ZRegisterRecord = z.object({
  /**
   * The id the existing client approves and deletes a row by (its TransactionsTable sends
   * ApproveTransactionToggle {id} and Delete?id= with it): the finance document's id for an
   * income, expense or journal posting; else, like `postingId`, a journal line's id.
   */
  id: z.uuid(),
  /** unique in the register: the id of one of the posting's journal lines */
  postingId: z.uuid(),
  entryId: z.uuid(),
  /** the entry date, 'YYYY-MM-DD' */
  date: z.string(),
  narration: z.string(),
  /** the lines' own memo (a split line's memo) when they share one, else '' */
  memo: z.string(),
  amount: z.number(),
  debit: z.number(),
  credit: z.number(),
  runningBalance: z.number(),
  currency: z.object({ symbol: z.string(), shortCode: z.string() }),
  category: z.enum(REGISTER_CATEGORIES),
  source: ZRegisterSource,
  /** for a reversal: the source of the entry it undoes; else null */
  reverses: ZRegisterSource.nullable(),
  /** this posting was later reversed (its document was edited or deleted) */
  reversed: z.boolean(),
  /** the offering or finance document behind the posting (for a reversal: behind the entry it undoes) */
  sourceId: z.uuid().nullable(),
  /** the finance document's number ('TRX-000001'); '' for offerings */
  transactionNumber: z.string(),
  /** the finance document is approved (locked); false for anything else */
  approved: z.boolean(),
});
export type TRegisterRecord = z.infer<typeof ZRegisterRecord>;

/** The register answer: a bare array, as the existing client reads it. */
export const ZRegisterPage = z.array(ZRegisterRecord);

/** Most documents one GET /api/Financials/Transactions/Lines asks for. */
export const DOCUMENT_LINES_MAX_IDS = 100;

/**
 * GET /api/Financials/Transactions/Lines?ids=a,b,c: the lines of up to 100 finance documents
 * (comma-separated ids), so a list can show each journal line's side.
 */
export const ZDocumentLinesQuery = z.object({
  ids: z
    .string()
    .max(DOCUMENT_LINES_MAX_IDS * 40)
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(ZId).min(1, 'give at least one id').max(DOCUMENT_LINES_MAX_IDS)),
});

/** One line of a document as entered: account, side, amount (decimal, document currency). */
export const ZDocumentLine = z.object({
  accountID: z.uuid(),
  account: z.string(),
  side: z.enum(['debit', 'credit']),
  amount: z.number(),
});
export type TDocumentLine = z.infer<typeof ZDocumentLine>;

/** The lines of each document asked for that belongs to the church (others are left out). */
export const ZDocumentLines = z.array(
  z.object({ transactionId: z.uuid(), currency: z.string(), lines: z.array(ZDocumentLine) }),
);
export type TDocumentLines = z.infer<typeof ZDocumentLines>;
