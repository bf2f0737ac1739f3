import { defineConfig } from 'vitest/config';

// One runner for every package's unit and integration tests (foo.test.ts beside foo.ts).
// Browser specs live in e2e/ and run under Playwright instead.
// TEST_DATABASE=postgres runs the BFF's suites on a throwaway PostgreSQL server (apps/bff/src/testing).
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}'],
    globalSetup: ['apps/bff/src/testing/postgres-setup.ts'],
    pool: 'forks',
    testTimeout: 20_000,
    reporters: ['default'],
  },
});
