import type { FastifyRequest } from 'fastify';

/**
 * Paths that are never pages of the web app, whatever the request: the API namespaces, where no
 * web route lives (a developer who opens one in a tab sees its JSON), and the operational
 * endpoints.
 */
const NEVER_PAGE_PREFIXES = ['/api/', '/mobile/', '/docs', '/health', '/meta.json'];

/** The quality (0-1) an Accept header gives the best of `types`; 0 when none is listed. */
function quality(accept: string, types: readonly string[]): number {
  let best = 0;
  for (const part of accept.split(',')) {
    const [type = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!types.includes(type)) continue;
    const q = params.find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    if (Number.isFinite(value)) best = Math.max(best, Math.min(1, Math.max(0, value)));
  }
  return best;
}

/**
 * True when the Accept header prefers HTML to JSON: HTML (text/html or XHTML) is listed by name
 * with a quality above that of application/json. A browser navigation sends
 * 'text/html,application/xhtml+xml,...,*\/*;q=0.8'; fetch and XHR clients send '*\/*' or
 * 'application/json, text/plain, *\/*', which are API requests (a wildcard never counts as HTML).
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const html = quality(accept, ['text/html', 'application/xhtml+xml']);
  return html > 0 && html > quality(accept, ['application/json']);
}

/**
 * True when `req` is a browser navigation to a path that may be a web app page (DESIGN.md §1.1,
 * root paths): a GET or HEAD whose Accept prefers HTML, to a path outside NEVER_PAGE_PREFIXES.
 * Such a request gets the web app; every other request to an API path gets JSON.
 */
export function isPageNavigation(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = (req.url.split('?')[0] ?? '').toLowerCase();
  if (NEVER_PAGE_PREFIXES.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p))) return false;
  return prefersHtml(req.headers.accept);
}
