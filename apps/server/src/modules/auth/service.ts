import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  AUTH_FIELD_MESSAGES,
  STEWARD_SUB_STATUS,
  STEWARD_SUBSCRIPTION_NAME,
  UNLIMITED_CHURCH_SIZE,
  type TCurrentUser,
  type TSignupRequest,
} from '@steward/contracts/auth';
import { withTenant, withoutTenant, type Db } from '../../db/client.ts';
import type { TenantCtx } from '../../lib/context.ts';
import { badRequest, unauthorized } from '../../lib/errors.ts';
import { createDefaultChart } from '../ledger/service.ts';
import { findCountry, findCurrencyByCode } from '../lookups/reference.ts';
import { countPeople } from '../people/service.ts';
import { tenants, users } from '../tenancy/schema.ts';
import { loginKey, RateLimited, secondsUntil, type RateLimiter } from './throttle.ts';
import { hashToken, newSessionToken } from './tokens.ts';
import * as q from './queries.ts';
import { smsUnits } from '../messaging/reports-service.ts';

export interface IssuedSession {
  token: string;
  expiresAt: Date;
  tenantId: string;
  userId: string;
}

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's minimum). */
export const hashPassword = (password: string): Promise<string> => hash(password);

/**
 * A hash of a random password, made once when the module loads (start-up), with the same
 * parameters as real ones: sign-in verifies against it when the e-mail is unknown or the
 * account inactive, so the answer takes as long as for a wrong password (issue 6).
 */
const dummyHash: Promise<string> = hashPassword(randomBytes(32).toString('base64url'));

/**
 * The answer to a sign-up whose e-mail is taken: it does not confirm that the address is
 * registered (issue 6). The same words whether the lookup or the unique index found it.
 */
export const SIGNUP_EMAIL_REFUSED =
  'We could not create an account with this e-mail address. If you already have one, sign in or reset your password.';

async function issueSession(ctx: TenantCtx, userId: string, hours: number): Promise<IssuedSession> {
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + hours * 3_600_000);
  await q.insertSession(ctx.tx, { tenantId: ctx.tenantId, tokenHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt, tenantId: ctx.tenantId, userId };
}

/**
 * POST /api/onboarding/signup (issue 2): creates the church, its administrator, the
 * default chart of accounts and a session, in one transaction.
 * Throws 400 naming `currency` or `countryCode` (not an ISO 4217 currency or ISO 3166 country
 * Steward knows; AUTH_FIELD_MESSAGES) or `email` (taken: SIGNUP_EMAIL_REFUSED, which does not
 * say so). The per-address sign-up limit is the route's (throttle.ts).
 */
