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
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(API_PREFIXES.map((p) => [p, { target: API_TARGET, changeOrigin: false }])),
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
