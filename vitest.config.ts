import { defineConfig } from 'vitest/config';

/**
 * Two test tiers (DESIGN.md §4): `unit` runs the pure tests beside the code;
 * `integration` drives the HTTP API through app.inject against a real database
 * (PostgreSQL when DATABASE_URL is set, PGlite otherwise).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // Every test calls the public routes from 127.0.0.1, and the limiter's counts live in the
          // database, shared by the files run one after another: a file's public calls would count
          // against the next file's within the same minute. The limit has its own tests
          // (security-hardening.test.ts), which set it explicitly.
          env: { PUBLIC_RATE_MAX: '1000000' },
        },
      },
    ],
  },
});
