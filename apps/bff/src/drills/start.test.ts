import { describe, expect, it } from 'vitest';
import { createConsole } from '../app.ts';
import { readEnv } from '../platform/env.ts';
import { freshDatabaseUrl } from '../testing/console.ts';

describe('starting the console', () => {
  it('refuses to start on a LIVE credential without PUBLIC_URL: passkeys and links are bound to it (decision 035)', async () => {
    const env = readEnv({
      PORT: '0',
      SANDBOX_PORT: '0',
      DATABASE_URL: await freshDatabaseUrl(),
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'silent',
      SANDBOX_WITH_POSTGRES: 'true',
      JOBS_INTERVAL_SECONDS: '3600',
      SANDBOX_ENVIRONMENT: 'live',
      SANDBOX_STATE_PATH: 'off',
    });
    await expect(createConsole(env)).rejects.toThrow(/PUBLIC_URL/);
  });
});
