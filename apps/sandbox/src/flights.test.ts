import {
  FlightConditionsSchema,
  FlightPlaceListSchema,
  type FlightSearchEvent,
  parseFlightSearchEvent,
  RefundSchema,
  SandboxFlightSearchDoneEventSchema,
  WalletSchema,
  walletAddsUp,
} from '@console/contract';
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FlightOfferShape, FlightOrderShape, FlightSearchShape, RefundQuoteShape } from './shapes.ts';
import { daysFromNow, expectError, expectOk, startSandbox, type TestSandbox } from './test-support.ts';

let sb: TestSandbox;
let token: string;
beforeAll(async () => {
  sb = await startSandbox();
});
beforeEach(async () => {
  await sb.control('/reset');
  token = await sb.token();
});
afterAll(() => sb.close());

const search = (overrides: Record<string, unknown> = {}) => ({
  slices: [
    { origin: 'LHR', destination: 'JFK', departure_date: daysFromNow(30) },
    { origin: 'JFK', destination: 'LHR', departure_date: daysFromNow(37) },
  ],
  passengers: { adults: 2, children: 1 },
  cabin_class: 'economy',
  ...overrides,
});

const passengers = [
  { type: 'adult', given_name: 'Amelia', family_name: 'Hart', date_of_birth: '1985-04-12', gender: 'female' },
  { type: 'adult', given_name: 'Tom', family_name: 'Hart', date_of_birth: '1983-09-30', gender: 'male' },
  { type: 'child', given_name: 'Isla', family_name: 'Hart', date_of_birth: '2018-06-01', gender: 'female' },
];
const contact = { email: 'amelia.hart@example.com', phone: '+442071234567' };

async function searchOffers(body = search()) {
  return expectOk(await sb.post('/flights/searches', token, body), FlightSearchShape, 201).offers;
}

/** An offer whose price holds on re-pricing, re-priced so it can be booked. */
async function stableOffer() {
  for (const offer of await searchOffers()) {
    const repriced = expectOk(await sb.get(`/flights/offers/${offer.id}`, token), FlightOfferShape);
    if (repriced.total.amount === offer.total.amount) return repriced;
  }
  throw new Error('no offer kept its price');
}

async function wallet() {
  const w = expectOk(await sb.get('/wallet', token), WalletSchema);
  expect(walletAddsUp(w)).toBe(true);
  return w;
}

describe('flight places', () => {
  it('finds a metropolitan city with all its airports, and airports by name', async () => {
    const list = expectOk(await sb.get('/flights/places?query=london', token), FlightPlaceListSchema);
    expect(list.data[0]).toMatchObject({ code: 'LON', type: 'city' });
    expect(list.data.map((p) => p.code)).toEqual(expect.arrayContaining(['LHR', 'LGW']));
    expect(list.data.length).toBeLessThanOrEqual(8);
  });

  it('refuses a one-letter query and a limit over 20', async () => {
    expectError(await sb.get('/flights/places?query=l', token), 400, 'invalid_query');
    expectError(await sb.get('/flights/places?query=lo&limit=21', token), 400, 'invalid_query');
  });

  it('knows at least 150 airports', async () => {
    const { AIRPORTS } = await import('./data/airports.ts');
    expect(AIRPORTS.length).toBeGreaterThanOrEqual(150);
  });
});

