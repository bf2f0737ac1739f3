import { CSRF_HEADER, ErrorEnvelopeSchema } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type TestConsole } from '../testing/console.ts';

/**
 * The bad-input drill: every /api route the console serves is fed malformed JSON, wrong types, oversized bodies,
 * unknown ids and hostile strings, as the agent, the admin and nobody. Every answer must be a 4xx in the error
 * envelope (or a plain success, where hostile text is merely text), never a 5xx, and the console must stay up.
 */
let t: TestConsole;
let agentCookie = '';
let adminCookie = '';
beforeAll(async () => {
  t = await startConsole();
  agentCookie = (await t.signedIn('agent')).cookie();
  adminCookie = (await t.signedIn('admin')).cookie();
});
afterAll(() => t.close());

const HOSTILE = [
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '\u0000',
  '\u202e\u0645\ufeff',
  '𝕏'.repeat(500),
  'A'.repeat(3000),
  `\${7*7}{{7*7}}`,
  '%00%2e%2e%2f',
];
const WRONG = [
  '',
  '-1',
  'abc',
  '1e309',
  'NaN',
  '[]',
  '{}',
  'true',
  '0.5',
  '2026-13-45',
  '99999999999999999999',
];
const IDS = [
  'ord_00000000000000000000',
  'unknown',
  'x'.repeat(81),
  '..%2F..%2Fetc%2Fpasswd',
  '%3Cscript%3E',
  "'%20OR%201%3D1",
  '%00',
  '%F0%9F%92%A5',
  '%E0%A4%A',
  '-1',
];
/** Names the routes read from queries and bodies; each gets every wrong and hostile value. */
const QUERY_NAMES = [
  'query',
  'limit',
  'after',
  'date',
  'status',
  'email',
  'product',
  'sort',
  'q',
  'format',
  'result',
];
const BODY_KEYS = [
  'slices',
  'passengers',
  'offer_id',
  'contact',
  'rooms',
  'email',
  'password',
  'role',
  'disabled',
  'product_type_id',
  'travelers',
  'booking_answers',
  'reason',
  'notes',
];
const VALUES: unknown[] = [null, 1, -1, 1e308, true, 'x', [], {}, [[[[[]]]]], ...HOSTILE.slice(0, 4)];
const RAW_BODIES = [
  '{',
  '{"a":',
  'null',
  '[]',
  '"text"',
  '1',
  'true',
  'a=b&c=d',
  '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"polluted":true}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '\u0000\u0001\u0002',
  '{"email":"agent@demo.test","password":{"$ne":null}}',
];

interface Probe {
  method: string;
  path: string;
  who: 'agent' | 'admin' | 'nobody';
  body?: string;
  headers?: Record<string, string>;
  csrf?: boolean;
}

interface Route {
  method: string;
  path: string;
}

function routesOf(c: TestConsole): Route[] {
  const seen = new Map<string, Route>();
  for (const r of c.console.app.routes) {
    if (r.method === 'ALL' || !r.path.startsWith('/api/')) continue;
    seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path });
  }
  return [...seen.values()];
}

const fill = (path: string, id: string) => path.replace(/:[a-z]+/g, id);
const query = (name: string, value: string) => `${name}=${encodeURIComponent(value)}`;

/** The corpus, generated from the console's own route table so a new route is drilled without editing this file. */
function corpus(routes: Route[]): Probe[] {
  const probes: Probe[] = [];
  for (const route of routes) {
    // Signing out would end the drill's own sign-in; it is drilled as nobody.
    const who: Probe['who'] =
      route.path === '/api/auth/sign-out'
        ? 'nobody'
        : route.path.startsWith('/api/admin') || route.path === '/api/wallet'
          ? 'admin'
          : 'agent';
    const base = fill(route.path, 'ord_00000000000000000000');
    if (route.path.includes(':'))
      for (const id of IDS) probes.push({ method: route.method, path: fill(route.path, id), who });
    if (route.method === 'GET') {
      for (const name of QUERY_NAMES)
        for (const value of [...WRONG, ...HOSTILE.slice(0, 6)])
          probes.push({ method: 'GET', path: `${base}?${query(name, value)}`, who });
      probes.push({ method: 'GET', path: `${base}?limit=1&limit=2&limit=x`, who });
    } else {
      for (const body of RAW_BODIES) probes.push({ method: route.method, path: base, who, body });
      for (const key of BODY_KEYS)
        for (const value of VALUES)
          probes.push({ method: route.method, path: base, who, body: JSON.stringify({ [key]: value }) });
      probes.push({
        method: route.method,
        path: base,
        who,
        body: JSON.stringify({ text: 'x'.repeat(1_100_000) }),
      });
      // Nesting thousands of levels deep, where the console takes answers of any JSON value (booking options).
      probes.push({
        method: route.method,
        path: base,
        who,
        body: `{"options":{"per_booking":[{"id":"x","value":${'['.repeat(5000)}${']'.repeat(5000)}}]}}`,
      });
      probes.push({
        method: route.method,
        path: base,
        who,
        body: '{}',
        headers: { 'Idempotency-Key': 'has spaces' },
      });
      probes.push({
        method: route.method,
        path: base,
        who,
        body: '{}',
        headers: { 'Idempotency-Key': 'k'.repeat(300) },
      });
      // A cross-site form post: no CSRF header, another origin.
      probes.push({
        method: route.method,
        path: base,
        who,
        body: '{}',
        csrf: false,
        headers: { Origin: 'https://evil.example' },
      });
    }
    probes.push({
      ...{ method: route.method, path: base, who: 'nobody' as const },
      ...(route.method === 'GET' ? {} : { body: '{}' }),
    });
  }
  // One booking body over the 24 MiB allowed for inline files.
  probes.push({
    method: 'POST',
    path: '/api/activities/bookings',
    who: 'agent',
    body: JSON.stringify({ f: 'x'.repeat(25 * 1024 * 1024) }),
  });
  return probes;
}

