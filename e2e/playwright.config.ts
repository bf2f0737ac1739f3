import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, env } from './env.ts';

export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  // Two cores on CI: one browser worker keeps runs steady.
  workers: 1,
  forbidOnly: env.ci,
  retries: 0,
  reporter: [['list']],
  timeout: 60_000,
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1366, height: 768 },
    headless: true,
    launchOptions: {
      ...(env.chromiumPath ? { executablePath: env.chromiumPath } : {}),
      args: CHROMIUM_ARGS,
    },
    trace: 'retain-on-failure',
  },
});
