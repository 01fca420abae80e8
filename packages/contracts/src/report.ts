import { z } from 'zod';
import { ZDate, ZEnvelope, ZOptionalId } from './common.ts';

/**
 * The offering report's approval, sending and sharing (spec 2.6, §4 'Offering report' and
 * 'Send dialog'; issue 7). A report is one per church, date and event; without an event it is
 * the whole day's report (every offering of the date).
 */

/** Which report: `date` (YYYY-MM-DD, or the forms ZDate accepts) and the optional event. */
export const ZReportKey = z.object({
  date: ZDate,
  /** the event; '', null, absent or the all-zero id mean the whole day's report */
  activityId: ZOptionalId.optional(),
});
export type TReportKey = z.input<typeof ZReportKey>;

/** A user named in the report's trail. */
export const ZReportPerson = z.object({ id: z.uuid(), name: z.string() });

/** An active share link of a report (its token is never shown again after it is made). */
export const ZReportShareLink = z.object({
  id: z.uuid(),
  /** ISO timestamp */
  createdAt: z.string(),
  createdBy: z.string(),
});

/** GET /api/Offering/report/status (and the answer of every change): where the report stands. */
export const ZReportState = z.object({
  /** YYYY-MM-DD */
  date: z.string(),
  /** the event, or null for the whole day's report */
  activityId: z.uuid().nullable(),
  status: z.enum(['draft', 'approved']),
  approved: z.boolean(),
  /** ISO timestamps, null when not (or no longer) approved */
  approvedAt: z.string().nullable(),
  approvedBy: ZReportPerson.nullable(),
  /** the last time the report was unapproved, and by whom */
  unapprovedAt: z.string().nullable(),
  unapprovedBy: ZReportPerson.nullable(),
  /** set by GET /api/Events/markAsSent */
  sentAt: z.string().nullable(),
  sentBy: ZReportPerson.nullable(),
  /** share links not revoked, newest first */
  shareLinks: z.array(ZReportShareLink),
});
export type TReportState = z.infer<typeof ZReportState>;
export const ZReportStateAnswer = ZEnvelope(ZReportState);

/** GET /api/Events/markAsSent?activityId=[&date=]: `date` picks the report; without it, the event's latest approved one. */
export const ZMarkAsSentQuery = z.object({
  activityId: ZOptionalId.optional(),
  date: ZDate.optional(),
});

/** POST /api/Offering/report/shareLinks answer: the new link's token, shown this once. */
export const ZReportShareLinkCreated = z.object({
  id: z.uuid(),
  /** 256 random bits, base64url (43 characters) */
  token: z.string(),
  /** the web page of the link, relative to the site: '/r/{token}' */
  path: z.string(),
  createdAt: z.string(),
});
export const ZReportShareLinkAnswer = ZEnvelope(ZReportShareLinkCreated);
export type TReportShareLinkCreated = z.infer<typeof ZReportShareLinkCreated>;

/** Revoking answers how many links were revoked, with the report's state. */
export const ZReportRevokeAnswer = ZEnvelope(ZReportState.extend({ revoked: z.number().int() }));

/** GET /api/Offering/report/email-html query: the report, and the message put above it. */
export const ZReportEmailQuery = ZReportKey.extend({
  message: z.string().max(2000, 'must be at most 2,000 characters').optional(),
});

/** The e-mail version of the report: a complete HTML document (tables, inline styles). */
export const ZReportEmail = z.object({
  /** 'Report For {event name}' */
  subject: z.string(),
  html: z.string(),
  /** the absolute 'View full report' address: {origin}/tenant/report/{date}[?activityID=] */
  fullReportUrl: z.string(),
});
export const ZReportEmailAnswer = ZEnvelope(ZReportEmail);
export type TReportEmail = z.infer<typeof ZReportEmail>;

/** A token as the share link carries it. */
export const ZShareToken = z
  .string()
  .min(20, 'is not a share link')
  .max(100, 'is not a share link')
  .regex(/^[A-Za-z0-9_-]+$/, 'is not a share link');

/** One offering of a shared report; no donor names leave the church through a link. */
export const ZSharedReportRow = z.object({
  contribution: z.string(),
  channel: z.string(),
  /** ISO 4217 code of the offering */
  currencyName: z.string(),
  /** decimal, in `currencyName` */
  amount: z.number(),
  /** church-currency units per unit of `currencyName` (1 for the church currency); null without a stored rate */
  rate: z.number().nullable(),
  /** decimal, in the church currency; null when no rate is stored (left out of the total) */
  convertedAmount: z.number().nullable(),
});
export type TSharedReportRow = z.infer<typeof ZSharedReportRow>;

/** GET /api/Offering/sharedReport?token= (public): the one report the link opens, read-only. */
export const ZSharedReport = z.object({
  churchName: z.string(),
  /** the event's name, or null for the whole day's report */
  activityName: z.string().nullable(),
  /** YYYY-MM-DD */
  date: z.string(),
  tenantCurrency: z.string(),
  /** decimal, in the church currency: the sum of the rows' convertedAmount */
  totalToday: z.number(),
  approvedAt: z.string(),
  rows: z.array(ZSharedReportRow),
});
export type TSharedReport = z.infer<typeof ZSharedReport>;
export const ZSharedReportAnswer = ZEnvelope(ZSharedReport);

/** The report send dialog's texts (spec 2.6, §4 'Send dialog', §8). */
export const REPORT_MESSAGES = {
  draftNotice: 'This is a DRAFT report. You can take further actions once you approve it.',
  approve: 'Approve report',
  approved: 'Report approved',
  unapproved: 'Report unapproved',
  approveFailed: 'Report not successfully approved, please try again',
  sendReport: 'Send Report',
  resendReport: 'Resend Report',
  getShareLink: 'Get share link',
  markAsSent: 'mark as sent',
  markedAsSentToday: 'Marked as sent today',
  noDestination: 'Enter at least a destination for the report',
  linkCopied: 'Link Copied',
  linkCopiedDetail: 'Shareable link copied to your clipboard',
  sendSuccess: 'Send Success',
  sendFailed: 'Sending Failed',
  subject: (eventName: string) => `Report For ${eventName}`,
  viewFullReport: 'View full report',
  linkWithdrawn: 'This link was withdrawn',
} as const;
