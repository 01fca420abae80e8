import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tenantFk, tenantId } from '../../db/columns.ts';
import { contributionItems, offeringTransactions } from '../offerings/schema.ts';
import { people } from '../people/schema.ts';
import { journalEntries } from '../ledger/schema.ts';
import { banks, paymentGateways } from '../lookups/schema.ts';

/** A payment form: contribution items, a bank account and card providers (spec 2.1-2.3). */
export const paymentForms = pgTable(
  'payment_forms',
  {
    tenantId: tenantId(),
    id: id(),
    name: text('name').notNull(),
    bankId: integer('bank_id'),
    bankCode: text('bank_code'),
    accountNumber: text('account_number'),
    accountName: text('account_name'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'payment_forms_bank_fk', columns: [t.bankId], foreignColumns: [banks.id] }),
  ],
);

/** A contribution item offered on a form: once per form (payment_form_items_item_key). */
export const paymentFormItems = pgTable(
  'payment_form_items',
  {
    tenantId: tenantId(),
    id: id(),
    paymentFormId: uuid('payment_form_id').notNull(),
    contributionItemId: uuid('contribution_item_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('payment_form_items_item_key').on(t.tenantId, t.paymentFormId, t.contributionItemId),
    tenantFk('payment_form_items_form_fk', t.tenantId, t.paymentFormId, paymentForms.tenantId, paymentForms.id),
    tenantFk(
      'payment_form_items_item_fk',
      t.tenantId,
      t.contributionItemId,
      contributionItems.tenantId,
      contributionItems.id,
    ),
  ],
);

/**
 * A card provider offered on a form, once per form (payment_form_gateways_gateway_key), with the
 * provider's settlement subaccount of the form's bank account when it has one.
 */
export const paymentFormGateways = pgTable(
  'payment_form_gateways',
  {
    tenantId: tenantId(),
    id: id(),
    paymentFormId: uuid('payment_form_id').notNull(),
    paymentGatewayId: integer('payment_gateway_id').notNull(),
    subAccountId: text('sub_account_id'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('payment_form_gateways_gateway_key').on(t.tenantId, t.paymentFormId, t.paymentGatewayId),
    tenantFk('payment_form_gateways_form_fk', t.tenantId, t.paymentFormId, paymentForms.tenantId, paymentForms.id),
    foreignKey({
      name: 'payment_form_gateways_gateway_fk',
      columns: [t.paymentGatewayId],
      foreignColumns: [paymentGateways.id],
    }),
  ],
);

/** A giver account for online giving (spec 2.6-2.8). */
export const givers = pgTable(
  'givers',
  {
    tenantId: tenantId(),
    id: id(),
    personId: uuid('person_id'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('givers_email_key').on(t.tenantId, sql`lower(${t.email})`),
    tenantFk('givers_person_fk', t.tenantId, t.personId, people.tenantId, people.id),
  ],
);

/**
 * An online payment (donation or registration fee). `reference` is unique: a retried
 * initialise, confirm or webhook finds the first row and posts nothing new.
 */
export const payments = pgTable(
  'payments',
  {
    tenantId: tenantId(),
    id: id(),
    reference: text('reference').notNull(),
    provider: text('provider').notNull(),
    purpose: text('purpose').notNull(),
    paymentFormId: uuid('payment_form_id'),
    giverId: uuid('giver_id'),
    personId: uuid('person_id'),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currencyCode: text('currency_code').notNull(),
    status: text('status').notNull().default('pending'),
    payerName: text('payer_name'),
    payerEmail: text('payer_email'),
    payerPhone: text('payer_phone'),
    journalEntryId: uuid('journal_entry_id'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    // --- online donations (issue 10 'Every gift in the books exactly once'; migration 0018) ---
    /** the gift was given anonymously: the donation list shows 'Anonymous' */
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    /** the client's orderID (DESIGN.md §1.7): with `request_hash`, a retried initialise finds this row */
    orderId: text('order_id'),
    /** SHA-256 (hex) of what was asked (form, gateway, currency, items and amounts, payer) */
    requestHash: text('request_hash'),
    /** the provider's hosted checkout for this payment, answered again to a retried initialise */
    authorizationUrl: text('authorization_url'),
    /** the provider's own id of the transaction (Paystack `id`, Flutterwave `id`), once known */
    providerTransactionId: text('provider_transaction_id'),
    /** the provider's last word on it (success, failed, abandoned, pending), as verify normalises it */
    providerStatus: text('provider_status'),
    /** the provider's fee in minor units of `currency_code`, when verify gives one */
    feeMinor: bigint('fee_minor', { mode: 'bigint' }),
    /** when the provider says it was paid */
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    /** why a payment is 'flagged' (not posted: amount or currency differs, posting refused) or 'failed' */
    statusReason: text('status_reason'),
    /** when Steward last asked the provider about it, and how many times */
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }),
    checkCount: integer('check_count').notNull().default(0),
    // --- refunds (issue 12: a registration paid after its hold expired and the event filled; migration 0022) ---
    /**
     * null: no refund asked; 'pending': Steward must give the money back (the refund job asks the
     * provider after the settlement's commit); 'refunded': the provider took the refund; 'failed':
     * the provider refused it (the administrator refunds from the provider's dashboard). The
     * payment itself stays 'flagged' (never posted); `status_reason` says which.
     */
    refundStatus: text('refund_status'),
    /**
     * when the refund is due to be asked for: set by settlement; while a request to the provider
     * is in flight, a lease ahead (refundPayment), so no two runs ask at once. `refunded_at`:
     * when the provider took it.
     */
    refundRequestedAt: timestamp('refund_requested_at', { withTimezone: true, mode: 'date' }),
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
    /** the provider's id of the refund */
    refundId: text('refund_id'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('payments_reference_key').on(t.reference),
    // a form's payments (deleting a form with payment history deactivates it instead)
    index('payments_form_idx').on(t.tenantId, t.paymentFormId),
    // a retried initialise (same orderID, same request) finds the first payment (DESIGN.md §1.7)
    uniqueIndex('payments_order_key')
      .on(t.tenantId, t.orderId, t.requestHash)
      .where(sql`${t.orderId} is not null`),
    // the re-check sweep: pending payments, oldest first, across churches (giving_stale_payments)
    index('payments_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    // a giver's history and the admin's payment list
    index('payments_giver_idx').on(t.tenantId, t.giverId, t.createdAt),
    index('payments_list_idx').on(t.tenantId, t.status, t.createdAt),
    check(
      'payments_status_check',
      sql`${t.status} in ('pending','succeeded','failed','cancelled','abandoned','flagged')`,
    ),
    check('payments_amount_positive', sql`${t.amountMinor} > 0`),
    check('payments_refund_status_check', sql`${t.refundStatus} in ('pending','refunded','failed')`),
    // the refund job: refunds still to ask for, across churches (giving_refunds_due)
    index('payments_refund_due_idx')
      .on(t.refundRequestedAt)
      .where(sql`${t.refundStatus} = 'pending'`),
    tenantFk('payments_form_fk', t.tenantId, t.paymentFormId, paymentForms.tenantId, paymentForms.id),
    tenantFk('payments_giver_fk', t.tenantId, t.giverId, givers.tenantId, givers.id),
    tenantFk('payments_person_fk', t.tenantId, t.personId, people.tenantId, people.id),
    tenantFk('payments_entry_fk', t.tenantId, t.journalEntryId, journalEntries.tenantId, journalEntries.id),
  ],
);

/** The items of one payment; each becomes a donation row (an offering transaction, source 'online'). */
export const paymentItems = pgTable(
  'payment_items',
  {
    tenantId: tenantId(),
    id: id(),
    paymentId: uuid('payment_id').notNull(),
    contributionItemId: uuid('contribution_item_id').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    offeringTransactionId: uuid('offering_transaction_id'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('payment_items_payment_idx').on(t.tenantId, t.paymentId),
    // the donation list joins each donation row to its payment (donor, provider)
    uniqueIndex('payment_items_offering_key').on(t.tenantId, t.offeringTransactionId),
    check('payment_items_amount_positive', sql`${t.amountMinor} > 0`),
    tenantFk('payment_items_payment_fk', t.tenantId, t.paymentId, payments.tenantId, payments.id),
    tenantFk(
      'payment_items_item_fk',
      t.tenantId,
      t.contributionItemId,
      contributionItems.tenantId,
      contributionItems.id,
    ),
    tenantFk(
      'payment_items_offering_fk',
      t.tenantId,
      t.offeringTransactionId,
      offeringTransactions.tenantId,
      offeringTransactions.id,
    ),
  ],
);

/**
 * A giver's sign-in session (giving spec 2.7; issue 10 'Givers'): a bearer token of its own kind,
 * never a church session (the auth hook does not know these), opening only the giver's own
 * history. Only the SHA-256 of the 256-bit token is stored. Found before the tenant is known
 * through the security-definer function `giving_find_giver_session` (migration 0018).
 */
export const giverSessions = pgTable(
  'giver_sessions',
  {
    tenantId: tenantId(),
    tokenHash: text('token_hash').notNull(),
    giverId: uuid('giver_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.tokenHash] }),
    uniqueIndex('giver_sessions_token_key').on(t.tokenHash),
    index('giver_sessions_giver_idx').on(t.tenantId, t.giverId),
    tenantFk('giver_sessions_giver_fk', t.tenantId, t.giverId, givers.tenantId, givers.id),
  ],
);

/**
 * A giver's 'Forgot Password?' request (giving spec 2.7): the e-mailed link carries a 256-bit
 * token of which only the SHA-256 is stored (set when the e-mail job makes the link); it works
 * once (`used_at`) before `expires_at`. Found through `giving_find_password_reset` (migration 0018).
 */
export const giverPasswordResets = pgTable(
  'giver_password_resets',
  {
    tenantId: tenantId(),
    id: id(),
    giverId: uuid('giver_id').notNull(),
    tokenHash: text('token_hash'),
    /** the payment form the giver came from, so the e-mailed link leads back to it */
    paymentFormId: uuid('payment_form_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('giver_password_resets_token_key').on(t.tokenHash),
    index('giver_password_resets_giver_idx').on(t.tenantId, t.giverId),
    tenantFk('giver_password_resets_giver_fk', t.tenantId, t.giverId, givers.tenantId, givers.id),
  ],
);
