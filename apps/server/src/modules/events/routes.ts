import { z } from 'zod';
import {
  ZCreateActivityRequest,
  ZCreateActivityResponse,
  ZEventActivity,
  ZEventCategory,
  ZEventCategoryCreateQuery,
} from '@steward/contracts/events';
import { ZErrorEnvelope } from '@steward/contracts/common';
import type { ModuleCtx } from '../../lib/module.ts';
import { inTenant } from '../../lib/context.ts';
import { ok } from '../../lib/envelope.ts';
import * as service from './service.ts';

/** Events and event categories (spec §7). */
export function registerEvents({ app, db }: ModuleCtx): void {
  const tags = ['events'];
  app.get(
    '/api/Events/EventActivity',
    {
      schema: {
        tags,
        summary: 'Events, newest first: [{activityID, name, date}]',
        response: { 200: z.array(ZEventActivity) },
      },
    },
    (req) => inTenant(db, req, service.listActivities),
  );
  app.get(
    '/api/EventCategory',
    { schema: { tags, summary: 'Event categories', response: { 200: z.array(ZEventCategory) } } },
    (req) => inTenant(db, req, service.listCategories),
  );
  app.post(
    '/api/EventCategory',
    {
      schema: {
        tags,
        summary: 'Adds an event category; answers the updated list',
        querystring: ZEventCategoryCreateQuery,
        response: { 200: z.array(ZEventCategory), 400: z.union([z.string(), ZErrorEnvelope]) },
      },
      // existing-client-api §2.2 and §7: the client shows `error.response.data` as it is, so a
      // refusal is the message alone, a JSON string, not the error envelope
      onSend: async (_req, reply, payload) => {
        if (reply.statusCode !== 400 || typeof payload !== 'string') return payload;
        const parsed = JSON.parse(payload) as { response?: unknown; errors?: { message?: unknown }[] };
        const message = parsed.errors?.[0]?.message ?? parsed.response;
        return JSON.stringify(typeof message === 'string' ? message : 'The category name is invalid');
      },
    },
    (req) => inTenant(db, req, (ctx) => service.createCategory(ctx, req.query.name)),
  );
  app.post(
    '/api/Events/CreateActivity',
    {
      schema: {
        tags,
        summary: 'Creates an event of a category on a date',
        body: ZCreateActivityRequest,
        response: { 200: ZCreateActivityResponse, 400: ZErrorEnvelope },
      },
    },
    async (req) => {
      const currentEvent = await inTenant(db, req, (ctx) => service.createActivity(ctx, req.body.activity));
      // the existing client reads data.currentEvent; Steward's web app reads returnObject
      return { ...ok({ currentEvent }, 'Your new event was created successfully'), currentEvent };
    },
  );
}
