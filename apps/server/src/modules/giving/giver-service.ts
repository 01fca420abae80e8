import { randomBytes } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DONATION_MESSAGES,
  type TGiverContribution,
  type TGiverSession,
  type TGiverSignUp,
  type ZGiverForgotPassword,
  type ZGiverHistoryQuery,
  type ZGiverResetPassword,
  type ZGiverSignIn,
} from '@steward/contracts/donations';
import { queryRows, withTenant, withoutTenant, type Db } from '../../db/client.ts';
import { AppError, badRequest, notFound, unauthorized } from '../../lib/errors.ts';
import { minorToJson } from '../../lib/money.ts';
import { hashPassword, isUniqueViolation, SIGNUP_EMAIL_REFUSED } from '../auth/service.ts';
import { loginKey, RateLimited, secondsUntil, type RateLimiter } from '../auth/throttle.ts';
import { hashToken, newSessionToken } from '../auth/tokens.ts';
import type { EmailTransport } from '../messaging/email-transport.ts';
import type { ProviderName } from '../payments/provider.ts';
import type { GiverAuth } from './giver-auth.ts';
import * as q from './donation-queries.ts';
import type { ResetEmailJob } from './recheck-jobs.ts';
import { GATEWAY_NAME } from './settlement.ts';
import { giverPasswordResets, givers, giverSessions } from './schema.ts';

/*
 * Giver accounts (giving spec 2.6-2.8; existing-client-api §3.5; issue 10 'Givers'): sign-up,
 * sign-in, 'Your Transactions', 'Forgot Password?'. A giver belongs to one church (their e-mail
 * is unique within it); their token is a giver token (giver_sessions), never a church session.
 */

/** How long a giver token lasts: 12 hours, or 30 days with 'Keep me signed in'. */
export const GIVER_SESSION_HOURS = { normal: 12, kept: 24 * 30 } as const;
/** How long a reset link works. */
export const RESET_LINK_MINUTES = 60;

/** A hash of a random password, made once: an unknown e-mail takes as long to refuse as a wrong password. */
const dummyHash: Promise<string> = hashPassword(randomBytes(32).toString('base64url'));

async function issueGiverSession(db: Db, tenantId: string, giverId: string, hours: number): Promise<TGiverSession> {
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + hours * 3_600_000);
  return withTenant(db, tenantId, async (tx) => {
    await tx.insert(giverSessions).values({ tenantId, tokenHash: hashToken(token), giverId, expiresAt });
    const giver = await q.giverById(tx, tenantId, giverId);
    if (!giver) throw unauthorized();
    return {
      token,
      userId: giver.id,
      tenantID: tenantId,
      email: giver.email,
      fullname: giver.name,
      phoneNumber: giver.phoneNumber,
      expiryTime: expiresAt.toISOString(),
    };
  });
}

/**
 * POST /mobile/v1/Account/WebSignUp (giving spec 2.6, existing-client-api §3.5): makes a giver
 * account of church `tenantId` and signs it in (a 12-hour giver token).
 * Throws 404 for an unknown church, 400 naming `email` when the church already has a giver with
 * that address (in words that do not confirm it: SIGNUP_EMAIL_REFUSED).
 */
