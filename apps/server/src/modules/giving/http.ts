import type { FastifyReply, FastifyRequest } from 'fastify';
import { failure } from '../../lib/envelope.ts';
import { ProviderUnavailable } from './provider-errors.ts';

/**
 * The site's origin for a payment form's public link: PUBLIC_URL when configured, else as this
 * request reached Steward (its Host, https when it came over https), as the offering report's
 * e-mail link does.
 */
export function originOf(req: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl;
  const host = /^[A-Za-z0-9.:[\]-]{1,255}$/.test(req.host) ? req.host : 'localhost';
  return `${req.protocol === 'https' ? 'https' : 'http'}://${host}`;
}

/**
 * Runs a handler that may need a card payment provider: a ProviderUnavailable becomes a 503 in
 * the spec's envelope (`{status:false, response, returnObject:null}`), logged without personal
 * data; any other error goes on to the app's error handler.
 */
export async function orUnavailable<T>(req: FastifyRequest, reply: FastifyReply, fn: () => Promise<T>) {
  try {
    return await fn();
  } catch (e) {
    if (!(e instanceof ProviderUnavailable)) throw e;
    req.log.warn({ event: 'payment_provider_unavailable', route: req.routeOptions.url }, e.message);
    return reply.code(503).header('retry-after', '30').send(failure(e.message));
  }
}
