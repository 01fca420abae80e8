import type { FastifyRequest } from 'fastify';
import { withTenant, type Db, type Tx } from '../db/client.ts';
import { unauthorized } from './errors.ts';

/** The tenant context every service takes first (DESIGN.md §3). */
export interface TenantCtx {
  tx: Tx;
  tenantId: string;
  userId: string | null;
}

/** The signed-in identity the auth hook attaches to a request. */
export interface AuthInfo {
  tenantId: string;
  userId: string;
  via: 'bearer' | 'cookie';
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthInfo | null;
  }
}

/**
 * Runs `fn` in one transaction as the signed-in user's tenant. Throws 401 when the
 * request carries no valid session.
 */
export function inTenant<T>(db: Db, req: FastifyRequest, fn: (ctx: TenantCtx) => Promise<T>): Promise<T> {
  const auth = req.auth;
  if (!auth) throw unauthorized();
  return withTenant(db, auth.tenantId, (tx) => fn({ tx, tenantId: auth.tenantId, userId: auth.userId }));
}