export async function signUp(db: Db, input: TGiverSignUp): Promise<TGiverSession> {
  const passwordHash = await hashPassword(input.password);
  let giverId: string;
  try {
    giverId = await withTenant(db, input.tenantId, async (tx) => {
      const [church] = await queryRows<{ id: string }>(tx, sql`select id from tenants where id = ${input.tenantId}`);
      if (!church) throw notFound('Church');
      const [row] = await tx
        .insert(givers)
        .values({
          tenantId: input.tenantId,
          name: input.name,
          email: input.email.toLowerCase(),
          phoneNumber: input.phoneNumber ?? null,
          passwordHash,
        })
        .returning({ id: givers.id });
      return row!.id;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw badRequest('email', SIGNUP_EMAIL_REFUSED);
    throw e;
  }
  return issueGiverSession(db, input.tenantId, giverId, GIVER_SESSION_HOURS.normal);
}

/**
 * POST /mobile/v1/Account/SignIn (giving spec 2.7, existing-client-api §3.5): checks the e-mail and
 * password against the giver accounts of that address (of church `tenantId` when given; the most
 * recent matching account otherwise) and answers a giver token (30 days with `keepSignedIn`, else
 * 12 hours). Every attempt counts in the e-mail-and-address bucket (LOGIN_RATE_*); a success clears
 * it. Throws 401 'Incorrect e-mail or password', 429 RateLimited past the limit.
 */
export async function signIn(
  db: Db,
  limits: { limiter: RateLimiter; max: number; windowSeconds: number },
  input: z.output<typeof ZGiverSignIn>,
  ip: string,
): Promise<TGiverSession> {
  const key = `giver-${loginKey(input.email, ip)}`;
  const count = await limits.limiter.hit(key, limits.windowSeconds);
  if (count.hits > limits.max) {
    const wait = secondsUntil(count.resetAt);
    throw new RateLimited(`Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`, wait);
  }
  const candidates = (
    await withoutTenant(db, (tx) =>
      queryRows<{ tenant_id: string; giver_id: string; password_hash: string }>(
        tx,
        sql`select tenant_id, giver_id, password_hash from giving_find_giver(${input.email.trim()})`,
      ),
    )
  ).filter((c) => !input.tenantId || c.tenant_id === input.tenantId);
  let match: (typeof candidates)[number] | null = null;
  for (const c of candidates) {
    if (await verify(c.password_hash, input.password)) {
      match = c;
      break;
    }
  }
  if (candidates.length === 0) await verify(await dummyHash, input.password);
  if (!match) throw unauthorized(DONATION_MESSAGES.signInIncorrect);
  await limits.limiter.clear(key);
  return issueGiverSession(
    db,
    match.tenant_id,
    match.giver_id,
    input.keepSignedIn ? GIVER_SESSION_HOURS.kept : GIVER_SESSION_HOURS.normal,
  );
}

/**
 * An ISO date from a history date field ('YYYY-MM-DD…' or 'M/D/YYYY…'), or null for no limit ('', or
 * a year outside 1900-2200 such as the client's '1/1/0001 00:00:00'). Throws 400 naming `field` otherwise.
 */
export function historyDate(value: string | undefined, field: string): string | null {
  if (!value) return null;
  const s = value.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  const us = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})/.exec(s);
  if (!iso && !us) throw badRequest(field, 'must be a date (YYYY-MM-DD)');
  const [y, m, d] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : [Number(us![3]), Number(us![1]), Number(us![2])];
  // the client's placeholder minimum date ('1/1/0001 00:00:00') and the like: no limit
  if (y < 1900 || y > 2200) return null;
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d) throw badRequest(field, 'must be a date (YYYY-MM-DD)');
  return dt.toISOString().slice(0, 10);
}

/**
 * POST /mobile/v1/PaymentForm/contributions (giving spec 2.8, existing-client-api §3.5): the
 * signed-in giver's received gifts, one row per item, newest first, between `startDate` and
 * `endDate` (inclusive; none, '' or the client's '1/1/0001 00:00:00' mean no limit): `memo` the
 * item's name, `date` (ISO), `amount`, `currency`, `paymentGatewayName` ('Paystack' |
 * 'Flutterwave'), `reference`. Only the token's own giver: a `userId` or `tenantId` of anyone
 * else answers 404.
 */
export async function history(
  db: Db,
  giver: GiverAuth,
  input: z.output<typeof ZGiverHistoryQuery>,
): Promise<TGiverContribution[]> {
  if ((input.userId && input.userId !== giver.giverId) || (input.tenantId && input.tenantId !== giver.tenantId))
    throw notFound('Giver');
  const from = historyDate(input.startDate, 'startDate');
  const to = historyDate(input.endDate, 'endDate');
  const rows = await withTenant(db, giver.tenantId, (tx) =>
    q.giverHistory(tx, giver.tenantId, giver.giverId, from, to),
  );
  return rows.map((r) => ({
    memo: r.item_name,
    date: new Date(r.date).toISOString(),
    amount: minorToJson(BigInt(r.amount_minor), r.currency_code),
    currency: r.currency_code,
    paymentGatewayName: GATEWAY_NAME[r.provider as ProviderName],
    reference: r.reference,
  }));
}

/** Signs a giver token out (POST /mobile/v1/Account/SignOut). */
export async function signOut(db: Db, giver: GiverAuth, token: string): Promise<void> {
  await withTenant(db, giver.tenantId, (tx) =>
    tx
      .update(giverSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(giverSessions.tenantId, giver.tenantId), eq(giverSessions.tokenHash, hashToken(token)))),
  );
}

/**
 * POST /mobile/v1/Account/ForgotPassword ('Forgot Password?', giving spec 2.7): when the church
 * (`tenantId`, or the church of `paymentFormId`) has a giver with this e-mail (or, without a
 * church, any church has exactly one), records a reset request valid RESET_LINK_MINUTES and queues
 * its e-mail (`queue`: the job makes the link's token). Answers nothing either way, so the answer
 * does not tell whether the address has an account.
 */
