import type { FastifyRequest } from 'fastify';
import {
  DONATION_MESSAGES,
  TRANSACTION_STATUS,
  TRANSACTION_STATUS_INDEX,
  ZConfirmAnswer,
  ZConfirmQuery,
  ZDonatedBody,
  ZDonatedQuery,
  ZInitializeDonation,
  ZInitializeDonationAnswer,
  ZPublicFormQuery,
  ZPublicPaymentForm,
  ZTransactionCheckAnswer,
  ZTransactionCheckQuery,
  type TPaymentOutcome,
} from '@steward/contracts/donations';
import { ZErrorEnvelope, ZMessage } from '@steward/contracts/common';
import { withTenant, withoutTenant } from '../../db/client.ts';
import type { ModuleCtx } from '../../lib/module.ts';
import { notFound } from '../../lib/errors.ts';
import { ProviderError, type PaymentProviders } from '../payments/provider.ts';
import { giverOfRequest } from './giver-auth.ts';
import { orUnavailable, originOf } from './http.ts';
import { fromProviderError } from './provider-errors.ts';
import { donated } from './donated-service.ts';
import { publicForm } from './public-give-form.ts';
import { initializeDonation } from './public-give-service.ts';
import * as q from './donation-queries.ts';
import { afterSettled, outcomeOf, settle, type SettleDeps, type Settled } from './settlement.ts';

/** What the public giving routes need from the running jobs (recheck-jobs.ts), once they are open. */
export interface DonationJobsPort {
  settleDeps: SettleDeps;
  /** schedules the first re-check of a new payment; throws while the jobs are not open */
  scheduleCheck(tenantId: string, reference: string): Promise<void>;
}

/** The payer-facing words of a payment's status. */
function messageOf(o: TPaymentOutcome): string {
  if (o.status === 'succeeded') return DONATION_MESSAGES.succeeded;
  if (o.status === 'flagged') return DONATION_MESSAGES.flagged;
  if (o.status === 'failed') return DONATION_MESSAGES.failed;
  if (o.status === 'abandoned' || o.status === 'cancelled') return DONATION_MESSAGES.cancelled;
  return o.providerStatus === 'abandoned' ? DONATION_MESSAGES.cancelled : DONATION_MESSAGES.pending;
}

/** The existing client's status index (TRANSACTION_STATUS) of an outcome: it stops polling on 0, 2, 3. */
function statusIndex(o: TPaymentOutcome): number {
  switch (o.status) {
    case 'succeeded':
      return TRANSACTION_STATUS_INDEX.success;
    case 'failed':
      return TRANSACTION_STATUS_INDEX.failed;
    case 'abandoned':
    case 'cancelled':
      return TRANSACTION_STATUS_INDEX.cancelled;
    case 'flagged':
      return TRANSACTION_STATUS_INDEX.invalidAmount;
    default:
      return TRANSACTION_STATUS_INDEX.pending;
  }
}

/**
 * The public giving calls at the root (existing-client-api §3.3, §3.4; issue 10 'Public pages'):
 * `GET /give?paymentFormID=`, `POST /initailizedonationpayment`, `POST /PaystackTransactionCheck`
 * `POST /ConfirmDonationPayment` and the `/pay` page's `POST /donated?paymentType=`. No session: the church comes from the form id or the
 * payment reference (narrow lookups); each is limited per client address (PUBLIC_RATE_*).
 */