/** One probe's answer; a connection reset or closed before the answer is status 0, a failure like a 5xx. */
async function send(probe: Probe): Promise<{ status: number; text: string }> {
  try {
    return await sendOnce(probe);
  } catch (error) {
    const cause = error instanceof Error ? String(error.cause ?? error.message) : String(error);
    return { status: 0, text: `no answer: ${cause}` };
  }
}

async function sendOnce(probe: Probe): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = {};
  const cookie = probe.who === 'agent' ? agentCookie : probe.who === 'admin' ? adminCookie : '';
  if (cookie) headers.Cookie = cookie;
  if (probe.method !== 'GET' && probe.csrf !== false) headers[CSRF_HEADER] = '1';
  if (probe.body !== undefined) headers['Content-Type'] = 'application/json';
  Object.assign(headers, probe.headers);
  const response = await fetch(`${t.origin}${probe.path}`, {
    method: probe.method,
    headers,
    body: probe.body,
  });
  return { status: response.status, text: await response.text() };
}

describe('the bad-input drill', () => {
  it('answers more than a thousand malformed, mistyped, oversized and hostile requests across every /api route with a 4xx envelope, never a 5xx, and stays up', async () => {
    const routes = routesOf(t);
    expect(routes.length).toBeGreaterThan(40);
    const probes = corpus(routes);
    expect(probes.length).toBeGreaterThanOrEqual(1000);
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < probes.length; i = next++) {
        const probe = probes[i] as Probe;
        const { status, text } = await send(probe);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        const where = `${probe.method} ${probe.path.slice(0, 120)} (${probe.who}, body ${probe.body?.slice(0, 40) ?? 'none'})`;
        if (status >= 500 || status === 0) problems.push(`${status} for ${where}: ${text.slice(0, 200)}`);
        else if (status >= 400 && !ErrorEnvelopeSchema.safeParse(JSON.parse(text || 'null')).success)
          problems.push(`${status} without the envelope for ${where}: ${text.slice(0, 200)}`);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    console.log(
      `bad-input drill: ${probes.length} requests over ${routes.length} routes; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(problems).toEqual([]);
    const rejected = [...statuses]
      .filter(([s]) => s >= 400 && s < 500)
      .reduce((n, [, count]) => n + count, 0);
    expect(rejected).toBeGreaterThanOrEqual(1000);
    // Still up and still right: health, a real read and a real sign-in.
    expect((await fetch(`${t.origin}/api/health`)).status).toBe(200);
    expect((await send({ method: 'GET', path: '/api/flights/places?query=lon', who: 'agent' })).status).toBe(
      200,
    );
    expect((await t.browser().signIn('admin@demo.test', 'demo-admin')).status).toBe(200);
  }, 180_000);

  it('answers every one of a burst of large bodies sent, 32 at a time on kept-alive connections, to routes that refuse them before reading them', async () => {
    // An unknown booking is refused (404) and a body over the limit (413) before the body is read; the rest of the
    // body must not cost the client its answer (a connection reset), however busy the console is.
    const paths = [
      '/api/flights/orders/unknown/ticket',
      '/api/flights/orders/..%2F..%2Fetc%2Fpasswd/cancellation',
      '/api/flights/orders/%00/notes',
      '/api/hotels/orders/unknown/confirm',
      '/api/hotels/orders/%E0%A4%A/extend-deadline',
      '/api/activities/bookings/unknown/cancel',
    ];
    const bodies = [900_000, 1_100_000].map((size) => JSON.stringify({ text: 'x'.repeat(size) }));
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const total = 640;
    const worker = async () => {
      for (let i = next++; i < total; i = next++) {
        const path = paths[i % paths.length] ?? '';
        const body = bodies[Math.floor(i / paths.length) % bodies.length];
        const { status, text } = await send({ method: 'POST', path, who: 'agent', body });
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status === 0 || status >= 500)
          failures.push(`${status} for POST ${path} (${body?.length} bytes): ${text}`);
      }
    };
    await Promise.all(Array.from({ length: 32 }, worker));
    console.log(
      `bad-input burst: ${total} large bodies; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(failures).toEqual([]);
    expect([...statuses.keys()].sort()).toEqual([404, 413]);
  }, 120_000);
});
