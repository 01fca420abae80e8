import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { accounts, funds, journalEntries } from '../ledger/schema.ts';
import { activities } from '../events/schema.ts';
import { people } from '../people/schema.ts';
import { users } from '../tenancy/schema.ts';

/** An offering item (contribution item): income account plus cash/bank account (spec 2.4). */
export const contributionItems = pgTable(
  'contribution_items',
  {
    tenantId: tenantId(),
    id: id(),
    name: text('name').notNull(),
    incomeAccountId: uuid('income_account_id').notNull(),
    cashAccountId: uuid('cash_account_id').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('contribution_items_name_key').on(t.tenantId, sql`lower(${t.name})`),
    tenantFk('contribution_items_income_fk', t.tenantId, t.incomeAccountId, accounts.tenantId, accounts.id),
    tenantFk('contribution_items_cash_fk', t.tenantId, t.cashAccountId, accounts.tenantId, accounts.id),
  ],
);

/**
 * A remittance split of an item: `percentage` of each amount moves to a cash/bank
 * account or an income account (exactly one of the two), spec 2.5.
 */
export const contributionItemRemittances = pgTable(
  'contribution_item_remittances',
  {
    tenantId: tenantId(),
    id: id(),
    contributionItemId: uuid('contribution_item_id').notNull(),
    percentage: numeric('percentage', { precision: 7, scale: 4 }).notNull(),
    destinationCashBankAccountId: uuid('destination_cash_bank_account_id'),
    destinationIncomeAccountId: uuid('destination_income_account_id'),
    fundId: uuid('fund_id'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    check('remittance_percentage_check', sql`${t.percentage} > 0 and ${t.percentage} <= 100`),
    check(
      'remittance_one_destination',
      sql`(${t.destinationCashBankAccountId} is null) <> (${t.destinationIncomeAccountId} is null)`,
    ),
    tenantFk('remittances_item_fk', t.tenantId, t.contributionItemId, contributionItems.tenantId, contributionItems.id),
    tenantFk('remittances_cash_fk', t.tenantId, t.destinationCashBankAccountId, accounts.tenantId, accounts.id),
    tenantFk('remittances_income_fk', t.tenantId, t.destinationIncomeAccountId, accounts.tenantId, accounts.id),
    tenantFk('remittances_fund_fk', t.tenantId, t.fundId, funds.tenantId, funds.id),
  ],
);

/**
 * An offering transaction row (spec 2.3): one item, channel, currency and amount, with
 * an optional donor. Its current posting is `journal_entry_id`; deleting reverses it.
 */
export const offeringTransactions = pgTable(
  'offering_transactions',
  {
    tenantId: tenantId(),
    id: rowId(),
    activityId: uuid('activity_id'),
    contributionItemId: uuid('contribution_item_id').notNull(),
    transactionDate: date('transaction_date', { mode: 'string' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currencyCode: text('currency_code').notNull(),
    paymentChannel: text('payment_channel').notNull(),
    personId: uuid('person_id'),
    /** the row's own note (existing-client-api §2.2: Save/Edit rows carry `memo`), '' when none */
    memo: text('memo').notNull().default(''),
    source: text('source').notNull().default('offering'),
    journalEntryId: uuid('journal_entry_id'),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('offering_transactions_date_idx').on(t.tenantId, t.transactionDate),
    // the offering list's order (issue 7): a page seeks into its first day and reads on
    index('offering_transactions_list_idx')
      .on(t.tenantId, t.source, t.transactionDate, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    // serves the period summary and the report (issue 6): grouped in SQL from an index-only scan
    index('offering_transactions_summary_idx')
      .on(t.tenantId, t.source, t.transactionDate, t.contributionItemId, t.currencyCode, t.amountMinor)
      .where(sql`${t.deletedAt} is null`),
    check('offering_amount_positive', sql`${t.amountMinor} > 0`),
    check(
      'offering_channel_check',
      sql`${t.paymentChannel} in ('Cheque','Cash','POS','Online','Bank Transfer','USSDText')`,
    ),
    tenantFk('offering_transactions_activity_fk', t.tenantId, t.activityId, activities.tenantId, activities.id),
    tenantFk(
      'offering_transactions_item_fk',
      t.tenantId,
      t.contributionItemId,
      contributionItems.tenantId,
      contributionItems.id,
    ),
    tenantFk('offering_transactions_person_fk', t.tenantId, t.personId, people.tenantId, people.id),
    tenantFk(
      'offering_transactions_entry_fk',
      t.tenantId,
      t.journalEntryId,
      journalEntries.tenantId,
      journalEntries.id,
    ),
  ],
);

/**
 * Offering totals per day, kept by a trigger on offering_transactions (issue 6): one row per
 * church, source, date, item, event (the nil uuid for none) and currency, with the sum of the
 * live rows' amounts in minor units and their count. The summary and the report read these
 * instead of the offerings themselves, so their cost follows the number of days, items and
 * events, never the number of offerings. The application can read it, not write it.
 */
export const offeringDailyTotals = pgTable(
  'offering_daily_totals',
  {
    tenantId: tenantId(),
    source: text('source').notNull(),
    totalDate: date('total_date', { mode: 'string' }).notNull(),
    contributionItemId: uuid('contribution_item_id').notNull(),
    /** the event of the offerings, or the nil uuid when they have none */
    activityId: uuid('activity_id').notNull(),
    currencyCode: text('currency_code').notNull(),
    /** sum of amount_minor of the live rows (minor units of currency_code) */
    totalMinor: numeric('total_minor', { precision: 38, scale: 0 }).notNull(),
    rowCount: integer('row_count').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'offering_daily_totals_pk',
      columns: [t.tenantId, t.source, t.totalDate, t.contributionItemId, t.activityId, t.currencyCode],
    }),
  ],
);

/**
 * The approval state of an offering report (spec 2.6, §4 'Offering report'; issue 7): one per
 * church, date and event, `activity_id` being the nil uuid for the day's report without an event
 * (which covers every offering of the date). No row means a DRAFT report. Approval records who
 * and when; unapproving clears it and records who and when it was undone; `sent_at` is set by
 * 'mark as sent' (GET /api/Events/markAsSent).
 */
export const offeringReports = pgTable(
  'offering_reports',
  {
    tenantId: tenantId(),
    id: id(),
    reportDate: date('report_date', { mode: 'string' }).notNull(),
    /** the event of the report, or the nil uuid for the whole day's report */
    activityId: uuid('activity_id').notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    approvedBy: uuid('approved_by'),
    unapprovedAt: timestamp('unapproved_at', { withTimezone: true, mode: 'date' }),
    unapprovedBy: uuid('unapproved_by'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    sentBy: uuid('sent_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('offering_reports_key').on(t.tenantId, t.reportDate, t.activityId),
    check('offering_reports_approval_check', sql`(${t.approvedAt} is null) = (${t.approvedBy} is null)`),
    tenantFk('offering_reports_approved_by_fk', t.tenantId, t.approvedBy, users.tenantId, users.id),
    tenantFk('offering_reports_unapproved_by_fk', t.tenantId, t.unapprovedBy, users.tenantId, users.id),
    tenantFk('offering_reports_sent_by_fk', t.tenantId, t.sentBy, users.tenantId, users.id),
  ],
);

/**
 * A share link of an offering report (issue 7): opens a read-only view of that one report
 * without signing in. Only the SHA-256 (hex) of its 256-bit token is stored; the token itself
 * is shown once, when the link is made. Revoking sets `revoked_at`; a revoked link answers 410.
 * Before a tenant is known, the public route finds a link through the security-definer function
 * `offering_report_find_link(token_hash)` (migration 0009).
 */
export const offeringReportLinks = pgTable(
  'offering_report_links',
  {
    tenantId: tenantId(),
    id: id(),
    reportId: uuid('report_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdBy: uuid('created_by').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedBy: uuid('revoked_by'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('offering_report_links_token_key').on(t.tokenHash),
    index('offering_report_links_report_idx').on(t.tenantId, t.reportId),
    tenantFk('offering_report_links_report_fk', t.tenantId, t.reportId, offeringReports.tenantId, offeringReports.id),
    tenantFk('offering_report_links_created_by_fk', t.tenantId, t.createdBy, users.tenantId, users.id),
    tenantFk('offering_report_links_revoked_by_fk', t.tenantId, t.revokedBy, users.tenantId, users.id),
  ],
);
