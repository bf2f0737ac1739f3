import { existsSync } from 'node:fs';

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

export const env = {
  chromiumPath: findChromium(),
  ci: process.env.CI === 'true' || process.env.CI === '1',
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