describe('flight search', () => {
  it('gives the same offers for the same request', async () => {
    // Ids are new per search, and expiry counts from the moment of the search (two searches may straddle a second).
    const strip = (offers: Awaited<ReturnType<typeof searchOffers>>) =>
      offers.map(({ id: _id, expires_at: _expires, passengers: p, ...rest }) => ({
        ...rest,
        passengers: p.map(({ id: _pid, ...x }) => x),
      }));
    expect(strip(await searchOffers())).toEqual(strip(await searchOffers()));
  });

  it('prices every offer as base plus tax, summed over its passengers', async () => {
    const offers = await searchOffers();
    expect(offers.length).toBeGreaterThan(20);
    const cents = (a: string) => Math.round(Number(a) * 100);
    for (const offer of offers.slice(0, 50)) {
      expect(cents(offer.total.amount)).toBe(cents(offer.base.amount) + cents(offer.tax.amount));
      expect(offer.passengers.map((p) => p.type).sort()).toEqual(['adult', 'adult', 'child']);
      expect(offer.passengers.reduce((n, p) => n + cents(p.total.amount), 0)).toBe(cents(offer.total.amount));
    }
  });

  it('builds connections through hubs with real carriers, local times and durations', async () => {
    const offers = await searchOffers(
      search({ slices: [{ origin: 'LHR', destination: 'SIN', departure_date: daysFromNow(20) }] }),
    );
    const connecting = offers.find((o) => (o.slices[0]?.segments.length ?? 0) > 1);
    expect(connecting).toBeDefined();
    const [first, second] = connecting?.slices[0]?.segments ?? [];
    expect(first?.destination).toBe(second?.origin);
    expect(Date.parse(second?.departing_at ?? '')).toBeGreaterThan(Date.parse(first?.arriving_at ?? ''));
    expect(first?.departing_at).toMatch(/[+-]\d{2}:\d{2}$/);
  });

  it('refuses an unknown airport and a date in the past with the parameter named', async () => {
    const unknown = await sb.post(
      '/flights/searches',
      token,
      search({ slices: [{ origin: 'XXX', destination: 'JFK', departure_date: daysFromNow(5) }] }),
    );
    expect(expectError(unknown, 422, 'validation_failed').param).toBe('slices[0].origin');
    const past = await sb.post(
      '/flights/searches',
      token,
      search({ slices: [{ origin: 'LHR', destination: 'JFK', departure_date: '2020-01-01' }] }),
    );
    expect(expectError(past, 422, 'validation_failed').param).toBe('slices[0].departure_date');
  });

  it('refuses more infants than adults', async () => {
    const reply = await sb.post(
      '/flights/searches',
      token,
      search({ passengers: { adults: 1, infants: 2 } }),
    );
    expect(expectError(reply, 422, 'validation_failed').param).toBe('passengers.infants');
  });
});

describe('streaming flight search', () => {
  async function stream(body: unknown) {
    const started = Date.now();
    const response = await fetch(`${sb.origin}/v3/flights/searches/stream`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.headers.get('Content-Type')).toContain('text/event-stream');
    const events: FlightSearchEvent[] = [];
    const parser = createParser({
      onEvent: (message) => {
        const event = parseFlightSearchEvent(message.event, message.data);
        if (event) events.push(event);
      },
    });
    const decoder = new TextDecoder();
    for await (const chunk of response.body ?? []) parser.feed(decoder.decode(chunk, { stream: true }));
    return { events, elapsed: Date.now() - started };
  }

  it('sends growing offers batches that each replace the last, over more than a second, then done', async () => {
    await sb.control('/settings', { stream_interval_ms: 300 });
    const { events, elapsed } = await stream(search());
    const batches = events.filter((e) => e.event === 'offers');
    expect(batches.length).toBeGreaterThanOrEqual(3);
    const counts = batches.map((b) => b.data.offers.length);
    expect([...counts].sort((a, b) => a - b)).toEqual(counts);
    expect(events.at(-1)?.event).toBe('done');
    expect(elapsed).toBeGreaterThanOrEqual(1000);
    const last = batches.at(-1);
    const done = events.at(-1);
    if (last?.event === 'offers' && done?.event === 'done')
      expect(last.data.offers.length).toBe(SandboxFlightSearchDoneEventSchema.parse(done.data).offer_count);
  });

  it("logs when each event left, on the machine's monotonic clock, only while the log is on", async () => {
    await sb.control('/settings', { stream_interval_ms: 0 });
    await stream(search());
    expect((await sb.call('GET', '/_sandbox/stream-log')).body).toEqual({ streams: [] });
    await sb.control('/settings', { stream_log: true });
    const before = Number(process.hrtime.bigint()) / 1e6;
    const { events } = await stream(search());
    const after = Number(process.hrtime.bigint()) / 1e6;
    const reply = await sb.call('GET', '/_sandbox/stream-log');
    const [log, ...more] = (reply.body as { streams: Record<string, unknown>[] }).streams;
    expect(more).toEqual([]);
    expect(log?.key).toBe(search().slices[0]?.departure_date);
    const times = log?.events as number[];
    expect(times).toHaveLength(events.length);
    const headersAt = log?.headers_at as number;
    expect(headersAt).toBeGreaterThanOrEqual(before);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(times[0]).toBeGreaterThanOrEqual(headersAt);
    expect(times.at(-1)).toBeLessThanOrEqual(after);
    await expect
      .poll(async () => {
        const again = await sb.call('GET', '/_sandbox/stream-log');
        return (again.body as { streams: { closed_at: number | null }[] }).streams[0]?.closed_at ?? null;
      })
      .not.toBeNull();
    await sb.control('/settings', { stream_log: false });
    expect((await sb.call('GET', '/_sandbox/stream-log')).body).toEqual({ streams: [] });
  });

  it("dates the stream's answer by the service's own clock, as every other answer", async () => {
    await sb.advance(3 * 86_400);
    const response = await fetch(`${sb.origin}/v3/flights/searches/stream`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(search()),
    });
    await response.text();
    const dated = new Date(response.headers.get('Date') ?? '').getTime();
    expect(Math.abs(dated - sb.store.clock.now())).toBeLessThan(2000);
    expect(dated - Date.now()).toBeGreaterThan(2 * 86_400_000);
    expect(response.headers.get('Request-Id')).toMatch(/^req_/);
  });

  it('answers a bad request with an error envelope before any stream starts', async () => {
    const reply = await sb.post('/flights/searches/stream', token, search({ passengers: { adults: 0 } }));
    expectError(reply, 422, 'validation_failed');
  });
});

