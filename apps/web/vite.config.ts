import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Paths the API server answers; the dev server proxies them so the app stays same-origin. */
const API_PREFIXES = ['/api', '/login', '/logout', '/fxRates', '/health', '/docs', '/mobile'];
const API_TARGET = 'http://127.0.0.1:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(API_PREFIXES.map((p) => [p, { target: API_TARGET, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
  },
});
