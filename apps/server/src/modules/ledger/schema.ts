import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, rowId, tenantFk, tenantId } from '../../db/columns.ts';
import { people } from '../people/schema.ts';
import { users } from '../tenancy/schema.ts';

/** Account heads (spec: accountHeadsDTO): a named group of accounts of one type. */
export const accountGroups = pgTable(
  'account_groups',
  {
    tenantId: tenantId(),
    id: id(),
    name: text('name').notNull(),
    groupSubHead: text('group_sub_head').notNull().default(''),
    accountType: text('account_type').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** accounts under this head are cash/bank accounts (money is received into them) */
    isCashBank: boolean('is_cash_bank').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    check('account_groups_type_check', sql`${t.accountType} in ('assets','liability','equity','income','expense')`),
  ],
);

/** A fund: 0 Unrestricted Funds, 1 Donor Restricted Funds. Every journal line carries one. */
export const funds = pgTable(
  'funds',
  {
    tenantId: tenantId(),
    id: id(),
    name: text('name').notNull(),
    code: text('code').notNull().default(''),
    fundType: integer('fund_type').notNull(),
    accountGroupId: uuid('account_group_id'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    check('funds_type_check', sql`${t.fundType} in (0, 1)`),
    // fund names and non-empty codes are unique in a church (issue 6: a unique index, not a SELECT first)
    uniqueIndex('funds_name_key').on(t.tenantId, sql`lower(${t.name})`),
    uniqueIndex('funds_code_key')
      .on(t.tenantId, t.code)
      .where(sql`${t.code} <> ''`),
    tenantFk('funds_group_fk', t.tenantId, t.accountGroupId, accountGroups.tenantId, accountGroups.id),
  ],
);

/**
 * The chart of accounts. `is_cash_bank` marks the asset accounts money is received into.
 * An equity account with `fund_id` is that fund's balance account.
 */
export const accounts = pgTable(
  'accounts',
  {
    tenantId: tenantId(),
    id: id(),
    code: text('code').notNull().default(''),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    accountType: text('account_type').notNull(),
    accountGroupId: uuid('account_group_id'),
    fundId: uuid('fund_id'),
    currencyCode: text('currency_code').notNull(),
    isCashBank: boolean('is_cash_bank').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    systemKey: text('system_key'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    check('accounts_type_check', sql`${t.accountType} in ('assets','liability','equity','income','expense')`),
    index('accounts_type_idx').on(t.tenantId, t.accountType),
    uniqueIndex('accounts_system_key_key').on(t.tenantId, t.systemKey),
    // account names (case-insensitive) and non-empty codes are unique in a church
    uniqueIndex('accounts_name_key').on(t.tenantId, sql`lower(${t.name})`),
    uniqueIndex('accounts_code_key')
      .on(t.tenantId, t.code)
      .where(sql`${t.code} <> ''`),
    tenantFk('accounts_group_fk', t.tenantId, t.accountGroupId, accountGroups.tenantId, accountGroups.id),
    tenantFk('accounts_fund_fk', t.tenantId, t.fundId, funds.tenantId, funds.id),
  ],
);

/**
 * A journal entry. Immutable once written (trigger); an edit or delete of the source
 * document posts a reversal (`reverses_entry_id`) and, for an edit, a new entry.
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    tenantId: tenantId(),
    id: rowId(),
    entryNo: bigserial('entry_no', { mode: 'bigint' }).notNull(),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    memo: text('memo').notNull().default(''),
    sourceType: text('source_type').notNull(),
    sourceId: uuid('source_id'),
    reversesEntryId: uuid('reverses_entry_id'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('journal_entries_source_idx').on(t.tenantId, t.sourceType, t.sourceId),
    uniqueIndex('journal_entries_reverses_key').on(t.tenantId, t.reversesEntryId),
    tenantFk('journal_entries_reverses_fk', t.tenantId, t.reversesEntryId, t.tenantId, t.id),
  ],
);

/**
 * A journal line in minor units: positive is a debit, negative a credit. Lines of an
 * entry sum to zero per currency and fund (deferred constraint trigger on the entry, migration
 * 0010). FX lines keep the rate used. `entry_date` and `entry_no` are the entry's, copied onto
 * the line (checked by trigger) so an account's register reads one index in posting order.
 */
export const journalLines = pgTable(
  'journal_lines',
  {
    tenantId: tenantId(),
    id: rowId(),
    entryId: uuid('entry_id').notNull(),
    /** the entry's date (ISO), as journal_entries.entry_date */
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    /** the entry's posting number, as journal_entries.entry_no */
    entryNo: bigint('entry_no', { mode: 'bigint' }).notNull(),
    lineNo: integer('line_no').notNull(),
    accountId: uuid('account_id').notNull(),
    fundId: uuid('fund_id').notNull(),
    currencyCode: text('currency_code').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    memo: text('memo').notNull().default(''),
    personId: uuid('person_id'),
    fxRate: numeric('fx_rate', { precision: 24, scale: 10 }),
    fxRateDate: date('fx_rate_date', { mode: 'string' }),
    fxSource: text('fx_source'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('journal_lines_entry_idx').on(t.tenantId, t.entryId),
    // an account's register, newest first, one entry's lines together (issue 7)
    index('journal_lines_register_idx').on(t.tenantId, t.accountId, t.entryDate, t.entryNo, t.currencyCode, t.entryId),
    check('journal_lines_nonzero', sql`${t.amountMinor} <> 0`),
    tenantFk('journal_lines_entry_fk', t.tenantId, t.entryId, journalEntries.tenantId, journalEntries.id),
    tenantFk('journal_lines_account_fk', t.tenantId, t.accountId, accounts.tenantId, accounts.id),
    tenantFk('journal_lines_fund_fk', t.tenantId, t.fundId, funds.tenantId, funds.id),
    tenantFk('journal_lines_person_fk', t.tenantId, t.personId, people.tenantId, people.id),
  ],
);

/**
 * A finance-page document (spec 2.8): income ('inflow'), expense ('outflow') or a
 * general-ledger journal ('Journal'). Its current posting is `journal_entry_id`.
 */
export const financialTransactions = pgTable(
  'financial_transactions',
  {
    tenantId: tenantId(),
    id: id(),
    transactionNumber: text('transaction_number').notNull(),
    category: text('category').notNull(),
    transactionDate: date('transaction_date', { mode: 'string' }).notNull(),
    accountId: uuid('account_id'),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currencyCode: text('currency_code').notNull(),
    memo: text('memo').notNull().default(''),
    /** the client's Note box (existing-client-api §2.6 `note`), '' when none */
    note: text('note').notNull().default(''),
    narration: text('narration').notNull().default(''),
    approved: boolean('approved').notNull().default(false),
    journalEntryId: uuid('journal_entry_id'),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('financial_transactions_number_key').on(t.tenantId, t.transactionNumber),
    // the transaction list's order, live documents only (issue 7)
    index('financial_transactions_list_idx')
      .on(t.tenantId, t.transactionDate, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('financial_transactions_account_idx').on(t.tenantId, t.accountId, t.transactionDate),
    check('financial_transactions_category_check', sql`${t.category} in ('inflow','outflow','Journal')`),
    tenantFk('financial_transactions_account_fk', t.tenantId, t.accountId, accounts.tenantId, accounts.id),
    tenantFk(
      'financial_transactions_entry_fk',
      t.tenantId,
      t.journalEntryId,
      journalEntries.tenantId,
      journalEntries.id,
    ),
  ],
);

/**
 * Live finance documents per church, day and category, kept by statement triggers on
 * financial_transactions (migration 0010): the transaction list's totalItems and the day a
 * deep page starts on are read here, so a page costs the same however long the history.
 * The application can read it, not write it.
 */
export const financialTransactionDailyCounts = pgTable(
  'financial_transaction_daily_counts',
  {
    tenantId: tenantId(),
    transactionDate: date('transaction_date', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    rowCount: integer('row_count').notNull(),
  },
  (t) => [
    primaryKey({ name: 'financial_transaction_daily_counts_pk', columns: [t.tenantId, t.transactionDate, t.category] }),
  ],
);

/**
 * Running balance per account, fund and currency in minor units (debits positive),
 * maintained by a security-definer statement trigger on journal_lines (migrations 0004, 0010): the
 * application can read it but never write it. Makes the chart of accounts O(accounts).
 */
export const accountBalances = pgTable(
  'account_balances',
  {
    tenantId: tenantId(),
    accountId: uuid('account_id').notNull(),
    fundId: uuid('fund_id').notNull(),
    currencyCode: text('currency_code').notNull(),
    balanceMinor: bigint('balance_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    lineCount: bigint('line_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.accountId, t.fundId, t.currencyCode] }),
    tenantFk('account_balances_account_fk', t.tenantId, t.accountId, accounts.tenantId, accounts.id),
    tenantFk('account_balances_fund_fk', t.tenantId, t.fundId, funds.tenantId, funds.id),
  ],
);

/**
 * The split lines of a finance-page document as the user entered them (spec §3 "Editable
 * transaction"): side 'debit' or 'credit', amount in the document currency, optional donor.
 */
export const financialTransactionLines = pgTable(
  'financial_transaction_lines',
  {
    tenantId: tenantId(),
    id: id(),
    transactionId: uuid('transaction_id').notNull(),
    lineNo: integer('line_no').notNull(),
    side: text('side').notNull(),
    accountId: uuid('account_id').notNull(),
    fundId: uuid('fund_id'),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    personId: uuid('person_id'),
    memo: text('memo').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('financial_transaction_lines_tx_idx').on(t.tenantId, t.transactionId),
    check('financial_transaction_lines_side_check', sql`${t.side} in ('debit','credit')`),
    check('financial_transaction_lines_amount_check', sql`${t.amountMinor} > 0`),
    tenantFk(
      'ftl_transaction_fk',
      t.tenantId,
      t.transactionId,
      financialTransactions.tenantId,
      financialTransactions.id,
    ),
    tenantFk('ftl_account_fk', t.tenantId, t.accountId, accounts.tenantId, accounts.id),
    tenantFk('ftl_fund_fk', t.tenantId, t.fundId, funds.tenantId, funds.id),
    tenantFk('ftl_person_fk', t.tenantId, t.personId, people.tenantId, people.id),
  ],
);

/**
 * A church's own exchange rate (issue 7, part 4): units of `currency_code` per 1 USD on
 * `rate_date`, entered by an administrator (`entered_by`) for a currency the global `fx_rates`
 * lack or that the church prices differently. Read by ledger/fx.ts ratesOn, which prefers it over
 * a global rate of the same or an older date. Saving the same currency and date again replaces it.
 */
export const churchFxRates = pgTable(
  'church_fx_rates',
  {
    tenantId: tenantId(),
    currencyCode: text('currency_code').notNull(),
    rateDate: date('rate_date', { mode: 'string' }).notNull(),
    unitsPerUsd: numeric('units_per_usd', { precision: 24, scale: 10 }).notNull(),
    enteredBy: uuid('entered_by').notNull(),
    enteredAt: timestamp('entered_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.currencyCode, t.rateDate] }),
    check('church_fx_rates_positive', sql`${t.unitsPerUsd} > 0`),
    tenantFk('church_fx_rates_entered_by_fk', t.tenantId, t.enteredBy, users.tenantId, users.id),
  ],
);
