import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZAppMeta } from '@steward/contracts/dashboard';
import type { ModuleCtx } from '../../lib/module.ts';
import { isPageNavigation } from './navigation.ts';
import { pagePreloader, readManifest } from './preload.ts';

/** The app's version: `version` of the repository's package.json ('0.0.0' if unreadable). */
function appVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../../../../package.json', import.meta.url), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/**
 * Serves the built React app (WEB_DIST) and decides, for every path, between the app and the
 * API (DESIGN.md §1.1 root paths, existing-client-api §0):
 * - a browser navigation (GET/HEAD whose Accept prefers HTML; navigation.ts) gets index.html,
 *   also on a path that is an API route at the root (`/dashboard/basic` opened in a tab,
 *   `/give?paymentFormID=`), and on an unknown path (a client route such as `/give/<id>`); the
 *   public giving pages' index.html names their chunks and the form's answer as preloads
 *   (preload.ts);
 * - any other request to an unknown path gets a JSON 404 `{status:false, response, returnObject}`;
 * - `GET /meta.json` answers `{version}` (the existing client renders nothing until it has it),
 *   unless the web build ships its own meta.json.
 * Paths under /api/, /mobile/, /docs, /health and /meta.json are never the app.
 */
export async function registerWeb({ app, config }: ModuleCtx): Promise<void> {
  const dist = config.WEB_DIST ? resolve(config.WEB_DIST) : '';
  const hasWeb = dist !== '' && existsSync(resolve(dist, 'index.html'));
  if (hasWeb)
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: ['index.html'],
      // the build writes .br and .gz beside each file (apps/web/vite.config.ts precompress)
      preCompressed: true,
      // hashed assets never change under their name; the page itself is checked every time
      setHeaders: (reply, path) =>
        reply.header(
          'cache-control',
          /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        ),
    });

  if (!hasWeb || !existsSync(resolve(dist, 'meta.json'))) {
    const meta = { version: appVersion() };
    app.get(
      '/meta.json',
      {
        schema: {
          tags: ['web'],
          summary: 'The version of the running app (no session needed)',
          response: { 200: ZAppMeta },
        },
      },
      async (_req, reply) => {
        reply.header('cache-control', 'no-store');
        return meta;
      },
    );
  }

  // The public giving pages get index.html with their chunks and the form's answer preloaded
  // (preload.ts, issue 10 'Speed'); computed at start, and again only if the build in WEB_DIST is
  // replaced while the server runs (index.html's modification time changes).
  let preloaded: { mtimeMs: number; pageHtml: (path: string) => string | null } | null = null;
  const pageHtml = (path: string): string | null => {
    const index = resolve(dist, 'index.html');
    const mtimeMs = statSync(index, { throwIfNoEntry: false })?.mtimeMs ?? -1;
    if (preloaded?.mtimeMs !== mtimeMs)
      preloaded = {
        mtimeMs,
        pageHtml: pagePreloader(mtimeMs < 0 ? '' : readFileSync(index, 'utf8'), readManifest(dist), (message) =>
          app.log.warn(message),
        ),
      };
    return preloaded.pageHtml(path);
  };
  /** Sends the app's page for the navigation `req`: index.html, with the route's preloads for a giving page. */
  const sendPage = (req: FastifyRequest, reply: FastifyReply) => {
    const html = pageHtml(req.url.split('?')[0] ?? '');
    if (html === null) return reply.type('text/html').sendFile('index.html');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  };
  if (hasWeb) pageHtml('/');

  if (hasWeb) {
    // A navigation to a path that is also an API route gets the page. Static files and the
    // documentation are routes with hidden schemas: they are served as themselves.
    app.addHook('onRequest', async (req, reply) => {
      if (!req.routeOptions.url || req.routeOptions.schema?.hide === true || !isPageNavigation(req)) return;
      await sendPage(req, reply);
      return reply;
    });
  }

  // The embeddable giving page (giving spec 2.3 'iFrame': <iframe src="{host}/iframe/{id}">) is
  // framed by a church's own website: only its page may be framed by another origin; every other
  // page keeps helmet's frame-ancestors 'self' and X-Frame-Options SAMEORIGIN.
  app.addHook('onSend', async (req, reply, payload) => {
    if (!/^\/iframe\//i.test(req.url)) return payload;
    reply.removeHeader('x-frame-options');
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') {
      reply.header('content-security-policy', csp.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
    }
    return payload;
  });

  app.setNotFoundHandler((req, reply) => {
    if (hasWeb && isPageNavigation(req)) return sendPage(req, reply);
    return reply.code(404).send({ status: false, response: `No route ${req.method} ${req.url}`, returnObject: null });
  });
}
