import { z } from 'zod';
import {
  ZDonationFilterQuery,
  ZDonationListItem,
  ZPaymentList,
  ZPaymentListQuery,
  ZPaymentOutcome,
} from '@steward/contracts/donations';
import { ZContributionSummary } from '@steward/contracts/offerings';
import { ZEnvelope, ZErrorEnvelope, ZMessage, ZPageQuery, ZPaged } from '@steward/contracts/common';
import type { ModuleCtx } from '../../lib/module.ts';
import { inTenant } from '../../lib/context.ts';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import type { MessagingRuntime } from '../messaging/runtime.ts';
import { summary } from '../offerings/report-service.ts';
import type { PaymentsRuntime } from '../payments/runtime.ts';
import * as q from './donation-queries.ts';
import { registerGivers } from './giver-routes.ts';
import { sendResetEmail } from './giver-service.ts';
import * as donations from './donations-service.ts';
import { orUnavailable } from './http.ts';
import { fromProviderError } from './provider-errors.ts';
import { ProviderError } from '../payments/provider.ts';
import { registerPublicGive } from './public-give-routes.ts';
import { DonationJobs, recheckSettings } from './recheck-jobs.ts';
import { outcomeOf, settle, type SettleDeps } from './settlement.ts';
import { registerPaymentWebhooks } from './webhook-routes.ts';

/** The running donation jobs of an app (tests reach the re-check through it). */
const jobsOfApp = new WeakMap<object, () => DonationJobs | null>();

/** The re-check jobs of a built app, once it is ready (null before, or when they could not start). */
export function donationJobsOf(app: object): DonationJobs | null {
  return jobsOfApp.get(app)?.() ?? null;
}

/**
 * Online donations (issue 10 'Public pages', 'Every gift in the books exactly once', 'Admin
 * screens'): the public giving calls (public-give-routes.ts), the providers' webhooks
 * (webhook-routes.ts), giver accounts (giver-routes.ts), the donation lists of the admin screens
 * (below), and the re-check jobs (recheck-jobs.ts: pg-boss, opened when the app is ready, workers
 * in processes that run workers — MESSAGING_WORKERS > 0 — closed with the app).
 */
export function registerDonations(ctx: ModuleCtx, payments: PaymentsRuntime, messaging: MessagingRuntime): void {
  const { app, db, config } = ctx;
  const providers = payments.providers;
  const log = (event: string, fields: Record<string, unknown>) => app.log.info({ event, ...fields }, 'giving');
  const settings = recheckSettings(config);
  const settleDeps: SettleDeps = { db, providers, abandonAfterSeconds: settings.abandonAfterSeconds, log };
  let jobs: DonationJobs | null = null;
  jobsOfApp.set(app, () => jobs);

  app.addHook('onReady', async () => {
    jobs = await DonationJobs.open(config, settleDeps, log, settings);
    if (config.MESSAGING_WORKERS > 0) await jobs.startWorkers((job) => sendResetEmail(db, messaging.email, job));
  });
  app.addHook('onClose', async () => {
    await jobs?.close();
    jobs = null;
  });
  const requireJobs = () => {
    if (!jobs) throw new Error('the donation jobs are not running');
    return jobs;
  };

  registerPublicGive(ctx, providers, {
    settleDeps,
    scheduleCheck: (tenantId, reference) => requireJobs().scheduleCheck(tenantId, reference),
  });
  registerPaymentWebhooks(ctx, providers, () => settleDeps);
  registerGivers(ctx, (job) => requireJobs().queueResetEmail(job));

  const tags = ['giving: donations'];
  const err = { 400: ZErrorEnvelope, 401: ZMessage, 404: ZErrorEnvelope };

  app.get(
    '/api/Financials/Donation/Transactions',
    {
      schema: {
        tags,
        summary: 'Donations (each item of a received online gift), newest first, 50 a page',
        querystring: ZPageQuery,
        response: { 200: ZPaged(ZDonationListItem), ...err },
      },
    },
    (req) => inTenant(db, req, (c) => donations.listDonations(c, req.query.page)),
  );

  app.get(
    '/api/financials/donation/transactions/summary',
    {
      schema: {
        tags,
        summary: 'Donation totals and charts per period, in the church currency',
        response: { 200: ZContributionSummary, ...err },
      },
    },
    (req) => inTenant(db, req, (c) => summary(c, 'online')),
  );

  app.get(
    '/api/Financials/Donation/FilteredTransactions',
    {
      schema: {
        tags,
        summary: 'Donations whose item, event and donor contain the texts, newest first, at most 500',
        querystring: ZDonationFilterQuery,
        response: { 200: z.array(ZDonationListItem), ...err },
      },
    },
    (req) => inTenant(db, req, (c) => donations.filterDonations(c, req.query)),
  );

  app.get(
    '/api/Financials/Donation/Payments',
    {
      schema: {
        tags,
        summary: 'Online payments with their status (flagged ones with the reason), 50 a page, and counts per status',
        querystring: ZPaymentListQuery,
        response: { 200: ZPaymentList, ...err },
      },
    },
    (req) => inTenant(db, req, (c) => donations.listPayments(c, req.query)),
  );

  app.post(
    '/api/Financials/Donation/Payments/Recheck',
    {
      schema: {
        tags,
        summary: "Asks the provider about one of the church's payments now and settles it",
        querystring: z.object({ reference: z.string().trim().min(1).max(100) }),
        response: { 200: ZEnvelope(ZPaymentOutcome), ...err, 503: ZErrorEnvelope },
      },
    },
    async (req, reply) =>
      orUnavailable(req, reply, async () => {
        // the reference must be one of the signed-in church's payments
        const own = await inTenant(db, req, (c) => q.paymentByReference(c.tx, c.tenantId, req.query.reference));
        if (!own) throw notFound('Payment');
        let done;
        try {
          done = await settle(settleDeps, req.query.reference, { via: 'admin' });
        } catch (e) {
          throw e instanceof ProviderError ? fromProviderError(e, 'reference', 'check the payment') : e;
        }
        if (!done) throw notFound('Payment');
        const payment = done.payment;
        return ok(await inTenant(db, req, (c) => outcomeOf(c, payment)), `Payment ${payment.status}`);
      }),
  );
}
