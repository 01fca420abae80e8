import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows, withoutTenant, type Db } from '../../db/client.ts';
import { hashToken } from '../auth/tokens.ts';

/**
 * Giver tokens (issue 10 'Givers'): a bearer token of their own kind. Only their SHA-256 is kept
 * (giver_sessions); they are found through the security-definer function
 * `giving_find_giver_session` (migration 0018). The church auth hook never looks there, so a
 * giver token opens no admin endpoint.
 */

/** The signed-in giver a request carries. */
export interface GiverAuth {
  tenantId: string;
  giverId: string;
}

/**
 * The bearer token of a request, without the double quotes the existing client wraps a giver's
 * token in (`Bearer "…"`, existing-client-api §0), or null.
 */
export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const raw = header.slice(7).trim();
  const token = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1).trim() : raw;
  return token || null;
}

/** The live giver session of `token`, or null (unknown, expired or revoked). One statement, no tenant. */
export async function findGiverSession(db: Db, token: string): Promise<GiverAuth | null> {
  if (token.length > 200) return null;
  const rows = await withoutTenant(db, (tx) =>
    queryRows<{ tenant_id: string; giver_id: string }>(
      tx,
      sql`select tenant_id, giver_id from giving_find_giver_session(${hashToken(token)})`,
    ),
  );
  const row = rows[0];
  return row ? { tenantId: row.tenant_id, giverId: row.giver_id } : null;
}

/** The signed-in giver of a request (its bearer token), or null. */
export async function giverOfRequest(db: Db, req: FastifyRequest): Promise<GiverAuth | null> {
  const token = bearerToken(req);
  return token ? findGiverSession(db, token) : null;
}
