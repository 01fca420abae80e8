import { randomBytes } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  FAMILY_MESSAGES,
  FAMILY_TOKEN_HEADER,
  type TFamilyLoginAnswer,
  type TFamilyLoginRequest,
  type TFamilyRegisterAnswer,
  type TFamilyRegisterRequest,
} from '@steward/contracts/families';
import { z } from 'zod';
import { queryRows, withTenant, withoutTenant, type Db, type Tx } from '../../db/client.ts';
import { inTenant, type TenantCtx } from '../../lib/context.ts';
import { badRequest, unauthorized } from '../../lib/errors.ts';
import { hashPassword, isUniqueViolation } from '../auth/service.ts';
import { loginKey, RateLimited, secondsUntil, type RateLimiter } from '../auth/throttle.ts';
import { hashToken, newSessionToken } from '../auth/tokens.ts';
import { families, people } from '../people/schema.ts';
import { familyIdOfPerson } from '../people/family-queries.ts';
import { joinFamily } from '../people/family-membership.ts';
import type { FamilyScope } from '../people/family-service.ts';
import { familyAccounts, familySessions } from './schema.ts';

/*
 * The check-in shell's parent sign-in (spec 2.16, existing-client-api §4.4; issue 11): the shell
 * runs on a church device signed in as the church (its session decides the church), and a parent
 * signs in inside it with a family account (family_accounts: e-mail and/or phone, argon2id
 * password hash). A sign-in answers a family-portal token (family_sessions keeps its SHA-256 only)
 * that Steward's own shell sends as the `X-Family-Token` header beside the church's session; the
 * family calls then act for that parent's family only (FamilyScope). The existing client never
 * sends it, and its calls act with the church session alone.
 */

/** How long a family-portal token lasts. */
export const FAMILY_SESSION_HOURS = 12;

/** A hash of a random password: an unknown account takes as long to refuse as a wrong password. */
const dummyHash: Promise<string> = hashPassword(randomBytes(32).toString('base64url'));

/** The last 10 digits of a phone number: how accounts and people are matched by phone (people.mobile_phone_key). */
export function phoneKey(phone: string): string {
  return phone.replace(/\D/g, '').slice(-10);
}

const ZEmail = z.email();

/**
 * The sign-in identity of a body: `email` (lowercased) when what was typed has an '@', else the
 * phone's key (7 or more digits). Throws 400 naming `email` or `phoneNumber` otherwise.
 */
export function identityOf(input: { email?: string | undefined; phoneNumber?: string | undefined }): {
  email: string | null;
  phone: string | null;
  phoneTyped: string | null;
} {
  let email: string | null = null;
  let phoneTyped: string | null = null;
  for (const [field, raw] of [
    ['email', input.email],
    ['phoneNumber', input.phoneNumber],
  ] as const) {
    const v = raw?.trim();
    if (!v) continue;
    if (v.includes('@')) {
      if (!ZEmail.safeParse(v).success) throw badRequest(field, 'Enter a valid e-mail address');
      email ??= v.toLowerCase();
    } else {
      if (phoneKey(v).length < 7 || !/^[+\d\s().-]+$/.test(v)) throw badRequest(field, 'Enter a valid phone number');
      phoneTyped ??= v;
    }
  }
  if (!email && !phoneTyped) throw badRequest('email', FAMILY_MESSAGES.identifierRequired);
  return { email, phone: phoneTyped ? phoneKey(phoneTyped) : null, phoneTyped };
}

async function issueFamilySession(
  tx: Tx,
  tenantId: string,
  accountId: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + FAMILY_SESSION_HOURS * 3_600_000);
  await tx.insert(familySessions).values({ tenantId, tokenHash: hashToken(token), accountId, expiresAt });
  return { token, expiresAt };
}

const loginResult = (
  statusCode: number,
  message: string,
  session: { token: string; expiresAt: Date; tenantId: string } | null,
) => ({
  result: {
    statusCode,
    value: {
      token: session?.token ?? null,
      tenantID: session?.tenantId ?? null,
      message,
      expiryTime: session?.expiresAt.toISOString() ?? null,
    },
  },
});

