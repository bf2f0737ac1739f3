import {
  ActivityAvailabilitySchema,
  ActivityBookingSchema,
  ActivityProductListSchema,
  ActivityVoucherListSchema,
  AuditListSchema,
  ErrorEnvelopeSchema,
  FlightOfferSchema,
  FlightOrderSchema,
  FlightSearchSchema,
  HotelCitySearchSchema,
  HotelHotelSearchSchema,
  HotelOrderSchema,
  HotelRateSchema,
  LedgerListSchema,
  MeSchema,
} from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inDays, startConsole, type TestConsole } from '../testing/console.ts';

let t: TestConsole;
let agent: Awaited<ReturnType<TestConsole['signedIn']>>;
let admin: Awaited<ReturnType<TestConsole['signedIn']>>;
beforeAll(async () => {
  t = await startConsole();
  agent = await t.signedIn('agent');
  admin = await t.signedIn('admin');
});
afterAll(() => t.close());

const ok = (reply: { status: number; text: string }, status = 200) => {
  if (reply.status !== status)
    throw new Error(`expected ${status}, got ${reply.status}: ${reply.text.slice(0, 300)}`);
};

describe('every route reaches the service', () => {
  it('walks a flight from search to refund', async () => {
    ok(await agent.get('/flights/places?query=lon'));
    const search = FlightSearchSchema.parse(
      (
        await agent.post('/flights/searches', {
          slices: [{ origin: 'LHR', destination: 'CDG', departure_date: inDays(30) }],
          passengers: { adults: 1 },
        })
      ).body,
    );
    let offer = search.offers[0];
    for (const candidate of search.offers) {
      const repriced = FlightOfferSchema.parse((await agent.get(`/flights/offers/${candidate.id}`)).body);
      if (repriced.total.amount === candidate.total.amount) {
        offer = repriced;
        break;
      }
    }
    ok(await agent.get(`/flights/offers/${offer?.id}/conditions`));
    const created = await agent.post(
      '/flights/orders',
      {
        offer_id: offer?.id,
        passengers: [
          {
            type: 'adult',
            given_name: 'Amelia',
            family_name: 'Hart',
            date_of_birth: '1985-04-12',
            gender: 'female',
          },
        ],
        contact: { email: 'amelia@example.com', phone: '+442071234567' },
      },
      { 'Idempotency-Key': 'route-sweep-flight' },
    );
    ok(created, 201);
    const order = FlightOrderSchema.parse(created.body);
    ok(await agent.post(`/flights/orders/${order.id}/notes`, { notes: ['Aisle seat'] }));
    ok(await agent.post(`/flights/orders/${order.id}/ticket`));
    await t.control('/clock/advance', { seconds: 60 });
    expect(FlightOrderSchema.parse((await agent.get(`/flights/orders/${order.id}`)).body).status).toBe(
      'ticketed',
    );
    ok(await agent.get(`/flights/orders/${order.id}/refund`));
    ok(await agent.post(`/flights/orders/${order.id}/refund`, {}));
    const ledger = LedgerListSchema.parse((await agent.get('/bookings?product=flight')).body);
    expect(ledger.data.find((e) => e.id === order.id)?.status).toBe('refunded');
  });

  it('walks a hotel from search to cancellation', async () => {
    ok(await agent.get('/hotels/places?query=paris&type=city'));
    const stay = { check_in: inDays(25), check_out: inDays(27), occupancies: [{ adults: 2 }] };
    const city = HotelCitySearchSchema.parse(
      (
        await agent.post('/hotels/searches', {
          ...stay,
          city_id: 2001,
          filters: { free_cancellation: [true] },
        })
      ).body,
    );
    const hotel = HotelHotelSearchSchema.parse(
      (await agent.post('/hotels/searches', { ...stay, hotel_id: Number(city.offers[0]?.hotel_id) })).body,
    );
    let rate = hotel.offers[0];
    for (const candidate of hotel.offers) {
      const confirmed = HotelRateSchema.parse((await agent.get(`/hotels/rates/${candidate.id}`)).body);
      if (confirmed.total.amount === candidate.total.amount) {
        rate = confirmed;
        break;
      }
    }
    const created = await agent.post(
      '/hotels/orders',
      {
        rate_id: rate?.id,
        rooms: [{ guests: [{ given_name: 'Amelia', family_name: 'Hart' }] }],
        contact: { email: 'amelia@example.com', phone: '+442071234567' },
      },
      { 'Idempotency-Key': 'route-sweep-hotel' },
    );
    ok(created, 201);
    const order = HotelOrderSchema.parse(created.body);
    ok(await agent.post(`/hotels/orders/${order.id}/extend-deadline`));
    ok(await agent.get(`/hotels/orders/${order.id}`));
    ok(await agent.post(`/hotels/orders/${order.id}/confirm`));
    ok(await agent.get(`/hotels/orders/${order.id}/cancellation`));
    ok(await agent.post(`/hotels/orders/${order.id}/cancellation`));
  });

  it('walks an activity from browsing to a PDF voucher', async () => {
    const products = ActivityProductListSchema.parse(
      (await agent.get('/activities/products?query=canal')).body,
    );
    const product = products.data[0];
    ok(await agent.get(`/activities/products/${product?.id}`));
    const typeId = product?.product_types[0]?.id ?? '';
    const availability = ActivityAvailabilitySchema.parse(
      (await agent.get(`/activities/product-types/${typeId}/availability`)).body,
    );
    const date = availability.dates[0]?.date ?? '';
    ok(await agent.get(`/activities/product-types/${typeId}/availability?date=${date}`));
    const created = await agent.post(
      '/activities/bookings',
      {
        product_type_id: typeId,
        date,
        timeslot: '10:00',
        travelers: { adults: 1 },
        customer: { given_name: 'Amelia', family_name: 'Hart', email: 'amelia@example.com' },
      },
      { 'Idempotency-Key': 'route-sweep-activity' },
    );
    ok(created, 201);
    const booking = ActivityBookingSchema.parse(created.body);
    ok(await agent.get('/activities/bookings?status=held'));
    ok(await agent.post(`/activities/bookings/${booking.id}/confirm`));
    await t.control('/clock/advance', { seconds: 60 });
    ok(await agent.get(`/activities/bookings/${booking.id}`));
    const vouchers = ActivityVoucherListSchema.parse(
      (await agent.get(`/activities/bookings/${booking.id}/vouchers`)).body,
    );
    const pdf = await agent.get(
      `/activities/bookings/${booking.id}/vouchers/${vouchers.data[0]?.id}/download`,
    );
    ok(pdf);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(/attachment; filename="voucher-.+\.pdf"/);
    expect(pdf.text.startsWith('%PDF-')).toBe(true);
    ok(await agent.post(`/activities/bookings/${booking.id}/cancel`));
  });

  it('relays images the service links to', async () => {
    const image = await agent.get('/media/hotels/2101001/1.svg');
    ok(image);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('lists the ledger for admins across agents, and each agent their own', async () => {
    const everyone = LedgerListSchema.parse((await admin.get('/bookings')).body);
    expect(everyone.data.length).toBeGreaterThanOrEqual(3);
    const other = await t.browser().signIn('admin@demo.test', 'demo-admin');
    ok(other);
    const mine = LedgerListSchema.parse((await agent.get('/bookings?sort=deadline')).body);
    expect(mine.data.every((e) => e.agent.email === 'agent@demo.test')).toBe(true);
    const byName = LedgerListSchema.parse((await admin.get('/bookings?q=hart')).body);
    expect(byName.data.length).toBeGreaterThanOrEqual(3);
  });
});

describe('the audit log and users', () => {
  it('records every money-moving action with who, what, amount and key, and exports CSV', async () => {
    const log = AuditListSchema.parse((await admin.get('/admin/audit')).body);
    const actions = log.data.map((e) => e.action);
    for (const action of [
      'flight.order.create',
      'flight.order.ticket',
      'flight.order.refund',
      'hotel.order.create',
      'hotel.order.confirm',
      'hotel.order.extend_deadline',
      'hotel.order.cancel',
      'activity.booking.create',
      'activity.booking.confirm',
      'activity.booking.cancel',
    ]) {
      expect(actions).toContain(action);
    }
    const create = log.data.find((e) => e.action === 'hotel.order.create');
    expect(create).toMatchObject({
      user: { email: 'agent@demo.test' },
      idempotency_key: 'route-sweep-hotel',
      result: 'succeeded',
    });
    expect(create?.amount?.amount).toMatch(/^\d+\.\d{2}$/);
    const csv = await admin.get('/admin/audit?format=csv&action=hotel.order.create');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.text.split('\r\n')[0]).toContain('idempotency_key');
    expect(csv.text).toContain('route-sweep-hotel');
  });

  it('records a refused action as failed with its code', async () => {
    // An admin reaches any id (an agent is stopped before the service: not their booking, decision 015).
    await admin.post('/flights/orders/ord_00000000000000000000/ticket');
    const log = AuditListSchema.parse((await admin.get('/admin/audit?result=failed')).body);
    expect(log.data[0]).toMatchObject({
      action: 'flight.order.ticket',
      status_code: 404,
      error_code: 'resource_not_found',
    });
  });

  it('lets an admin invite an agent who chooses a password and signs in, then disable them and end their session at once', async () => {
    const user = await t.invite(
      admin,
      { email: 'New.Agent@demo.test', name: 'New Agent', role: 'agent' },
      'violet tram harbour 42',
    );
    expect(user.email).toBe('new.agent@demo.test');
    expect(
      (await admin.post('/admin/users', { email: 'new.agent@demo.test', name: 'Again', role: 'agent' }))
        .status,
    ).toBe(409);
    // An admin does not choose passwords.
    expect(
      (
        await admin.post('/admin/users', {
          email: 'typed@demo.test',
          name: 'T',
          role: 'agent',
          password: 'x'.repeat(14),
        })
      ).status,
    ).toBe(422);
    expect((await admin.patch(`/admin/users/${user.id}`, { password: 'x'.repeat(14) })).status).toBe(422);
    const newcomer = t.browser();
    ok(await newcomer.signIn('new.agent@demo.test', 'violet tram harbour 42'));
    ok(await newcomer.get('/me'));
    ok(await admin.patch(`/admin/users/${user.id}`, { disabled: true }));
    expect((await newcomer.get('/me')).status).toBe(401);
    // Disabled: the right password is answered exactly as a wrong one, but for the request id.
    const refused = ErrorEnvelopeSchema.parse(
      (await newcomer.signIn('new.agent@demo.test', 'violet tram harbour 42')).body,
    );
    const wrong = ErrorEnvelopeSchema.parse(
      (await t.browser().signIn('new.agent@demo.test', 'not-it-at-all')).body,
    );
    expect(refused.error.code).toBe('invalid_login');
    expect({ ...refused.error, request_id: '' }).toEqual({ ...wrong.error, request_id: '' });
    ok(await admin.patch(`/admin/users/${user.id}`, { disabled: false }));
    ok(await newcomer.signIn('new.agent@demo.test', 'violet tram harbour 42'));
  });

  it('stops an admin from disabling themselves', async () => {
    const me = MeSchema.parse((await admin.get('/me')).body);
    expect((await admin.patch(`/admin/users/${me.user.id}`, { disabled: true })).status).toBe(409);
  });
});
