import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  ATTENDANCE_TYPES,
  ZAttendanceReport,
  ZAttendanceReportQuery,
  ZAttendanceType,
  ZCheckOutRequest,
  ZDeletePersonAttendanceQuery,
  ZDeletePersonAttendanceResponse,
  ZMarkAllRequest,
  ZMarkAllResponse,
  ZMarkAttendanceRequest,
  ZRevealPhoneQuery,
  ZUpdateCheckInAttendanceRequest,
  ZUpdateCheckInAttendanceResponse,
} from '@steward/contracts/attendance-marking';
import { ZErrorEnvelope, ZMessage } from '@steward/contracts/common';
import type { ModuleCtx } from '../../lib/module.ts';
import { inTenant } from '../../lib/context.ts';
import { ok } from '../../lib/envelope.ts';
import * as service from './marking-service.ts';

/** Refusals of the marking calls: 400 naming the field, 401 without a session, 404 for a missing or foreign id. */
const errors = { 400: ZErrorEnvelope, 401: ZMessage, 404: ZErrorEnvelope };

/** A bare JSON string answer (the existing client reads `res.data` as a string, §7(a)). */
function sendText(reply: FastifyReply, text: string) {
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(text));
}

/**
 * The attendance report and marking page (issue 11 'Admin', third bullet; existing-client-api
 * §4.1 from 'AttendanceReport' on, §4.3 MarkAttendance / CheckOut), and GET /GetAttendanceType.
 * GET /api/Financials/Contributions/Items is the offerings module's item list (routing is
 * case-insensitive); it answers `{id, name, …}` already.
 */
export function registerAttendanceMarking({ app, db }: ModuleCtx): void {
  const tags = ['attendance'];

  app.get(
    '/api/CheckInAttendance/AttendanceReport',
    {
      schema: {
        tags,
        summary: 'The attendance report and marking page of a check-in set-up (bare)',
        querystring: ZAttendanceReportQuery,
        response: { 200: ZAttendanceReport, ...errors },
      },
    },
    (req) => inTenant(db, req, (ctx) => service.report(ctx, req.query.id)),
  );

  app.get(
    '/api/CheckInAttendance/revealParentNumber',
    {
      schema: {
        tags,
        summary: "A person's phone (their own, else their family's), or a message: a bare string",
        querystring: ZRevealPhoneQuery,
        response: { 200: z.string(), ...errors },
      },
    },
    async (req, reply) => {
      const text = await inTenant(db, req, (ctx) => service.revealPhone(ctx, req.query.personId));
      // who looked, never the number: ids only
      req.log.info({ event: 'phone revealed', personId: req.query.personId, userId: req.auth?.userId }, 'attendance');
      return sendText(reply, text);
    },
  );

  app.post(
    '/api/CheckInAttendance/MarkAttendance',
    {
      schema: {
        tags,
        summary: 'Marks a person present at a check-in set-up (once per person): a bare string',
        body: ZMarkAttendanceRequest,
        response: { 200: z.string(), ...errors },
      },
    },
    async (req, reply) => sendText(reply, await inTenant(db, req, (ctx) => service.mark(ctx, req.body))),
  );

  app.post(
    '/api/CheckInAttendance/CheckOut',
    {
      schema: {
        tags,
        summary:
          "Checks a present person out, recording who and when: a bare string ('User Was Not Checked In Earlier')",
        body: ZCheckOutRequest,
        response: { 200: z.string(), ...errors },
      },
    },
    async (req, reply) => sendText(reply, await inTenant(db, req, (ctx) => service.checkOut(ctx, req.body))),
  );

  app.post(
    '/api/CheckinAttendance/MarkAllAttendance',
    {
      schema: {
        tags,
        summary: 'Checks the listed people (or everyone) in or out in one statement',
        body: ZMarkAllRequest,
        response: { 200: ZMarkAllResponse, ...errors },
      },
    },
    async (req) => {
      const affected = await inTenant(db, req, (ctx) => service.markAll(ctx, req.body));
      return ok(
        { affected },
        req.body.checkin ? 'All members successfully checked in' : 'All members successfully checked out',
      );
    },
  );

  app.delete(
    '/api/CheckInAttendance/DeletePersonEventAttendance',
    {
      schema: {
        tags,
        summary: "Removes a person from a set-up's list (record deleted, registration cancelled)",
        querystring: ZDeletePersonAttendanceQuery,
        response: { 200: ZDeletePersonAttendanceResponse, ...errors, 409: ZErrorEnvelope },
      },
    },
    async (req) => {
      await inTenant(db, req, (ctx) => service.removePerson(ctx, req.query.id, req.query.checkInAttendanceId));
      return ok(null, 'CheckIn attendance Deleted');
    },
  );

  app.put(
    '/api/CheckInAttendance/UpdateCheckInAttendance',
    {
      schema: {
        tags,
        summary: 'Saves the report fields, head counts and custom field answers (offerings are not written here)',
        body: ZUpdateCheckInAttendanceRequest,
        response: { 200: ZUpdateCheckInAttendanceResponse, ...errors },
      },
    },
    async (req) => {
      await inTenant(db, req, (ctx) => service.update(ctx, req.body));
      return ok({ id: req.body.id.toLowerCase() }, 'Updated successfully');
    },
  );

  // public, like /getfamilyroles: a fixed list with no church data
  app.get(
    '/GetAttendanceType',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Attendance types of the head counts: [{id, name}]',
        response: { 200: z.array(ZAttendanceType), 429: ZMessage },
      },
    },
    async () => ATTENDANCE_TYPES.map((t) => ({ ...t })),
  );
}