/**
 * An existing person the new account is for: exactly one person of the church with the same
 * first and last name (any case) and the same e-mail or phone, who has no family account yet and
 * is in no family (neither a member nor named as its father or mother).
 *
 * Why not a person in a family: the shell runs at a kiosk signed in as the church, and a name and
 * a phone number are easy to know; taking over a family's parent would give whoever typed them
 * that family's children, pick-up codes and details. Such a sign-up gets a new person and a new
 * family of its own instead; the church merges the two people if they are the same.
 */
async function matchingPerson(
  tx: Tx,
  tenantId: string,
  input: TFamilyRegisterRequest,
  id: { email: string | null; phone: string | null },
): Promise<string | null> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select p.id from people p
         where p.tenant_id = ${tenantId}
           and lower(p.first_name) = lower(${input.firstName}) and lower(p.last_name) = lower(${input.lastName})
           and (${id.email ? sql`lower(p.email) = ${id.email}` : sql`false`}
                or ${id.phone ? sql`p.mobile_phone_key = ${id.phone}` : sql`false`})
           and not exists (select 1 from family_accounts a where a.tenant_id = p.tenant_id and a.person_id = p.id)
           and not exists (select 1 from family_members m where m.tenant_id = p.tenant_id and m.person_id = p.id)
           and not exists (select 1 from families f
                            where f.tenant_id = p.tenant_id and (f.father_id = p.id or f.mother_id = p.id))
         limit 2`,
  );
  return rows.length === 1 ? rows[0]!.id : null;
}

/**
 * POST /familyRegister (§4.4): a parent's family account in church `tenantId` (the session's):
 * the person (an existing one with the same names and e-mail or phone who is in no family, see
 * matchingPerson, else a new one), a family
 * named after the last name with the parent as father or mother when the person is in none, the
 * account and a family-portal token. Answers the existing client's nested result with
 * `statusCode` 200. Throws 400 naming `email` (FAMILY_MESSAGES.registerRefused) when the e-mail,
 * phone or person already has an account; nothing is written then.
 */
export async function familyRegister(
  db: Db,
  tenantId: string,
  input: TFamilyRegisterRequest,
): Promise<TFamilyRegisterAnswer> {
  const id = identityOf(input);
  const passwordHash = await hashPassword(input.password);
  try {
    return await withTenant(db, tenantId, async (tx) => {
      let personId = await matchingPerson(tx, tenantId, input, id);
      if (personId) {
        await tx.execute(
          sql`update people set email = coalesce(email, ${id.email}), mobile_phone = coalesce(mobile_phone, ${id.phoneTyped})
               where tenant_id = ${tenantId} and id = ${personId}`,
        );
      } else {
        const [row] = await tx
          .insert(people)
          .values({
            tenantId,
            firstName: input.firstName,
            lastName: input.lastName,
            email: id.email,
            mobilePhone: id.phoneTyped,
          })
          .returning({ id: people.id });
        personId = row!.id;
      }
      if (!(await familyIdOfPerson(tx, tenantId, personId))) {
        const [family] = await tx
          .insert(families)
          .values({ tenantId, familyName: input.lastName, email: id.email, homePhone: id.phoneTyped })
          .returning({ id: families.id });
        await joinFamily(tx, tenantId, family!.id, [{ personId, role: input.familyRole, field: 'familyRole' }]);
      }
      const [account] = await tx
        .insert(familyAccounts)
        .values({ tenantId, personId, email: id.email, phone: id.phone, passwordHash })
        .returning({ id: familyAccounts.id });
      const session = await issueFamilySession(tx, tenantId, account!.id);
      return {
        loginData: { value: { login: loginResult(200, FAMILY_MESSAGES.registered, { ...session, tenantId }) } },
        personID: personId,
      };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw badRequest('email', FAMILY_MESSAGES.registerRefused);
    throw e;
  }
}

/** The limits of family sign-in attempts per e-mail or phone and address (LOGIN_RATE_*). */
export interface FamilyLoginLimits {
  limiter: RateLimiter;
  max: number;
  windowSeconds: number;
}

/**
 * POST /familyLogin (§4.4): checks a parent's e-mail or phone and password in church `tenantId`
 * (the session's). Answers the nested result: `statusCode` 200 with a family-portal token and the
 * parent's `personID`, or 401 with FAMILY_MESSAGES.signInIncorrect (HTTP 200 either way: the
 * existing client reads the nested code). Every attempt counts per identity and address; a success
 * clears it. Throws 429 RateLimited past LOGIN_RATE_MAX attempts, 400 for an unusable identity.
 */
export async function familyLogin(
  db: Db,
  limits: FamilyLoginLimits,
  tenantId: string,
  input: TFamilyLoginRequest,
  ip: string,
): Promise<TFamilyLoginAnswer> {
  const id = identityOf(input);
  const key = `family-${loginKey(`${tenantId}|${id.email ?? id.phone}`, ip)}`;
  const count = await limits.limiter.hit(key, limits.windowSeconds);
  if (count.hits > limits.max) {
    const wait = secondsUntil(count.resetAt);
    throw new RateLimited(`Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`, wait);
  }
  const [account] = await withTenant(db, tenantId, (tx) =>
    queryRows<{ id: string; person_id: string; password_hash: string }>(
      tx,
      sql`select id, person_id, password_hash from family_accounts
           where tenant_id = ${tenantId}
             and ${id.email ? sql`lower(email) = ${id.email}` : sql`phone = ${id.phone}`}
           limit 1`,
    ),
  );
  const valid = await verify(account ? account.password_hash : await dummyHash, input.password);
  if (!account || !valid) return { login: loginResult(401, FAMILY_MESSAGES.signInIncorrect, null), personID: null };
  await limits.limiter.clear(key);
  const session = await withTenant(db, tenantId, (tx) => issueFamilySession(tx, tenantId, account.id));
  return {
    login: loginResult(200, FAMILY_MESSAGES.signedIn, { ...session, tenantId }),
    personID: account.person_id,
  };
}

/** POST /familyLogout: ends the family-portal token of the request (nothing when none). */
export async function familyLogout(db: Db, tenantId: string, token: string | null): Promise<void> {
  if (!token) return;
  await withTenant(db, tenantId, (tx) =>
    tx.execute(sql`delete from family_sessions where tenant_id = ${tenantId} and token_hash = ${hashToken(token)}`),
  );
}

/** The X-Family-Token header of a request, or null. */
export function familyToken(req: FastifyRequest): string | null {
  const v = req.headers[FAMILY_TOKEN_HEADER];
  const token = (Array.isArray(v) ? v[0] : v)?.trim();
  return token ? token : null;
}

/**
 * The family-portal account of the request's X-Family-Token header (null without the header).
 * Throws 401 (FAMILY_MESSAGES.familyTokenInvalid) for a token that is unknown, expired, or of
 * another church than the request's session, and 401 without a church session.
 */
export async function familyAccountOf(db: Db, req: FastifyRequest): Promise<string | null> {
  const token = familyToken(req);
  if (!token) return null;
  if (!req.auth) throw unauthorized();
  if (token.length > 200) throw unauthorized(FAMILY_MESSAGES.familyTokenInvalid);
  const [found] = await withoutTenant(db, (tx) =>
    queryRows<{ tenant_id: string; account_id: string }>(
      tx,
      sql`select tenant_id, account_id from family_session_find(${hashToken(token)})`,
    ),
  );
  if (!found || found.tenant_id !== req.auth.tenantId) throw unauthorized(FAMILY_MESSAGES.familyTokenInvalid);
  return found.account_id;
}

/** The family scope of a family-portal account, in the church's transaction (401 when the account is gone). */
export async function scopeOfAccount(ctx: TenantCtx, accountId: string): Promise<FamilyScope> {
  const [row] = await queryRows<{ person_id: string }>(
    ctx.tx,
    sql`select person_id from family_accounts where tenant_id = ${ctx.tenantId} and id = ${accountId}`,
  );
  if (!row) throw unauthorized(FAMILY_MESSAGES.familyTokenInvalid);
  return { personId: row.person_id, familyId: (await familyIdOfPerson(ctx.tx, ctx.tenantId, row.person_id)) ?? null };
}

/**
 * Runs `fn` in the church's transaction (401 without a session) with the family scope of the
 * request's X-Family-Token header (undefined without the header; 401 for a bad token).
 */
export async function withFamilyScope<T>(
  db: Db,
  req: FastifyRequest,
  fn: (ctx: TenantCtx, scope: FamilyScope | undefined) => Promise<T>,
): Promise<T> {
  if (!req.auth) throw unauthorized();
  const account = await familyAccountOf(db, req);
  return inTenant(db, req, async (ctx) => fn(ctx, account ? await scopeOfAccount(ctx, account) : undefined));
}
