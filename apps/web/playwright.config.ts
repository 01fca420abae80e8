import { defineConfig } from '@playwright/test';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3210);

/**
 * The server serves a private copy of the built app, taken as it starts: another build of
 * apps/web/dist during the run (a shared working tree) would otherwise delete the lazy-loaded
 * chunks the open pages still ask for. Removed when the run ends.
 */
const builtApp = process.env.E2E_WEB_DIST ?? `${root}apps/web/dist`; // E2E_WEB_DIST: a build made elsewhere
const servedApp = path.join(tmpdir(), `steward-e2e-web-${process.pid}`);
process.once('exit', () => rmSync(servedApp, { recursive: true, force: true }));
const copyApp = `node -e "require('node:fs').cpSync(process.argv[1], process.argv[2], { recursive: true })"`;

/**
 * End-to-end tests (DESIGN.md §4): Debian's Chromium (never a downloaded browser) against
 * the built app served by the real server on a throwaway embedded database.
 */
export default defineConfig({
  testDir: './e2e',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: '../../test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    viewport: { width: 1366, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  webServer: {
    command: `${copyApp} "${builtApp}" "${servedApp}" && npx tsx apps/server/src/main.ts`,
    cwd: root,
    url: `http://127.0.0.1:${port}/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      DATA_DIR: 'memory://',
      DEMO: 'auto',
      LOG_LEVEL: 'warn',
      WEB_DIST: servedApp,
      // every spec signs its churches up and uses the public pages from 127.0.0.1, one server for
      // the whole run: more than the default 20 sign-ups an hour, 120 public calls and 30 phone
      // searches a minute. The limits have their own integration tests (security-hardening,
      // attendance-public-checkin).
      SIGNUP_RATE_MAX: '1000',
      PUBLIC_RATE_MAX: '5000',
      CHECKIN_SEARCH_RATE_MAX: '1000',
    },
  },
});
