import { z } from 'zod';
import {
  DONATION_MESSAGES,
  ZGiverForgotPassword,
  ZGiverHistory,
  ZGiverHistoryQuery,
  ZGiverResetPassword,
  ZGiverSessionAnswer,
  ZGiverSignIn,
  ZGiverSignUp,
} from '@steward/contracts/donations';
import { ZErrorEnvelope, ZMessage, ZStatusAnswer } from '@steward/contracts/common';
import type { ModuleCtx } from '../../lib/module.ts';
import { ok } from '../../lib/envelope.ts';
import { unauthorized } from '../../lib/errors.ts';
import { RateLimited, RateLimiter } from '../auth/throttle.ts';
import { bearerToken, findGiverSession } from './giver-auth.ts';
import { originOf } from './http.ts';
import * as givers from './giver-service.ts';
import type { ResetEmailJob } from './recheck-jobs.ts';

/**
 * Giver accounts (giving spec 2.6-2.8; existing-client-api §3.5; issue 10 'Givers'), under
 * /mobile/v1 with no church session: sign-up, sign-in, the giver's history (giver token only),
 * 'Forgot Password?' and the reset, sign-out. Each is limited per client address (PUBLIC_RATE_*;
 * sign-up SIGNUP_RATE_*), sign-in also per e-mail and address (LOGIN_RATE_*).
 */
export function registerGivers(
  { app, db, config }: ModuleCtx,
  queueResetEmail: (job: ResetEmailJob) => Promise<void>,
): void {
  const tags = ['giving: givers'];
  const limits = {
    limiter: new RateLimiter(db),
    max: config.LOGIN_RATE_MAX,
    windowSeconds: config.LOGIN_RATE_WINDOW_MINUTES * 60,
  };

  app.post(
    '/mobile/v1/Account/WebSignUp',
    {
      config: { public: true, rateBucket: 'signup' },
      schema: {
        tags,
        summary: 'A giver signs up with a church (tenantId from GET /give); answers a giver token',
        body: ZGiverSignUp,
        response: { 200: ZGiverSessionAnswer, 400: ZErrorEnvelope, 404: ZErrorEnvelope, 429: ZMessage },
      },
    },
    async (req) => ok(await givers.signUp(db, req.body), DONATION_MESSAGES.signUpSuccessful),
  );

  app.post(
    '/mobile/v1/Account/SignIn',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'A giver signs in; answers a giver token (30 days with keepSignedIn, else 12 hours)',
        body: ZGiverSignIn,
        response: { 200: ZGiverSessionAnswer, 400: ZErrorEnvelope, 401: ZMessage, 429: ZMessage },
      },
    },
    async (req, reply) => {
      const session = await givers.signIn(db, limits, req.body, req.ip).catch((e: unknown) => {
        if (e instanceof RateLimited) reply.header('retry-after', String(e.retryAfterSeconds));
        throw e;
      });
      return ok(session, DONATION_MESSAGES.signInSuccessful);
    },
  );

  app.post(
    '/mobile/v1/PaymentForm/contributions',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "The signed-in giver's gifts (giver token), newest first, within startDate..endDate",
        body: ZGiverHistoryQuery,
        response: { 200: ZGiverHistory, 400: ZErrorEnvelope, 401: ZMessage, 404: ZErrorEnvelope },
      },
    },
    async (req) => {
      const token = bearerToken(req);
      const giver = token ? await findGiverSession(db, token) : null;
      if (!giver) throw unauthorized('Sign in to see your transactions');
      return givers.history(db, giver, req.body ?? {});
    },
  );

  app.post(
    '/mobile/v1/Account/ForgotPassword',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          "'Forgot Password?': e-mails a reset link when the address has a giver account (the answer does not say)",
        body: ZGiverForgotPassword,
        response: { 200: ZStatusAnswer, 400: ZErrorEnvelope, 429: ZMessage },
      },
    },
    async (req) => {
      await givers.forgotPassword(db, req.body, originOf(req, config.PUBLIC_URL), queueResetEmail);
      return { status: true, response: DONATION_MESSAGES.resetRequested };
    },
  );

  app.post(
    '/mobile/v1/Account/ResetPassword',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "Sets a giver's new password with the e-mailed link's token (once, within an hour)",
        body: ZGiverResetPassword,
        response: { 200: ZStatusAnswer, 400: ZErrorEnvelope, 429: ZMessage },
      },
    },
    async (req) => {
      await givers.resetPassword(db, req.body);
      return { status: true, response: DONATION_MESSAGES.resetDone };
    },
  );

  app.post(
    '/mobile/v1/Account/SignOut',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "Signs the giver's token out",
        response: { 200: ZStatusAnswer, 401: ZMessage },
        body: z.unknown().optional(),
      },
    },
    async (req) => {
      const token = bearerToken(req);
      const giver = token ? await findGiverSession(db, token) : null;
      if (!giver || !token) throw unauthorized();
      await givers.signOut(db, giver, token);
      return { status: true, response: 'Signed out' };
    },
  );
}
