import { ErrorEnvelopeSchema } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddress, trustedProxies } from './lib/throttle.ts';
import { startConsole, type TestConsole } from './test-support.ts';

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
  it('counts a burst of 100 concurrent wrong passwords before checking them: 10 are checked, 90 refused at once', async () => {
    const b = t.browser();
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        b.call('POST', '/api/auth/sign-in', {
          body: { email: 'burst@demo.test', password: `wrong-${i}` },
          headers: from(`198.51.100.${i}`),
        }),
      ),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(90);
    const refused = replies.find((r) => r.status === 429);
    expect(code(refused?.body)).toBe('rate_limited');
    expect(Number(refused?.headers.get('Retry-After'))).toBeGreaterThan(800);
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

describe('the client address', () => {
  const proxies = trustedProxies('10.0.0.0/8, loopback');

  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress('192.0.2.1', '203.0.113.9', null)).toBe('192.0.2.1');
  });

  it('is the right-most address not of a trusted proxy when the peer is one', () => {
    expect(clientAddress('10.1.2.3', '6.6.6.6, 203.0.113.9, 10.9.9.9', proxies)).toBe('203.0.113.9');
    expect(clientAddress('::ffff:127.0.0.1', '203.0.113.9', proxies)).toBe('203.0.113.9');
  });

  it('ignores X-Forwarded-For sent by a peer that is not a trusted proxy', () => {
    expect(clientAddress('192.0.2.1', '203.0.113.9', proxies)).toBe('192.0.2.1');
  });

  it('refuses a TRUSTED_PROXIES entry that is not an address or a range', () => {
    expect(() => trustedProxies('10.0.0.0/8, proxy.internal')).toThrow(/proxy\.internal/);
  });
});
