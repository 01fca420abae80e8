import { hash, verify } from '@node-rs/argon2';
import type { TCurrentUser, TSignupRequest } from '@steward/contracts/auth';
import { withTenant, withoutTenant, type Db } from '../../db/client.ts';
import type { TenantCtx } from '../../lib/context.ts';
import { AppError, badRequest, unauthorized } from '../../lib/errors.ts';
import { createDefaultChart } from '../ledger/service.ts';
import { findCountry, findCurrencyByCode } from '../lookups/reference.ts';
import { tenants, users } from '../tenancy/schema.ts';
import type { LoginThrottle } from './throttle.ts';
import { hashToken, newSessionToken } from './tokens.ts';
import * as q from './queries.ts';

export interface IssuedSession {
  token: string;
  expiresAt: Date;
  tenantId: string;
  userId: string;
}

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's minimum). */
export const hashPassword = (password: string): Promise<string> => hash(password);

async function issueSession(ctx: TenantCtx, userId: string, hours: number): Promise<IssuedSession> {
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + hours * 3_600_000);
  await q.insertSession(ctx.tx, { tenantId: ctx.tenantId, tokenHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt, tenantId: ctx.tenantId, userId };
}

/**
 * POST /api/onboarding/signup (issue 2): creates the church, its administrator, the
 * default chart of accounts and a session, in one transaction.
 * Throws 400 naming `currency`, `countryCode` or `email` (already registered).
 */
export async function signup(db: Db, input: TSignupRequest, sessionHours: number): Promise<IssuedSession> {
  if (!findCurrencyByCode(input.currency)) throw badRequest('currency', 'is not an ISO 4217 currency');
  if (!findCountry(input.countryCode)) throw badRequest('countryCode', 'is not an ISO 3166 country code');
  const existing = await withoutTenant(db, (tx) => q.findLogin(tx, input.email));
  if (existing) throw badRequest('email', 'is already registered; sign in instead');
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
    if (isUniqueViolation(e)) throw badRequest('email', 'is already registered; sign in instead');
    throw e;
  }
}

/**
 * POST /login: checks the password; after too many failures for the same e-mail and
 * address answers 429. Throws 401 on a wrong e-mail or password.
 */
export async function login(
  db: Db,
  throttle: LoginThrottle,
  input: { userName: string; password: string; ip: string },
  sessionHours: number,
): Promise<IssuedSession & { roles: string[]; churchName: string }> {
  const key = `${input.userName.toLowerCase()}|${input.ip}`;
  const wait = throttle.retryAfter(key);
  if (wait > 0)
    throw new AppError(429, `Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`);
  const found = await withoutTenant(db, (tx) => q.findLogin(tx, input.userName));
  const valid = found && found.is_active ? await verify(found.password_hash, input.password) : false;
  if (!found || !valid) {
    throttle.fail(key);
    throw unauthorized('Incorrect e-mail or password');
  }
  throttle.succeed(key);
  return withTenant(db, found.tenant_id, async (tx) => {
    const ctx: TenantCtx = { tx, tenantId: found.tenant_id, userId: found.user_id };
    const session = await issueSession(ctx, found.user_id, sessionHours);
    const row = await q.getUserWithTenant(tx, found.tenant_id, found.user_id);
    return { ...session, roles: row?.user.roles ?? [], churchName: row?.tenant.churchName ?? '' };
  });
}

/** Resolves a session token to its tenant and user, or null when unknown or expired. */
export async function authenticate(db: Db, token: string): Promise<{ tenantId: string; userId: string } | null> {
  const found = await withoutTenant(db, (tx) => q.findSession(tx, hashToken(token)));
  return found ? { tenantId: found.tenant_id, userId: found.user_id } : null;
}

/** Revokes the session of `token` (sign-out). */
export async function logout(ctx: TenantCtx, token: string): Promise<void> {
  await q.revokeSession(ctx.tx, ctx.tenantId, hashToken(token));
}

/** GET /api/Membership/GetCurrentSignedInUser (spec §7). */
export async function currentUser(ctx: TenantCtx): Promise<TCurrentUser> {
  const row = ctx.userId ? await q.getUserWithTenant(ctx.tx, ctx.tenantId, ctx.userId) : undefined;
  if (!row) throw unauthorized();
  const currency = findCurrencyByCode(row.tenant.currencyCode);
  const country = findCountry(row.tenant.countryCode);
  return {
    tenantId: row.tenant.id,
    churchName: row.tenant.churchName,
    userEmail: row.user.email,
    firstName: row.user.firstName,
    lastName: row.user.lastName,
    currency: row.tenant.currencyCode,
    currencySymbol: currency?.symbol ?? row.tenant.currencyCode,
    isoCode: row.tenant.countryCode,
    country: country?.name ?? row.tenant.countryCode,
  };
}

/** True for PostgreSQL's unique_violation (23505), from pg or PGlite. */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
}
