import { defineConfig } from 'vitest/config';

// One runner for every package's unit and integration tests (foo.test.ts beside foo.ts).
// Browser specs live in e2e/ and run under Playwright instead.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}'],
    pool: 'forks',
    testTimeout: 20_000,
    reporters: ['default'],
  },
});
