import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_FILE, ENV_NAMES, listeningUrl, loadEnvFile, readEnv } from './env.ts';

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

describe('the settings as documented', () => {
  const root = new URL('../../../../', import.meta.url);
  const readme = readFileSync(new URL('README.md', root), 'utf8');
  const example = readFileSync(new URL('apps/bff/.env.example', root), 'utf8');
  /** The README's settings table: each row's names and its default cell. */
  const rows = readme
    .slice(readme.indexOf('| setting | default | what |'))
    .split('\n\n')[0]
    ?.split('\n')
    .slice(2)
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .map(([, names = '', byDefault = '']) => ({
      names: [...names.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1] ?? ''),
      byDefault,
    }));

  it('names every setting the console reads in the README table, with its default', () => {
    expect(rows?.length).toBeGreaterThan(20);
    const documented = new Map(rows?.flatMap((row) => row.names.map((name) => [name, row] as const)));
    expect(ENV_NAMES.filter((name) => !documented.has(name))).toEqual([]);
    expect([...documented.keys()].filter((name) => !ENV_NAMES.includes(name))).toEqual([]);
    const defaults: Record<string, unknown> = readEnv({});
    for (const name of ENV_NAMES) {
      const value = defaults[name];
      if (typeof value !== 'number' && typeof value !== 'boolean' && typeof value !== 'string') continue;
      // A path is written from the repository's root.
      const written =
        typeof value === 'string' && value.startsWith('/')
          ? value.split('/').slice(-3).join('/')
          : String(value);
      expect(documented.get(name)?.byDefault, name).toContain(written);
    }
  });

  it('lists every setting in apps/bff/.env.example, each line as the console takes it', () => {
    const lines = example.split('\n').filter((line) => /^#? ?[A-Z][A-Z0-9_]+=/.test(line));
    const named = lines.map((line) => line.replace(/^# ?/, '').split('=')[0]);
    expect(ENV_NAMES.filter((name) => !named.includes(name))).toEqual([]);
    expect(named.filter((name) => name !== undefined && !ENV_NAMES.includes(name))).toEqual([]);
    // What is not commented out is taken as it is; copied to .env, it changes nothing from the defaults.
    const set = Object.fromEntries(
      lines.filter((line) => !line.startsWith('#')).map((line) => line.split('=') as [string, string]),
    );
    expect(readEnv(set)).toEqual(readEnv({}));
  });

  it('reads apps/bff/.env when there is one, the environment winning over the file', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'console-env-'));
    const file = join(folder, '.env');
    await writeFile(file, 'CONSOLE_ENV_TEST_A=from-file\nCONSOLE_ENV_TEST_B=from-file\n');
    process.env.CONSOLE_ENV_TEST_B = 'from-environment';
    try {
      expect(loadEnvFile(join(folder, 'absent.env'))).toBe(false);
      expect(loadEnvFile(file)).toBe(true);
      expect(process.env.CONSOLE_ENV_TEST_A).toBe('from-file');
      expect(process.env.CONSOLE_ENV_TEST_B).toBe('from-environment');
      expect(ENV_FILE).toMatch(/apps\/bff\/\.env$/);
    } finally {
      delete process.env.CONSOLE_ENV_TEST_A;
      delete process.env.CONSOLE_ENV_TEST_B;
    }
  });

  it('turns the demo office on by default, and off with DEMO_OFFICE=false', () => {
    expect(readEnv({}).DEMO_OFFICE).toBe(true);
    expect(readEnv({ DEMO_OFFICE: 'false' }).DEMO_OFFICE).toBe(false);
    expect(() => readEnv({ DEMO_OFFICE: 'no' })).toThrow(/DEMO_OFFICE/);
  });

  it('keeps the embedded sandbox beside a SQLite file by default, where asked, or nowhere', () => {
    expect(readEnv({}).SANDBOX_STATE_PATH).toMatch(/apps\/bff\/data\/sandbox-state\.json$/);
    expect(readEnv({ DATABASE_PATH: '/tmp/restart/console.db' }).SANDBOX_STATE_PATH).toBe(
      '/tmp/restart/sandbox-state.json',
    );
    expect(readEnv({ SANDBOX_STATE_PATH: '/var/lib/sandbox.json' }).SANDBOX_STATE_PATH).toBe(
      '/var/lib/sandbox.json',
    );
    expect(readEnv({ SANDBOX_STATE_PATH: 'off' }).SANDBOX_STATE_PATH).toBeNull();
    expect(readEnv({ DATABASE_URL: ':memory:' }).SANDBOX_STATE_PATH).toBeNull();
    expect(
      readEnv({ DATABASE_URL: 'postgres://console@db/console', SANDBOX_WITH_POSTGRES: 'true' })
        .SANDBOX_STATE_PATH,
    ).toBeNull();
  });

  it('says where the console listens: the host it was given, localhost for every address', () => {
    expect(listeningUrl('0.0.0.0', 3000)).toBe('http://localhost:3000');
    expect(listeningUrl('::', 3000)).toBe('http://localhost:3000');
    expect(listeningUrl('127.0.0.1', 3270)).toBe('http://127.0.0.1:3270');
    expect(listeningUrl('console.internal', 80)).toBe('http://console.internal:80');
    expect(listeningUrl('::1', 3000)).toBe('http://[::1]:3000');
  });
});
