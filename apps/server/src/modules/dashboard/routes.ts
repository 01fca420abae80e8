import { ZErrorEnvelope, ZMessage } from '@steward/contracts/common';
import {
  ZChurchProfileQuery,
  ZChurchProfileResponse,
  ZDashboardAttendanceResponse,
  ZDashboardBasicResponse,
  ZDashboardCelebrationsResponse,
  ZSubscriptionResponse,
} from '@steward/contracts/dashboard';
import type { ModuleCtx } from '../../lib/module.ts';
import { inTenant } from '../../lib/context.ts';
import { ok } from '../../lib/envelope.ts';
import * as service from './service.ts';

/**
 * The dashboard of the existing client (existing-client-api §1.4); the messaging lists it reads
 * at start-up (§1.3) are in modules/messaging. Every route needs a session: the root paths (/dashboard/...,
 * /GetChurchProfileById) are outside the auth hook's private prefixes, so they answer 401
 * `{message}` through inTenant.
 */
export function registerDashboard({ app, db }: ModuleCtx): void {
  const tags = ['dashboard'];
  const errors = { 400: ZErrorEnvelope, 401: ZMessage };

  app.get(
    '/GetChurchProfileById',
    {
      schema: {
        tags,
        summary: "The signed-in church's profile (logo, name); another church's id answers 404",
        querystring: ZChurchProfileQuery,
        response: { 200: ZChurchProfileResponse, ...errors, 404: ZErrorEnvelope },
      },
    },
    async (req) => ok(await inTenant(db, req, (ctx) => service.churchProfile(ctx, req.query.tenantId))),
  );
  app.get(
    '/dashboard/basic',
    {
      schema: {
        tags,
        summary: 'Members, first-timers, SMS units and what the church has set up',
        response: { 200: ZDashboardBasicResponse, 401: ZMessage },
      },
    },
    async (req) => ok(await inTenant(db, req, (ctx) => service.basic(ctx))),
  );
  app.get(
    '/dashboard/celebrations',
    {
      schema: {
        tags,
        summary: "This month's birthdays and wedding anniversaries",
        response: { 200: ZDashboardCelebrationsResponse, 401: ZMessage },
      },
    },
    async (req) => ok(await inTenant(db, req, (ctx) => service.celebrations(ctx))),
  );
  app.get(
    '/dashboard/attendance',
    {
      schema: {
        tags,
        summary: "This year's event attendance and first-timers, per week and per month",
        response: { 200: ZDashboardAttendanceResponse, 401: ZMessage },
      },
    },
    async (req) => ok(await inTenant(db, req, (ctx) => service.attendance(ctx))),
  );
  app.get(
    '/api/Subscription/GetSubscription',
    {
      schema: {
        tags,
        summary: "The church's plan: Steward needs no subscription",
        response: { 200: ZSubscriptionResponse, 401: ZMessage },
      },
    },
    // the session is checked by the auth hook (/api/ prefix); the plan is the same for every church
    async () => ok(service.subscription()),
  );
}