describe('offers', () => {
  it('says 404 for an unknown offer and 409 once it has expired', async () => {
    expectError(await sb.get('/flights/offers/ofr_00000000000000000000', token), 404, 'resource_not_found');
    const [offer] = await searchOffers();
    await sb.advance(31 * 60);
    expectError(await sb.get(`/flights/offers/${offer?.id}`, token), 409, 'offer_expired');
  });

  it('re-prices an offer whose price moved, and refuses to book it until it is re-priced', async () => {
    const [offer] = await searchOffers();
    if (!offer) throw new Error('no offers');
    await sb.control(`/offers/${offer.id}/price`, { amount: '9999.99' });
    const order = await sb.post('/flights/orders', token, { offer_id: offer.id, passengers, contact });
    expectError(order, 409, 'offer_price_changed');
    const repriced = expectOk(await sb.get(`/flights/offers/${offer.id}`, token), FlightOfferShape);
    expect(repriced.total.amount).toBe('9999.99');
    expect((Number(repriced.base.amount) * 100 + Number(repriced.tax.amount) * 100) / 100).toBeCloseTo(
      9999.99,
      2,
    );
    expect(expectOk(await sb.get(`/flights/offers/${offer.id}`, token), FlightOfferShape).total.amount).toBe(
      '9999.99',
    );
  });

  it('gives fare rules and baggage', async () => {
    const [offer] = await searchOffers();
    const conditions = expectOk(
      await sb.get(`/flights/offers/${offer?.id}/conditions`, token),
      FlightConditionsSchema,
    );
    expect(conditions.fare_rules[0]?.rules.map((r) => r.category)).toContain('Cancellation');
    expect(conditions.baggage.length).toBeGreaterThan(0);
  });
});

