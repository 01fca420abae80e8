import { z } from 'zod';

/** A flag the existing client sends as a boolean or as the strings 'true'/'false'. */
const ZFlag = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .nullish()
  .transform((v) => v === true || v === 'true');

/** A typed contact of the existing client: `{email}` or `{phone}` (either may be empty). */
const ZContact = z.looseObject({
  email: z.string().max(320).nullish(),
  phone: z.string().max(40).nullish(),
  phoneNumber: z.string().max(40).nullish(),
});

/**
 * What both send calls take (existing-client-api §2.4 and §6.6; issue 9 'Composing'):
 * destinations `groupedContacts` (['allcontacts_all', 'group_<groupId>', ...]; see
 * getCommunicationGroups), `ToContacts` (person ids, comma-separated), `contacts` (typed
 * `{email|phone}`) and `toOthers` (typed numbers or addresses, comma-separated), the
 * message, merge fields when personalised ({firstName}, {churchName}), and Steward's own
 * `scheduledAt` (ISO date-time: send then, not now) and `isDraft` (keep, do not send).
 */
const ZSendBase = z.looseObject({
  subject: z.string().max(300).nullish(),
  message: z.string({ error: 'Enter the message' }).max(200_000, 'The message is too long'),
  contacts: z.array(ZContact).max(50_000).nullish(),
  groupedContacts: z.array(z.string().max(80)).max(5_000).nullish(),
  ToContacts: z.string().max(2_000_000).nullish(),
  toContacts: z.string().max(2_000_000).nullish(),
  toOthers: z.string().max(2_000_000).nullish(),
  isPersonalized: ZFlag,
  ispersonalized: ZFlag,
  isoCode: z.string().max(8).nullish(),
  scheduledAt: z.iso
    .datetime({ offset: true, error: 'must be a date and time such as 2026-12-24T18:00:00Z' })
    .nullish(),
  isDraft: ZFlag,
  /** Steward: where the message came from ('compose', 'report', 'default', 'checkin': a set-up's check-in SMS or e-mail) */
  source: z.enum(['compose', 'report', 'default', 'checkin']).nullish(),
});

/** POST /api/Messaging/sendSms body; `subject` is the sender ID (an approved mask of the church). */
export const ZSendSmsRequest = ZSendBase.extend({
  gateWayToUse: z.string().max(40).nullish(),
  category: z.string().max(80).nullish(),
  emailAddress: z.string().max(320).nullish(),
  emailDisplayName: z.string().max(200).nullish(),
});
export type TSendSmsRequest = z.output<typeof ZSendSmsRequest>;

/** POST /api/Messaging/sendEmail body; `message` is the HTML. */
export const ZSendEmailRequest = ZSendBase.extend({
  /** the plain-text part; derived from the HTML when absent */
  messageText: z.string().max(200_000).nullish(),
});
export type TSendEmailRequest = z.output<typeof ZSendEmailRequest>;

/** A destination that could not be used, and why (shown per recipient; never dropped silently). */
export const ZInvalidRecipient = z.object({ address: z.string(), name: z.string(), reason: z.string() });

/**
 * The send answer: the existing client reads `status`, `message`, `unitsUsed` and
 * `sentMessageDTO.{message,id}`; Steward's own screen reads `returnObject`.
 */
export const ZSendResponse = z.object({
  status: z.boolean(),
  message: z.string(),
  response: z.string(),
  unitsUsed: z.number(),
  sentMessageDTO: z.object({ id: z.string(), message: z.string() }),
  returnObject: z.object({
    id: z.string(),
    status: z.enum(['draft', 'scheduled', 'sending', 'done']),
    recipients: z.number(),
    invalid: z.array(ZInvalidRecipient),
    optedOut: z.number(),
    segments: z.number(),
    unitsUsed: z.number(),
    unitsLeft: z.number().nullable(),
    scheduledAt: z.string().nullable(),
  }),
});
export type TSendResponse = z.output<typeof ZSendResponse>;

/** Per-recipient status of a message (issue 9). */
export const ZRecipientStatus = z.enum(['queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed']);

/** One recipient's line in a sent message's report. */
export const ZMessageRecipient = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  status: ZRecipientStatus,
  reason: z.string().nullable(),
  segments: z.number(),
  attempts: z.number(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});

/** Counts of a message's recipients by status. */
export const ZRecipientCounts = z.object({
  queued: z.number(),
  sending: z.number(),
  sent: z.number(),
  delivered: z.number(),
  undelivered: z.number(),
  failed: z.number(),
});

/** GET /api/Messaging/getSentSMSbyId?CommReportId= (also e-mails): the message and its recipients. */
export const ZCommReport = z.object({
  id: z.string(),
  channel: z.enum(['sms', 'email']),
  status: z.enum(['draft', 'scheduled', 'sending', 'done']),
  sender: z.string(),
  subject: z.string(),
  message: z.string(),
  segments: z.number(),
  unitsUsed: z.number(),
  recipientCount: z.number(),
  optedOut: z.number(),
  scheduledAt: z.string().nullable(),
  dateSent: z.string(),
  counts: ZRecipientCounts,
  recipients: z.array(ZMessageRecipient),
  totalRecipients: z.number(),
});
export type TCommReport = z.output<typeof ZCommReport>;

export const ZCommReportQuery = z.object({
  CommReportId: z.uuid({ error: 'must be a message id' }),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  status: ZRecipientStatus.optional(),
});

/** A line of the sent lists (getAllSentSms, getAllSentEmails): one message, its progress. */
export const ZSentMessage = z.object({
  id: z.string(),
  recipient: z.string(),
  recipientCount: z.number(),
  subject: z.string(),
  message: z.string(),
  status: z.string(),
  dateSent: z.string().nullable(),
  counts: ZRecipientCounts,
});
export type TSentMessage = z.output<typeof ZSentMessage>;
export const ZSentMessagesPage = z.object({ data: z.array(ZSentMessage), totalItems: z.number() });
export type TSentMessagesPage = z.output<typeof ZSentMessagesPage>;

/** GET /api/Messaging/getCommunicationGroups: keyed by category, each `[{id, name, category}]`. */
export const ZCommunicationGroups = z.record(
  z.string(),
  z.array(z.object({ id: z.string(), name: z.string(), category: z.string(), count: z.number() })),
);

/** An Outbox line: what the local stand-ins received (development), newest first. */
export const ZOutboxMessage = z.object({
  id: z.string(),
  channel: z.enum(['sms', 'email']),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  headers: z.array(z.string()),
  attachments: z.array(
    z.object({ filename: z.string(), contentType: z.string(), size: z.number(), content: z.string().nullable() }),
  ),
  status: z.string(),
  receivedAt: z.string(),
});
export const ZOutboxPage = z.object({ data: z.array(ZOutboxMessage), totalItems: z.number() });
export type TOutboxPage = z.output<typeof ZOutboxPage>;
export const ZOutboxQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  channel: z.enum(['sms', 'email']).optional(),
});
