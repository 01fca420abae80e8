import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Precompresses the build (issue 7 'Speed'): beside every .js, .css, .html, .svg and .json
 * file of 1 KB or more, a .br (brotli, quality 11) and a .gz (gzip -9), which the server sends
 * as they are (@fastify/static preCompressed) to a browser that accepts them.
 */
function precompress(): Plugin {
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'steward-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * antd imports that the app's tables rarely or never render, each named by its importer (under
 * node_modules) and its specifier, with the module to load when it is rendered after all.
 */
const DEFERRED_ANTD_IMPORTS = [
  { importer: 'antd/es/table/hooks/useFilter/FilterDropdown.js', specifier: '../../../tree', module: 'antd/es/tree' },
  { importer: 'antd/es/table/hooks/useFilter/FilterDropdown.js', specifier: '../../../radio', module: 'antd/es/radio' },
  { importer: 'antd/es/table/hooks/useSelection.js', specifier: '../../radio', module: 'antd/es/radio' },
  { importer: 'antd/es/pagination/Pagination.js', specifier: '../select', module: 'antd/es/select' },
];
const DEFERRED_PREFIX = '\0steward-deferred:';

/**
 * Parts of antd's Table that this app never or rarely shows, loaded only when one renders
 * (issue 7 'Speed'). antd's Table imports, for every table, the Tree of a tree-mode column
 * filter (`filterMode: 'tree'`), the Radio of single-choice filters and of `rowSelection.type:
 * 'radio'`, and the Select of its pagination's page-size changer. The app has no column filters
 * and only checkbox selection, and its paged tables turn the size changer off (antd shows it by
 * default only past 50 rows). Each import of DEFERRED_ANTD_IMPORTS is answered by a small module
 * that renders the real component through React.lazy inside its own Suspense with no fallback,
 * so a table that does use one still works: the filter tree, the radio or the size changer
 * appears once its chunk has loaded. That keeps Tree and Radio (with the form hook it imports,
 * 22 KB gzip) off every page with a table, and Select (17 KB) off those that draw no Select of
 * their own before the list: the offerings page loads its period Select lazily. Build only (the
 * dev server pre-bundles antd whole). A rule that no longer matches (antd moved a file) is
 * reported as a build warning, and the bundle bench (apps/server/bench/bundle.ts) then shows the
 * offerings page over its budget.
 */
function deferUnusedAntdTableParts(): Plugin {
  const matched = new Set<number>();
  return {
    name: 'steward-defer-antd-table-parts',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      matched.clear();
    },
    resolveId(specifier, importer) {
      if (!importer) return null;
      const path = importer.replaceAll('\\', '/');
      const i = DEFERRED_ANTD_IMPORTS.findIndex(
        (r) => r.specifier === specifier && path.endsWith(`/node_modules/${r.importer}`),
      );
      if (i < 0) return null;
      matched.add(i);
      return DEFERRED_PREFIX + DEFERRED_ANTD_IMPORTS[i]!.module;
    },
    load(id) {
      if (!id.startsWith(DEFERRED_PREFIX)) return null;
      const module = JSON.stringify(id.slice(DEFERRED_PREFIX.length));
      return [
        "import { createElement, lazy, Suspense } from 'react';",
        `const Component = lazy(() => import(${module}));`,
        'export default function Deferred(props) {',
        '  return createElement(Suspense, { fallback: null }, createElement(Component, props));',
        '}',
      ].join('\n');
    },
    buildEnd() {
      DEFERRED_ANTD_IMPORTS.forEach((r, i) => {
        if (!matched.has(i))
          this.warn(`${r.importer} no longer imports '${r.specifier}': ${r.module} is loaded eagerly`);
      });
    },
  };
}

/**
 * The public giving pages' own instance of the zod-free giving texts (issue 10 'Speed'):
 * packages/contracts/src/donation-texts.ts is imported by those pages and, through
 * contracts/donations.ts, by the admin giving pages; a module shared by both would be a chunk
 * of its own, one more request for the public page. Imported from src/features/give/, the module
 * is loaded again under another id, so it joins the giving pages' own chunks.
 */
function giveOwnDonationTexts(): Plugin {
  return {
    name: 'steward-give-own-donation-texts',
    apply: 'build',
    enforce: 'pre',
    async resolveId(specifier, importer) {
      if (specifier !== '@steward/contracts/donation-texts' || !importer) return null;
      if (!/[\\/]src[\\/]features[\\/]give[\\/]/.test(importer)) return null;
      const resolved = await this.resolve(specifier, importer, { skipSelf: true });
      return resolved ? `${resolved.id}?give` : null;
    },
  };
}

/** Paths the API server answers; the dev server proxies them so the app stays same-origin. */
const API_PREFIXES = [
  '/api',
  '/login',
  '/logout',
  '/fxRates',
  '/health',
  '/docs',
  '/mobile',
  '/dashboard',
  '/GetChurchProfileById',
  '/meta.json',
  // the public giving calls at the root (existing-client-api §3.3)
  '/initailizedonationpayment',
  '/ConfirmDonationPayment',
  '/PaystackTransactionCheck',
];
const API_TARGET = 'http://127.0.0.1:3000';

/**
 * Vendor chunks (issue 7 'Speed'). React with React Router, and zod, which every page loads,
 * each get a chunk of their own that stays cached across releases of the app's code. antd,
 * @ant-design/* and @rc-component/* are left to Rolldown's automatic splitting, which puts each
 * component in a chunk shared by exactly the routes that use it: the sign-in page loads Form,
 * Input and Button but not Table, DatePicker or Menu, and only the pages that draw a chart
 * load recharts. Every page module is lazy (src/app/router.tsx).
 */
const VENDOR_GROUPS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 20 },
];

/**
 * Packages whose modules have no side effects on import (none has a bare `import 'x'`), though
 * their package.json does not say so ("sideEffects": false): their modules none of whose exports
 * is used are left out. Without this, antd's Input, which takes only the form context from
 * @rc-component/form, kept the form validator too: 7 KB gzip less on the offerings page
 * (issue 7 'Speed'). antd itself declares it ("*.css" only).
 */
const PURE_PACKAGES = /node_modules[\\/](@rc-component|@ant-design)[\\/]/;

export default defineConfig({
  root: import.meta.dirname,
  plugins: [deferUnusedAntdTableParts(), giveOwnDonationTexts(), react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(API_PREFIXES.map((p) => [p, { target: API_TARGET, changeOrigin: false }])),
      // GET /give?paymentFormID= (a regex: the page /give/:id stays the web app's)
      '^/give\\?': { target: API_TARGET, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    // .vite/manifest.json: which chunks each route loads (apps/server/bench/bundle.ts reads it)
    manifest: true,
    rolldownOptions: {
      treeshake: { moduleSideEffects: [{ test: PURE_PACKAGES, sideEffects: false }] },
      output: { codeSplitting: { groups: VENDOR_GROUPS } },
    },
  },
});
