import { z } from 'zod';
import {
  ZCommReport,
  ZCommReportQuery,
  ZCommunicationGroups,
  ZOutboxPage,
  ZOutboxQuery,
  ZSendEmailRequest,
  ZSendResponse,
  ZSendSmsRequest,
  ZSentMessagesPage,
} from '@steward/contracts/messaging';
import { ZMessageDraft, ZSmsReply } from '@steward/contracts/dashboard';
import { ZErrorEnvelope, ZMessage } from '@steward/contracts/common';
import type { ModuleCtx } from '../../lib/module.ts';
import { inTenant } from '../../lib/context.ts';
import type { MessagingRuntime } from './runtime.ts';
import { acceptMessage } from './send-service.ts';
import * as reports from './reports-service.ts';

/**
 * Messaging calls (issue 9; existing-client-api §2.4, §6.6): sending SMS and e-mail, a sent
 * message's per-recipient report, the destination groups, and the Outbox of the local stand-ins.
 */
export function registerMessaging({ app, db }: ModuleCtx, runtime: MessagingRuntime): void {
  const tags = ['messaging'];
  const errors = { 400: ZErrorEnvelope, 401: ZMessage, 404: ZErrorEnvelope };

  app.post(
    '/api/Messaging/sendSms',
    {
      schema: {
        tags,
        summary:
          'Accepts an SMS for sending: one job per recipient, units taken per segment; answers at once (sending is in the background)',
        body: ZSendSmsRequest,
        response: { 200: ZSendResponse, ...errors },
      },
    },
    (req) => inTenant(db, req, (ctx) => acceptMessage(ctx, runtime.queue, 'sms', req.body)),
  );
  app.post(
    '/api/Messaging/sendEmail',
    {
      schema: {
        tags,
        summary: 'Accepts an e-mail (HTML) for sending: one job per recipient; answers at once',
        body: ZSendEmailRequest,
        response: { 200: ZSendResponse, ...errors },
      },
    },
    (req) => inTenant(db, req, (ctx) => acceptMessage(ctx, runtime.queue, 'email', req.body)),
  );
  app.get(
    '/api/Messaging/getSentSMSbyId',
    {
      schema: {
        tags,
        summary: "A sent message (SMS or e-mail) with its recipients' statuses, 50 per page",
        querystring: ZCommReportQuery,
        response: { 200: ZCommReport, ...errors },
      },
    },
    (req) =>
      inTenant(db, req, (ctx) => reports.commReport(ctx, req.query.CommReportId, req.query.page, req.query.status)),
  );
  app.get(
    '/api/Messaging/getCommunicationGroups',
    {
      schema: {
        tags,
        summary: 'Destinations by category: allcontacts (everyone) and group (each group, with its member count)',
        response: { 200: ZCommunicationGroups, 401: ZMessage },
      },
    },
    (req) => inTenant(db, req, (ctx) => reports.communicationGroups(ctx)),
  );
  app.get(
    '/api/Messaging/outbox',
    {
      schema: {
        tags,
        summary: 'What the local stand-ins received (SMTP capture server, development SMS gateway), newest first',
        querystring: ZOutboxQuery,
        response: { 200: ZOutboxPage, ...errors },
      },
    },
    (req) => inTenant(db, req, (ctx) => reports.outbox(ctx, req.query.page, req.query.channel)),
  );
  const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
  for (const [path, channel] of [
    ['/api/Messaging/getAllSentSms', 'sms'],
    ['/api/Messaging/getAllSentEmails', 'email'],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          tags,
          summary: `Sent ${channel === 'sms' ? 'SMS' : 'e-mails'}, newest first, 50 a page, with their recipients' progress`,
          querystring: pageQuery,
          response: { 200: ZSentMessagesPage, ...errors },
        },
      },
      (req) => inTenant(db, req, (ctx) => reports.sentMessages(ctx, channel, req.query.page)),
    );
  }
  app.get(
    '/api/Messaging/GetAllSmsReplies',
    {
      schema: {
        tags,
        summary: 'SMS received from members (replies; STOP opts the number out), newest first, 50 a page',
        querystring: pageQuery,
        response: { 200: z.array(ZSmsReply), ...errors },
      },
    },
    (req) => inTenant(db, req, (ctx) => reports.smsReplies(ctx, req.query.page)),
  );
  for (const [path, channel] of [
    ['/api/Messaging/getSMSDrafts', 'sms'],
    ['/api/Messaging/getEmailDrafts', 'email'],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          tags,
          summary: `Saved ${channel === 'sms' ? 'SMS' : 'e-mail'} drafts (sendSms/sendEmail with isDraft), newest first`,
          response: { 200: z.array(ZMessageDraft), 401: ZMessage },
        },
      },
      (req) => inTenant(db, req, (ctx) => reports.drafts(ctx, channel)),
    );
  }
  app.get(
    '/api/Messaging/units',
    {
      schema: {
        tags,
        summary: "The church's SMS units",
        response: { 200: z.object({ units: z.number() }), 401: ZMessage },
      },
    },
    (req) => inTenant(db, req, async (ctx) => ({ units: await reports.smsUnits(ctx) })),
  );
}
