import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CSRF_HEADER } from '@steward/contracts/auth';
import { ZErrorEnvelope, ZMessage } from '@steward/contracts/common';
import {
  OPERATOR_COOKIE,
  ZOperatorLoginRequest,
  ZOperatorMe,
  ZOperatorSenderIdPage,
  ZOperatorSenderIdsQuery,
  ZReviewSenderIdAnswer,
  ZReviewSenderIdParams,
  ZReviewSenderIdRequest,
} from '@steward/contracts/operator';
import { senderIdStatusLabel } from '@steward/contracts/sender-ids';
import type { ModuleCtx } from '../../lib/module.ts';
import { ok } from '../../lib/envelope.ts';
import { unauthorized } from '../../lib/errors.ts';
import { RateLimited, RateLimiter } from '../auth/throttle.ts';
import * as service from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in platform operator (operator routes only; null elsewhere). */
    operator: service.OperatorCtx | null;
  }
}

/** The cookie lives under the operator API only: no church route ever receives it. */
const COOKIE_PATH = '/api/operator';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The toast of a review: 'Sender ID GRACE is now APPROVED'. */
const reviewedText = (mask: string, status: number) => `Sender ID ${mask} is now ${senderIdStatusLabel(status)}`;

/**
 * The platform operator's API (issue 9 'Sender IDs'; README.md here): sign-in, sign-out, who is
 * signed in, the sender ID requests of every church and their review. Operator routes carry
 * `config.operator`: the church auth hook (auth/routes.ts) leaves them alone, and this module's
 * own hook accepts only the `steward_operator` cookie (never a church session or bearer token),
 * with the CSRF header on writes. Sign-in is limited like the church's (LOGIN_RATE_* per e-mail
 * and address, PUBLIC_RATE_* per address).
 */
export function registerOperators({ app, db, config }: ModuleCtx): void {
  const tags = ['platform operator'];
  const limits: service.OperatorLoginLimits = {
    limiter: new RateLimiter(db),
    max: config.LOGIN_RATE_MAX,
    windowSeconds: config.LOGIN_RATE_WINDOW_MINUTES * 60,
  };
  const secure = (req: FastifyRequest) => config.COOKIE_SECURE || req.protocol === 'https';
  const clearCookie = (req: FastifyRequest, reply: FastifyReply) =>
    reply.clearCookie(OPERATOR_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: secure(req) });

  app.decorateRequest('operator', null);
  app.addHook('onRequest', async (req, reply) => {
    const routeConfig = req.routeOptions.config;
    if (routeConfig?.operator !== true || routeConfig.public === true) return;
    const token = req.cookies[OPERATOR_COOKIE];
    const op = token ? await service.operatorFromToken(db, token) : null;
    if (!op) return reply.code(401).send({ message: 'You are not signed in' });
    if (!SAFE_METHODS.has(req.method) && !req.headers[CSRF_HEADER])
      return reply.code(403).send({ status: false, response: `Missing the ${CSRF_HEADER} header`, returnObject: null });
    req.operator = op;
  });

  /** The operator of a request that passed the hook. */
  const operatorOf = (req: FastifyRequest): service.OperatorCtx => {
    if (!req.operator) throw unauthorized();
    return req.operator;
  };

  app.post(
    '/api/operator/login',
    {
      config: { operator: true, public: true },
      schema: {
        tags,
        summary: 'A platform operator signs in; sets the steward_operator cookie and answers the e-mail',
        body: ZOperatorLoginRequest,
        response: { 200: ZOperatorMe, 400: ZErrorEnvelope, 401: ZMessage, 429: ZMessage },
      },
    },
    async (req, reply) => {
      const s = await service
        .operatorLogin(db, limits, { ...req.body, ip: req.ip }, config.SESSION_HOURS)
        .catch((e: unknown) => {
          if (e instanceof RateLimited) reply.header('retry-after', String(e.retryAfterSeconds));
          throw e;
        });
      reply.setCookie(OPERATOR_COOKIE, s.token, {
        httpOnly: true,
        sameSite: 'strict',
        secure: secure(req),
        path: COOKIE_PATH,
        expires: s.expiresAt,
      });
      return { email: s.email };
    },
  );

  app.post(
    '/api/operator/logout',
    {
      config: { operator: true, public: true },
      schema: {
        tags,
        summary: "Signs the operator out: revokes the cookie's session and clears it",
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      const token = req.cookies[OPERATOR_COOKIE];
      if (token) await service.operatorLogout(db, token);
      clearCookie(req, reply);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/operator/me',
    {
      config: { operator: true },
      schema: { tags, summary: 'The signed-in operator', response: { 200: ZOperatorMe, 401: ZMessage } },
    },
    async (req) => ({ email: operatorOf(req).email }),
  );

  app.get(
    '/api/operator/senderids',
    {
      config: { operator: true },
      schema: {
        tags,
        summary:
          'Sender IDs of every church, oldest request first, 50 a page; status 0 pending, 1 processing, 2 approved, 3 not approved, or all',
        querystring: ZOperatorSenderIdsQuery,
        response: { 200: ZOperatorSenderIdPage, 400: ZErrorEnvelope, 401: ZMessage },
      },
    },
    (req) => service.listSenderIds(db, operatorOf(req), req.query),
  );

  app.put(
    '/api/operator/senderids/:tenantId/:id',
    {
      config: { operator: true },
      schema: {
        tags,
        summary:
          "Reviews a church's sender ID: status 1 processing, 2 approved (it can send), 3 not approved; the note is shown to the church",
        params: ZReviewSenderIdParams,
        body: ZReviewSenderIdRequest,
        response: {
          200: ZReviewSenderIdAnswer,
          400: ZErrorEnvelope,
          401: ZMessage,
          403: ZErrorEnvelope,
          404: ZErrorEnvelope,
        },
      },
    },
    async (req) => {
      const row = await service.reviewSenderId(db, operatorOf(req), req.params, req.body);
      return ok(row, reviewedText(row.mask, row.status));
    },
  );
}
