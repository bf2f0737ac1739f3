import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseInfo } from '../db/index.ts';
import { startConsole, type TestConsole } from '../testing/console.ts';

const TOKEN = 'metrics-token-for-tests-0123';
let t: TestConsole;
beforeAll(async () => {
  t = await startConsole({ METRICS_TOKEN: TOKEN });
});
afterAll(() => t.close());

const scrape = async (authorization?: string) =>
  fetch(`${t.origin}/metrics`, { headers: authorization ? { Authorization: authorization } : {} });

/** The value of one series in the Prometheus text, or 0 when it is not there yet. */
function value(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('/metrics', () => {
  it('is refused without its token, and with a wrong one', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await scrape('Bearer short')).status).toBe(401);
  });

  it('counts requests by route pattern, upstream calls by operation, token fetches and throttled sign-ins', async () => {
    const before = await (await scrape(`Bearer ${TOKEN}`)).text();
    const agent = await t.signedIn('agent');
    for (let i = 0; i < 3; i += 1)
      expect((await agent.get('/flights/places?query=lon&limit=3')).status).toBe(200);
    const stranger = t.browser();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await stranger.signIn('nobody@demo.test', `wrong-${i}`)).status);
    const throttled = statuses.filter((status) => status === 429).length;
    expect(throttled).toBeGreaterThan(0);

    const reply = await scrape(`Bearer ${TOKEN}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toContain('text/plain');
    const after = await reply.text();
    const places = 'console_http_requests_total{method="GET",route="/api/flights/places",status="200"}';
    expect(value(after, places) - value(before, places)).toBe(3);
    const upstream = 'console_upstream_call_duration_seconds_count{operation="flightPlaces",outcome="ok"}';
    expect(value(after, upstream) - value(before, upstream)).toBeGreaterThanOrEqual(3);
    expect(value(after, 'console_upstream_token_fetches_total')).toBeGreaterThanOrEqual(1);
    expect(
      value(after, 'console_sign_in_throttled_total') - value(before, 'console_sign_in_throttled_total'),
    ).toBe(throttled);
    expect(after).toContain('console_booking_intents_open 0');
    expect(after).toContain('console_open_search_streams 0');
    expect(after).toContain('console_process_resident_memory_bytes');
  });

  it('says on PostgreSQL whether sessions may be kept in memory, and how the barriers after sign-outs ended', async () => {
    const postgres = databaseInfo(t.console.deps.db).identityPush !== null;
    const agent = await t.signedIn('agent');
    expect((await agent.post('/auth/sign-out')).status).toBe(200);
    const text = await (await scrape(`Bearer ${TOKEN}`)).text();
    const barriers =
      value(text, 'console_identity_barriers_total{outcome="answered"}') +
      value(text, 'console_identity_barriers_total{outcome="waited"}');
    if (postgres) {
      expect(text).toMatch(/^console_identity_listener_current [01]$/m);
      expect(barriers).toBeGreaterThanOrEqual(1);
    } else {
      expect(text).not.toMatch(/^console_identity_listener_current /m);
      expect(text).not.toContain('console_identity_barriers_total{');
    }
  });
});

describe('/metrics without a token configured', () => {
  it('is not served at all', async () => {
    const other = await startConsole();
    try {
      expect((await fetch(`${other.origin}/metrics`)).status).toBe(404);
    } finally {
      await other.close();
    }
  });
});
