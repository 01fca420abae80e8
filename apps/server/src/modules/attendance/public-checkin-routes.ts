import type { FastifyReply } from 'fastify';
import {
  PUBLIC_CHECKIN_MESSAGES,
  ZMarkAttendanceAnswer,
  ZMarkAttendanceRequest,
  ZPhoneMatches,
  ZSearchByPhoneQuery,
  ZWebCheckInEvent,
  ZWebCheckInEventQuery,
} from '@steward/contracts/attendance-public';
import { ZErrorEnvelope, ZMessage } from '@steward/contracts/common';
import type { ModuleCtx } from '../../lib/module.ts';
import { addressKey, RateLimited, RateLimiter, secondsUntil } from '../auth/throttle.ts';
import type { MessagingRuntime } from '../messaging/runtime.ts';
import { eventDetails, markAttendance, searchByPhone } from './public-checkin-service.ts';

/** Answers a RateLimited refusal with its Retry-After header, then lets the error handler send it. */
function withRetryAfter(reply: FastifyReply) {
  return (e: unknown): never => {
    if (e instanceof RateLimited) reply.header('retry-after', String(e.retryAfterSeconds));
    throw e;
  };
}

/**
 * The public self check-in calls (issue 11 'Public self check-in'; existing-client-api §4.2;
 * spec 2.11): `GET /api/publiccontent/WebCheckInGetEventDetails?checkinId=`,
 * `GET /searchmemberbyphone?searchtext=&&checkinId=` and `POST /MarkAttendance` (root paths: an
 * API request gets JSON, a browser navigation the web app; web/routes.ts). No session; each is
 * limited per client address (PUBLIC_RATE_*), and the phone search also per client address
 * (CHECKIN_SEARCH_RATE_MAX) and per event (CHECKIN_SEARCH_EVENT_RATE_MAX) within
 * CHECKIN_SEARCH_RATE_WINDOW_MINUTES, so that the page cannot be used to list the church's
 * members. The custom fields come from the settings module's public `GET /GetAllCustomFields`.
 */
export function registerPublicCheckin({ app, db, config }: ModuleCtx, messaging: MessagingRuntime): void {
  const tags = ['attendance: public check-in'];
  const limiter = new RateLimiter(db);
  const windowSeconds = config.CHECKIN_SEARCH_RATE_WINDOW_MINUTES * 60;
  /** Counts one hit on `key`; throws RateLimited over `max`. */
  const count = async (key: string, max: number) => {
    const hit = await limiter.hit(key, windowSeconds);
    if (hit.hits > max) throw new RateLimited(PUBLIC_CHECKIN_MESSAGES.tooManySearches, secondsUntil(hit.resetAt));
  };

  app.get(
    '/api/publiccontent/WebCheckInGetEventDetails',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          'The check-in event of a set-up by its public code (or id): event name and date, cut-off, church, groups (bare)',
        security: [],
        querystring: ZWebCheckInEventQuery,
        response: { 200: ZWebCheckInEvent, 400: ZErrorEnvelope, 404: ZErrorEnvelope, 429: ZMessage },
      },
    },
    (req) => eventDetails(db, req.query.checkinId),
  );

  app.get(
    '/searchmemberbyphone',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          "The church's people with this phone number (last 10 digits), MASKED, with the set-up's groups; " +
          'one entry with personId null when nobody has it (root path; rate-limited per address and per event)',
        security: [],
        querystring: ZSearchByPhoneQuery,
        response: { 200: ZPhoneMatches, 400: ZErrorEnvelope, 404: ZErrorEnvelope, 429: ZMessage },
      },
    },
    async (req, reply) => {
      // personal data, even masked: never kept by a browser or a proxy
      reply.header('cache-control', 'no-store');
      const retry = withRetryAfter(reply);
      await count(`checkin-search:${addressKey(req.ip)}`, config.CHECKIN_SEARCH_RATE_MAX).catch(retry);
      return searchByPhone(db, req.query.checkinId, req.query.searchtext, {
        perEvent: (setupId) => count(`checkin-search-event:${setupId}`, config.CHECKIN_SEARCH_EVENT_RATE_MAX),
      }).catch(retry);
    },
  );

  app.post(
    '/MarkAttendance',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          'Checks a person in to a set-up by its public code: creates or completes the person, joins the chosen groups, ' +
          'records the attendance once, stores the custom field answers, sends the check-in SMS and e-mail once (root path)',
        security: [],
        body: ZMarkAttendanceRequest,
        response: { 200: ZMarkAttendanceAnswer, 400: ZErrorEnvelope, 404: ZErrorEnvelope, 429: ZMessage },
      },
    },
    (req) =>
      markAttendance(db, req.body, {
        queue: messaging.queue,
        log: (event, fields) => req.log.warn({ event, ...fields }),
      }),
  );
}
