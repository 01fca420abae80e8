import {
  ZDeleteSenderIdQuery,
  ZRequestSenderIdAnswer,
  ZRequestSenderIdRequest,
  ZSenderIdDeletedEnvelope,
  ZSenderIdListEnvelope,
  senderIdStatusLabel,
} from '@steward/contracts/sender-ids';
import { ZErrorEnvelope, ZMessage } from '@steward/contracts/common';
import type { ModuleCtx } from '../../lib/module.ts';
import { inTenant } from '../../lib/context.ts';
import { ok } from '../../lib/envelope.ts';
import * as service from './sender-ids-service.ts';

/**
 * SMS sender IDs (finance spec 2.7, §4, §5; existing-client-api §2.7; issue 9): the church's
 * list, a request (answered with the numeric status the client reads) and a delete. The review
 * of requests by a platform operator lives elsewhere.
 */
export function registerSenderIds({ app, db }: ModuleCtx): void {
  const tags = ['sender IDs'];

  app.get(
    '/api/Messaging/RetrieveTenantSenderIDs',
    {
      schema: {
        tags,
        summary:
          "The church's sender IDs by mask, every status: 0 pending, 1 processing, 2 approved, 3 not approved (only approved ones send)",
        response: { 200: ZSenderIdListEnvelope, 401: ZMessage },
      },
    },
    async (req) => ok(await inTenant(db, req, (ctx) => service.listSenderIds(ctx))),
  );

  app.post(
    '/api/Messaging/RequestSenderID',
    {
      schema: {
        tags,
        summary:
          'Requests a sender ID (3-11 letters or digits, new to the church in any case); answers its numeric status (0 pending) at the top level',
        body: ZRequestSenderIdRequest,
        response: { 200: ZRequestSenderIdAnswer, 400: ZErrorEnvelope, 401: ZMessage },
      },
    },
    async (req) => {
      const created = await inTenant(db, req, (ctx) => service.requestSenderId(ctx, req.body));
      return {
        status: created.status,
        response: `${senderIdStatusLabel(created.status)}: sender ID ${created.mask} is waiting for approval`,
        returnObject: created,
      };
    },
  );

  app.delete(
    '/api/Messaging/DeleteSenderID',
    {
      schema: {
        tags,
        summary: 'Deletes a sender ID of the church (any status); 404 for an id of no sender ID of the church',
        querystring: ZDeleteSenderIdQuery,
        response: { 200: ZSenderIdDeletedEnvelope, 400: ZErrorEnvelope, 401: ZMessage, 404: ZErrorEnvelope },
      },
    },
    async (req) => ok(await inTenant(db, req, (ctx) => service.deleteSenderId(ctx, req.query.id)), 'Sender ID deleted'),
  );
}
