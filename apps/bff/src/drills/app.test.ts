import {
  ErrorEnvelopeSchema,
  FlightOfferSchema,
  FlightOrderSchema,
  FlightSearchSchema,
  LedgerListSchema,
  MeSchema,
} from '@console/contract';
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contact, inDays, passenger, startConsole, type TestConsole } from '../testing/console.ts';

let t: TestConsole;
beforeAll(async () => {
  t = await startConsole();
});
beforeEach(async () => {
  await t.control('/reset');
  t.console.deps.upstream.service.tokens.clear();
});
afterAll(async () => {
  // Nothing the browser received may hold the client_secret or a bearer token.
  const leaks = t.seen.filter((r) =>
    /sk_(test|live)_|tok_[0-9a-z]{20,}|Bearer /.test(r.text + JSON.stringify([...r.headers])),
  );
  expect(leaks.map((r) => r.text.slice(0, 200))).toEqual([]);
  expect(t.seen.length).toBeGreaterThan(50);
  await t.close();
});

const code = (body: unknown) => ErrorEnvelopeSchema.parse(body).error.code;
const search = {
  slices: [{ origin: 'LHR', destination: 'CDG', departure_date: inDays(21) }],
  passengers: { adults: 1 },
};

async function bookableOffer(b: ReturnType<TestConsole['browser']>) {
  const result = FlightSearchSchema.parse((await b.post('/flights/searches', search)).body);
  for (const offer of result.offers) {
    const repriced = FlightOfferSchema.parse((await b.get(`/flights/offers/${offer.id}`)).body);
    if (repriced.total.amount === offer.total.amount) return repriced;
  }
  throw new Error('no stable offer');
}

