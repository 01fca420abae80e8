import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
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
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

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
    tenantFk('payment_form_gateways_form_fk', t.tenantId, t.paymentFormId, paymentForms.tenantId, paymentForms.id),
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
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('payments_reference_key').on(t.reference),
    check('payments_status_check', sql`${t.status} in ('pending','succeeded','failed','cancelled')`),
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
