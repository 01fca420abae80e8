/**
 * The web app's JavaScript per route (issue 7 'Speed'): what a browser downloads to show the
 * sign-in page, the offerings page and the other main routes, in KB (1,000 bytes) after gzip
 * (level 9) and brotli (quality 11), against the budgets of issue 7 (sign-in under 150 KB gzip,
 * offerings under 400 KB gzip).
 *
 * A route's JavaScript is the entry chunk of index.html and every chunk it imports statically,
 * plus the route's lazy chunks (the page's module, and the auth guard and tenant layout for
 * /tenant routes) and every chunk they import statically, each chunk counted once. Chunks a
 * page loads later on demand (a dynamic import() inside the page, e.g. the dashboard's charts)
 * are shown apart, as 'later'. For the routes with a budget, the largest chunks follow the table.
 *
 * Builds apps/web into a temporary directory with its Vite manifest, or reads an existing build
 * given by BENCH_WEB_DIST (a directory holding .vite/manifest.json: build with `--manifest`).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** One chunk of the Vite manifest (the fields read here). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** A route measured: its path, its lazy modules (manifest keys, relative to apps/web) and its budget in KB gzip. */
interface RouteLoad {
  path: string;
  modules: string[];
  budgetKb?: number;
}

/** The /tenant routes' auth guard and layout, lazy like the pages (src/app/router.tsx). */
const TENANT_SHELL = ['src/app/require-user.tsx', 'src/app/tenant-layout.tsx'];
const page = (feature: string, file: string) => `src/features/${feature}/${file}.tsx`;

/** The main routes, with the budgets issue 7 sets. */
const ROUTES: RouteLoad[] = [
  { path: '/signin', modules: [page('auth', 'sign-in-page')], budgetKb: 150 },
  { path: '/signup', modules: [page('auth', 'sign-up-page')] },
  { path: '/tenant (dashboard)', modules: [...TENANT_SHELL, page('dashboard', 'dashboard-page')] },
  { path: '/tenant/offering', modules: [...TENANT_SHELL, page('offerings', 'offerings-page')], budgetKb: 400 },
  { path: '/tenant/addoffering', modules: [...TENANT_SHELL, page('offerings', 'add-offering-page')] },
  { path: '/tenant/offeringreport', modules: [...TENANT_SHELL, page('offerings', 'offering-report-page')] },
  { path: '/tenant/transactions', modules: [...TENANT_SHELL, page('transactions', 'transactions-page')] },
  { path: '/tenant/chartofaccount', modules: [...TENANT_SHELL, page('chart-of-accounts', 'chart-of-accounts-page')] },
  {
    path: '/tenant/contributionCategory',
    modules: [...TENANT_SHELL, page('offering-items', 'offering-items-page')],
  },
  { path: '/r/:token (shared report)', modules: [page('offerings', 'report-shared-page')] },
  // the public giving pages (issue 10 'Speed': a visitor's phone on a slow network)
  { path: '/give/:id', modules: [page('give', 'give-page')], budgetKb: 150 },
  { path: '/give/:id/thanks', modules: [page('give', 'thanks-page')], budgetKb: 150 },
  { path: '/signinpayment/:id', modules: [page('give', 'giver-sign-in-page')], budgetKb: 150 },
  { path: '/signuppayment/:id', modules: [page('give', 'giver-sign-up-page')], budgetKb: 150 },
  { path: '/transactionpage/:id', modules: [page('give', 'giver-transactions-page')], budgetKb: 150 },
];

/** Sizes of one file in bytes: raw, gzip -9, brotli q11. */
interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

/** Builds apps/web into a new temporary directory (with its manifest) and returns the directory. */
export function buildWeb(): string {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  const outDir = mkdtempSync(join(tmpdir(), 'steward-bench-web-'));
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  execFileSync(
    process.execPath,
    [
      vite,
      'build',
      '--config',
      join(root, 'apps/web/vite.config.ts'),
      '--outDir',
      outDir,
      '--manifest',
      '--logLevel',
      'warn',
    ],
    { cwd: root, stdio: 'inherit' },
  );
  return outDir;
}

/** The manifest keys of `keys` and of every chunk they import statically, transitively. */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`bundle bench: ${key} is not in the Vite manifest (is it still lazy-loaded?)`);
    seen.add(key);
    for (const k of chunk.imports ?? []) visit(k);
  };
  keys.forEach(visit);
  return seen;
}

