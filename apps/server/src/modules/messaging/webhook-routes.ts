import { z } from 'zod';
import { ZErrorEnvelope, ZMessage } from '@steward/contracts/common';
import type { ModuleCtx } from '../../lib/module.ts';
import { inTenant } from '../../lib/context.ts';
import { badRequest, unauthorized } from '../../lib/errors.ts';
import { applyDeliveryReport } from './delivery-service.ts';
import { normalizePhone } from './phone-numbers.ts';
import { recordReply } from './replies-service.ts';
import { parseTermiiWebhook, verifyTermiiSignature } from './termii-gateway.ts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';

/**
 * Webhooks of the SMS gateway (issue 9): Termii's delivery reports and inbound messages at
 * POST /api/Messaging/termii/events, checked by their X-Termii-Signature (HMAC-SHA512 of the
 * raw body with TERMII_SECRET_KEY) before anything is read; registered only when SMS_GATEWAY
 * is termii and TERMII_SECRET_KEY is set. With the development gateway, the Outbox offers
 * POST /api/Messaging/outbox/reply to play a member's reply (STOP included).
 */
export function registerMessagingWebhooks({ app, db, config }: ModuleCtx): void {
  const secret = config.TERMII_SECRET_KEY;
  if (config.SMS_GATEWAY === 'termii' && secret) {
    app.register(async (scope) => {
      // the signature is over the bytes as sent: keep them
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
      scope.post(
        '/api/Messaging/termii/events',
        {
          config: { public: true },
          schema: { tags: ['messaging'], summary: "Termii's delivery reports and inbound messages (signed)" },
        },
        async (req, reply) => {
          const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from('');
          const signature = req.headers['x-termii-signature'];
          if (!verifyTermiiSignature(raw, typeof signature === 'string' ? signature : '', secret)) {
            throw unauthorized('The signature does not match');
          }
          const event = parseTermiiWebhook(raw);
          if (event.kind === 'delivery') await applyDeliveryReport(db, event.report);
          if (event.kind === 'inbound') {
            await recordReply(db, {
              from: event.message.from,
              text: event.message.text,
              receivedAt: event.message.receivedAt ? new Date(event.message.receivedAt) : null,
            });
          }
          return reply.code(200).send({ status: true, response: event.kind });
        },
      );
    });
  }

  if (config.SMS_GATEWAY === 'dev') {
    app.post(
      '/api/Messaging/outbox/reply',
      {
        schema: {
          tags: ['messaging'],
          summary:
            "Development gateway: plays a member's SMS reply from a number the church messaged (STOP opts it out)",
          body: z.object({ from: z.string().max(40), text: z.string().min(1).max(2000) }),
          response: {
            200: z.object({ status: z.boolean(), response: z.string() }),
            400: ZErrorEnvelope,
            401: ZMessage,
          },
        },
      },
      async (req) => {
        const tenantId = await inTenant(db, req, async (ctx) => {
          const [church] = await queryRows<{ country: string }>(
            ctx.tx,
            sql`select country_code as country from tenants where id = ${ctx.tenantId}`,
          );
          return { tenantId: ctx.tenantId, country: church?.country ?? 'NG' };
        });
        const phone = normalizePhone(req.body.from, tenantId.country);
        if (!phone.ok) throw badRequest('from', phone.reason);
        const church = await recordReply(db, { from: phone.e164, text: req.body.text });
        if (church !== tenantId.tenantId) throw badRequest('from', 'The church has not messaged this number');
        return { status: true, response: 'Reply received' };
      },
    );
  }
}
