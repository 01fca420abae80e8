import {
  ZReportEmailAnswer,
  ZReportRevokeAnswer,
  ZReportShareLinkAnswer,
  ZReportStateAnswer,
  ZSharedReportAnswer,
} from '@steward/contracts/report';
import { request } from './http.ts';

/**
 * The offering report's approval, mark-as-sent, share links and e-mail version (spec 2.6,
 * issue 7). A report is its date (YYYY-MM-DD) and event (null: the whole day's report).
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
