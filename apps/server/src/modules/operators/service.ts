import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import {
  OPERATOR_PAGE_SIZE,
  type TOperatorSenderId,
  type TOperatorSenderIdPage,
  type TReviewSenderIdRequest,
} from '@steward/contracts/operator';
import { queryRows, withoutTenant, type Db, type Tx } from '../../db/client.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';
import { pgErrorInfo } from '../../lib/pg-errors.ts';
import { loginKey, RateLimited, secondsUntil, type RateLimiter } from '../auth/throttle.ts';
import { hashToken, newSessionToken } from '../auth/tokens.ts';

/*
 * Platform operators (issue 9 'Sender IDs'). Everything but upsertOperator runs as the
 * application role with no tenant (withoutTenant) and reaches the operator tables and the
 * churches' sender IDs only through the security-definer functions of migration 0016.
 */

/** The shortest operator password the command accepts (an operator can approve every church's sender IDs). */
export const OPERATOR_PASSWORD_MIN = 12;
/** The longest password (as sign-in). */
export const OPERATOR_PASSWORD_MAX = 200;

/** The signed-in operator of a request (the `steward_operator` cookie's live session). */
export interface OperatorCtx {
  operatorId: string;
  email: string;
  /** SHA-256 (hex) of the cookie's token: the review functions check it again themselves. */
  tokenHash: string;
}

/**
 * The operator's e-mail as stored (trimmed, lower-case). Throws Error when the e-mail is not an
 * address (or longer than 200 characters) or the password is shorter than OPERATOR_PASSWORD_MIN
 * or longer than OPERATOR_PASSWORD_MAX characters.
 */
export function checkOperatorInput(input: { email: string; password: string }): string {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 200)
    throw new Error(`'${input.email}' is not an e-mail address`);
  if (input.password.length < OPERATOR_PASSWORD_MIN)
    throw new Error(`The password must have at least ${OPERATOR_PASSWORD_MIN} characters`);
  if (input.password.length > OPERATOR_PASSWORD_MAX)
    throw new Error(`The password must have at most ${OPERATOR_PASSWORD_MAX} characters`);
  return email;
}

/**
 * Creates the operator `email` (stored lower-case) with an argon2id hash of `password`, or, when
 * one exists in any case, gives it the new password and revokes its sessions (a reset). Runs as
 * the connecting role (the migration role: `npm run operator:create`), which owns the tables.
 * Answers whether the operator is new. Throws Error as checkOperatorInput.
 */
export async function upsertOperator(
  db: Db,
  input: { email: string; password: string },
): Promise<{ id: string; email: string; created: boolean }> {
  const email = checkOperatorInput(input);
  const passwordHash = await hash(input.password);
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: string; created: boolean }>(
      tx,
      sql`insert into platform_operators (email, password_hash) values (${email}, ${passwordHash})
          on conflict (lower(email)) do update set password_hash = excluded.password_hash
          returning id, (xmax = 0) as created`,
    );
    if (!row) throw new Error('the operator was not written');
    if (!row.created)
      await tx.execute(
        sql`update operator_sessions set revoked_at = now() where operator_id = ${row.id} and revoked_at is null`,
      );
    return { id: row.id, email, created: row.created };
  });
}

/**
 * A hash of a random password, made when the module loads: sign-in verifies against it when
 * the e-mail is unknown, so the answer takes as long as for a wrong password.
 */
const dummyHash: Promise<string> = hash(randomBytes(32).toString('base64url'));

/** The sign-in limits: attempts per e-mail and address since the last success (LOGIN_RATE_*). */
export interface OperatorLoginLimits {
  limiter: RateLimiter;
  max: number;
  windowSeconds: number;
}

/**
 * The operator sign-in bucket of an e-mail and address ('operator-login:<SHA-256>'): apart from
 * the church sign-in bucket of the same e-mail, and the e-mail is not stored.
 */
export const operatorLoginKey = (email: string, ip: string): string => `operator-${loginKey(email, ip)}`;

/**
 * POST /api/operator/login: checks the password and opens a session of `sessionHours`.
 * Every attempt counts in the bucket of the e-mail and address (operatorLoginKey); a success
 * clears it; past `max` attempts in the window throws 429 RateLimited (even with the right
 * password). An unknown e-mail is verified against a dummy hash. Throws 401 'Incorrect e-mail or
 * password'. Answers the cookie's token (only its SHA-256 is stored), when it ends, and the e-mail.
 */
