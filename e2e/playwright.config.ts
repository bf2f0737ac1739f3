import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, env } from './env.ts';

export default defineConfig({
  testDir: './specs',
  // One folder per sandbox profile: `pnpm test` runs the two profiles at once (tooling/e2e-profiles.mjs).
  outputDir: `test-results/${env.serverEnv.SANDBOX_PROFILE}`,
  fullyParallel: false,
  // Two cores on CI: one browser worker per run keeps runs steady (`pnpm test` runs one per sandbox profile at once).
  workers: 1,
  forbidOnly: env.ci,
  retries: 0,
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    ...devices['Desktop Chrome'],
    baseURL: env.consoleUrl,
    viewport: { width: 1366, height: 768 },
    // Dates are typed month, day, year in the specs, as in the en-US date field.
    locale: 'en-US',
    timezoneId: 'UTC',
    headless: true,
    launchOptions: {
      ...(env.chromiumPath ? { executablePath: env.chromiumPath } : {}),
      args: CHROMIUM_ARGS,
    },
    trace: 'retain-on-failure',
  },
  webServer: [
    // The office's identity provider for single sign-on: a real OpenID provider on this machine.
    {
      command: 'pnpm --filter @console/bff exec tsx src/testing/oidc-provider-cli.ts',
      cwd: '..',
      url: `${env.oidcIssuer}/.well-known/openid-configuration`,
      env: env.oidcProviderEnv,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    // The office's mail server: a real SMTP server whose messages the journeys read (support/fixtures.ts mailbox).
    {
      command: 'pnpm --filter @console/bff exec tsx src/testing/smtp-cli.ts',
      cwd: '..',
      url: `${env.mailboxUrl}/health`,
      env: env.smtpCatcherEnv,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    // The console as a newcomer starts it: the BFF with the embedded sandbox, serving the built SPA.
    {
      command: 'pnpm --filter @console/bff start',
      cwd: '..',
      url: `${env.consoleUrl}/api/health`,
      env: env.serverEnv,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
