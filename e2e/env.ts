import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The e2e run's configuration, read once. Chromium is found in this order:
 * CHROMIUM_PATH if set; Debian's /usr/bin/chromium if present; otherwise Playwright's own browser, if installed.
 */
function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH?.trim();
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist`);
    return fromEnv;
  }
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

const consolePort = Number(process.env.E2E_CONSOLE_PORT ?? 3100);
// Made once by the runner and inherited by its workers (which load this file again), so a spec that writes history
// into the store (specs/history.spec.ts) finds the file the console under test uses.
process.env.E2E_DATABASE_URL ??= join(mkdtempSync(join(tmpdir(), 'console-e2e-')), 'console.db');
const sandboxPort = Number(process.env.E2E_SANDBOX_PORT ?? 4110);
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? sandboxPort + 10);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? sandboxPort + 20);
const mailboxPort = smtpPort + 1;
/** The console's client at the test OpenID provider (a test's own secret, nothing real). */
const oidcClient = { id: 'booking-console', secret: 'e2e-only-client-secret-0123456789' };

export const env = {
  chromiumPath: findChromium(),
  ci: process.env.CI === 'true' || process.env.CI === '1',
  consoleUrl: `http://localhost:${consolePort}`,
  sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
  /** A real OpenID provider (oidc-provider) for single sign-on, started beside the console. */
  oidcIssuer: `http://127.0.0.1:${oidcPort}`,
  oidcProviderEnv: {
    OIDC_PROVIDER_PORT: String(oidcPort),
    OIDC_REDIRECT_URI: `http://localhost:${consolePort}/api/auth/oidc/callback`,
    OIDC_CLIENT_ID: oidcClient.id,
    OIDC_CLIENT_SECRET: oidcClient.secret,
  },
  /** A real SMTP server for the office's mail, and where the journeys read what it was handed. */
  smtpCatcherEnv: { SMTP_CATCHER_PORT: String(smtpPort), SMTP_CATCHER_HTTP_PORT: String(mailboxPort) },
  mailboxUrl: `http://127.0.0.1:${mailboxPort}`,
  /** The console under test: `pnpm start` on the embedded sandbox, with a fresh database for the run. */
  serverEnv: {
    PORT: String(consolePort),
    SANDBOX_PORT: String(sandboxPort),
    DATABASE_URL: process.env.E2E_DATABASE_URL,
    SANDBOX_STREAM_INTERVAL_MS: '250',
    /** Running clocks are read again every second, so a journey that moves the sandbox's clock sees it soon. */
    JOBS_INTERVAL_SECONDS: '1',
    /** The watch reads up to 20 bookings a second (a journey that moves the clock an hour finds many due at once). */
    CHANGE_WATCH_RATE: '20',
    LOG_REQUESTS: 'false',
    /** The journeys start on an empty office: no demo office (decision 045). */
    DEMO_OFFICE: 'false',
    /** The sandbox's state is not kept in a file: each run starts on an empty service too. */
    SANDBOX_STATE_PATH: 'off',
    /** `pnpm test` runs the journeys once per sandbox profile. */
    SANDBOX_PROFILE: process.env.E2E_SANDBOX_PROFILE === 'variant' ? 'variant' : 'default',
    PUBLIC_URL: `http://localhost:${consolePort}`,
    OIDC_ISSUER: `http://127.0.0.1:${oidcPort}`,
    OIDC_CLIENT_ID: oidcClient.id,
    OIDC_CLIENT_SECRET: oidcClient.secret,
    OIDC_NAME: 'Office Login',
    /** The office's mail goes out, as an office's would: one-time links and the watch's e-mails (decision 037). */
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  },
} as const;

/** Flags for a headless Chromium on a machine with no network beyond loopback. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-gpu',
  '--no-first-run',
];