export async function operatorLogin(
  db: Db,
  limits: OperatorLoginLimits,
  input: { email: string; password: string; ip: string },
  sessionHours: number,
): Promise<{ token: string; expiresAt: Date; email: string }> {
  const key = operatorLoginKey(input.email, input.ip);
  const count = await limits.limiter.hit(key, limits.windowSeconds);
  if (count.hits > limits.max) {
    const wait = secondsUntil(count.resetAt);
    throw new RateLimited(`Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`, wait);
  }
  const email = input.email.trim().toLowerCase();
  const [found] = await withoutTenant(db, (tx) =>
    queryRows<{ operator_id: string; password_hash: string }>(
      tx,
      sql`select operator_id, password_hash from operator_find(${email})`,
    ),
  );
  const valid = await verify(found ? found.password_hash : await dummyHash, input.password);
  if (!found || !valid) throw unauthorized('Incorrect e-mail or password');
  await limits.limiter.clear(key);
  const token = newSessionToken();
  const [row] = await withoutTenant(db, (tx) =>
    queryRows<{ ends: Date | string }>(
      tx,
      sql`select operator_session_create(${found.operator_id}::uuid, ${hashToken(token)}, ${sessionHours}::int) as ends`,
    ),
  );
  return { token, expiresAt: new Date(row!.ends), email };
}

/** The live session of a cookie token (OperatorCtx), or null when unknown, revoked or expired. */
export async function operatorFromToken(db: Db, token: string): Promise<OperatorCtx | null> {
  const tokenHash = hashToken(token);
  const [row] = await withoutTenant(db, (tx) =>
    queryRows<{ operator_id: string; email: string }>(
      tx,
      sql`select operator_id, email from operator_find_session(${tokenHash})`,
    ),
  );
  return row ? { operatorId: row.operator_id, email: row.email, tokenHash } : null;
}

/** POST /api/operator/logout: revokes the session of `token` (nothing when it is unknown). */
export async function operatorLogout(db: Db, token: string): Promise<void> {
  await withoutTenant(db, (tx) => tx.execute(sql`select operator_session_revoke(${hashToken(token)})`));
}

interface SenderIdRow {
  id: string;
  tenant_id: string;
  church_name: string;
  mask: string;
  status: number;
  created_at: Date | string;
  reviewed_at: Date | string | null;
  review_note: string | null;
  total_count?: string | number;
}

const iso = (v: Date | string) => new Date(v).toISOString();

const toOperatorSenderId = (r: SenderIdRow): TOperatorSenderId => ({
  id: r.id,
  tenantId: r.tenant_id,
  churchName: r.church_name,
  mask: r.mask,
  status: Number(r.status),
  createdAt: iso(r.created_at),
  reviewedAt: r.reviewed_at === null ? null : iso(r.reviewed_at),
  reviewNote: r.review_note,
});

/** Runs `fn` as the application role; a session that ended meanwhile (SQLSTATE 28000) is a 401. */
async function asOperator<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await withoutTenant(db, fn);
  } catch (e) {
    if (pgErrorInfo(e)?.code === '28000') throw unauthorized();
    throw e;
  }
}

/**
 * GET /api/operator/senderids?status=&page=: the sender IDs of every church, oldest request
 * first, OPERATOR_PAGE_SIZE a page; `status` 0-3 or null for all. Throws 401 when the session
 * ended.
 */
export async function listSenderIds(
  db: Db,
  op: OperatorCtx,
  query: { status: number | null; page: number },
): Promise<TOperatorSenderIdPage> {
  const rows = await asOperator(db, (tx) =>
    queryRows<SenderIdRow>(
      tx,
      sql`select * from operator_sender_ids(${op.tokenHash}, ${query.status}::int, ${OPERATOR_PAGE_SIZE}::int,
          ${(query.page - 1) * OPERATOR_PAGE_SIZE}::int)`,
    ),
  );
  // a page past the end has no row to carry the total: count the first page's
  const total =
    rows.length > 0 || query.page === 1
      ? Number(rows[0]?.total_count ?? 0)
      : (await listSenderIds(db, op, { status: query.status, page: 1 })).totalItems;
  return { data: rows.map(toOperatorSenderId), totalItems: total };
}

/**
 * PUT /api/operator/senderids/:tenantId/:id: sets the sender ID's status (1 processing,
 * 2 approved, 3 not approved), reviewed_at = now and the note the church sees (null or blank:
 * none). Only status 2 lets the church send from it (messaging/send-service.ts). Throws 404
 * when the church has no such sender ID, 401 when the session ended.
 */
export async function reviewSenderId(
  db: Db,
  op: OperatorCtx,
  target: { tenantId: string; id: string },
  input: TReviewSenderIdRequest,
): Promise<TOperatorSenderId> {
  const [row] = await asOperator(db, (tx) =>
    queryRows<SenderIdRow>(
      tx,
      sql`select * from operator_review_sender_id(${op.tokenHash}, ${target.tenantId}::uuid, ${target.id}::uuid,
          ${input.status}::int, ${input.note ?? null})`,
    ),
  );
  if (!row) throw notFound('Sender ID');
  return toOperatorSenderId(row);
}
