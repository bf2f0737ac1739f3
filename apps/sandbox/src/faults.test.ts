import {
  ActivityAvailabilitySchema,
  ActivityBookingSchema,
  ActivityProductListSchema,
  ErrorEnvelopeSchema,
  WalletSchema,
} from '@console/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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

const customer = { given_name: 'Amelia', family_name: 'Hart', email: 'amelia.hart@example.com' };

async function canalBooking() {
  const list = expectOk(await sb.get('/activities/products?query=canal', token), ActivityProductListSchema);
  const typeId = list.data[0]?.product_types[0]?.id ?? '';
  const availability = expectOk(
    await sb.get(`/activities/product-types/${typeId}/availability`, token),
    ActivityAvailabilitySchema,
  );
  return {
    product_type_id: typeId,
    date: availability.dates[0]?.date,
    timeslot: '10:00',
    travelers: { adults: 2 },
    customer,
  };
}

describe('injected faults', () => {
  it('answers 500 and 503 for as many requests as asked, then recovers', async () => {
    await sb.control('/faults', {
      path: '/v3/wallet',
      mode: 'status',
      status: 503,
      retry_after: 1,
      count: 2,
    });
    const first = await sb.get('/wallet', token);
    expectError(first, 503, 'service_unavailable');
    expect(first.headers.get('Retry-After')).toBe('1');
    expectError(await sb.get('/wallet', token), 503, 'service_unavailable');
    expectOk(await sb.get('/wallet', token), WalletSchema);
    await sb.control('/faults', { path: '/v3/wallet', mode: 'status', status: 500 });
    expectError(await sb.get('/wallet', token), 500, 'internal_error');
  });

  it('drops the connection after the service acted, and the same Idempotency-Key then replays the booking', async () => {
    const body = await canalBooking();
    await sb.control('/faults', { path: '/v3/activities/bookings', method: 'POST', mode: 'drop_after' });
    const headers = { 'Idempotency-Key': 'drop-after-1' };
    await expect(sb.post('/activities/bookings', token, body, headers)).rejects.toThrow();
    const wallet = expectOk(await sb.get('/wallet', token), WalletSchema);
    expect(wallet.held.amount).not.toBe('0.00');
    const retry = await sb.post('/activities/bookings', token, body, headers);
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    const booking = expectOk(retry, ActivityBookingSchema, 201);
    expect(expectOk(await sb.get('/wallet', token), WalletSchema).held.amount).toBe(booking.total.amount);
  });

  it('drops the connection before acting: nothing is booked and a retry books once', async () => {
    const body = await canalBooking();
    await sb.control('/faults', { path: '/v3/activities/bookings', method: 'POST', mode: 'drop_before' });
    await expect(
      sb.post('/activities/bookings', token, body, { 'Idempotency-Key': 'drop-before-1' }),
    ).rejects.toThrow();
    expect(expectOk(await sb.get('/wallet', token), WalletSchema).held.amount).toBe('0.00');
    const retry = await sb.post('/activities/bookings', token, body, { 'Idempotency-Key': 'drop-before-1' });
    expect(retry.headers.get('Idempotent-Replayed')).toBeNull();
    expectOk(retry, ActivityBookingSchema, 201);
  });

  it('sends half a body when asked for a malformed answer', async () => {
    await sb.control('/faults', { path: '/v3/wallet', mode: 'malformed' });
    const response = await fetch(`${sb.origin}/v3/wallet`, { headers: { Authorization: `Bearer ${token}` } });
    await expect(response.json()).rejects.toThrow();
  });

  it('delays an answer', async () => {
    await sb.control('/faults', { path: '/v3/wallet', mode: 'delay', delay_ms: 300 });
    const started = Date.now();
    expectOk(await sb.get('/wallet', token), WalletSchema);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('cuts a flight search stream after the events asked for, without done', async () => {
    await sb.control('/faults', { path: '/v3/flights/searches/stream', mode: 'cut_stream', after_events: 1 });
    const response = await fetch(`${sb.origin}/v3/flights/searches/stream`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        slices: [{ origin: 'LHR', destination: 'CDG', departure_date: daysFromNow(10) }],
        passengers: { adults: 1 },
      }),
    });
    let text = '';
    let cut = false;
    const decoder = new TextDecoder();
    const reader = response.body?.getReader();
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        text += decoder.decode(chunk.value, { stream: true });
      }
    } catch {
      cut = true;
    }
    expect(cut).toBe(true);
    expect(text.match(/event: offers/g)).toHaveLength(1);
    expect(text).not.toContain('event: done');
  });
});

describe('bad input', () => {
  it('never answers bad input with a 5xx', async () => {
    const cases: [string, string, string | undefined][] = [
      ['POST', '/v3/flights/searches', '{"slices":'],
      ['POST', '/v3/flights/searches', '[]'],
      ['POST', '/v3/flights/searches', '{"slices":"LHR","passengers":{"adults":"two"}}'],
      ['POST', '/v3/flights/orders', '{"offer_id":"ofr_../../x","passengers":[],"contact":{}}'],
      [
        'POST',
        '/v3/hotels/searches',
        '{"check_in":"2026-13-40","check_out":"x","occupancies":[{"adults":1e9}]}',
      ],
      ['POST', '/v3/hotels/orders', 'null'],
      [
        'POST',
        '/v3/activities/bookings',
        '{"product_type_id":"<script>","date":"x","travelers":{},"customer":{}}',
      ],
      ['GET', '/v3/flights/orders/%00%ff', undefined],
      ['GET', '/v3/hotels/places?query=%F0%9F%98%80&limit=-1', undefined],
      ['GET', '/v3/activities/products?limit=1e99&min_price=NaN', undefined],
      ['GET', '/v3/activities/bookings?after=%7B%22o%22%3A-1%7D', undefined],
      ['POST', '/v3/flights/orders/ord_missing/ticket', undefined],
    ];
    for (const [method, path, raw] of cases) {
      const reply = await sb.call(method, path, { token, raw });
      expect(reply.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(reply.status, `${method} ${path}`).toBeLessThan(500);
      expect(ErrorEnvelopeSchema.safeParse(reply.body).success, `${method} ${path}`).toBe(true);
    }
  });

  it('refuses a body over 10 MiB with 413', async () => {
    const reply = await sb.call('POST', '/v3/flights/searches', {
      token,
      raw: `{"pad":"${'x'.repeat(11 * 1024 * 1024)}"}`,
    });
    expectError(reply, 413, 'payload_too_large');
  });
});