export async function forgotPassword(
  db: Db,
  input: z.output<typeof ZGiverForgotPassword>,
  origin: string,
  queue: (job: ResetEmailJob) => Promise<void>,
): Promise<void> {
  const email = input.email.trim();
  if (!email || email.length > 254) return;
  let tenantId = input.tenantId ?? null;
  if (!tenantId && input.paymentFormId) {
    const formId = input.paymentFormId;
    tenantId = await withoutTenant(db, (tx) => q.formTenant(tx, formId));
    if (!tenantId) return;
  }
  const accounts = (
    await withoutTenant(db, (tx) =>
      queryRows<{ tenant_id: string; giver_id: string }>(
        tx,
        sql`select tenant_id, giver_id from giving_find_giver(${email})`,
      ),
    )
  ).filter((a) => !tenantId || a.tenant_id === tenantId);
  if (accounts.length !== 1) return;
  const account = accounts[0]!;
  const resetId = await withTenant(db, account.tenant_id, async (tx) => {
    const [row] = await tx
      .insert(giverPasswordResets)
      .values({
        tenantId: account.tenant_id,
        giverId: account.giver_id,
        paymentFormId: input.paymentFormId ?? null,
        expiresAt: new Date(Date.now() + RESET_LINK_MINUTES * 60_000),
      })
      .returning({ id: giverPasswordResets.id });
    return row!.id;
  });
  await queue({ tenantId: account.tenant_id, resetId, origin });
}

/**
 * The reset e-mail job (recheck-jobs.ts RESET_EMAIL_QUEUE): makes the link's 256-bit token
 * (only its SHA-256 is stored; a retried job makes a new one, and the older link stops working),
 * and sends the giver `{origin}/giver/reset-password?token=…[&form=…]` through messaging's e-mail
 * transport (SMTP, or the capture server's Outbox), idempotency key the request's id. A request
 * used or expired since is not mailed.
 */
export async function sendResetEmail(db: Db, email: EmailTransport, job: ResetEmailJob): Promise<void> {
  const token = newSessionToken();
  const found = await withTenant(db, job.tenantId, async (tx) => {
    const [reset] = await tx
      .update(giverPasswordResets)
      .set({ tokenHash: hashToken(token) })
      .where(
        and(
          eq(giverPasswordResets.tenantId, job.tenantId),
          eq(giverPasswordResets.id, job.resetId),
          isNull(giverPasswordResets.usedAt),
          sql`${giverPasswordResets.expiresAt} > now()`,
        ),
      )
      .returning();
    if (!reset) return null;
    const giver = await q.giverById(tx, job.tenantId, reset.giverId);
    const church = await q.churchProfile(tx, job.tenantId);
    return giver && church ? { reset, giver, church } : null;
  });
  if (!found) return;
  const base = job.origin.replace(/\/+$/, '');
  const link = `${base}/giver/reset-password?token=${encodeURIComponent(token)}${
    found.reset.paymentFormId ? `&form=${found.reset.paymentFormId}` : ''
  }`;
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const text = `Hello ${found.giver.name},\n\nSomeone (we hope you) asked to reset the password of your giving account at ${found.church.churchName}.\n\nOpen this link within ${RESET_LINK_MINUTES} minutes to choose a new password:\n${link}\n\nIf you did not ask, ignore this e-mail: your password stays as it is.\n`;
  const html = `<p>Hello ${esc(found.giver.name)},</p><p>Someone (we hope you) asked to reset the password of your giving account at ${esc(found.church.churchName)}.</p><p><a href="${esc(link)}">Choose a new password</a> (the link works for ${RESET_LINK_MINUTES} minutes).</p><p>If you did not ask, ignore this e-mail: your password stays as it is.</p>`;
  await email.send({
    idempotencyKey: job.resetId,
    tenantId: job.tenantId,
    to: found.giver.email,
    fromName: found.church.churchName,
    subject: `Reset your giving password at ${found.church.churchName}`,
    html,
    text,
  });
}

/**
 * POST /mobile/v1/Account/ResetPassword: sets a new password with the e-mailed link's token, once,
 * before it expires; every giver token of the account is revoked. Throws 400 naming `token` when
 * the link is unknown, used or expired (DONATION_MESSAGES.resetInvalid).
 */
export async function resetPassword(db: Db, input: z.output<typeof ZGiverResetPassword>): Promise<void> {
  const tokenHash = hashToken(input.token);
  const [found] = await withoutTenant(db, (tx) =>
    queryRows<{ tenant_id: string; reset_id: string }>(
      tx,
      sql`select tenant_id, reset_id from giving_find_password_reset(${tokenHash})`,
    ),
  );
  if (!found) throw badRequest('token', DONATION_MESSAGES.resetInvalid);
  const passwordHash = await hashPassword(input.password);
  await withTenant(db, found.tenant_id, async (tx) => {
    const [reset] = await tx
      .update(giverPasswordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(giverPasswordResets.tenantId, found.tenant_id),
          eq(giverPasswordResets.id, found.reset_id),
          eq(giverPasswordResets.tokenHash, tokenHash),
          isNull(giverPasswordResets.usedAt),
        ),
      )
      .returning();
    if (!reset) throw new AppError(400, DONATION_MESSAGES.resetInvalid, 'token');
    await tx
      .update(givers)
      .set({ passwordHash })
      .where(and(eq(givers.tenantId, found.tenant_id), eq(givers.id, reset.giverId)));
    await tx
      .update(giverSessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(giverSessions.tenantId, found.tenant_id),
          eq(giverSessions.giverId, reset.giverId),
          isNull(giverSessions.revokedAt),
        ),
      );
  });
}
