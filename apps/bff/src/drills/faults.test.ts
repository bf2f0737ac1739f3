import {
  ActivityAvailabilitySchema,
  ActivityBookingSchema,
  ActivityProductListSchema,
  AuditListSchema,
  ErrorEnvelopeSchema,
  FlightOfferSchema,
  FlightOrderSchema,
  FlightPlaceListSchema,
  FlightSearchSchema,
  WalletSchema,
} from '@console/contract';
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  contact,
  deskRows,
  inDays,
  passenger,
  type Reply,
  startConsole,
  type TestConsole,
} from '../testing/console.ts';

/**
 * Fault drills: the sandbox fails in each way the service can (500, 503, a dropped connection, half a body, no answer
 * at all, a stream cut mid-way, a failing token endpoint), and the console must answer with a clear error in the
 * envelope, retry where repeating is safe, keep serving, never book twice and never lose a booking from the ledger.
 */
let t: TestConsole;
let agent: Awaited<ReturnType<TestConsole['signedIn']>>;
let admin: Awaited<ReturnType<TestConsole['signedIn']>>;
beforeAll(async () => {
  // A short upstream timeout, so "never answers" drills take a second, not ten.
  t = await startConsole({ UPSTREAM_TIMEOUT_MS: '1000' });
  agent = await t.signedIn('agent');
  admin = await t.signedIn('admin');
});
// The drills count injected faults exactly.
beforeEach(() => t.calm());
afterAll(() => t.close());

type Fault = {
  path: string;
  method?: 'GET' | 'POST';
  mode: 'status' | 'delay' | 'hang' | 'drop_before' | 'drop_after' | 'malformed' | 'reshape' | 'cut_stream';
  status?: number;
  after_events?: number;
  retry_after?: number;
  count?: number;
};
const fault = (f: Fault) => t.control('/faults', f);
/** Every try the console makes for one call (the first and two retries). */
const ALWAYS = 3;

