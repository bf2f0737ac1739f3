import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServiceError } from './errors.ts';
import { ServiceClient } from './service-client.ts';
import { startSandbox } from './test-support.ts';

let sb: Awaited<ReturnType<typeof startSandbox>>;
let client: ServiceClient;
beforeAll(async () => {
  sb = await startSandbox();
});
beforeEach(async () => {
  await sb.control('/reset');
  client = new ServiceClient({
    baseUrl: `${sb.origin}/v3`,
    clientId: 'cid_test_demo',
    clientSecret: 'sk_test_demo',
    timeoutMs: 2000,
  });
});
afterAll(async () => {
  await client.close();
  await sb.close();
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const search = {
  slices: [{ origin: 'LHR', destination: 'CDG', departure_date: inDays(14) }],
  passengers: { adults: 1 },
};

describe('the service client', () => {
  it('parses answers with the contract and knows its environment from the client id', async () => {
    const places = await client.op.flightPlaces({ query: { query: 'paris', limit: 5 } });
    expect(places.data[0]?.object).toBe('flight_place');
    expect(client.environment).toBe('test');
  });

  it("turns an error envelope into a ServiceError carrying the service's status, code, param and request id", async () => {
    const error = await client.op
      .searchFlights({
        body: { ...search, slices: [{ origin: 'XXX', destination: 'CDG', departure_date: inDays(3) }] },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    if (error instanceof ServiceError) {
      expect({ status: error.status, code: error.code, param: error.param }).toEqual({
        status: 422,
        code: 'validation_failed',
        param: 'slices[0].origin',
      });
      expect(error.requestId).toMatch(/^req_/);
    }
  });

  it('asks for one token however many requests wait for it, and one again across an expiry', async () => {
    await Promise.all(
      Array.from({ length: 200 }, () => client.op.flightPlaces({ query: { query: 'lon', limit: 3 } })),
    );
    expect(client.tokens.tokenCalls).toBe(1);
    await sb.control('/clock/advance', { seconds: 3601 });
    await Promise.all(
      Array.from({ length: 200 }, () => client.op.flightPlaces({ query: { query: 'lon', limit: 3 } })),
    );
    expect(client.tokens.tokenCalls).toBe(2);
  });

  it('refreshes once and retries once when the service rejects the token', async () => {
    await client.op.flightPlaces({ query: { query: 'lon', limit: 3 } });
    await sb.control('/tokens/revoke');
    await client.op.flightPlaces({ query: { query: 'lon', limit: 3 } });
    expect(client.tokens.tokenCalls).toBe(2);
  });

  it('narrows each token to the scope the call needs', async () => {
    await client.op.flightPlaces({ query: { query: 'lon', limit: 3 } });
    await client.op.wallet({});
    expect((await sb.stats()).token_scopes).toEqual(['flights:read', 'wallet:read']);
  });

  it('reuses keep-alive connections instead of opening one per call', async () => {
    const before = (await sb.stats()).connections;
    for (let i = 0; i < 30; i += 1) await client.op.flightPlaces({ query: { query: 'lon', limit: 3 } });
    // One for the token, one in the flights pool (decision 014: a pool per part of the service), one for the stats.
    expect((await sb.stats()).connections - before).toBeLessThanOrEqual(3);
  });

  it('retries a read through 503s, but never a create without an Idempotency-Key', async () => {
    await sb.control('/faults', { path: '/v3/wallet', mode: 'status', status: 503, count: 2 });
    expect((await client.op.wallet({})).object).toBe('wallet');
    await sb.control('/faults', { path: '/v3/flights/orders', mode: 'status', status: 503, count: 1 });
    const error = await client.op
      .createFlightOrder({
        body: {
          offer_id: 'ofr_00000000000000000000',
          passengers: [],
          contact: { email: 'a@b.co', phone: '+441234567890' },
        },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    if (error instanceof ServiceError) expect(error.status).toBe(503);
  });

  it('completes a create whose answer was lost by retrying with the same Idempotency-Key, booking once', async () => {
    const { offers } = await client.op.searchFlights({ body: search });
    const offer = offers.find((o) => o.passengers.length === 1);
    if (!offer) throw new Error('no offer');
    const repriced = await client.op.getOffer({ id: offer.id });
    const body = {
      offer_id: repriced.id,
      passengers: [
        {
          type: 'adult' as const,
          given_name: 'Amelia',
          family_name: 'Hart',
          date_of_birth: '1985-04-12',
          gender: 'female' as const,
        },
      ],
      contact: { email: 'amelia@example.com', phone: '+442071234567' },
    };
    await sb.control('/faults', { path: '/v3/flights/orders', method: 'POST', mode: 'drop_after' });
    const order = await client.op.createFlightOrder({ body, idempotencyKey: 'lost-answer-1' });
    expect(order.value?.status).toBe('held');
    expect((await sb.stats()).flight_orders).toBe(1);
    expect((await client.op.getFlightOrder({ id: order.value?.id ?? '' })).status).toBe('held');
    expect((await client.op.wallet({})).held.amount).toBe(repriced.total.amount);
  });

  it('says outcome unknown for a create without a key whose answer was lost', async () => {
    await sb.control('/faults', { path: '/v3/activities/bookings', method: 'POST', mode: 'drop_after' });
    const error = await client.op
      .createActivityBooking({
        body: {
          product_type_id: 'apt_00000000000000',
          date: inDays(5),
          travelers: { adults: 1 },
          customer: { given_name: 'A', family_name: 'B', email: 'a@b.co' },
        },
      })
      .catch((e: unknown) => e);
    expect(error instanceof ServiceError && error.code).toBe('outcome_unknown');
    expect(error instanceof ServiceError && error.outcome).toBe('unknown');
  });

  it('says upstream_malformed for a read it cannot parse, and upstream_timeout when no answer comes', async () => {
    await sb.control('/faults', { path: '/v3/wallet', mode: 'malformed', count: 3 });
    const malformed = await client.op.wallet({}).catch((e: unknown) => e);
    expect(malformed instanceof ServiceError && malformed.code).toBe('upstream_malformed');
    const slow = new ServiceClient({
      baseUrl: `${sb.origin}/v3`,
      clientId: 'cid_test_demo',
      clientSecret: 'sk_test_demo',
      timeoutMs: 200,
      retries: 0,
    });
    await slow.op.wallet({});
    await sb.control('/faults', { path: '/v3/wallet', mode: 'hang' });
    const timeout = await slow.op.wallet({}).catch((e: unknown) => e);
    expect(timeout instanceof ServiceError && timeout.code).toBe('upstream_timeout');
    await slow.close();
  });

  it('streams flight search events, and says stream_interrupted when the stream is cut', async () => {
    const events = [];
    for await (const event of client.streamFlightSearch(search)) events.push(event.event);
    expect(events.at(-1)).toBe('done');
    expect(events.filter((e) => e === 'offers').length).toBeGreaterThanOrEqual(2);
    await sb.control('/faults', { path: '/v3/flights/searches/stream', mode: 'cut_stream', after_events: 1 });
    const seen: string[] = [];
    const error = await (async () => {
      for await (const event of client.streamFlightSearch(search)) seen.push(event.event);
    })().catch((e: unknown) => e);
    expect(seen).toEqual(['offers']);
    expect(error instanceof ServiceError && error.code).toBe('stream_interrupted');
  });

  it('downloads a voucher PDF', async () => {
    const products = await client.op.activityProducts({ query: { query: 'canal' } });
    const typeId = products.data[0]?.product_types[0]?.id ?? '';
    const availability = await client.op.availability({ id: typeId });
    const created = await client.op.createActivityBooking({
      body: {
        product_type_id: typeId,
        date: availability.dates[0]?.date ?? '',
        timeslot: '10:00',
        travelers: { adults: 1 },
        customer: { given_name: 'Amelia', family_name: 'Hart', email: 'a@example.com' },
      },
      idempotencyKey: 'voucher-1',
    });
    const booking = { id: created.value?.id ?? '' };
    await client.op.confirmActivityBooking({ id: booking.id });
    await sb.control('/clock/advance', { seconds: 3 });
    const vouchers = await client.op.vouchers({ id: booking.id });
    const file = await client.downloadVoucher(booking.id, vouchers.data[0]?.id ?? '');
    expect(file.contentType).toBe('application/pdf');
    expect(new TextDecoder().decode(file.body.slice(0, 5))).toBe('%PDF-');
  });

  it('waits the Retry-After a 429 asks for, then answers', async () => {
    await sb.control('/faults', {
      path: '/v3/wallet',
      mode: 'status',
      status: 429,
      retry_after: 1,
      count: 1,
    });
    const started = Date.now();
    expect((await client.op.wallet({})).object).toBe('wallet');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('gives up with the wait in a plain message when Retry-After is longer than it waits', async () => {
    await sb.control('/faults', {
      path: '/v3/wallet',
      mode: 'status',
      status: 503,
      retry_after: 60,
      count: 1,
    });
    const started = Date.now();
    const error = await client.op.wallet({}).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error instanceof ServiceError && error.status).toBe(503);
    expect(error instanceof ServiceError && error.retryAfterSeconds).toBe(60);
    expect(error instanceof ServiceError && error.message).toMatch(/wait 60 s/);
  });

  it('stops waiting out a Retry-After as soon as its caller goes away, and does not ask again', async () => {
    await client.op.wallet({});
    await sb.control('/faults', {
      path: '/v3/wallet',
      mode: 'status',
      status: 429,
      retry_after: 8,
      count: 2,
    });
    const caller = new AbortController();
    const started = Date.now();
    const answer = client.op.wallet({ signal: caller.signal }).catch((e: unknown) => e);
    setTimeout(() => caller.abort(), 200);
    const error = await answer;
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error instanceof ServiceError && error.status).toBe(429);
    // The second fault is still waiting: the call was not repeated after its caller left.
    const faults = (await (await fetch(`${sb.origin}/_sandbox/faults`)).json()) as {
      data: { remaining: number }[];
    };
    expect(faults.data.map((fault) => fault.remaining)).toEqual([1]);
  });

  it('ends a back-off between retries as soon as its caller goes away', async () => {
    // Five retries back off 0.1 + 0.3 + 0.9 + 2.7 + 8.1 s: the caller leaves during the third wait.
    const patient = new ServiceClient({
      baseUrl: `${sb.origin}/v3`,
      clientId: 'cid_test_demo',
      clientSecret: 'sk_test_demo',
      timeoutMs: 30_000,
      retries: 5,
    });
    try {
      await patient.op.wallet({});
      await sb.control('/faults', { path: '/v3/wallet', mode: 'status', status: 503, count: 10 });
      const caller = new AbortController();
      const started = Date.now();
      const answer = patient.op.wallet({ signal: caller.signal }).catch((e: unknown) => e);
      setTimeout(() => caller.abort(), 600);
      const error = await answer;
      expect(Date.now() - started).toBeLessThan(1300);
      expect(error instanceof ServiceError && error.status).toBe(503);
      const faults = (await (await fetch(`${sb.origin}/_sandbox/faults`)).json()) as {
        data: { remaining: number }[];
      };
      expect(faults.data.map((fault) => fault.remaining)).toEqual([7]);
    } finally {
      await patient.close();
    }
  });

  it('gets a new token and repeats once when the service revokes a token early', async () => {
    await client.op.wallet({});
    const before = client.tokens.tokenCalls;
    await sb.control('/tokens/revoke', {});
    expect((await client.op.wallet({})).object).toBe('wallet');
    expect(client.tokens.tokenCalls).toBe(before + 1);
  });
});
