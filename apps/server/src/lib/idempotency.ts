import { and, eq } from 'drizzle-orm';
import { withTenant, type Db } from '../db/client.ts';
import { idempotencyKeys } from '../modules/tenancy/schema.ts';
import { isUniqueViolation } from '../modules/auth/service.ts';
import type { TenantCtx } from './context.ts';
import { unauthorized } from './errors.ts';
import type { FastifyRequest } from 'fastify';

/**
 * Runs a money-moving request once per client key (DESIGN.md §1.7). The key (header
 * `Idempotency-Key`) is claimed inside the request's transaction, so a retry that arrives
 * after, or while, the first runs gets the first result and posts nothing new.
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
      if (seen) return JSON.parse(seen.response) as T;
      await tx.insert(idempotencyKeys).values({ tenantId: auth.tenantId, scope, key, response: '{}' });
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
