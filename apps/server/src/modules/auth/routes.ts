import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CSRF_HEADER,
  SESSION_COOKIE,
  STEWARD_SUB_STATUS,
  ZCurrentUser,
  ZLoginRequest,
  ZLoginResponse,
  ZSignupRequest,
  ZSignupResponse,
} from '@steward/contracts/auth';
import { ZErrorEnvelope, ZMessage } from '@steward/contracts/common';
import type { ModuleCtx } from '../../lib/module.ts';
import { inTenant } from '../../lib/context.ts';
import { ok } from '../../lib/envelope.ts';
import { publicRateLimit, RateLimited, type RateLimiter } from './throttle.ts';
import * as service from './service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** routes that answer without a session (sign-up, sign-in, lookups, public pages) */
    public?: boolean;
    /** platform operator routes (modules/operators): they check their own cookie, never a church session */
    operator?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Routes under these prefixes need a session unless marked `config.public`. */
const PRIVATE_PREFIXES = ['/api/', '/mobile/', '/logout'];
/** API answers under these prefixes are never stored by a browser or proxy (they carry tokens or church data). */
const NO_STORE_PREFIXES = ['/api/', '/mobile/', '/login', '/logout'];

/**
 * The session token of a request: the bearer token, else the session cookie. The existing
 * client's giver sign-in stores the token JSON-encoded, so its header reads `Bearer "eyJ…"`
 * (existing-client-api §0): surrounding double quotes are not part of the token.
 */
export function sessionToken(req: FastifyRequest): { token: string; via: 'bearer' | 'cookie' } | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const raw = header.slice(7).trim();
    const token = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1).trim() : raw;
    if (token) return { token, via: 'bearer' };
  }
  const cookie = req.cookies[SESSION_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

/**
 * Sessions (issue 2): sign-up, sign-in, sign-out, the current user, and the auth hook; the
 * rate limits of sign-in, sign-up and public routes and `Cache-Control: no-store` on API
 * answers (issue 6). `limiter` holds the counters in PostgreSQL (throttle.ts).
 */
export function registerAuth({ app, db, config, limiter }: ModuleCtx & { limiter: RateLimiter }): void {
  const tags = ['auth'];
  const loginLimits: service.LoginLimits = {
    limiter,
    max: config.LOGIN_RATE_MAX,
    windowSeconds: config.LOGIN_RATE_WINDOW_MINUTES * 60,
  };
  /** Secure when COOKIE_SECURE is set or the request came over HTTPS (X-Forwarded-Proto with TRUST_PROXY). */
  const secure = (req: FastifyRequest) => config.COOKIE_SECURE || req.protocol === 'https';
  const setCookie = (reply: FastifyReply, token: string, expires: Date) =>
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: secure(reply.request),
      path: '/',
      expires,
    });

  // before the session lookup: a refused request costs one counter update
  app.addHook('onRequest', publicRateLimit(limiter, config));

  app.addHook('onSend', async (req, reply, payload) => {
    // the path asked for, so that unknown API paths (404, no route) are covered too
    const url = req.url.toLowerCase();
    const json = /json/i.test(String(reply.getHeader('content-type') ?? ''));
    if (NO_STORE_PREFIXES.some((p) => url.startsWith(p)) || (req.auth && json))
      reply.header('cache-control', 'no-store');
    return payload;
  });

  app.addHook('onRequest', async (req, reply) => {
    if (req.routeOptions.config?.operator === true) return;
    const found = sessionToken(req);
    if (found) {
      const auth = await service.authenticate(db, found.token);
      if (auth) req.auth = { ...auth, via: found.via };
    }
    const url = (req.routeOptions.url ?? '').toLowerCase();
    const guarded = PRIVATE_PREFIXES.some((p) => url.startsWith(p));
    if (!guarded || req.routeOptions.config?.public === true) return;
    if (!req.auth) return reply.code(401).send({ message: 'You are not signed in' });
    if (req.auth.via === 'cookie' && !SAFE_METHODS.has(req.method) && !req.headers[CSRF_HEADER]) {
      return reply.code(403).send({ status: false, response: `Missing the ${CSRF_HEADER} header`, returnObject: null });
    }
  });

  app.post(
    '/api/onboarding/signup',
    {
      config: { public: true, rateBucket: 'signup' },
      schema: {
        tags,
        summary: 'A new church signs up; answers a session and sets the session cookie',
        body: ZSignupRequest,
        response: { 200: ZSignupResponse, 400: ZErrorEnvelope, 429: ZMessage },
      },
    },
    async (req, reply) => {
      const s = await service.signup(db, req.body, config.SESSION_HOURS);
      setCookie(reply, s.token, s.expiresAt);
      return ok(
        { token: s.token, expiryTime: s.expiresAt.toISOString(), tenantId: s.tenantId },
        'Your church account was created',
      );
    },
  );

  app.post(
    '/login',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Sign in; answers a bearer token and sets the session cookie',
        body: ZLoginRequest,
        response: {
          200: ZLoginResponse,
          400: ZErrorEnvelope.extend({ message: z.string().optional() }),
          401: ZMessage,
          429: ZMessage,
        },
      },
      // existing-client-api §1.1 and §7: the existing client shows a 400's `message`
      onSend: async (_req, reply, payload) => {
        if (reply.statusCode !== 400 || typeof payload !== 'string') return payload;
        const body = JSON.parse(payload) as { response?: unknown; errors?: { message: string }[] };
        const message = body.errors?.length ? body.errors.map((e) => e.message).join('. ') : body.response;
        return JSON.stringify({ ...body, message });
      },
    },
    async (req, reply) => {
      const s = await service
        .login(db, loginLimits, { ...req.body, ip: req.ip }, config.SESSION_HOURS)
        .catch((e: unknown) => {
          if (e instanceof RateLimited) reply.header('retry-after', String(e.retryAfterSeconds));
          throw e;
        });
      setCookie(reply, s.token, s.expiresAt);
      return {
        token: s.token,
        expiryTime: s.expiresAt.toISOString(),
        roles: s.roles,
        tenantId: s.tenantId,
        churchName: s.churchName,
        // Steward has no subscriptions and does not verify e-mail addresses (contracts/auth.ts)
        subStatus: STEWARD_SUB_STATUS,
        isVerified: true,
        churchSize: s.churchSize,
      };
    },
  );

  app.post(
    '/logout',
    { schema: { tags, summary: 'Sign out: revokes the session and clears the cookie', response: { 204: z.null() } } },
    async (req, reply) => {
      const found = sessionToken(req);
      if (found) await inTenant(db, req, (ctx) => service.logout(ctx, found.token));
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict', secure: secure(req) });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/Membership/GetCurrentSignedInUser',
    {
      schema: { tags, summary: 'The signed-in user and their church', response: { 200: ZCurrentUser, 401: ZMessage } },
    },
    (req) => inTenant(db, req, service.currentUser),
  );
}
