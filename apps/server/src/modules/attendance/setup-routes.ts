import { ZErrorEnvelope, ZMessage } from '@steward/contracts/common';
import {
  ATTENDANCE_SETUP_MESSAGES,
  BANNER_FIELD,
  ZAttendanceCheckoutAnswer,
  ZAttendanceCheckoutQuery,
  ZAttendanceDeleteAnswer,
  ZAttendanceDeleteMultiple,
  ZAttendanceItem,
  ZAttendanceItemQuery,
  ZAttendanceSetupCreated,
  ZAttendanceSetupEdited,
  ZAttendanceSetupList,
  ZAttendanceSetupListQuery,
  ZSingleAttendanceAnswer,
  ZSingleAttendanceQuery,
} from '@steward/contracts/attendance-setup';
import { ZProviderUnavailable } from '@steward/contracts/giving';
import type { FastifyReply } from 'fastify';
import type { ModuleCtx } from '../../lib/module.ts';
import { inTenant } from '../../lib/context.ts';
import { ok } from '../../lib/envelope.ts';
import { unauthorized } from '../../lib/errors.ts';
import { orUnavailable, originOf } from '../giving/http.ts';
import { MAX_MEDIA_BYTES, MultipartBody } from '../media/service.ts';
import type { PaymentProviders } from '../payments/provider.ts';
import { readSetupForm } from './setup-form.ts';
import * as setup from './setup-service.ts';

/**
 * The attendance set-up's calls (spec 2.9, 2.10, §7 'Attendance set-up'; existing-client-api
 * §4.1 first bullets; issue 11 'Admin'). Every route needs a church session (401 `{message}`).
 * The multipart create and edit are registered in a scope of their own, so no other route
 * accepts multipart bodies.
 */
export function registerAttendanceSetup({ app, db, config }: ModuleCtx, providers: PaymentProviders): void {
  const tags = ['attendance'];
  const err = { 400: ZErrorEnvelope, 401: ZMessage, 404: ZErrorEnvelope };

  app.get(
    '/api/CheckInAttendance/AllCheckInAttendances',
    {
      schema: {
        tags,
        summary:
          "The church's attendance set-ups, 50 a page, newest event first; ?searchText= keeps those whose event name contains it",
        querystring: ZAttendanceSetupListQuery,
        response: { 200: ZAttendanceSetupList, ...err },
      },
    },
    (req) => inTenant(db, req, (ctx) => setup.listSetups(ctx, req.query.page, req.query.searchText || undefined)),
  );

  app.post(
    '/api/CheckInAttendance/Delete/Multiple',
    {
      schema: {
        tags,
        summary: `Deletes set-ups (their links stop working; attendance records are kept). Answers the string '${ATTENDANCE_SETUP_MESSAGES.deleted}'; 404 and nothing deleted when an id is not the church's`,
        body: ZAttendanceDeleteMultiple,
        response: { 200: ZAttendanceDeleteAnswer, ...err },
      },
    },
    async (req, reply) => sendText(reply, await inTenant(db, req, (ctx) => setup.deleteSetups(ctx, req.body))),
  );

  app.delete(
    '/api/CheckInAttendance/checkout',
    {
      schema: {
        tags,
        summary:
          'Checks out everyone still checked in at the set-up (the end of the event), recording who and when; answers a string to show',
        querystring: ZAttendanceCheckoutQuery,
        response: { 200: ZAttendanceCheckoutAnswer, ...err },
      },
    },
    async (req, reply) =>
      sendText(reply, await inTenant(db, req, (ctx) => setup.checkOutEveryone(ctx, req.query.attendanceId))),
  );

  app.get(
    '/api/CheckInAttendance/GetSingleAttendanceCheckIn',
    {
      schema: {
        tags,
        summary: 'One set-up as the edit screen prefills it (returnObject.attendanceItem)',
        querystring: ZSingleAttendanceQuery,
        response: { 200: ZSingleAttendanceAnswer, ...err },
      },
    },
    (req) =>
      inTenant(db, req, async (ctx) =>
        ok({ attendanceItem: await setup.getSetup(ctx, req.query.checkInAttendanceId) }),
      ),
  );

  app.get(
    '/api/CheckInAttendance/AttendanceItem',
    {
      schema: {
        tags,
        summary:
          "The check-in type page: the set-up's check-in and registration links with PNG QR codes; ?attendanceCode= takes the set-up's id or its code",
        querystring: ZAttendanceItemQuery,
        response: { 200: ZAttendanceItem, ...err },
      },
    },
    (req) =>
      inTenant(db, req, (ctx) => setup.attendanceItem(ctx, req.query.attendanceCode, originOf(req, config.PUBLIC_URL))),
  );

  void app.register(async (scope) => {
    const limit = MAX_MEDIA_BYTES + 256 * 1024;
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: limit }, (_req, body, done) =>
      done(null, new MultipartBody(body as Buffer)),
    );
    const multipart = `multipart/form-data: the text fields of spec §3 'Attendance check-in form payload' and the banner image in ${BANNER_FIELD}`;

    scope.post(
      '/api/CheckInAttendance/CreateAttendanceCheckIn',
      {
        bodyLimit: limit,
        schema: {
          tags,
          summary: `Creates a set-up (${multipart}); answers returnObject.checkInAttendanceResult[0].{id, attendanceCode}`,
          response: { 200: ZAttendanceSetupCreated, ...err, 503: ZProviderUnavailable },
        },
      },
      async (req, reply) => {
        if (!req.auth) throw unauthorized();
        const form = await readSetupForm(req.body, req.headers['content-type']);
        const env = { providers, config, origin: originOf(req, config.PUBLIC_URL) };
        return orUnavailable(req, reply, async () => {
          const result = await inTenant(db, req, (ctx) => setup.createSetup(ctx, env, form));
          return ok({ checkInAttendanceResult: [result] }, ATTENDANCE_SETUP_MESSAGES.created);
        });
      },
    );

    scope.put(
      '/api/CheckInAttendance/EditAttendanceCheckIn',
      {
        bodyLimit: limit,
        schema: {
          tags,
          summary: `Edits a set-up (${multipart}, plus Id); fields not sent keep their values; answers {response, id, attendanceCode}`,
          response: { 200: ZAttendanceSetupEdited, ...err, 503: ZProviderUnavailable },
        },
      },
      async (req, reply) => {
        if (!req.auth) throw unauthorized();
        const form = await readSetupForm(req.body, req.headers['content-type']);
        const env = { providers, config, origin: originOf(req, config.PUBLIC_URL) };
        return orUnavailable(req, reply, async () => {
          const result = await inTenant(db, req, (ctx) => setup.editSetup(ctx, env, form));
          return {
            status: true as const,
            response: ATTENDANCE_SETUP_MESSAGES.updated,
            id: result.id,
            attendanceCode: result.attendanceCode,
          };
        });
      },
    );
  });
}

/** A bare JSON string answer (the existing client reads `res.data` as a string; existing-client-api §7(a)). */
function sendText(reply: FastifyReply, text: string) {
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(text));
}