export async function signup(db: Db, input: TSignupRequest, sessionHours: number): Promise<IssuedSession> {
  if (!findCurrencyByCode(input.currency)) throw badRequest('currency', AUTH_FIELD_MESSAGES.currencyUnknown);
  if (!findCountry(input.countryCode)) throw badRequest('countryCode', AUTH_FIELD_MESSAGES.countryUnknown);
  const existing = await withoutTenant(db, (tx) => q.findLogin(tx, input.email));
  if (existing) throw badRequest('email', SIGNUP_EMAIL_REFUSED);
  const passwordHash = await hashPassword(input.password);
  const tenantId = crypto.randomUUID();
  try {
    return await withTenant(db, tenantId, async (tx) => {
      const ctx: TenantCtx = { tx, tenantId, userId: null };
      await tx.insert(tenants).values({
        id: tenantId,
        churchName: input.churchName,
        countryCode: input.countryCode,
        currencyCode: input.currency,
      });
      const [user] = await tx
        .insert(users)
        .values({
          tenantId,
          email: input.email.toLowerCase(),
          firstName: input.firstName,
          lastName: input.lastName,
          phoneNumber: input.phoneNumber,
          passwordHash,
        })
        .returning({ id: users.id });
      await createDefaultChart({ ...ctx, userId: user!.id }, input.currency);
      return issueSession({ ...ctx, userId: user!.id }, user!.id, sessionHours);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw badRequest('email', SIGNUP_EMAIL_REFUSED);
    throw e;
  }
}

/** The limits of sign-in attempts per e-mail and client address (LOGIN_RATE_*). */
export interface LoginLimits {
  limiter: RateLimiter;
  /** attempts allowed since the last success within the window */
  max: number;
  windowSeconds: number;
}

/**
 * POST /login: checks the password. Every attempt counts in the PostgreSQL bucket of the
 * e-mail and address (throttle.ts loginKey); a success clears it. Past `max` attempts in the
 * window, throws 429 RateLimited (even with the right password, until the window ends).
 * An unknown e-mail or an inactive account is verified against a dummy hash, so it takes
 * as long as a wrong password. Throws 401 on a wrong e-mail or password.
 * Answers the session with the user's roles, the church's name and its churchSize.
 */
export async function login(
  db: Db,
  limits: LoginLimits,
  input: { userName: string; password: string; ip: string },
  sessionHours: number,
): Promise<IssuedSession & { roles: string[]; churchName: string; churchSize: number }> {
  const key = loginKey(input.userName, input.ip);
  const count = await limits.limiter.hit(key, limits.windowSeconds);
  if (count.hits > limits.max) {
    const wait = secondsUntil(count.resetAt);
    throw new RateLimited(`Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`, wait);
  }
  const found = await withoutTenant(db, (tx) => q.findLogin(tx, input.userName));
  const usable = found?.is_active ? found : null;
  const valid = await verify(usable ? usable.password_hash : await dummyHash, input.password);
  if (!usable || !valid) throw unauthorized('Incorrect e-mail or password');
  await limits.limiter.clear(key);
  return withTenant(db, usable.tenant_id, async (tx) => {
    const ctx: TenantCtx = { tx, tenantId: usable.tenant_id, userId: usable.user_id };
    const session = await issueSession(ctx, usable.user_id, sessionHours);
    const row = await q.getUserWithTenant(tx, usable.tenant_id, usable.user_id);
    return {
      ...session,
      roles: row?.user.roles ?? [],
      churchName: row?.tenant.churchName ?? '',
      churchSize: await churchSize(ctx),
    };
  });
}

/** Resolves a session token to its tenant and user, or null when unknown or expired. */
export async function authenticate(db: Db, token: string): Promise<{ tenantId: string; userId: string } | null> {
  // one statement outside a transaction: auth_find_session is a security-definer lookup
  // that reads only the sessions table, so it needs neither the application role nor a tenant
  const found = await q.findSession(db, hashToken(token));
  return found ? { tenantId: found.tenant_id, userId: found.user_id } : null;
}

/** Revokes the session of `token` (sign-out). */
export async function logout(ctx: TenantCtx, token: string): Promise<void> {
  await q.revokeSession(ctx.tx, ctx.tenantId, hashToken(token));
}

/**
 * The client's `churchSize` (existing-client-api §1.1): the number of people the church records,
 * but at least 1, because the client sends an administrator of a church of size 0 to its
 * onboarding screen (/next) instead of the dashboard (/tenant).
 */
export async function churchSize(ctx: TenantCtx): Promise<number> {
  return Math.max(1, await countPeople(ctx));
}

/**
 * GET /api/Membership/GetCurrentSignedInUser (spec §7, existing-client-api §1.2): the user and
 * their church (TCurrentUser). Where Steward has no equivalent: `email` is the user's e-mail,
 * `smsBalance` the church's SMS units, `subStatus` 'Active', `subscriptionName` 'Steward', `subscribedChurchSize`
 * UNLIMITED_CHURCH_SIZE (see contracts/auth.ts). Throws 401 when the user is gone.
 */
export async function currentUser(ctx: TenantCtx): Promise<TCurrentUser> {
  const row = ctx.userId ? await q.getUserWithTenant(ctx.tx, ctx.tenantId, ctx.userId) : undefined;
  if (!row) throw unauthorized();
  const currency = findCurrencyByCode(row.tenant.currencyCode);
  const country = findCountry(row.tenant.countryCode);
  return {
    tenantId: row.tenant.id,
    userId: row.user.id,
    churchName: row.tenant.churchName,
    email: row.user.email,
    userEmail: row.user.email,
    firstName: row.user.firstName,
    lastName: row.user.lastName,
    roles: row.user.roles,
    currency: row.tenant.currencyCode,
    currencySymbol: currency?.symbol ?? row.tenant.currencyCode,
    isoCode: row.tenant.countryCode,
    country: country?.name ?? row.tenant.countryCode,
    smsBalance: await smsUnits(ctx),
    subStatus: STEWARD_SUB_STATUS,
    subscriptionName: STEWARD_SUBSCRIPTION_NAME,
    churchSize: await churchSize(ctx),
    subscribedChurchSize: UNLIMITED_CHURCH_SIZE,
  };
}

/** True for PostgreSQL's unique_violation (23505), from pg or PGlite. */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
}