export function registerPublicGive(
  { app, db, config }: ModuleCtx,
  providers: PaymentProviders,
  jobs: DonationJobsPort,
): void {
  const tags = ['giving: public'];
  const errors = { 400: ZErrorEnvelope, 404: ZErrorEnvelope, 429: ZMessage };

  app.get(
    '/give',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The public giving form: church, items, gateways, currency and a fresh orderId (root path)',
        querystring: ZPublicFormQuery,
        response: { 200: ZPublicPaymentForm, ...errors },
      },
    },
    (req) => publicForm(db, req.query.paymentFormID),
  );

  app.post(
    '/initailizedonationpayment',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          "Starts a gift: the pending payment and the provider's hosted checkout (authorization_url); safe to retry with the same orderID",
        body: ZInitializeDonation,
        response: { 200: ZInitializeDonationAnswer, ...errors, 409: ZErrorEnvelope, 503: ZErrorEnvelope },
      },
    },
    async (req, reply) =>
      orUnavailable(req, reply, async () =>
        initializeDonation(db, providers, req.body, {
          origin: originOf(req, config.PUBLIC_URL),
          giver: await giverOfRequest(db, req),
          anonymousEmail: config.SMTP_FROM,
          scheduleCheck: async (tenantId, reference) => {
            try {
              await jobs.scheduleCheck(tenantId, reference);
            } catch (e) {
              // the sweep re-checks it anyway; the gift goes on
              req.log.warn({ event: 'donation_recheck_not_scheduled', err: (e as Error).message.slice(0, 200) });
            }
          },
        }),
      ),
  );

  /** Settles `reference` (via), or, when the provider cannot be asked, answers the payment as it stands. */
  const settleOrCurrent = async (req: FastifyRequest, reference: string, via: 'poll' | 'confirm', id?: string) => {
    try {
      const done = await settle(jobs.settleDeps, reference, { via, providerTransactionId: id ?? null });
      if (!done) throw notFound('Payment');
      return done;
    } catch (e) {
      if (!(e instanceof ProviderError)) throw e;
      req.log.warn({ event: 'payment_provider_unavailable', route: req.routeOptions.url, kind: e.kind });
      if (via === 'confirm') throw fromProviderError(e, 'txnref', 'confirm the payment');
      const tenantId = await withoutTenant(db, (tx) => q.paymentTenant(tx, reference));
      const payment = tenantId
        ? await withTenant(db, tenantId, (tx) => q.paymentByReference(tx, tenantId, reference))
        : undefined;
      if (!tenantId || !payment) throw notFound('Payment');
      return { tenantId, payment, change: 'unchanged' } satisfies Settled;
    }
  };
  const outcome = (done: Settled) =>
    withTenant(db, done.tenantId, (tx) => outcomeOf({ tx, tenantId: done.tenantId, userId: null }, done.payment));

  app.post(
    '/PaystackTransactionCheck',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          "The client's poll of a payment: asks the provider and answers the status index (0 Success, 1 Pending, 2 Cancelled, 3 Failed, 9 Invalid_Amount)",
        querystring: ZTransactionCheckQuery,
        response: { 200: ZTransactionCheckAnswer, ...errors },
      },
    },
    async (req) => {
      const o = await outcome(await settleOrCurrent(req, req.query.reference, 'poll'));
      const status = statusIndex(o);
      return { status, transactionReference: o.reference, response: TRANSACTION_STATUS[status]!, returnObject: o };
    },
  );

  app.post(
    '/ConfirmDonationPayment',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          "The payer's return from the checkout: asks the provider and settles the payment (status true once received)",
        querystring: ZConfirmQuery,
        response: { 200: ZConfirmAnswer, ...errors, 503: ZErrorEnvelope },
      },
    },
    async (req, reply) =>
      orUnavailable(req, reply, async () => {
        const o = await outcome(await settleOrCurrent(req, req.query.txnref, 'confirm', req.query.id));
        return { status: o.status === 'succeeded', response: messageOf(o), returnObject: o };
      }),
  );

  app.post(
    '/donated',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          "The /pay page's report of a gift made in the provider's own popup: verified with the provider (success, amount, currency, this church's subaccount), then recorded and settled once",
        querystring: ZDonatedQuery,
        body: ZDonatedBody,
        response: { 200: ZConfirmAnswer, ...errors, 503: ZErrorEnvelope },
      },
    },
    async (req, reply) =>
      orUnavailable(req, reply, async () => {
        const done = await donated(db, providers, jobs.settleDeps.abandonAfterSeconds, req.query.paymentType, req.body);
        await afterSettled(jobs.settleDeps, done, 'donated');
        const o = await outcome(done);
        return { status: o.status === 'succeeded', response: messageOf(o), returnObject: o };
      }),
  );
}
