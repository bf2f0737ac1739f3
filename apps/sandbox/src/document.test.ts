import {
  DOCUMENT_ANSWERS,
  DocumentErrorAnswer,
  DocumentOffersEvent,
  DocumentTokenAnswer,
  documentBreaches,
  type OperationName,
} from '@console/contract';
import { flightOrderRequest } from '@console/contract/fixtures';
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysFromNow, startSandbox, type TestSandbox } from './test-support.ts';

/**
 * Both profiles of the sandbox are services that keep the document (decision 024): every answer of a whole day's
 * work — search, hold, pay, change, cancel and refund in every product — read with the document's strict reading.
 * The variant makes other choices only where the document is open; where it states a type, both keep it.
 */
describe.each(['default', 'variant'] as const)('the %s profile', (profile) => {
  let sb: TestSandbox;
  let token: string;
  const answered = new Map<OperationName, number>();
  const breaches: string[] = [];

  beforeAll(async () => {
    sb = await startSandbox({ profile });
    // Its own 429s and revocations are legal interruptions, not answers to read here.
    await sb.control('/settings', { variant_rate_limit_every: 0, variant_revoke_every: 0 });
  });
  afterAll(() => sb.close());

  /** One call, its 2xx answer checked against the operation's strict reading; the answer is returned. */
  async function call(
    name: OperationName,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Record<string, unknown>> {
    const reply = await sb.call(method, `/v3${path}`, { token, body, headers });
    if (reply.status >= 300)
      throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    answered.set(name, (answered.get(name) ?? 0) + 1);
    for (const breach of documentBreaches(DOCUMENT_ANSWERS[name], reply.body))
      breaches.push(`${name} (${method} ${path}) ${breach}`);
    const answer = reply.body;
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer))
      throw new Error(`${path} answered no object`);
    return { ...answer };
  }
  const id = (value: unknown) =>
    typeof value === 'object' && value && 'id' in value ? String(value.id) : '';
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

  it('answers the token request as the document states it', async () => {
    const reply = await sb.call('POST', '/v3/auth/tokens', {
      body: { grant_type: 'client_credentials', client_id: 'cid_test_demo', client_secret: 'sk_test_demo' },
    });
    expect(reply.status).toBe(201);
    expect(documentBreaches(DocumentTokenAnswer, reply.body)).toEqual([]);
    token = String(id({ id: (reply.body as { access_token?: unknown }).access_token }));
    await call('introspect', 'GET', '/auth/introspect');
    await call('wallet', 'GET', '/wallet');
  });

  it('keeps the document through a day of flights: search, stream, hold, notes, ticket, refund, cancel', async () => {
    await call('flightPlaces', 'GET', '/flights/places?query=lon');
    const request = {
      slices: [{ origin: 'LHR', destination: 'CDG', departure_date: daysFromNow(25) }],
      passengers: { adults: 1, children: 1 },
    };
    const search = await call('searchFlights', 'POST', '/flights/searches', request);

    const stream = await fetch(`${sb.origin}/v3/flights/searches/stream`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
    });
    const events: string[] = [];
    const parser = createParser({
      onEvent: (message) => {
        events.push(message.event ?? 'message');
        if (message.event === 'offers')
          for (const breach of documentBreaches(DocumentOffersEvent, JSON.parse(message.data)))
            breaches.push(`stream offers event ${breach}`);
      },
    });
    const decoder = new TextDecoder();
    for await (const chunk of stream.body ?? []) parser.feed(decoder.decode(chunk, { stream: true }));
    expect(events.at(-1)).toBe('done');

    const offers = list(search.offers).map(id);
    const bookable: string[] = [];
    for (const offerId of offers) {
      const reply = await sb.call('GET', `/v3/flights/offers/${offerId}`, { token });
      if (reply.status !== 200) continue;
      for (const breach of documentBreaches(DOCUMENT_ANSWERS.getOffer, reply.body))
        breaches.push(`getOffer ${breach}`);
      answered.set('getOffer', 1);
      bookable.push(offerId);
      if (bookable.length === 2) break;
    }
    expect(bookable).toHaveLength(2);
    await call('getOfferConditions', 'GET', `/flights/offers/${bookable[0]}/conditions`);
    const order = (offerId: string, key: string) =>
      call(
        'createFlightOrder',
        'POST',
        '/flights/orders',
        {
          offer_id: offerId,
          // An adult and a child, as the search asked for.
          passengers: [
            flightOrderRequest.passengers[0],
            {
              ...flightOrderRequest.passengers[0],
              type: 'child',
              given_name: 'Isla',
              date_of_birth: '2018-06-01',
            },
          ],
          contact: { email: 'amelia.hart@example.com', phone: '+442071234567' },
        },
        { 'Idempotency-Key': `${profile}-${key}` },
      );
    const paid = id(await order(bookable[0] ?? '', 'a'));
    const dropped = id(await order(bookable[1] ?? '', 'b'));
    await call('addFlightOrderNotes', 'POST', `/flights/orders/${paid}/notes`, { notes: ['Window seats'] });
    await call('ticketFlightOrder', 'POST', `/flights/orders/${paid}/ticket`);
    await sb.advance(60);
    await call('getFlightOrder', 'GET', `/flights/orders/${paid}`);
    await call('getRefundQuote', 'GET', `/flights/orders/${paid}/refund`);
    await call('refundFlightOrder', 'POST', `/flights/orders/${paid}/refund`, {});
    await call('cancelFlightOrder', 'POST', `/flights/orders/${dropped}/cancellation`);
    await call('getFlightOrder', 'GET', `/flights/orders/${dropped}`);
  });

  it('keeps the document through a day of hotels: places, city and hotel search, hold, extend, confirm, cancel', async () => {
    await call('hotelPlaces', 'GET', '/hotels/places?query=par');
    const stay = { check_in: daysFromNow(20), check_out: daysFromNow(23), occupancies: [{ adults: 2 }] };
    const city = await call('searchHotels', 'POST', '/hotels/searches', {
      ...stay,
      city_id: 2001,
      filters: { free_cancellation: [true] },
    });
    const rates: string[] = [];
    for (const summary of list(city.offers)) {
      const hotelId = Number((summary as { hotel_id?: unknown }).hotel_id);
      const search = await call('searchHotels', 'POST', '/hotels/searches', { ...stay, hotel_id: hotelId });
      for (const rate of list(search.offers)) {
        if ((rate as { refundable?: unknown }).refundable !== true) continue;
        const reply = await sb.call('GET', `/v3/hotels/rates/${id(rate)}`, { token });
        if (reply.status !== 200) continue;
        for (const breach of documentBreaches(DOCUMENT_ANSWERS.getRate, reply.body))
          breaches.push(`getRate ${breach}`);
        answered.set('getRate', 1);
        rates.push(id(rate));
        if (rates.length === 2) break;
      }
      if (rates.length === 2) break;
    }
    expect(rates).toHaveLength(2);
    const hold = (rateId: string, key: string) =>
      call(
        'createHotelOrder',
        'POST',
        '/hotels/orders',
        {
          rate_id: rateId,
          rooms: [
            {
              guests: [
                { given_name: 'Amelia', family_name: 'Hart' },
                { given_name: 'Tom', family_name: 'Hart' },
              ],
            },
          ],
          contact: { email: 'amelia.hart@example.com', phone: '+442071234567' },
        },
        { 'Idempotency-Key': `${profile}-hotel-${key}` },
      );
    const kept = id(await hold(rates[0] ?? '', 'a'));
    const dropped = id(await hold(rates[1] ?? '', 'b'));
    await call('extendHotelDeadline', 'POST', `/hotels/orders/${kept}/extend-deadline`);
    await call('confirmHotelOrder', 'POST', `/hotels/orders/${kept}/confirm`);
    await call('getHotelOrder', 'GET', `/hotels/orders/${kept}`);
    await call('getCancellationQuote', 'GET', `/hotels/orders/${kept}/cancellation`);
    await call('cancelHotelOrder', 'POST', `/hotels/orders/${dropped}/cancellation`);
  });

  it('keeps the document through a day of activities: browse, availability, hold, confirm, vouchers, list, cancel', async () => {
    const products = await call('activityProducts', 'GET', '/activities/products?query=canal');
    const product = await call(
      'activityProduct',
      'GET',
      `/activities/products/${id(list(products.data)[0])}`,
    );
    const typeId = id(list(product.product_types)[0]);
    const dates = await call('availability', 'GET', `/activities/product-types/${typeId}/availability`);
    const date = String((list(dates.dates)[0] as { date?: unknown } | undefined)?.date);
    await call('availability', 'GET', `/activities/product-types/${typeId}/availability?date=${date}`);
    const book = (key: string) =>
      call(
        'createActivityBooking',
        'POST',
        '/activities/bookings',
        {
          product_type_id: typeId,
          date,
          timeslot: '10:00',
          travelers: { adults: 1, children: 1 },
          customer: { given_name: 'Amelia', family_name: 'Hart', email: 'amelia.hart@example.com' },
        },
        { 'Idempotency-Key': `${profile}-activity-${key}` },
      );
    const kept = id(await book('a'));
    const dropped = id(await book('b'));
    await call('confirmActivityBooking', 'POST', `/activities/bookings/${kept}/confirm`);
    await call('getActivityBooking', 'GET', `/activities/bookings/${kept}`);
    await call('vouchers', 'GET', `/activities/bookings/${kept}/vouchers`);
    await call('activityBookings', 'GET', '/activities/bookings?limit=5');
    await call('cancelActivityBooking', 'POST', `/activities/bookings/${dropped}/cancel`);
  });

  it('answers every failure with the error envelope the document states: six fields, all strings', async () => {
    const failures: [
      string,
      string,
      string,
      { body?: unknown; raw?: string; token?: string; headers?: Record<string, string> },
    ][] = [
      ['missing_credentials', 'POST', '/v3/auth/tokens', { body: { grant_type: 'client_credentials' } }],
      [
        'unsupported_grant_type',
        'POST',
        '/v3/auth/tokens',
        { body: { grant_type: 'password', client_id: 'x', client_secret: 'y' } },
      ],
      [
        'invalid_client',
        'POST',
        '/v3/auth/tokens',
        { body: { grant_type: 'client_credentials', client_id: 'cid_test_demo', client_secret: 'wrong' } },
      ],
      ['invalid_json', 'POST', '/v3/auth/tokens', { raw: '{"grant_type":' }],
      ['missing_authorization', 'GET', '/v3/wallet', {}],
      ['invalid_token', 'GET', '/v3/wallet', { token: 'not-a-token' }],
      ['not found', 'GET', '/v3/flights/orders/unknown', { token }],
      ['not found', 'POST', '/v3/hotels/orders/unknown/confirm', { token }],
      ['validation_failed', 'POST', '/v3/flights/searches', { token, body: { slices: [] } }],
      ['no idempotency key', 'POST', '/v3/activities/bookings', { token, body: {} }],
      ['route not found', 'GET', '/v3/no-such-route', { token }],
    ];
    const seen: string[] = [];
    const check = (what: string, reply: { status: number; body: unknown }) => {
      expect(reply.status, what).toBeGreaterThanOrEqual(400);
      seen.push(what);
      for (const breach of documentBreaches(DocumentErrorAnswer, reply.body))
        breaches.push(`${what} (${reply.status}) ${breach}`);
    };
    for (const [what, method, path, init] of failures) check(what, await sb.call(method, path, init));
    // A failure the service has no parameter to name: the server's own trouble, injected.
    await sb.control('/faults', { path: '/v3/wallet', mode: 'status', status: 503 });
    check('service_unavailable', await sb.call('GET', '/v3/wallet', { token }));
    if (profile === 'variant') {
      // The variant's own 429, on the next read.
      await sb.control('/settings', { variant_rate_limit_every: 1 });
      check('too many requests', await sb.call('GET', '/v3/wallet', { token }));
      await sb.control('/settings', { variant_rate_limit_every: 0 });
    }
    expect(seen.length).toBeGreaterThan(failures.length);
  });

  it('broke no rule of the document in any answer, and every operation was answered', () => {
    expect(breaches).toEqual([]);
    expect(Object.keys(DOCUMENT_ANSWERS).filter((name) => !answered.has(name as OperationName))).toEqual([]);
  });
});
