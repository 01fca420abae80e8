import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { withTenant, type Db } from '../db/client.ts';
import { idempotencyKeys } from '../modules/tenancy/schema.ts';
import { isUniqueViolation } from '../modules/auth/service.ts';
import type { TenantCtx } from './context.ts';
import { AppError, unauthorized } from './errors.ts';
import type { FastifyRequest } from 'fastify';

/** The answer to a key reused for another request (issue 6). */
export const IDEMPOTENCY_KEY_REUSED =
  'This Idempotency-Key was already used for a different request; nothing was saved. Send a new key for a new request.';

/**
 * Runs a money-moving request once per client key (DESIGN.md §1.7). The key (header
 * `Idempotency-Key`) is claimed inside the request's transaction, so a retry that arrives
 * after, or while, the first runs gets the first result and posts nothing new.
 * The claim stores a SHA-256 of the request (requestHash): a key sent again with another
 * method, route, query or body throws 422 (IDEMPOTENCY_KEY_REUSED) and changes nothing.
 * Keys claimed before that column existed (empty hash) answer their first result as before.
 * Without a key the work simply runs.
 */
export async function once<T>(
  db: Db,
  req: FastifyRequest,
  scope: string,
  work: (ctx: TenantCtx) => Promise<T>,
): Promise<T> {
  const auth = req.auth;
  if (!auth) throw unauthorized();
  const header = req.headers['idempotency-key'];
  const key = typeof header === 'string' && header.trim() ? header.trim().slice(0, 200) : null;
  const requestHash = key ? hashRequest(req) : '';
  const run = () =>
    withTenant(db, auth.tenantId, async (tx) => {
      const ctx: TenantCtx = { tx, tenantId: auth.tenantId, userId: auth.userId };
      if (!key) return work(ctx);
      const where = and(
        eq(idempotencyKeys.tenantId, auth.tenantId),
        eq(idempotencyKeys.scope, scope),
        eq(idempotencyKeys.key, key),
      );
      const [seen] = await tx.select().from(idempotencyKeys).where(where);
      if (seen) {
        if (seen.requestHash !== '' && seen.requestHash !== requestHash)
          throw new AppError(422, IDEMPOTENCY_KEY_REUSED);
        return JSON.parse(seen.response) as T;
      }
      await tx.insert(idempotencyKeys).values({ tenantId: auth.tenantId, scope, key, requestHash, response: '{}' });
      const result = await work(ctx);
      await tx
        .update(idempotencyKeys)
        .set({ response: JSON.stringify(result) })
        .where(where);
      return result;
    });
  try {
    return await run();
  } catch (e) {
    // A concurrent request with the same key committed first: answer with its result.
    if (key && isUniqueViolation(e)) return run();
    throw e;
  }
}

/**
 * SHA-256 (hex) of what makes a request the same request: its method, its route (the
 * registered path, so letter case in the URL does not matter), its validated query and body
 * as canonical JSON (keys sorted; bigint and Date written out).
 */
export function hashRequest(req: FastifyRequest): string {
  const route = (req.routeOptions.url ?? req.url.split('?')[0] ?? '').toLowerCase();
  const text = canonicalJson([req.method.toUpperCase(), route, req.query ?? null, req.body ?? null]);
  return createHash('sha256').update(text).digest('hex');
}

/** JSON with object keys sorted at every level; undefined members dropped, bigint as "<digits>n", Date as ISO. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonical(value));
}

function canonical(value: unknown): unknown {
  if (typeof value === 'bigint') return `${value}n`;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : canonical(v)));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[k];
      if (v !== undefined) out[k] = canonical(v);
    }
    return out;
  }
  return value;
}
