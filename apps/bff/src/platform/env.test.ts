import { describe, expect, it } from 'vitest';
import { readEnv } from './env.ts';

const service = {
  SERVICE_BASE_URL: 'http://service.internal:4010/v3',
  SERVICE_CLIENT_ID: 'cid_test_demo',
  SERVICE_CLIENT_SECRET: 'sk_test_demo',
};

describe('the configuration', () => {
  it('keeps embedded SQLite with no DATABASE_URL, and reads the older DATABASE_PATH as the file', () => {
    expect(readEnv({}).DATABASE_URL).toMatch(/data\/console\.db$/);
    expect(readEnv({ DATABASE_PATH: '/var/lib/console.db' }).DATABASE_URL).toBe('/var/lib/console.db');
  });

  it('refuses PostgreSQL with no service configured, saying how to share one service', () => {
    expect(() => readEnv({ DATABASE_URL: 'postgres://console@db/console' })).toThrow(
      /SERVICE_BASE_URL: a PostgreSQL store is for several instances.*pnpm --filter @console\/sandbox start/,
    );
  });

  it('starts on PostgreSQL with a service, or as one instance with its sandbox when asked', () => {
    expect(readEnv({ DATABASE_URL: 'postgres://console@db/console', ...service }).DATABASE_URL).toBe(
      'postgres://console@db/console',
    );
    expect(
      readEnv({ DATABASE_URL: 'postgresql://console@db/console', SANDBOX_WITH_POSTGRES: 'true' })
        .DATABASE_URL,
    ).toBe('postgresql://console@db/console');
  });

  it('refuses a TRUSTED_PROXIES entry that is not an address or a range, naming it', () => {
    expect(() => readEnv({ TRUSTED_PROXIES: '10.0.0.0/8, lb.internal' })).toThrow(
      /TRUSTED_PROXIES: .*lb\.internal/,
    );
  });
});