describe('signing in and out', () => {
  it('signs in with an HttpOnly, Secure, SameSite=Strict cookie and says who is signed in', async () => {
    const b = t.browser();
    const reply = await b.signIn('agent@demo.test', 'demo-agent');
    expect(reply.status).toBe(200);
    const cookie = reply.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    const me = MeSchema.parse((await b.get('/me')).body);
    expect(me).toMatchObject({ user: { email: 'agent@demo.test', role: 'agent' }, environment: 'test' });
  });

  it('refuses a wrong password and an unknown email alike', async () => {
    const b = t.browser();
    expect(code((await b.signIn('agent@demo.test', 'wrong-password')).body)).toBe('invalid_login');
    expect(code((await b.signIn('nobody@demo.test', 'demo-agent')).body)).toBe('invalid_login');
    expect((await b.get('/me')).status).toBe(401);
  });

  it('signs out, after which the old cookie no longer works', async () => {
    const b = await t.signedIn('agent');
    const cookie = b.cookie();
    await b.post('/auth/sign-out');
    const replay = await fetch(`${t.origin}/api/me`, { headers: { Cookie: cookie } });
    expect(replay.status).toBe(401);
  });

  it('ends a session after 30 idle minutes', async () => {
    const b = await t.signedIn('agent');
    t.advanceConsoleClock(29 * 60_000);
    expect((await b.get('/me')).status).toBe(200);
    t.advanceConsoleClock(31 * 60_000);
    expect(code((await b.get('/me')).body)).toBe('unauthenticated');
  });

  it('ends a session at its absolute limit however busy it is', async () => {
    const b = await t.signedIn('agent');
    for (let i = 0; i < 26; i += 1) {
      t.advanceConsoleClock(28 * 60_000);
      await b.get('/me');
    }
    expect((await b.get('/me')).status).toBe(401);
  });

  it('limits sign-in attempts', async () => {
    const b = t.browser();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1)
      statuses.push((await b.signIn('limited@demo.test', 'wrong-password')).status);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('roles', () => {
  it('lets an agent search and book but not read the wallet, credentials, users or audit log', async () => {
    const agent = await t.signedIn('agent');
    for (const path of ['/wallet', '/admin/credentials', '/admin/users', '/admin/audit', '/admin/session']) {
      const reply = await agent.get(path);
      expect({ path, status: reply.status, code: code(reply.body) }).toEqual({
        path,
        status: 403,
        code: 'forbidden',
      });
    }
    expect(
      (
        await agent.post('/admin/users', {
          email: 'x@demo.test',
          name: 'X',
          role: 'admin',
        })
      ).status,
    ).toBe(403);
  });

  it('lets an admin read the wallet and credentials', async () => {
    const admin = await t.signedIn('admin');
    expect((await admin.get('/wallet')).status).toBe(200);
    expect((await admin.get('/admin/credentials')).body).toMatchObject({
      client_id: 'cid_test_demo',
      environment: 'test',
    });
  });

  it('answers 401 to every API route without a session', async () => {
    const b = t.browser();
    for (const path of ['/me', '/flights/places?query=lon', '/bookings', '/wallet'])
      expect((await b.get(path)).status).toBe(401);
  });
});

describe('CSRF defence', () => {
  it('refuses a JSON POST without the console header', async () => {
    const agent = await t.signedIn('agent');
    const reply = await fetch(`${t.origin}/api/flights/searches`, {
      method: 'POST',
      headers: { Cookie: agent.cookie(), 'Content-Type': 'application/json' },
      body: JSON.stringify(search),
    });
    expect(reply.status).toBe(403);
    expect(code(await reply.json())).toBe('csrf_failed');
  });

  it('refuses a cross-site POST even with the header', async () => {
    const agent = await t.signedIn('agent');
    const crossSite = await agent.post('/flights/searches', search, {
      Origin: 'https://evil.example',
      'Sec-Fetch-Site': 'cross-site',
    });
    expect(code(crossSite.body)).toBe('csrf_failed');
    const otherOrigin = await agent.post('/flights/searches', search, { Origin: 'https://evil.example' });
    expect(code(otherOrigin.body)).toBe('csrf_failed');
    expect(
      (await agent.post('/flights/searches', search, { Origin: t.origin, 'Sec-Fetch-Site': 'same-origin' }))
        .status,
    ).toBe(201);
  });
});

describe('relaying to the service', () => {
  it("validates input before the service sees it, and passes the service's own errors through unchanged", async () => {
    const agent = await t.signedIn('agent');
    const local = await agent.post('/flights/searches', { ...search, passengers: { adults: 0 } });
    expect(local.status).toBe(422);
    expect(ErrorEnvelopeSchema.parse(local.body).error.param).toBe('passengers.adults');
    const upstream = await agent.post('/flights/searches', {
      ...search,
      slices: [{ origin: 'XXX', destination: 'CDG', departure_date: inDays(3) }],
    });
    expect(upstream.status).toBe(422);
    expect(ErrorEnvelopeSchema.parse(upstream.body).error).toMatchObject({
      code: 'validation_failed',
      param: 'slices[0].origin',
    });
    expect((await agent.get('/flights/orders/ord_00000000000000000000')).status).toBe(404);
  });

  it('makes one token call for 200 concurrent requests, and one more across an expiry', async () => {
    const agent = await t.signedIn('agent');
    const tokens = t.console.deps.upstream.service.tokens;
    // Token calls are counted exactly: the variant profile's own revocations and 429s are paused (the next test's
    // reset brings them back).
    await t.control('/settings', { variant_rate_limit_every: 0, variant_revoke_every: 0 });
    const before = tokens.tokenCalls;
    const first = await Promise.all(
      Array.from({ length: 200 }, () => agent.get('/flights/places?query=lon&limit=3')),
    );
    expect(first.every((r) => r.status === 200)).toBe(true);
    expect(tokens.tokenCalls - before).toBe(1);
    await t.control('/clock/advance', { seconds: 3601 });
    // The console hears of the move and reads the service's clock (decision 016), with a token of that call's own
    // scope; the batch comes after that read.
    await expect.poll(() => t.console.deps.upstream.clock.offsetMs).toBeGreaterThan(3_598_000);
    await t.console.deps.upstream.readClock();
    const read = tokens.tokenCalls;
    const second = await Promise.all(
      Array.from({ length: 200 }, () => agent.get('/flights/places?query=par&limit=3')),
    );
    expect(second.every((r) => r.status === 200)).toBe(true);
    expect(tokens.tokenCalls - read).toBe(1);
  });

  it('refreshes once and retries once when the service says the token is invalid', async () => {
    const agent = await t.signedIn('agent');
    await agent.get('/flights/places?query=lon');
    const before = t.console.deps.upstream.service.tokens.tokenCalls;
    await t.control('/tokens/revoke');
    expect((await agent.get('/flights/places?query=lon')).status).toBe(200);
    expect(t.console.deps.upstream.service.tokens.tokenCalls - before).toBe(1);
  });

  it('books once for the same Idempotency-Key sent twice, records it once in the ledger and audit log', async () => {
    const agent = await t.signedIn('agent');
    const offer = await bookableOffer(agent);
    const body = { offer_id: offer.id, passengers: [passenger], contact, client_reference: 'IDEM-1' };
    const key = { 'Idempotency-Key': '5b3d7c62-1f4e-4f63-9d8e-2c7a9e0b4f11' };
    const [a, b] = [
      await agent.post('/flights/orders', body, key),
      await agent.post('/flights/orders', body, key),
    ];
    expect(FlightOrderSchema.parse(a.body).id).toBe(FlightOrderSchema.parse(b.body).id);
    expect((await t.stats()).flight_orders).toBe(1);
    const ledger = LedgerListSchema.parse((await agent.get('/bookings?q=IDEM-1')).body);
    expect(ledger.data).toHaveLength(1);
    expect(ledger.data[0]).toMatchObject({ product: 'flight', status: 'held', client_reference: 'IDEM-1' });
  });

  it('relays the search stream event by event, and closes the upstream stream when the browser goes away', async () => {
    await t.control('/settings', { stream_interval_ms: 300 });
    const agent = await t.signedIn('agent');
    const response = await fetch(`${t.origin}/api/flights/searches/stream`, {
      method: 'POST',
      headers: { Cookie: agent.cookie(), 'Content-Type': 'application/json', 'X-Console-Csrf': '1' },
      body: JSON.stringify(search),
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('content-encoding')).toBeNull();
    const arrivals: { event: string; at: number }[] = [];
    const parser = createParser({ onEvent: (m) => arrivals.push({ event: m.event ?? '', at: Date.now() }) });
    const decoder = new TextDecoder();
    for await (const chunk of response.body ?? []) parser.feed(decoder.decode(chunk, { stream: true }));
    expect(arrivals.map((a) => a.event)).toEqual(['offers', 'offers', 'offers', 'offers', 'offers', 'done']);
    const gaps = arrivals.slice(1).map((a, i) => a.at - (arrivals[i]?.at ?? 0));
    // Events arrive one by one, not buffered into one flush at the end.
    expect(gaps.filter((g) => g >= 100).length).toBeGreaterThanOrEqual(3);

    await t.control('/settings', { stream_interval_ms: 1000 });
    const abandoned = (await t.stats()).streams.abandoned;
    const controller = new AbortController();
    const second = await fetch(`${t.origin}/api/flights/searches/stream`, {
      method: 'POST',
      headers: { Cookie: agent.cookie(), 'Content-Type': 'application/json', 'X-Console-Csrf': '1' },
      body: JSON.stringify(search),
      signal: controller.signal,
    });
    const reader = second.body?.getReader();
    await reader?.read();
    controller.abort();
    const deadline = Date.now() + 2000;
    while ((await t.stats()).streams.abandoned === abandoned && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 10));
    expect((await t.stats()).streams.abandoned).toBe(abandoned + 1);
    while ((await t.stats()).streams.open > 0 && Date.now() < deadline + 1500)
      await new Promise((r) => setTimeout(r, 10));
    expect((await t.stats()).streams.open).toBe(0);
  });

  it('renews the session-based session after Err0101002', async () => {
    const admin = await t.signedIn('admin');
    expect((await admin.get('/admin/session/credit-balance')).status).toBe(200);
    await t.control('/clock/advance', { seconds: 21 * 60 });
    expect((await admin.get('/admin/session/credit-balance')).status).toBe(200);
    expect((await admin.get('/admin/session')).body).toMatchObject({
      configured: true,
      active: true,
      renewals: 1,
    });
  });
});
