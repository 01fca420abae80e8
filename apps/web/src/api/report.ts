import {
  ZReportEmailAnswer,
  ZReportRevokeAnswer,
  ZReportShareLinkAnswer,
  ZReportStateAnswer,
  ZSharedReportAnswer,
} from '@steward/contracts/report';
import { ZSendResponse } from '@steward/contracts/messaging';
import { request } from './http.ts';

/**
 * The offering report's approval, mark-as-sent, share links and e-mail version (spec 2.6,
 * issue 7), and sending it by e-mail and SMS from its send dialog (existing-client-api §2.4,
 * issue 9). A report is its date (YYYY-MM-DD) and event (null: the whole day's report).
 */
export interface ReportKey {
  date: string;
  activityId: string | null;
}

const body = (k: ReportKey) => ({ date: k.date, ...(k.activityId ? { activityId: k.activityId } : {}) });
const query = (k: ReportKey) => ({ date: k.date, activityId: k.activityId ?? undefined });

/** TanStack Query keys of the report's approval state (the report's figures are under offeringKeys.report). */
export const reportKeys = {
  all: ['offering-report'] as const,
  status: (k: ReportKey) => [...reportKeys.all, 'status', k.date, k.activityId] as const,
  email: (k: ReportKey, message: string) => [...reportKeys.all, 'email', k.date, k.activityId, message] as const,
  shared: (token: string) => [...reportKeys.all, 'shared', token] as const,
};

/** GET /api/Offering/report/status?date=&activityId=: DRAFT or approved (who, when), sent, share links. */
export function getReportStatus(k: ReportKey) {
  return request('/api/Offering/report/status', ZReportStateAnswer, { query: query(k) });
}

/** POST /api/Offering/report/approve: 'Approve report'. 409 when the report has no offerings. */
export function approveReport(k: ReportKey) {
  return request('/api/Offering/report/approve', ZReportStateAnswer, { method: 'POST', body: body(k) });
}

/** POST /api/Offering/report/unapprove: back to DRAFT; its offerings can be changed again. */
export function unapproveReport(k: ReportKey) {
  return request('/api/Offering/report/unapprove', ZReportStateAnswer, { method: 'POST', body: body(k) });
}

/** GET /api/Events/markAsSent?activityId=&date= ('mark as sent', spec §7). 409 for a DRAFT. */
export function markReportAsSent(k: ReportKey) {
  return request('/api/Events/markAsSent', ZReportStateAnswer, {
    query: { activityId: k.activityId ?? '', date: k.date },
  });
}

/** POST /api/Offering/report/shareLinks: a new share link; its token is answered this once. */
export function createShareLink(k: ReportKey) {
  return request('/api/Offering/report/shareLinks', ZReportShareLinkAnswer, { method: 'POST', body: body(k) });
}

/** POST /api/Offering/report/shareLinks/revoke: withdraws every active share link of the report. */
export function revokeShareLinks(k: ReportKey) {
  return request('/api/Offering/report/shareLinks/revoke', ZReportRevokeAnswer, { method: 'POST', body: body(k) });
}

/** GET /api/Offering/report/email-html: the e-mail version (subject, HTML), `message` above the report. */
export function getReportEmail(k: ReportKey, message: string) {
  return request('/api/Offering/report/email-html', ZReportEmailAnswer, {
    query: { ...query(k), message: message.trim() ? message.slice(0, 2000) : undefined },
  });
}

/** GET /api/Offering/sharedReport?token= (no session): 404 unknown, 409 being revised, 410 withdrawn. */
export function getSharedReport(token: string) {
  return request('/api/Offering/sharedReport', ZSharedReportAnswer, { query: { token }, allowUnauthorized: true });
}

/**
 * POST /api/Messaging/sendEmail as the report's send dialog calls it (existing-client-api §2.4):
 * `{ispersonalized:false, contacts:[{email}], subject, message:<the report's HTML>}`, plus
 * Steward's `source:'report'` (the message's origin on the sent-messages pages) and `messageText`,
 * the plain-text part (the server derives one from the HTML without it).
 * @returns the send answer: recipients queued, invalid ones with reasons, opted-out count, the
 *   message id (`sentMessageDTO.id`) for its delivery report.
 * @throws HttpError 400 naming the field (subject, message, destinations), NetworkError, TimeoutError.
 */
export function sendReportEmail(emails: string[], subject: string, html: string, text?: string) {
  return request('/api/Messaging/sendEmail', ZSendResponse, {
    method: 'POST',
    body: {
      ispersonalized: false,
      contacts: emails.map((email) => ({ email })),
      subject,
      message: html,
      ...(text ? { messageText: text } : {}),
      source: 'report',
    },
  });
}

/**
 * POST /api/Messaging/sendSms as the report's send dialog calls it (existing-client-api §2.4):
 * `{ispersonalized:false, contacts:[{phone}], subject, gateWayToUse:'hostedsms', category:'',
 * emailAddress:'', emailDisplayName:'', isoCode, message}` plus `source:'report'`. `subject` is
 * the report's subject: the server sends from the church's approved sender ID (400 on subject
 * when it has none). `isoCode` is the church's country (ISO 3166 alpha-2) for national numbers.
 * @returns the send answer, with the units used (segments x recipients) and left.
 * @throws HttpError 400 (subject: no approved sender ID; message: too few SMS units), NetworkError, TimeoutError.
 */
export function sendReportSms(phones: string[], subject: string, text: string, isoCode: string) {
  return request('/api/Messaging/sendSms', ZSendResponse, {
    method: 'POST',
    body: {
      ispersonalized: false,
      contacts: phones.map((phone) => ({ phone })),
      subject,
      message: text,
      isoCode,
      gateWayToUse: 'hostedsms',
      category: '',
      emailAddress: '',
      emailDisplayName: '',
      source: 'report',
    },
  });
}
