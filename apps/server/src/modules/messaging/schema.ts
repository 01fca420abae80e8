import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId } from '../../db/columns.ts';

/** An SMS sender ID request: status 0 pending, 1 processing, 2 approved, 3 not approved. */
export const senderIds = pgTable(
  'sender_ids',
  {
    tenantId: tenantId(),
    id: id(),
    mask: text('mask').notNull(),
    status: integer('status').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** A default message template (spec 2.9, 2.17): category 0-6, messageType 0 SMS, 1 Email, 2 Voice. */
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
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** Every e-mail or SMS sent, for the outbox and reports. */
export const messageLogs = pgTable(
  'message_logs',
  {
    tenantId: tenantId(),
    id: id(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    status: text('status').notNull().default('queued'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
