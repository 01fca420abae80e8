import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ZErrorEnvelope, ZMessage } from '@steward/contracts/common';
import {
  REPORT_MESSAGES,
  ZMarkAsSentQuery,
  ZReportEmailAnswer,
  ZReportEmailQuery,
  ZReportKey,
  ZReportRevokeAnswer,
  ZReportShareLinkAnswer,
  ZReportStateAnswer,
  ZSharedReportAnswer,
  ZShareToken,
} from '@steward/contracts/report';
import type { ModuleCtx } from '../../lib/module.ts';
import { inTenant } from '../../lib/context.ts';
import { failure, ok } from '../../lib/envelope.ts';
import * as approval from './report-approval-service.ts';

/** The site's origin for the e-mail's absolute 'View full report' link: PUBLIC_URL, else as this request reached it. */
function originOf(req: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl;
  const host = /^[A-Za-z0-9.:[\]-]{1,255}$/.test(req.host) ? req.host : 'localhost';
  return `${req.protocol === 'https' ? 'https' : 'http'}://${host}`;
}

const keyOf = (k: { date: string; activityId?: string | null | undefined }) => ({
  date: k.date,
  activityId: k.activityId ?? null,
});

/**
 * The offering report approved, marked as sent, shared and e-mailed (spec 2.6, §4 'Offering
 * report' and 'Send dialog', §7; issue 7). Every route but the share view needs a session; the
 * share view (`config.public`) is rate-limited per address by the auth module's hook.
 */
export function registerReportApproval({ app, db, config }: ModuleCtx): void {
  const tags = ['offering report'];
  const err = { 400: ZErrorEnvelope, 401: ZMessage, 404: ZErrorEnvelope, 409: ZErrorEnvelope };

  app.get(
    '/api/Offering/report/status',
    {
      schema: {
        tags,
        summary: 'Whether the offering report of a date (and event) is a DRAFT or approved, sent and shared',
        querystring: ZReportKey,
        response: { 200: ZReportStateAnswer, ...err },
      },
    },
    async (req) => ok(await inTenant(db, req, (ctx) => approval.reportStatus(ctx, keyOf(req.query)))),
  );

  app.post(
    '/api/Offering/report/approve',
    {
      schema: {
        tags,
        summary: "Approves the report (who and when): its offerings can't be edited or deleted until it is unapproved",
        body: ZReportKey,
        response: { 200: ZReportStateAnswer, ...err },
      },
    },
    async (req) => {
      const r = await inTenant(db, req, (ctx) => approval.approveReport(ctx, keyOf(req.body)));
      return ok(r.state, r.changed ? REPORT_MESSAGES.approved : 'The report was already approved');
    },
  );

  app.post(
    '/api/Offering/report/unapprove',
    {
      schema: {
        tags,
        summary: 'Unapproves the report: back to DRAFT, its offerings can be changed again',
        body: ZReportKey,
        response: { 200: ZReportStateAnswer, ...err },
      },
    },
    async (req) => {
      const r = await inTenant(db, req, (ctx) => approval.unapproveReport(ctx, keyOf(req.body)));
      return ok(r.state, r.changed ? REPORT_MESSAGES.unapproved : 'The report was not approved');
    },
  );

  app.get(
    '/api/Events/markAsSent',
    {
      schema: {
        tags,
        summary: "Marks the event's approved offering report as sent (date picks the report; else the latest)",
        querystring: ZMarkAsSentQuery,
        response: { 200: ZReportStateAnswer, ...err },
      },
    },
    async (req) =>
      ok(
        await inTenant(db, req, (ctx) =>
          approval.markAsSent(ctx, { activityId: req.query.activityId ?? null, date: req.query.date ?? null }),
        ),
        REPORT_MESSAGES.markedAsSentToday,
      ),
  );

  app.post(
    '/api/Offering/report/shareLinks',
    {
      schema: {
        tags,
        summary: 'Makes a share link: a read-only view of this one report without signing in (token shown once)',
        body: ZReportKey,
        response: { 200: ZReportShareLinkAnswer, ...err },
      },
    },
    async (req) => ok(await inTenant(db, req, (ctx) => approval.createShareLink(ctx, keyOf(req.body))), 'Link created'),
  );

  app.post(
    '/api/Offering/report/shareLinks/revoke',
    {
      schema: {
        tags,
        summary: 'Withdraws every active share link of the report; their page then says so',
        body: ZReportKey,
        response: { 200: ZReportRevokeAnswer, ...err },
      },
    },
    async (req) => {
      const r = await inTenant(db, req, (ctx) => approval.revokeShareLinks(ctx, keyOf(req.body)));
      return ok({ ...r.state, revoked: r.revoked }, `${r.revoked} share link(s) withdrawn`);
    },
  );

  app.get(
    '/api/Offering/report/email-html',
    {
      schema: {
        tags,
        summary:
          "The e-mail version of the report (HTML with a 'View full report' link), for the send dialog's Preview",
        querystring: ZReportEmailQuery,
        response: { 200: ZReportEmailAnswer, ...err },
      },
    },
    async (req) =>
      ok(
        await inTenant(db, req, (ctx) =>
          approval.emailVersion(ctx, keyOf(req.query), originOf(req, config.PUBLIC_URL), req.query.message),
        ),
      ),
  );

  app.get(
    '/api/Offering/sharedReport',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          'The report a share link opens, read-only, without a session (404 unknown, 410 withdrawn, 409 unapproved)',
        // a query, not a path segment: a malformed path is refused by the router before validation
        querystring: z.object({ token: ZShareToken }),
        response: {
          200: ZSharedReportAnswer,
          400: ZErrorEnvelope,
          404: ZErrorEnvelope,
          409: ZErrorEnvelope,
          410: ZErrorEnvelope,
          429: ZMessage,
        },
      },
    },
    async (req, reply) => {
      const r = await approval.sharedReport(db, req.query.token);
      switch (r.kind) {
        case 'ok':
          return ok(r.report);
        case 'revoked':
          return reply.code(410).send(failure(REPORT_MESSAGES.linkWithdrawn));
        case 'draft':
          return reply.code(409).send(failure('This report is being revised by the church; please check again later'));
        default:
          return reply.code(404).send(failure('This link does not open any report'));
      }
    },
  );
}