/** A page or layout module the router loads lazily (another route's, not loaded on demand by this one). */
const isRouteModule = (key: string) =>
  TENANT_SHELL.includes(key) || /^src\/features\/[^/]+\/[^/]+-page\.tsx$/.test(key);

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

/**
 * Prints, for each main route, the JavaScript it loads (KB gzip and brotli; chunks loaded later
 * on demand apart) against its budget. `webDist`: a build to read (made with its manifest), else
 * BENCH_WEB_DIST, else a fresh build (removed afterwards). Throws if the build fails or a route's
 * module is missing from the manifest.
 */
export async function benchBundle(webDist?: string): Promise<void> {
  const given = webDist ?? process.env.BENCH_WEB_DIST;
  const dir = given ?? buildWeb();
  try {
    const manifestPath = join(dir, '.vite', 'manifest.json');
    if (!existsSync(manifestPath)) throw new Error(`bundle bench: no ${manifestPath} (build with --manifest)`);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
    const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
    if (!entry) throw new Error('bundle bench: the manifest has no entry');

    const cache = new Map<string, Sizes>();
    const sizesOf = (key: string): Sizes => {
      const file = manifest[key]!.file;
      let s = cache.get(file);
      if (!s) {
        const body = readFileSync(join(dir, file));
        s = {
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
        };
        cache.set(file, s);
      }
      return s;
    };
    const total = (keys: Iterable<string>): Sizes => {
      const t = { raw: 0, gzip: 0, brotli: 0 };
      for (const k of keys) {
        if (!manifest[k]!.file.endsWith('.js')) continue;
        const s = sizesOf(k);
        t.raw += s.raw;
        t.gzip += s.gzip;
        t.brotli += s.brotli;
      }
      return t;
    };

    console.log(`\nWeb app JavaScript per route (${given ? `build ${dir}` : 'fresh build'}), KB = 1,000 bytes`);
    const header = ['route', 'chunks', 'raw KB', 'gzip KB', 'brotli KB', 'later gzip KB', 'budget gzip', ''];
    const rows: string[][] = [];
    const largest: string[] = [];
    const onlyEntry = staticClosure(manifest, [entry]);
    const e = total(onlyEntry);
    rows.push(['entry (every page)', String(onlyEntry.size), kb(e.raw), kb(e.gzip), kb(e.brotli), '', '', '']);
    for (const route of ROUTES) {
      // the shell's modules are in the entry chunk when not lazy
      const modules = route.modules.filter((m) => !TENANT_SHELL.includes(m) || manifest[m]);
      const loaded = staticClosure(manifest, [entry, ...modules]);
      const later = new Set<string>();
      // what the route's own chunks import on demand (the entry's lazy imports are the routes)
      for (const k of loaded)
        if (!onlyEntry.has(k))
          for (const d of manifest[k]!.dynamicImports ?? [])
            if (!isRouteModule(d)) for (const c of staticClosure(manifest, [d])) if (!loaded.has(c)) later.add(c);
      const t = total(loaded);
      const l = total(later);
      const verdict = route.budgetKb === undefined ? '' : t.gzip / 1000 <= route.budgetKb ? 'ok' : 'OVER';
      rows.push([
        route.path,
        String(loaded.size),
        kb(t.raw),
        kb(t.gzip),
        kb(t.brotli),
        later.size ? kb(l.gzip) : '',
        route.budgetKb === undefined ? '' : `${route.budgetKb}`,
        verdict,
      ]);
      if (route.budgetKb !== undefined) {
        const top = [...loaded]
          .filter((k) => manifest[k]!.file.endsWith('.js'))
          .sort((a, b) => sizesOf(b).gzip - sizesOf(a).gzip)
          .slice(0, 6)
          .map((k) => `${manifest[k]!.file.replace(/^assets\//, '')} ${kb(sizesOf(k).gzip)}`);
        largest.push(`${route.path}, largest chunks (KB gzip): ${top.join(', ')}`);
      }
    }
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
    console.log(line(header));
    rows.forEach((r) => console.log(line(r)));
    largest.forEach((l) => console.log(l));
  } finally {
    if (!given) rmSync(dir, { recursive: true, force: true });
  }
}
