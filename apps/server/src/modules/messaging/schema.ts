import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, rowId, tenantFk, tenantId } from '../../db/columns.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An SMS sender ID (finance spec 2.7, §4): status 0 pending, 1 processing, 2 approved, 3 not
 * approved. One mask per church, compared case-insensitively (a unique index). A platform
 * operator reviews requests (issue 9).
 */
export const senderIds = pgTable(
  'sender_ids',
  {
    tenantId: tenantId(),
    id: id(),
    mask: text('mask').notNull(),
    status: integer('status').notNull().default(0),
    /** when a platform operator last changed the status, and the note shown to the church */
    reviewedAt: at('reviewed_at'),
    reviewNote: text('review_note'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('sender_ids_mask_key').on(t.tenantId, sql`lower(${t.mask})`),
    check('sender_ids_status', sql`${t.status} between 0 and 3`),
  ],
);

/**
 * A default message template (finance spec 2.9, giving spec 2.17): category 0-6, messageType
 * 0 SMS, 1 Email, 2 Voice. For voice the audio file is kept under uploads (voice_blob_name)
 * and served at voice_url; subject and message are empty.
 */
export const defaultMessages = pgTable(
  'default_messages',
  {
    tenantId: tenantId(),
    id: id(),
    category: integer('category').notNull(),
    messageType: integer('message_type').notNull(),
    subject: text('subject').notNull().default(''),
    message: text('message').notNull().default(''),
    voiceUrl: text('voice_url'),
    voiceBlobName: text('voice_blob_name'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/**
 * One message as composed and sent (the client's CommReport): an SMS or an e-mail to many
 * recipients. status: 'draft' (kept, not sent), 'scheduled', 'sending', 'done'.
 * units_reserved is what was taken from the church's SMS units when it was accepted; segments
 * is the SMS length in segments (GSM-7 or UCS-2), 0 for e-mail.
 */
export const communicationReports = pgTable(
  'communication_reports',
  {
    tenantId: tenantId(),
    id: rowId(),
    channel: text('channel').notNull(),
    status: text('status').notNull(),
    /** the sender ID mask (SMS) or the from name (e-mail) */
    sender: text('sender').notNull().default(''),
    subject: text('subject').notNull().default(''),
    /** the SMS text, or the e-mail's HTML */
    body: text('body').notNull().default(''),
    /** the e-mail's plain-text part */
    bodyText: text('body_text').notNull().default(''),
    personalized: integer('personalized').notNull().default(0),
    segments: integer('segments').notNull().default(0),
    recipientCount: integer('recipient_count').notNull().default(0),
    invalidCount: integer('invalid_count').notNull().default(0),
    optedOutCount: integer('opted_out_count').notNull().default(0),
    unitsReserved: bigint('units_reserved', { mode: 'number' }).notNull().default(0),
    /** where it came from: 'compose', 'report' (offering report), 'default' */
    source: text('source').notNull().default('compose'),
    /** for a draft: the destinations as composed (groups, people, typed numbers), to reopen it */
    draft: jsonb('draft'),
    scheduledAt: at('scheduled_at'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('communication_reports_list').on(t.tenantId, t.channel, t.status, t.createdAt),
    check('communication_reports_channel', sql`${t.channel} in ('sms', 'email')`),
    check('communication_reports_status', sql`${t.status} in ('draft', 'scheduled', 'sending', 'done')`),
  ],
);

/**
 * One recipient of a message: its own delivery job (pg-boss job id = this id).
 * status: 'queued' -> 'sending' (committed before the gateway is called) -> 'sent' ->
 * 'delivered' | 'undelivered' (delivery report), or 'failed' with a reason. A recipient found
 * in 'sending' by a restarted worker is asked of the gateway before anything is sent again.
 */
export const messageRecipients = pgTable(
  'message_recipients',
  {
    tenantId: tenantId(),
    reportId: uuid('report_id').notNull(),
    id: rowId(),
    personId: uuid('person_id'),
    name: text('name').notNull().default(''),
    /** E.164 phone number or e-mail address as normalised; the typed text when invalid */
    address: text('address').notNull(),
    status: text('status').notNull(),
    reason: text('reason'),
    segments: integer('segments').notNull().default(0),
    providerMessageId: text('provider_message_id'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: at('sent_at'),
    deliveredAt: at('delivered_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('message_recipients_address_key').on(t.tenantId, t.reportId, t.address),
    index('message_recipients_report').on(t.tenantId, t.reportId, t.status),
    tenantFk(
      'message_recipients_report_fk',
      t.tenantId,
      t.reportId,
      communicationReports.tenantId,
      communicationReports.id,
    ).onDelete('cascade'),
    index('message_recipients_provider').on(t.providerMessageId),
    check(
      'message_recipients_status',
      sql`${t.status} in ('queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed')`,
    ),
  ],
);

/** The church's SMS units (one row per church); never below zero (a check, so a debit is one update). */
export const smsUnitBalances = pgTable(
  'sms_unit_balances',
  {
    tenantId: tenantId().primaryKey(),
    units: bigint('units', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('sms_unit_balances_not_negative', sql`${t.units} >= 0`)],
);

/** Every change of the SMS units: + granted or refunded, - reserved for a message. */
export const smsUnitMovements = pgTable(
  'sms_unit_movements',
  {
    tenantId: tenantId(),
    id: rowId(),
    units: bigint('units', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    reportId: uuid('report_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** Addresses that asked not to be messaged (a STOP reply or marked by the church), per channel. */
export const messageOptOuts = pgTable(
  'message_opt_outs',
  {
    tenantId: tenantId(),
    channel: text('channel').notNull(),
    address: text('address').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.channel, t.address] })],
);

/** SMS received from members (replies), from the gateway's inbound webhook. */
export const smsReplies = pgTable(
  'sms_replies',
  {
    tenantId: tenantId(),
    id: rowId(),
    fromAddress: text('from_address').notNull(),
    body: text('body').notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/**
 * What the local stand-ins received (development and tests): e-mails taken by the SMTP capture
 * server and SMS taken by the development gateway, shown on the Outbox page. idempotency_key is
 * the recipient id the message was sent for: the stand-ins answer "did you get it?" from it.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    tenantId: tenantId(),
    id: rowId(),
    channel: text('channel').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    fromAddress: text('from_address').notNull().default(''),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull().default(''),
    textBody: text('text_body').notNull().default(''),
    htmlBody: text('html_body'),
    headers: jsonb('headers')
      .notNull()
      .default(sql`'[]'::jsonb`),
    attachments: jsonb('attachments')
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text('status').notNull().default('received'),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('outbox_messages_key').on(t.tenantId, t.idempotencyKey),
    index('outbox_messages_list').on(t.tenantId, t.receivedAt),
  ],
);
