import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The spec's clients spell query names in several cases (`?ID=`, `?id=`, `?tenantID=`);
 * routing is case-insensitive (DESIGN.md §1.1), so query names are too: each incoming
 * key is renamed to the route schema's spelling of it before validation.
 */
export async function normalizeQueryKeys(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const schema = request.routeOptions.schema?.querystring as { shape?: Record<string, unknown> } | undefined;
  const shape = schema?.shape;
  const query = request.query as Record<string, unknown> | undefined;
  if (!shape || !query || typeof query !== 'object') return;
  const byLower = new Map(Object.keys(shape).map((k) => [k.toLowerCase(), k]));
  const normalized: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    normalized[byLower.get(key.toLowerCase()) ?? key] = value;
  }
  request.query = normalized;
}
