import { z } from 'zod';
import {
  REGISTRATION_MESSAGES,
  ZConfirmRegistrationPaymentAnswer,
  ZConfirmRegistrationPaymentQuery,
  ZEventRegistrationAnswer,
  ZEventRegistrationRequest,
  ZInitializeRegistrationPayment,
  ZInitializeRegistrationPaymentAnswer,
  ZRegistrationCalendarQuery,
  ZRegistrationEvent,
  ZRegistrationEventQuery,
  ZRegistrationMatches,
  ZSearchRegistrationQuery,
} from '@steward/contracts/event-registration';
import { ZErrorEnvelope, ZMessage } from '@steward/contracts/common';
import type { ModuleCtx } from '../../lib/module.ts';
import { addressKey, RateLimited, RateLimiter, secondsUntil } from '../auth/throttle.ts';
import { donationJobsOf } from '../giving/donations-routes.ts';
import { orUnavailable, originOf } from '../giving/http.ts';
import { fromProviderError } from '../giving/provider-errors.ts';
import { recheckSettings } from '../giving/recheck-jobs.ts';
import type { SettleDeps } from '../giving/settlement.ts';
import type { MessagingRuntime } from '../messaging/runtime.ts';
import { ProviderError, type PaymentProviders } from '../payments/provider.ts';
import { registrationCalendar } from './registration-calendar.ts';
import {
  confirmRegistrationPayment,
  initializeRegistrationPayment,
  installRegistrationHooks,
} from './registration-payment.ts';
import { register, registrationEvent, searchRegistrationByPhone } from './registration-service.ts';

/** The Add to Calendar call (Steward's own path; the spec gives none). */
export const CALENDAR_PATH = '/api/publiccontent/EventRegistrationCalendar';

/**
 * Public event registration (issue 12; existing-client-api §5.1; spec 2.12-2.14):
 * `GET /api/publiccontent/WebRegistrationEventDetails?id=`, `GET /searchregistrationbyphone`,
 * `POST /EventRegistration`, `POST /initializeEventRegistrationPayment`,
 * `POST /ConfirmEventRegistrationPayment` and `GET /api/publiccontent/EventRegistrationCalendar`
 * (.ics). No session; each limited per client address (PUBLIC_RATE_*); the phone search also per
 * address and per event with the public check-in's settings (CHECKIN_SEARCH_*). Installs
 * settlement's hooks for registration payments (webhooks and re-checks reach the same result).
 */
export function registerEventRegistration(
  { app, db, config }: ModuleCtx,
  messaging: MessagingRuntime,
  providers: PaymentProviders,
): void {
  const tags = ['attendance: public registration'];
  const errors = { 400: ZErrorEnvelope, 404: ZErrorEnvelope, 429: ZMessage };
  const limiter = new RateLimiter(db);
  const windowSeconds = config.CHECKIN_SEARCH_RATE_WINDOW_MINUTES * 60;
  const count = async (key: string, max: number) => {
    const hit = await limiter.hit(key, windowSeconds);
    if (hit.hits > max) throw new RateLimited(REGISTRATION_MESSAGES.tooManySearches, secondsUntil(hit.resetAt));
  };
  const log = (event: string, fields: Record<string, unknown>) => app.log.warn({ event, ...fields }, 'registration');
  installRegistrationHooks(messaging.queue, log);
  const settleDeps: SettleDeps = {
    db,
    providers,
    abandonAfterSeconds: recheckSettings(config).abandonAfterSeconds,
    log: (event, fields) => app.log.info({ event, ...fields }, 'registration'),
  };

  app.get(
    '/api/publiccontent/WebRegistrationEventDetails',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          'The registration event of a set-up by its public code (or id): event, fee, cut-off, payment form, places left (bare)',
        security: [],
        querystring: ZRegistrationEventQuery,
        response: { 200: ZRegistrationEvent, ...errors },
      },
    },
    (req) => registrationEvent(db, req.query.id, CALENDAR_PATH),
  );

  app.get(
    '/searchregistrationbyphone',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          "The church's people with this phone number (last 10 digits), MASKED, with whether each is registered (root path; rate-limited)",
        security: [],
        querystring: ZSearchRegistrationQuery,
        response: { 200: ZRegistrationMatches, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const retry = (e: unknown): never => {
        if (e instanceof RateLimited) reply.header('retry-after', String(e.retryAfterSeconds));
        throw e;
      };
      await count(`registration-search:${addressKey(req.ip)}`, config.CHECKIN_SEARCH_RATE_MAX).catch(retry);
      return searchRegistrationByPhone(db, req.query.id, req.query.searchtext, {
        perEvent: (setupId) => count(`registration-search-event:${setupId}`, config.CHECKIN_SEARCH_EVENT_RATE_MAX),
      }).catch(retry);
    },
  );

  app.post(
    '/EventRegistration',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          'Registers a person (or a ward) for a free event: the person, the custom answers, one place under the set-up lock, ' +
          'the registration SMS and e-mail once (root path)',
        security: [],
        body: ZEventRegistrationRequest,
        response: { 200: ZEventRegistrationAnswer, ...errors },
      },
    },
    (req) => register(db, req.body, { queue: messaging.queue, log }),
  );

  app.post(
    '/initializeEventRegistrationPayment',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          "Starts a paid registration: holds the places for 15 minutes and starts the fee's payment (the provider's checkout)",
        security: [],
        body: ZInitializeRegistrationPayment,
        response: { 200: ZInitializeRegistrationPaymentAnswer, ...errors, 503: ZErrorEnvelope },
      },
    },
    (req, reply) =>
      orUnavailable(req, reply, () =>
        initializeRegistrationPayment(db, providers, req.body, {
          origin: originOf(req, config.PUBLIC_URL),
          fallbackEmail: config.SMTP_FROM,
          scheduleCheck: async (tenantId, reference) => {
            try {
              const jobs = donationJobsOf(app);
              if (jobs) await jobs.scheduleCheck(tenantId, reference);
            } catch (e) {
              req.log.warn({ event: 'registration_recheck_not_scheduled', err: (e as Error).message.slice(0, 200) });
            }
          },
        }),
      ),
  );

  app.post(
    '/ConfirmEventRegistrationPayment',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          "The payer's return: asks the provider, settles the fee once and turns the hold into a registration (status true)",
        security: [],
        querystring: ZConfirmRegistrationPaymentQuery,
        response: { 200: ZConfirmRegistrationPaymentAnswer, ...errors, 503: ZErrorEnvelope },
      },
    },
    (req, reply) =>
      orUnavailable(req, reply, async () => {
        try {
          return await confirmRegistrationPayment(settleDeps, req.query.txnref, req.query.id);
        } catch (e) {
          if (e instanceof ProviderError) throw fromProviderError(e, 'txnref', 'confirm the payment');
          throw e;
        }
      }),
  );

  app.get(
    CALENDAR_PATH,
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The event as an .ics file (Add to Calendar): name, date, church, the registration page',
        security: [],
        querystring: ZRegistrationCalendarQuery,
        produces: ['text/calendar'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (req, reply) => {
      const file = await registrationCalendar(db, req.query.id, originOf(req, config.PUBLIC_URL));
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.text);
    },
  );
}
