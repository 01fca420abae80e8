import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { ModuleCtx } from '../../lib/module.ts';

const API_PREFIXES = ['/api/', '/mobile/', '/docs', '/health', '/login', '/logout', '/fxrates'];

/**
 * Serves the built React app (WEB_DIST) with a fallback to index.html for client routes;
 * unknown API paths still answer 404 JSON.
 */
export async function registerWeb({ app, config }: ModuleCtx): Promise<void> {
  const dist = config.WEB_DIST ? resolve(config.WEB_DIST) : '';
  const hasWeb = dist !== '' && existsSync(resolve(dist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: dist, wildcard: false, index: ['index.html'] });
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.toLowerCase();
    if (hasWeb && req.method === 'GET' && !API_PREFIXES.some((p) => path.startsWith(p))) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ status: false, response: `No route ${req.method} ${req.url}`, returnObject: null });
  });
}
