import { randomBytes, scryptSync } from 'node:crypto';
import { AuditListSchema, ErrorEnvelopeSchema } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startConsole, type TestConsole } from '../testing/console.ts';

let t: TestConsole;
beforeAll(async () => {
  t = await startConsole({ TRUSTED_PROXIES: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});

const code = (body: unknown) => ErrorEnvelopeSchema.parse(body).error.code;
const from = (address: string) => ({ 'X-Forwarded-For': address });

describe('sign-in throttling', () => {
  it('counts a burst of 100 concurrent wrong passwords from one address before checking them: at most 10 are checked, the rest refused at once', async () => {
    const b = t.browser();
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        b.call('POST', '/api/auth/sign-in', {
          body: { email: 'burst@demo.test', password: `wrong-${i}` },
          headers: from('198.51.100.1'),
        }),
      ),
    );
    const statuses = replies.map((r) => r.status);
    // Five failures and a paced try (a few more when concurrent counts interleave), never past the address's ten tries.
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked).toBeGreaterThanOrEqual(6);
    expect(checked).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - checked);
    const refused = replies.find((r) => r.status === 429);
    expect(code(refused?.body)).toBe('rate_limited');
    expect(Number(refused?.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('cannot be turned against a person: 30 wrong passwords at their email, and they sign in at once from their own address', async () => {
    const b = t.browser();
    const attacker: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const reply = await b.call('POST', '/api/auth/sign-in', {
        body: { email: 'agent@demo.test', password: `guess-${i}` },
        headers: from('203.0.113.66'),
      });
      attacker.push(reply.status);
    }
    expect(attacker.filter((s) => s === 429).length).toBeGreaterThan(15);
    const agent = await b.call('POST', '/api/auth/sign-in', {
      body: { email: 'agent@demo.test', password: 'demo-agent' },
      headers: from('192.0.2.10'),
    });
    expect(agent.status).toBe(200);
    // A distributed guesser gets one try per address: each new address is checked once, then paced.
    const spread = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        b.call('POST', '/api/auth/sign-in', {
          body: { email: 'agent@demo.test', password: `spread-${i}` },
          headers: from(`198.18.0.${i + 1}`),
        }),
      ),
    );
    expect(spread.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
  });

  it('writes every attempt in the audit log with its address, browser and factor, and shows a person their own', async () => {
    const b = t.browser();
    const browserName = 'Mozilla/5.0 (X11; Linux x86_64) AuditTest/1.0';
    await b.call('POST', '/api/auth/sign-in', {
      body: { email: 'admin@demo.test', password: 'not-the-password' },
      headers: { ...from('192.0.2.200'), 'User-Agent': browserName },
    });
    const ok = await b.call('POST', '/api/auth/sign-in', {
      body: { email: 'admin@demo.test', password: 'demo-admin' },
      headers: { ...from('192.0.2.200'), 'User-Agent': browserName },
    });
    expect(ok.status).toBe(200);
    const log = AuditListSchema.parse((await b.get('/admin/audit?action=sign_in&user=admin@demo.test')).body);
    const mine = log.data.filter((entry) => entry.browser === browserName);
    expect(mine.map((e) => [e.result, e.error_code, e.address, e.factor])).toEqual([
      ['succeeded', null, '192.0.2.200', 'password'],
      ['failed', 'invalid_login', '192.0.2.200', 'password'],
    ]);
    const own = AuditListSchema.omit({ next_cursor: true, has_more: true }).parse(
      (await b.get('/account/sign-ins')).body,
    );
    expect(own.data[0]).toMatchObject({ result: 'succeeded', address: '192.0.2.200', browser: browserName });
  });

  it('makes a password hash of older parameters again at the next sign-in', async () => {
    const db = t.console.deps.db;
    const salt = randomBytes(16);
    const key = scryptSync('demo-agent', salt, 64, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    const old = ['scrypt', 2 ** 15, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    await db
      .updateTable('users')
      .set({ password_hash: old })
      .where('email', '=', 'agent@demo.test')
      .execute();
    const b = t.browser();
    expect(
      (
        await b.call('POST', '/api/auth/sign-in', {
          body: { email: 'agent@demo.test', password: 'demo-agent' },
          headers: from('192.0.2.11'),
        })
      ).status,
    ).toBe(200);
    const row = await db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'agent@demo.test')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(
      (
        await t.browser().call('POST', '/api/auth/sign-in', {
          body: { email: 'agent@demo.test', password: 'demo-agent' },
          headers: from('192.0.2.11'),
        })
      ).status,
    ).toBe(200);
  });

  it('limits one address to 50 attempts across many emails, while another address signs in', async () => {
    const b = t.browser();
    const statuses: number[] = [];
    for (let i = 0; i < 52; i += 1) {
      const reply = await b.call('POST', '/api/auth/sign-in', {
        body: { email: `nobody-${i}@demo.test`, password: 'wrong' },
        headers: from('203.0.113.7'),
      });
      statuses.push(reply.status);
    }
    expect(statuses.slice(0, 50).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(50)).toEqual([429, 429]);
    const other = await b.call('POST', '/api/auth/sign-in', {
      body: { email: 'agent@demo.test', password: 'demo-agent' },
      headers: from('203.0.113.8'),
    });
    expect(other.status).toBe(200);
  });

  it('does not count successful sign-ins against an office sharing one address', async () => {
    const b = t.browser();
    for (let i = 0; i < 60; i += 1) {
      const reply = await b.call('POST', '/api/auth/sign-in', {
        body: { email: 'agent@demo.test', password: 'demo-agent' },
        headers: from('192.0.2.50'),
      });
      expect(reply.status).toBe(200);
    }
  });

  it('starts a new window once the old one has passed', async () => {
    const b = t.browser();
    const attempt = () =>
      b.call('POST', '/api/auth/sign-in', {
        body: { email: 'later@demo.test', password: 'wrong' },
        headers: from('192.0.2.77'),
      });
    for (let i = 0; i < 10; i += 1) await attempt();
    expect((await attempt()).status).toBe(429);
    t.advanceConsoleClock(16 * 60_000);
    expect((await attempt()).status).toBe(401);
  });
});
