import { z } from 'zod';
import {
  ZChildCheckinEvent,
  ZChildCheckinEventsQuery,
  ZChildCheckinFamiliesQuery,
  ZChildCheckinFamily,
  ZChildCheckinLabels,
  ZChildCheckinLabelsQuery,
  ZChildCheckinRequest,
  ZChildCheckinResponse,
  ZChildCheckoutLookupRequest,
  ZChildCheckoutLookupResponse,
  ZChildCheckoutRequest,
  ZChildCheckoutResponse,
  ZFamilyGuardiansQuery,
  ZFamilyGuardiansResponse,
  ZRetrieveFamilyQuery,
  ZRetrieveFamilyResponse,
} from '@steward/contracts/child-checkin';
import { ZErrorEnvelope, ZMessage } from '@steward/contracts/common';
import type { FastifyReply } from 'fastify';
import type { ModuleCtx } from '../../lib/module.ts';
import { inTenant } from '../../lib/context.ts';
import { failure, ok } from '../../lib/envelope.ts';
import { checkInFamily, findFamilies, listEvents } from './child-checkin-service.ts';
import { checkinLabels } from './child-checkin-labels.ts';
import {
  checkOutByCode,
  familyGuardians,
  lookupByCode,
  retrieveFamily,
  RETRIEVE_NO_MATCH,
  type Refusal,
} from './child-checkin-checkout.ts';

const errors = { 400: ZErrorEnvelope, 401: ZMessage, 404: ZErrorEnvelope };

const isRefusal = (v: unknown): v is Refusal => typeof v === 'object' && v !== null && 'refused' in v;

/** A wrong code, answered after its attempt row was committed: 400 in the error envelope. */
function refuse(reply: FastifyReply, r: Refusal) {
  return reply.code(400).send(failure(r.refused.message, [r.refused]));
}

/**
 * Child check-in at the door (issue 11 'Child check-in, for real'; spec 2.15): Steward's own calls
 * under /api/ChildCheckin (the kiosk / volunteer screen /tenant/childcheckin) and the existing
 * client's retrieveFamily and familyGuidians (existing-client-api §4.3). All need a session.
 */
export function registerChildCheckin({ app, db }: ModuleCtx): void {
  const tags = ['child check-in'];
  app.get(
    '/api/ChildCheckin/events',
    {
      schema: {
        tags,
        summary: "Open check-in set-ups with their rooms, the kiosk's date (?date=YYYY-MM-DD) first",
        querystring: ZChildCheckinEventsQuery,
        response: { 200: z.array(ZChildCheckinEvent), ...errors },
      },
    },
    (req) => inTenant(db, req, (ctx) => listEvents(ctx, req.query.date)),
  );
  app.get(
    '/api/ChildCheckin/families',
    {
      schema: {
        tags,
        summary: 'Families by phone (7+ digits, last 10 matched) or name, with each member’s status at a set-up',
        querystring: ZChildCheckinFamiliesQuery,
        response: { 200: z.array(ZChildCheckinFamily), ...errors },
      },
    },
    (req) => inTenant(db, req, (ctx) => findFamilies(ctx, req.query)),
  );
  app.post(
    '/api/ChildCheckin/checkin',
    {
      schema: {
        tags,
        summary: 'Checks the ticked children of a family in (one security code), answers the labels',
        body: ZChildCheckinRequest,
        response: { 200: ZChildCheckinResponse, ...errors },
      },
    },
    async (req) => ok(await inTenant(db, req, (ctx) => checkInFamily(ctx, req.body)), 'Checked in'),
  );
  app.get(
    '/api/ChildCheckin/labels',
    {
      schema: {
        tags,
        summary: 'The labels of a child check-in: one per child and the parent pickup label (same code)',
        querystring: ZChildCheckinLabelsQuery,
        response: { 200: ZChildCheckinLabels, ...errors },
      },
    },
    (req) => inTenant(db, req, (ctx) => checkinLabels(ctx, req.query.childCheckinId)),
  );
  app.post(
    '/api/ChildCheckin/lookup',
    {
      schema: {
        tags,
        summary: 'The check-in a security code matches (a wrong code is refused and recorded)',
        body: ZChildCheckoutLookupRequest,
        response: { 200: ZChildCheckoutLookupResponse, ...errors },
      },
    },
    async (req, reply) => {
      const result = await inTenant(db, req, (ctx) => lookupByCode(ctx, req.body));
      return isRefusal(result) ? refuse(reply, result) : ok(result);
    },
  );
  app.post(
    '/api/ChildCheckin/checkout',
    {
      schema: {
        tags,
        summary: 'Checks children out with the security code (a wrong code is refused and recorded)',
        body: ZChildCheckoutRequest,
        response: { 200: ZChildCheckoutResponse, ...errors },
      },
    },
    async (req, reply) => {
      const result = await inTenant(db, req, (ctx) => checkOutByCode(ctx, req.body));
      return isRefusal(result) ? refuse(reply, result) : ok(result, 'Checked out');
    },
  );
  app.get(
    '/api/CheckInAttendance/retrieveFamily',
    {
      schema: {
        tags,
        summary: 'The family and children of a security code (existing-client-api §4.3); null for a wrong code',
        querystring: ZRetrieveFamilyQuery,
        response: { 200: ZRetrieveFamilyResponse, ...errors },
      },
    },
    async (req) => {
      const found = await inTenant(db, req, (ctx) => retrieveFamily(ctx, req.query));
      return found ? ok(found) : { status: false, response: RETRIEVE_NO_MATCH, returnObject: null };
    },
  );
  app.get(
    '/api/Family/familyGuidians',
    {
      schema: {
        tags,
        summary: "A family's guardians, who may pick the children up (existing-client-api §4.3)",
        querystring: ZFamilyGuardiansQuery,
        response: { 200: ZFamilyGuardiansResponse, ...errors },
      },
    },
    async (req) => ok(await inTenant(db, req, (ctx) => familyGuardians(ctx, req.query.familyId))),
  );
}
