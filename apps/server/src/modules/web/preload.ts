import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/*
 * Route-aware preloads in the page the server sends (issue 10 'Speed': the giving page usable on
 * a '3G' phone in under 3 s). index.html names only the entry chunk and what it imports; a page's
 * own chunk is asked for by the router once the entry has downloaded and run, one more round
 * trip on a slow network, and the giving page's form answer (GET /give?paymentFormID=) waits for
 * the same moment. For the public giving pages the server adds to index.html, before </head>:
 * - `<link rel="preload" as="fetch" crossorigin href="/give?paymentFormID={id}">` (the giving
 *   page, when {id} is a GUID): the form's answer starts with the HTML; the router's fetch of the
 *   same URL (api/give.ts prefetchPublicForm) takes it from the preload cache;
 * - `<link rel="stylesheet" crossorigin>` for the page's CSS chunks and
 *   `<link rel="modulepreload" crossorigin>` for its JavaScript chunks, read from the build's
 *   Vite manifest once at start: the page's chunk downloads beside the entry chunk. The router's
 *   preload helper finds these links and does not add them again.
 * No inline script: the CSP (script-src 'self') stays as it is.
 */

/** One chunk of the Vite manifest (`.vite/manifest.json` of the web build; the fields read here). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
/** The Vite manifest: chunk key (a source path relative to apps/web, or '_name.js' for a shared chunk) to chunk. */
export type Manifest = Record<string, ManifestChunk>;

/** A page route whose HTML names its page's chunks: path pattern (matched on the path without its query) and lazy module. */
interface PreloadRoute {
  pattern: RegExp;
  /** the page's module, a key of the manifest (apps/web/src/app/router.tsx imports it lazily) */
  module: string;
  /** the route's first capture is the payment form id: preload the form's answer too */
  formFetch: boolean;
}

/** The public giving pages (apps/web/src/app/router.tsx): /give/:id, /iframe/:id and their /thanks. */
export const PRELOAD_ROUTES: readonly PreloadRoute[] = [
  { pattern: /^\/(?:give|iframe)\/([^/]+)\/?$/i, module: 'src/features/give/give-page.tsx', formFetch: true },
  {
    pattern: /^\/(?:give|iframe)\/([^/]+)\/thanks\/?$/i,
    module: 'src/features/give/thanks-page.tsx',
    formFetch: false,
  },
];

/** A GUID as GET /give accepts it (contracts ZId, z.guid): 8-4-4-4-12 hexadecimal digits. */
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const attr = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The Vite manifest of the build in `dist` (`.vite/manifest.json`), or null when it has none or it cannot be read. */
export function readManifest(dist: string): Manifest | null {
  try {
    const parsed = JSON.parse(readFileSync(resolve(dist, '.vite', 'manifest.json'), 'utf8')) as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Manifest) : null;
  } catch {
    return null;
  }
}

/** Keys of `key`'s chunk and of every chunk it imports statically, depth first, each once; unknown keys are skipped. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key) || !manifest[key]) return [];
  seen.add(key);
  return [key, ...(manifest[key].imports ?? []).flatMap((k) => staticClosure(manifest, k, seen))];
}

/**
 * The link tags that load `module` (a manifest key) beside the entry chunk: a stylesheet link
 * for each CSS file and a modulepreload link for each JavaScript chunk of the module and its
 * static imports, leaving out the entry chunk, what it imports and its CSS (index.html names
 * them already). Paths are absolute from '/' (the build's base). Null when `module` is not in
 * the manifest.
 */
export function moduleLinks(manifest: Manifest, module: string): string | null {
  if (!manifest[module]) return null;
  const entries = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
  const loaded = new Set(entries.flatMap((k) => staticClosure(manifest, k)));
  const chunks = staticClosure(manifest, module).filter((k) => !loaded.has(k));
  const loadedCss = new Set([...loaded].flatMap((k) => manifest[k]!.css ?? []));
  const css = [...new Set(chunks.flatMap((k) => manifest[k]!.css ?? []))].filter((f) => !loadedCss.has(f));
  return [
    ...css.map((f) => `<link rel="stylesheet" crossorigin href="/${attr(f)}">`),
    ...chunks.map((k) => `<link rel="modulepreload" crossorigin href="/${attr(manifest[k]!.file)}">`),
  ].join('\n    ');
}

/** The form's answer that the giving page asks for first (GET /give?paymentFormID=), as a preload link. */
const formFetchLink = (formId: string) =>
  `<link rel="preload" as="fetch" crossorigin href="/give?paymentFormID=${attr(formId)}">`;

/**
 * Makes the function that answers, for a page path (no query), the HTML to send: index.html with
 * the route's preload links before </head> for the routes of PRELOAD_ROUTES, or null for every
 * other path (send index.html as it is). The links of each route are computed here, once; the
 * form fetch link is added per request, only for an id that is a GUID (anything else is never
 * written into the page). Without a manifest, without </head> in index.html, or for a route
 * whose module the manifest lacks (then `warn` is told), the answer is null.
 */
export function pagePreloader(
  indexHtml: string,
  manifest: Manifest | null,
  warn: (message: string) => void,
): (path: string) => string | null {
  const head = indexHtml.lastIndexOf('</head>');
  if (!manifest || head < 0) return () => null;
  const routes = PRELOAD_ROUTES.flatMap((route) => {
    const links = moduleLinks(manifest, route.module);
    if (links === null) {
      warn(`web: the build's manifest has no ${route.module}: its pages are sent without preload links`);
      return [];
    }
    return [{ ...route, links }];
  });
  const before = indexHtml.slice(0, head);
  const after = indexHtml.slice(head);
  return (path) => {
    for (const route of routes) {
      const m = route.pattern.exec(path);
      if (!m) continue;
      const id = m[1] ?? '';
      const fetch = route.formFetch && GUID.test(id) ? `${formFetchLink(id)}\n    ` : '';
      return `${before}  ${fetch}${route.links}\n  ${after}`;
    }
    return null;
  };
}