describe('flight orders', () => {
  it('holds, tickets, and refunds, with the wallet adding up at every step', async () => {
    const offer = await stableOffer();
    const before = await wallet();
    const held = expectOk(
      await sb.post('/flights/orders', token, {
        offer_id: offer.id,
        passengers,
        contact,
        client_reference: 'HART',
      }),
      FlightOrderShape,
      201,
    );
    expect(held).toMatchObject({ status: 'held', total: offer.total, client_reference: 'HART' });
    expect(Date.parse(held.ticketing_deadline)).toBeGreaterThan(Date.now());
    expect((await wallet()).held.amount).toBe(offer.total.amount);

    const ticketing = expectOk(await sb.post(`/flights/orders/${held.id}/ticket`, token), FlightOrderShape);
    expect(ticketing.status).toBe('ticketing');
    const paid = await wallet();
    expect(paid.held.amount).toBe('0.00');
    expect(Number(paid.balance.amount)).toBeCloseTo(
      Number(before.balance.amount) - Number(offer.total.amount),
      2,
    );

    expectError(await sb.post(`/flights/orders/${held.id}/cancellation`, token), 409, 'invalid_state');
    await sb.advance(60);
    const ticketed = expectOk(await sb.get(`/flights/orders/${held.id}`, token), FlightOrderShape);
    expect(ticketed.status).toBe('ticketed');
    expect(ticketed.passengers.every((p) => p.ticket_number !== null)).toBe(true);

    const quote = expectOk(await sb.get(`/flights/orders/${held.id}/refund`, token), RefundQuoteShape);
    expect(quote.tickets).toHaveLength(3);
    const refund = expectOk(await sb.post(`/flights/orders/${held.id}/refund`, token, {}), RefundSchema);
    expect(refund.status).toBe('requested');
    expect(refund.amount?.amount).toBe(quote.total_refund?.amount);
    const after = await wallet();
    expect(Number(after.balance.amount)).toBeCloseTo(
      Number(paid.balance.amount) + Number(refund.amount?.amount),
      2,
    );
    expect(expectOk(await sb.get(`/flights/orders/${held.id}`, token), FlightOrderShape).status).toBe(
      'refunded',
    );
  });

  it('cancels a held order and releases its hold', async () => {
    const offer = await stableOffer();
    const order = expectOk(
      await sb.post('/flights/orders', token, { offer_id: offer.id, passengers, contact }),
      FlightOrderShape,
      201,
    );
    const cancelled = expectOk(
      await sb.post(`/flights/orders/${order.id}/cancellation`, token),
      FlightOrderShape,
    );
    expect(cancelled.status).toBe('cancelled');
    expect((await wallet()).held.amount).toBe('0.00');
    expectError(await sb.post(`/flights/orders/${order.id}/ticket`, token), 409, 'invalid_state');
  });

  it('cancels a hold when its ticketing deadline passes', async () => {
    const offer = await stableOffer();
    const order = expectOk(
      await sb.post('/flights/orders', token, { offer_id: offer.id, passengers, contact }),
      FlightOrderShape,
      201,
    );
    const seconds = (Date.parse(order.ticketing_deadline) - Date.now()) / 1000 + 60;
    await sb.advance(seconds);
    token = await sb.token(); // a day later, the old token has expired too
    expect(expectOk(await sb.get(`/flights/orders/${order.id}`, token), FlightOrderShape).status).toBe(
      'cancelled',
    );
    expect((await wallet()).held.amount).toBe('0.00');
  });

  it('says 402 when the available balance cannot pay, and holds nothing', async () => {
    const offer = await stableOffer();
    await sb.control('/wallets', { environment: 'test', available: '10.00' });
    const reply = await sb.post('/flights/orders', token, { offer_id: offer.id, passengers, contact });
    expectError(reply, 402, 'insufficient_funds');
    expect((await wallet()).held.amount).toBe('0.00');
  });

  it('refuses passengers who do not match the offer', async () => {
    const offer = await stableOffer();
    const reply = await sb.post('/flights/orders', token, {
      offer_id: offer.id,
      passengers: passengers.slice(0, 2),
      contact,
    });
    expect(expectError(reply, 422, 'validation_failed').param).toBe('passengers');
  });

  it('books once for the same Idempotency-Key, replays the answer, and refuses the key for another body', async () => {
    const offer = await stableOffer();
    const body = { offer_id: offer.id, passengers, contact };
    const headers = { 'Idempotency-Key': 'a3f6c2e4-0d8b-4d7e-9a51-2c8f1b7e6d90' };
    const first = await sb.post('/flights/orders', token, body, headers);
    const second = await sb.post('/flights/orders', token, body, headers);
    const a = expectOk(first, FlightOrderShape, 201);
    const b = expectOk(second, FlightOrderShape, 201);
    expect(b.id).toBe(a.id);
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await wallet()).held.amount).toBe(offer.total.amount);
    expectError(
      await sb.post('/flights/orders', token, { ...body, client_reference: 'other' }, headers),
      422,
      'idempotency_key_reused',
    );
    expectError(
      await sb.post('/flights/orders', token, body, { 'Idempotency-Key': 'bad key with spaces' }),
      400,
      'invalid_idempotency_key',
    );
  });

  it('appends notes', async () => {
    const offer = await stableOffer();
    const order = expectOk(
      await sb.post('/flights/orders', token, { offer_id: offer.id, passengers, contact }),
      FlightOrderShape,
      201,
    );
    const noted = expectOk(
      await sb.post(`/flights/orders/${order.id}/notes`, token, {
        notes: ['Window seats', 'Vegetarian meal'],
      }),
      FlightOrderShape,
    );
    expect(noted.notes.map((n) => n.text)).toEqual(['Window seats', 'Vegetarian meal']);
    expectError(
      await sb.post(`/flights/orders/${order.id}/notes`, token, { notes: [] }),
      422,
      'validation_failed',
    );
  });

  it('keeps live orders out of reach of test credentials', async () => {
    const offer = await stableOffer();
    const order = expectOk(
      await sb.post('/flights/orders', token, { offer_id: offer.id, passengers, contact }),
      FlightOrderShape,
      201,
    );
    expectError(
      await sb.get(`/flights/orders/${order.id}`, await sb.token('cid_live_demo')),
      404,
      'resource_not_found',
    );
  });
});
