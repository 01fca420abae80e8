import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CSRF_HEADER,
  SESSION_COOKIE,
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
import type { LoginThrottle } from './throttle.ts';
import * as service from './service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** routes that answer without a session (sign-up, sign-in, lookups, public pages) */
    public?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Routes under these prefixes need a session unless marked `config.public`. */
const PRIVATE_PREFIXES = ['/api/', '/mobile/', '/logout'];

function sessionToken(req: FastifyRequest): { token: string; via: 'bearer' | 'cookie' } | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), via: 'bearer' };
  const cookie = req.cookies[SESSION_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

/** Sessions (issue 2): sign-up, sign-in, sign-out, the current user, and the auth hook. */
export function registerAuth({ app, db, config, throttle }: ModuleCtx & { throttle: LoginThrottle }): void {
  const tags = ['auth'];
  const setCookie = (reply: FastifyReply, token: string, expires: Date) =>
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: config.COOKIE_SECURE,
      path: '/',
      expires,
    });

  app.addHook('onRequest', async (req, reply) => {
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
      config: { public: true },
      schema: {
        tags,
        summary: 'A new church signs up; answers a session and sets the session cookie',
        body: ZSignupRequest,
        response: { 200: ZSignupResponse, 400: ZErrorEnvelope },
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
      config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Sign in; answers a bearer token and sets the session cookie',
        body: ZLoginRequest,
        response: { 200: ZLoginResponse, 400: ZErrorEnvelope, 401: ZMessage, 429: ZMessage },
      },
    },
    async (req, reply) => {
      const s = await service.login(db, throttle, { ...req.body, ip: req.ip }, config.SESSION_HOURS);
      setCookie(reply, s.token, s.expiresAt);
      return {
        token: s.token,
        expiryTime: s.expiresAt.toISOString(),
        roles: s.roles,
        tenantId: s.tenantId,
        churchName: s.churchName,
      };
    },
  );

  app.post(
    '/logout',
    { schema: { tags, summary: 'Sign out: revokes the session and clears the cookie', response: { 204: z.null() } } },
    async (req, reply) => {
      const found = sessionToken(req);
      if (found) await inTenant(db, req, (ctx) => service.logout(ctx, found.token));
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
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
