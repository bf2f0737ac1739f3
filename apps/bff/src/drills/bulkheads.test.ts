import { ErrorEnvelopeSchema } from '@console/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Reply, startConsole, type TestConsole, testDatabase } from '../testing/console.ts';

/**
 * Bulkheads and deadlines (decision 014): each part of the service has its own pool and circuit, every call has one
 * deadline for all its tries, and readiness says how the database and the service are, each on its own.
 */
let t: TestConsole;
let agent: Awaited<ReturnType<TestConsole['signedIn']>>;
beforeAll(async () => {
  t = await startConsole({
    UPSTREAM_TIMEOUT_MS: '1000',
    UPSTREAM_CONNECTIONS: '8',
    UPSTREAM_CIRCUIT_FAILURES: '5',
    UPSTREAM_CIRCUIT_COOLDOWN_MS: '1500',
  });
  agent = await t.signedIn('agent');
});
beforeEach(async () => {
  await fetch(`${t.console.deps.upstream.embedded?.controls}/faults`, { method: 'DELETE' });
  await t.control('/settings', { variant_rate_limit_every: 0, variant_revoke_every: 0 });
});
afterAll(() => t.close());

const FaultListSchema = z.object({ data: z.array(z.object({ path: z.string(), remaining: z.number() })) });
const faultsLeft = async () =>
  FaultListSchema.parse(await (await fetch(`${t.console.deps.upstream.embedded?.controls}/faults`)).json())
    .data;
const code = (reply: Reply) => ErrorEnvelopeSchema.parse(reply.body).error.code;
const flights = () => agent.get('/flights/places?query=lon&limit=3');
const hotels = () => agent.get('/hotels/places?query=par&limit=3');

describe('bulkheads', () => {
  it('keeps flights answering while 40 hotel calls hang, and fails the hung hotel calls within their deadline', async () => {
    await t.control('/faults', { path: '/v3/hotels/places', mode: 'hang', count: 200 });
    let hotelsDone = 0;
    const hung = Array.from({ length: 40 }, () =>
      hotels().then((reply) => {
        hotelsDone += 1;
        return reply;
      }),
    );
    for (let i = 0; i < 10; i += 1) expect((await flights()).status).toBe(200);
    // Flights answered ten times over while not one hotel call had come back.
    expect(hotelsDone).toBe(0);
    const replies = await Promise.all(hung);
    // Timed out (504), or refused at once once the hotels circuit opened (503).
    expect(replies.every((r) => r.status === 503 || r.status === 504)).toBe(true);
    expect((await flights()).status).toBe(200);
  });
});

describe('deadlines and the circuit', () => {
  it('answers a hung read within its timeout, not once per try', async () => {
    await t.control('/faults', { path: '/v3/flights/places', mode: 'hang', count: 3 });
    const started = performance.now();
    const reply = await flights();
    const took = performance.now() - started;
    expect(reply.status).toBe(504);
    expect(code(reply)).toBe('upstream_timeout');
    // One deadline of 1 s for the call: two tries of 450 ms fit, the third never starts.
    expect(took).toBeLessThan(1500);
    expect((await faultsLeft()).map((f) => f.remaining)).toEqual([1]);
  });

  it('opens after five timeouts in a row and refuses at once without calling the service, then closes when it answers again', async () => {
    await t.control('/faults', { path: '/v3/activities/products', mode: 'hang', count: 100 });
    const products = () => agent.get('/activities/products?query=canal');
    // 1 s deadline, two tries each: the fifth timeout in a row (the third call's first try) opens the circuit, and
    // that call's second try is refused.
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await products()).status);
    expect(statuses).toEqual([504, 504, 503]);
    const left = (await faultsLeft())[0]?.remaining ?? 0;
    const refused = await products();
    expect(refused.status).toBe(503);
    expect(code(refused)).toBe('upstream_unavailable');
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/);
    // Refused at once: the service was not asked.
    expect((await faultsLeft())[0]?.remaining).toBe(left);
    const ready = await agent.get('/ready');
    expect(ready.body).toMatchObject({ upstream: { parts: { activities: { circuit: 'open' } } } });
    // Other parts are not touched.
    expect((await flights()).status).toBe(200);

    await fetch(`${t.console.deps.upstream.embedded?.controls}/faults`, { method: 'DELETE' });
    await expect.poll(async () => (await products()).status, { timeout: 5000, interval: 250 }).toBe(200);
    expect((await agent.get('/ready')).body).toMatchObject({
      upstream: { parts: { activities: { circuit: 'closed' } } },
    });
  });
});

describe('readiness', () => {
  it('says the database and the service are ready, each on its own', async () => {
    const reply = await t.browser().get('/ready');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      status: 'ready',
      database: { ok: true, kind: testDatabase() },
      upstream: { ok: true },
      intents: { open: 0 },
    });
  });

  it('is not ready when the service gives no token, while the database is still said to be fine', async () => {
    t.console.deps.upstream.service.tokens.clear();
    await t.control('/faults', { path: '/v3/auth/tokens', mode: 'status', status: 500, count: 3 });
    const reply = await t.browser().get('/ready');
    expect(reply.status).toBe(503);
    expect(reply.body).toMatchObject({
      status: 'not_ready',
      database: { ok: true },
      upstream: { ok: false },
    });
  });
});