function jsonOrText(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

const envelope = (reply: Reply) => ErrorEnvelopeSchema.parse(reply.body).error;
const places = () => agent.get('/flights/places?query=lon&limit=3');

async function stillServing() {
  const reply = await places();
  expect(reply.status).toBe(200);
  FlightPlaceListSchema.parse(reply.body);
  expect((await agent.get('/health')).status).toBe(200);
}

async function orderRequest(reference: string) {
  const search = FlightSearchSchema.parse(
    (
      await agent.post('/flights/searches', {
        slices: [{ origin: 'LHR', destination: 'CDG', departure_date: inDays(25) }],
        passengers: { adults: 1 },
      })
    ).body,
  );
  for (const offer of search.offers) {
    const repriced = FlightOfferSchema.parse((await agent.get(`/flights/offers/${offer.id}`)).body);
    if (repriced.total.amount === offer.total.amount)
      return { offer_id: offer.id, passengers: [passenger], contact, client_reference: reference };
  }
  throw new Error('no stable offer');
}

async function auditFor(key: string) {
  const entries = AuditListSchema.parse((await admin.get('/admin/audit?limit=200')).body).data;
  return entries.filter((e) => e.idempotency_key === key).map((e) => e.result);
}

const wallet = async () => WalletSchema.parse((await admin.get('/wallet')).body);

describe('reads when the service fails', () => {
  it('retries a read after one 500 and one 503, and the agent never sees them', async () => {
    await fault({ path: '/v3/flights/places', mode: 'status', status: 500 });
    expect((await places()).status).toBe(200);
    await fault({ path: '/v3/flights/places', mode: 'status', status: 503 });
    expect((await places()).status).toBe(200);
  });

  it('passes a lasting 500 or 503 through in the envelope, then serves again', async () => {
    await fault({ path: '/v3/flights/places', mode: 'status', status: 500, count: ALWAYS });
    const failed = await places();
    expect(failed.status).toBe(500);
    expect(envelope(failed).code).toBe('internal_error');
    await fault({ path: '/v3/flights/places', mode: 'status', status: 503, count: ALWAYS });
    const unavailable = await places();
    expect(unavailable.status).toBe(503);
    expect(envelope(unavailable).code).toBe('service_unavailable');
    await stillServing();
  });

  it('waits a short Retry-After, and passes a long one on with when to try again', async () => {
    await fault({ path: '/v3/flights/places', mode: 'status', status: 429, retry_after: 1 });
    expect((await places()).status).toBe(200);
    await fault({ path: '/v3/flights/places', mode: 'status', status: 503, retry_after: 60 });
    const busy = await places();
    expect(busy.status).toBe(503);
    expect(busy.headers.get('Retry-After')).toBe('60');
    expect(envelope(busy).message).toMatch(/wait 60 s/);
    await stillServing();
  });

  it('retries a dropped connection, and says the service could not be reached when it keeps dropping', async () => {
    await fault({ path: '/v3/flights/places', mode: 'drop_before' });
    expect((await places()).status).toBe(200);
    await fault({ path: '/v3/flights/places', mode: 'drop_before', count: ALWAYS });
    const failed = await places();
    expect(failed.status).toBe(502);
    expect(envelope(failed)).toMatchObject({ code: 'upstream_unavailable', type: 'api_error' });
    await stillServing();
  });

  it('retries half a body, and says the answer could not be read when it stays broken', async () => {
    await fault({ path: '/v3/flights/places', mode: 'malformed' });
    expect((await places()).status).toBe(200);
    await fault({ path: '/v3/flights/places', mode: 'malformed', count: ALWAYS });
    const failed = await places();
    expect(failed.status).toBe(502);
    expect(envelope(failed).code).toBe('upstream_malformed');
    await stillServing();
  });

  it('gives up on an answer that never comes after the timeout, retries, and says so when none comes', async () => {
    await fault({ path: '/v3/flights/places', mode: 'hang' });
    expect((await places()).status).toBe(200);
    await fault({ path: '/v3/flights/places', mode: 'hang', count: ALWAYS });
    const started = Date.now();
    const failed = await places();
    expect(failed.status).toBe(504);
    expect(envelope(failed).code).toBe('upstream_timeout');
    // Three tries of one second each and the backoff between them: bounded, not hanging with the service.
    expect(Date.now() - started).toBeLessThan(6000);
    await stillServing();
  });

  it('retries a failing token endpoint, and says the console could not get a token when it keeps failing', async () => {
    t.console.deps.upstream.service.tokens.clear();
    await fault({ path: '/v3/auth/tokens', mode: 'status', status: 503 });
    expect((await places()).status).toBe(200);
    t.console.deps.upstream.service.tokens.clear();
    await fault({ path: '/v3/auth/tokens', mode: 'status', status: 500, count: ALWAYS });
    const failed = await places();
    expect(failed.status).toBe(502);
    expect(envelope(failed)).toMatchObject({ code: 'upstream_unavailable' });
    expect(envelope(failed).message).toMatch(/access token/);
    // A token the service refused outright is not the agent's sign-in: never a 401 to the browser.
    t.console.deps.upstream.service.tokens.clear();
    await fault({ path: '/v3/auth/tokens', mode: 'drop_before', count: ALWAYS });
    expect((await agent.get('/health')).body).toMatchObject({ status: 'degraded' });
    await stillServing();
  });
});

describe('the search stream when the service fails', () => {
  async function stream(): Promise<{ status: number; events: { event: string; data: unknown }[] }> {
    const response = await fetch(`${t.origin}/api/flights/searches/stream`, {
      method: 'POST',
      headers: { Cookie: agent.cookie(), 'Content-Type': 'application/json', 'X-Console-Csrf': '1' },
      body: JSON.stringify({
        slices: [{ origin: 'LHR', destination: 'JFK', departure_date: inDays(30) }],
        passengers: { adults: 1 },
      }),
    });
    const events: { event: string; data: unknown }[] = [];
    const parser = createParser({
      // The done payload is not shown in the document: JSON when it is JSON, the text otherwise.
      onEvent: (m) => events.push({ event: m.event ?? 'message', data: jsonOrText(m.data) }),
    });
    const decoder = new TextDecoder();
    for await (const chunk of response.body ?? []) parser.feed(decoder.decode(chunk, { stream: true }));
    return { status: response.status, events };
  }

  it('ends a stream cut mid-way with an error event the agent can read, and keeps serving', async () => {
    await fault({ path: '/v3/flights/searches/stream', mode: 'cut_stream', after_events: 2 });
    const cut = await stream();
    expect(cut.status).toBe(200);
    expect(cut.events.map((e) => e.event)).toEqual(['offers', 'offers', 'error']);
    expect(ErrorEnvelopeSchema.parse(cut.events[2]?.data).error.code).toBe('stream_interrupted');
    const again = await stream();
    expect(again.events.at(-1)?.event).toBe('done');
    await stillServing();
  });

  it('retries a stream that failed to start, and answers one the service keeps refusing with a plain error', async () => {
    await fault({ path: '/v3/flights/searches/stream', mode: 'drop_before' });
    expect((await stream()).events.at(-1)?.event).toBe('done');
    await fault({ path: '/v3/flights/searches/stream', mode: 'status', status: 503, count: ALWAYS });
    const refused = await stream();
    expect(refused.status).toBe(503);
    await stillServing();
  });
});

describe('bookings when the service fails', () => {
  it('records and passes on a booking whose 2xx answer has shapes the console cannot read, never an error', async () => {
    const body = await orderRequest('DRILL-RESHAPE');
    const before = (await t.stats()).flight_orders;
    await fault({ path: '/v3/flights/orders', method: 'POST', mode: 'reshape' });
    const key = 'drill-reshape-once';
    const reply = await agent.post('/flights/orders', body, { 'Idempotency-Key': key });
    expect(reply.status).toBe(201);
    expect(reply.headers.get('Console-Partial')).toBe('true');
    expect(reply.body).toMatchObject({ status: 'held', price: 'forty-four dollars' });
    const id = (reply.body as { id: string }).id;
    expect((await t.stats()).flight_orders).toBe(before + 1);
    expect((await deskRows(agent, id)).map((e) => [e.id, e.status])).toEqual([[id, 'held']]);
    expect(await auditFor(key)).toEqual(['succeeded']);
    // The next read of the order puts the ledger's row right.
    expect((await agent.get(`/flights/orders/${id}`)).status).toBe(200);
    expect((await deskRows(agent, id))[0]?.total.amount).not.toBe('0.00');
  });

  it('books once when the answer to a create is lost, and records it as reconciled', async () => {
    const body = await orderRequest('DRILL-DROP1');
    const before = (await t.stats()).flight_orders;
    await fault({ path: '/v3/flights/orders', method: 'POST', mode: 'drop_after' });
    const key = 'drill-drop-after-once';
    const reply = await agent.post('/flights/orders', body, { 'Idempotency-Key': key });
    expect(reply.status).toBe(201);
    expect(reply.headers.get('Console-Reconciled')).toBe('true');
    const order = FlightOrderSchema.parse(reply.body);
    expect((await t.stats()).flight_orders).toBe(before + 1);
    expect((await deskRows(agent, 'DRILL-DROP1')).map((e) => e.id)).toEqual([order.id]);
    expect(await auditFor(key)).toEqual(['reconciled']);
  });

  it('says the outcome is unknown when every try loses its answer, and the agent’s retry with the same key reconciles it', async () => {
    const body = await orderRequest('DRILL-DROP3');
    const before = (await t.stats()).flight_orders;
    const heldBefore = (await wallet()).held.amount;
    await fault({ path: '/v3/flights/orders', method: 'POST', mode: 'drop_after', count: ALWAYS });
    const key = 'drill-drop-after-always';
    const lost = await agent.post('/flights/orders', body, { 'Idempotency-Key': key });
    expect(lost.status).toBe(502);
    expect(envelope(lost).code).toBe('outcome_unknown');
    expect(await auditFor(key)).toEqual(['unknown']);
    // The service acted once, whatever the console heard.
    expect((await t.stats()).flight_orders).toBe(before + 1);

    const retried = await agent.post('/flights/orders', body, { 'Idempotency-Key': key });
    expect(retried.status).toBe(201);
    expect(retried.headers.get('Console-Reconciled')).toBe('true');
    const order = FlightOrderSchema.parse(retried.body);
    expect((await t.stats()).flight_orders).toBe(before + 1);
    expect((await deskRows(agent, 'DRILL-DROP3')).map((e) => e.id)).toEqual([order.id]);
    expect(await auditFor(key)).toEqual(['reconciled', 'unknown']);
    const held = Number((await wallet()).held.amount) - Number(heldBefore);
    expect(held.toFixed(2)).toBe(order.total.amount);
  });

  it('writes a create as an intent before sending it; when the agent never comes back, the scheduled round settles it with the same key', async () => {
    const body = await orderRequest('DRILL-INTENT');
    const before = (await t.stats()).flight_orders;
    await fault({ path: '/v3/flights/orders', method: 'POST', mode: 'drop_after', count: ALWAYS });
    const key = 'drill-intent-left-open';
    const lost = await agent.post('/flights/orders', body, { 'Idempotency-Key': key });
    expect(envelope(lost).code).toBe('outcome_unknown');
    expect(await deskRows(agent, 'DRILL-INTENT')).toEqual([]);
    const { intents } = t.console.deps;
    expect((await intents.get(key))?.state).toBe('open');

    // Too young to reconcile: it may still be in flight on some instance.
    expect((await t.console.jobs.runOnce()).intents).toEqual({ done: 0, failed: 0, open: 0 });
    t.advanceConsoleClock(61_000);
    expect((await t.console.jobs.runOnce()).intents).toEqual({ done: 1, failed: 0, open: 0 });

    const rows = await deskRows(agent, 'DRILL-INTENT');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.agent.email).toBe('agent@demo.test');
    expect((await t.stats()).flight_orders).toBe(before + 1);
    const intent = await intents.get(key);
    expect(intent).toMatchObject({ state: 'done', booking_id: rows[0]?.id, request: '{}' });
    expect(await auditFor(key)).toEqual(['reconciled', 'unknown']);
    // A second round finds nothing left to do.
    expect((await t.console.jobs.runOnce()).intents).toEqual({ done: 0, failed: 0, open: 0 });
  });

  it('closes the intent of a create the service refused, and never sends it again', async () => {
    const body = await orderRequest('DRILL-REFUSED');
    const key = 'drill-intent-refused';
    await fault({ path: '/v3/flights/orders', method: 'POST', mode: 'status', status: 422 });
    const refused = await agent.post('/flights/orders', body, { 'Idempotency-Key': key });
    expect(refused.status).toBe(422);
    expect((await t.console.deps.intents.get(key))?.state).toBe('failed');
    t.advanceConsoleClock(61_000);
    expect((await t.console.jobs.runOnce()).intents).toEqual({ done: 0, failed: 0, open: 0 });
  });

  it('retries a create the service failed with a 500 or never answered, under the same key, booking once', async () => {
    const body = await orderRequest('DRILL-500');
    const before = (await t.stats()).flight_orders;
    await fault({ path: '/v3/flights/orders', method: 'POST', mode: 'status', status: 500 });
    // No key from the browser: the console makes one, so its own retry is still safe.
    const reply = await agent.post('/flights/orders', body);
    expect(reply.status).toBe(201);
    expect(reply.headers.get('Idempotency-Key')).toMatch(/^console-/);
    expect(reply.headers.get('Console-Reconciled')).toBeNull();
    expect((await t.stats()).flight_orders).toBe(before + 1);

    const slow = await orderRequest('DRILL-HANG');
    await fault({ path: '/v3/flights/orders', method: 'POST', mode: 'hang' });
    const hung = await agent.post('/flights/orders', slow, { 'Idempotency-Key': 'drill-hang' });
    expect(hung.status).toBe(201);
    expect((await t.stats()).flight_orders).toBe(before + 2);
    expect(await deskRows(agent, 'DRILL-HANG')).toHaveLength(1);
    expect(await auditFor('drill-hang')).toEqual(['reconciled']);
  });

  it('reconciles an activity booking whose answer came back half-written', async () => {
    const products = ActivityProductListSchema.parse(
      (await agent.get('/activities/products?query=canal')).body,
    );
    const typeId = products.data[0]?.product_types[0]?.id ?? '';
    const availability = ActivityAvailabilitySchema.parse(
      (await agent.get(`/activities/product-types/${typeId}/availability`)).body,
    );
    const before = (await t.stats()).activity_bookings;
    await fault({ path: '/v3/activities/bookings', method: 'POST', mode: 'malformed' });
    const reply = await agent.post(
      '/activities/bookings',
      {
        product_type_id: typeId,
        date: availability.dates[0]?.date,
        timeslot: '10:00',
        travelers: { adults: 1 },
        customer: { given_name: 'Amelia', family_name: 'Hart', email: 'amelia@example.com' },
        client_reference: 'DRILL-HALF',
      },
      { 'Idempotency-Key': 'drill-malformed' },
    );
    expect(reply.status).toBe(201);
    expect(reply.headers.get('Console-Reconciled')).toBe('true');
    ActivityBookingSchema.parse(reply.body);
    expect((await t.stats()).activity_bookings).toBe(before + 1);
    expect(await deskRows(agent, 'DRILL-HALF')).toHaveLength(1);
  });

  it('keeps a ticketed order right in the ledger when the answer to ticketing is lost', async () => {
    const created = await agent.post('/flights/orders', await orderRequest('DRILL-TICKET'), {
      'Idempotency-Key': 'drill-ticket',
    });
    const order = FlightOrderSchema.parse(created.body);
    const balance = (await wallet()).balance.amount;
    await fault({ path: `/v3/flights/orders/${order.id}/ticket`, method: 'POST', mode: 'drop_after' });
    const lost = await agent.post(`/flights/orders/${order.id}/ticket`);
    // Ticketing carries no key, so it is not repeated blindly: the agent is told the outcome is unknown.
    expect(lost.status).toBe(502);
    expect(envelope(lost).code).toBe('outcome_unknown');
    // The next read of the order (what the order page does next) learns the truth and the ledger follows it.
    const read = async () => FlightOrderSchema.parse((await agent.get(`/flights/orders/${order.id}`)).body);
    expect((await read()).status).toMatch(/^ticket(ing|ed)$/);
    // The airline finishes ticketing at its own pace: a minute of the service's clock covers both profiles'.
    await t.control('/clock/advance', { seconds: 60 });
    const status = (await read()).status;
    expect(status).toBe('ticketed');
    expect((await deskRows(agent, 'DRILL-TICKET')).map((e) => e.status)).toEqual(['ticketed']);
    const charged = Number(balance) - Number((await wallet()).balance.amount);
    expect(charged.toFixed(2)).toBe(order.total.amount);
    // And ticketing again is refused by the service rather than charging twice.
    expect((await agent.post(`/flights/orders/${order.id}/ticket`)).status).toBe(409);
  });
});
