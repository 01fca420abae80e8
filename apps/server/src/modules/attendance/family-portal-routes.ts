import { z } from 'zod';
import {
  FAMILY_MESSAGES,
  ZCheckinEventGroup,
  ZCheckinEventsQuery,
  ZFamilyAttendanceEnvelope,
  ZFamilyAttendanceQuery,
  ZFamilyLoginAnswer,
  ZFamilyLoginRequest,
  ZFamilyRegisterAnswer,
  ZFamilyRegisterRequest,
  ZRegisterChildrenAnswer,
  ZRegisterChildrenRequest,
  ZUpcomingCheckinEvent,
} from '@steward/contracts/families';
import { ZErrorEnvelope, ZMessage } from '@steward/contracts/common';
import type { ModuleCtx } from '../../lib/module.ts';
import { inTenant } from '../../lib/context.ts';
import { ok } from '../../lib/envelope.ts';
import { unauthorized } from '../../lib/errors.ts';
import { RateLimited, RateLimiter } from '../auth/throttle.ts';
import { toBareMessage400 } from '../people/family-errors.ts';
import { familyLogin, familyLogout, familyRegister, familyToken, withFamilyScope } from './family-portal-auth.ts';
import * as portal from './family-portal-service.ts';

/**
 * The check-in shell's server calls (spec 2.16, existing-client-api §4.4; issue 11): the parent's
 * sign-in and sign-up (root paths, the church from the session: the shell runs signed in as the
 * church), and the event calls under /api/CheckInAttendance. Steward's own shell sends the
 * parent's family-portal token in the X-Family-Token header; the calls then act for that family
 * only (family-portal-auth.ts).
 */
export function registerFamilyPortal({ app, db, config }: ModuleCtx): void {
  const tags = ['check-in shell'];
  const limits = {
    limiter: new RateLimiter(db),
    max: config.LOGIN_RATE_MAX,
    windowSeconds: config.LOGIN_RATE_WINDOW_MINUTES * 60,
  };
  // the existing client's shell shows a 400's body as it is (`err.response.data`): a bare string
  const bare400 = z.union([z.string(), ZErrorEnvelope]);

  app.post(
    '/familyLogin',
    {
      schema: {
        tags,
        summary:
          'A parent signs in to the check-in shell (e-mail or phone); answers login.result with statusCode 200 and a family-portal token, or 401',
        body: ZFamilyLoginRequest,
        response: { 200: ZFamilyLoginAnswer, 400: bare400, 401: ZMessage, 429: ZMessage },
      },
      onSend: toBareMessage400,
    },
    async (req, reply) => {
      if (!req.auth) throw unauthorized();
      return familyLogin(db, limits, req.auth.tenantId, req.body, req.ip).catch((e: unknown) => {
        if (e instanceof RateLimited) reply.header('retry-after', String(e.retryAfterSeconds));
        throw e;
      });
    },
  );

  app.post(
    '/familyRegister',
    {
      schema: {
        tags,
        summary:
          "Creates a parent's family account (and the person and family when new); answers loginData.value.login.result and personID",
        body: ZFamilyRegisterRequest,
        response: { 200: ZFamilyRegisterAnswer, 400: bare400, 401: ZMessage },
      },
      onSend: toBareMessage400,
    },
    async (req) => {
      if (!req.auth) throw unauthorized();
      return familyRegister(db, req.auth.tenantId, req.body);
    },
  );

  app.post(
    '/familyLogout',
    {
      schema: {
        tags,
        summary: 'Ends the family-portal token sent in X-Family-Token',
        response: { 204: z.null(), 401: ZMessage },
      },
    },
    async (req, reply) => {
      if (!req.auth) throw unauthorized();
      await familyLogout(db, req.auth.tenantId, familyToken(req));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/CheckInAttendance/upcomingCheckinEvents',
    {
      schema: {
        tags,
        summary: 'Events from today on with a check-in that has groups (rooms), soonest first (bare list)',
        response: { 200: z.array(ZUpcomingCheckinEvent), 401: ZMessage },
      },
    },
    (req) => inTenant(db, req, portal.upcomingCheckinEvents),
  );

  app.get(
    '/api/CheckInAttendance/checkinevents',
    {
      schema: {
        tags,
        summary: "The groups (rooms) of an event's check-ins with the people recorded in each (bare list)",
        querystring: ZCheckinEventsQuery,
        response: { 200: z.array(ZCheckinEventGroup), 400: ZErrorEnvelope, 401: ZMessage, 404: ZErrorEnvelope },
      },
    },
    (req) => withFamilyScope(db, req, (ctx, scope) => portal.checkinEvents(ctx, req.query.activityId, scope)),
  );

  app.get(
    '/api/CheckInAttendance/FamilyAttendanceRecord',
    {
      schema: {
        tags,
        summary: "A family's events registered for, attended and missed (counts)",
        querystring: ZFamilyAttendanceQuery,
        response: { 200: ZFamilyAttendanceEnvelope, 400: ZErrorEnvelope, 401: ZMessage, 404: ZErrorEnvelope },
      },
    },
    async (req) =>
      ok(await withFamilyScope(db, req, (ctx, scope) => portal.familyAttendanceRecord(ctx, req.query.familyId, scope))),
  );

  app.post(
    '/api/CheckInAttendance/RegisterChildren',
    {
      schema: {
        tags,
        summary:
          'Pre-checks children in for an event from the family portal, each in a group (room); answers the security code',
        body: ZRegisterChildrenRequest,
        response: { 200: ZRegisterChildrenAnswer, 400: ZErrorEnvelope, 401: ZMessage, 404: ZErrorEnvelope },
      },
    },
    async (req) => ({
      status: true as const,
      response: FAMILY_MESSAGES.childrenRegistered,
      returnObject: await withFamilyScope(db, req, (ctx, scope) => portal.registerChildren(ctx, req.body, scope)),
    }),
  );
}
