import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ActivityAvailabilitySchema,
  ActivityBookingSchema,
  ActivityProductListSchema,
  ActivityVoucherListSchema,
  WalletSchema,
} from '@console/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  FlightOfferShape,
  FlightOrderShape,
  FlightSearchShape,
  HotelCitySearchShape,
  HotelHotelSearchShape,
  HotelOrderShape,
  HotelRateShape,
} from './shapes.ts';
import { daysFromNow, expectOk, startSandbox, type TestSandbox } from './test-support.ts';

const folder = () => mkdtemp(join(tmpdir(), 'sandbox-state-'));
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const PDF = Buffer.from('%PDF-1.4\n%signed\n').toString('base64');
const contact = { email: 'amelia.hart@example.com', phone: '+442071234567' };

/** A held flight order (booked with an Idempotency-Key), a confirmed hotel order and an activity booking with vouchers. */
async function bookThree(sb: TestSandbox, token: string) {
  const search = expectOk(
    await sb.post('/flights/searches', token, {
      slices: [{ origin: 'LHR', destination: 'JFK', departure_date: daysFromNow(30) }],
      passengers: { adults: 1 },
    }),
    FlightSearchShape,
    201,
  );
  let offerId = '';
  for (const offer of search.offers) {
    const repriced = expectOk(await sb.get(`/flights/offers/${offer.id}`, token), FlightOfferShape);
    if (repriced.total.amount === offer.total.amount) {
      offerId = offer.id;
      break;
    }
  }
  const flightRequest = {
    offer_id: offerId,
    passengers: [
      {
        type: 'adult',
        given_name: 'Amelia',
        family_name: 'Hart',
        date_of_birth: '1985-04-12',
        gender: 'female',
      },
    ],
    contact,
  };
  const flight = expectOk(
    await sb.post('/flights/orders', token, flightRequest, { 'Idempotency-Key': 'kept-flight-1' }),
    FlightOrderShape,
    201,
  );

  const stay = { check_in: daysFromNow(20), check_out: daysFromNow(22) };
  const city = expectOk(
    await sb.post('/hotels/searches', token, { ...stay, city_id: 2001, occupancies: [{ adults: 1 }] }),
    HotelCitySearchShape,
    201,
  );
  let hotel: ReturnType<typeof HotelOrderShape.parse> | null = null;
  for (const summary of city.offers) {
    const rates = expectOk(
      await sb.post('/hotels/searches', token, {
        ...stay,
        hotel_id: Number(summary.hotel_id),
        occupancies: [{ adults: 1 }],
      }),
      HotelHotelSearchShape,
      201,
    );
    for (const rate of rates.offers) {
      const confirmed = expectOk(await sb.get(`/hotels/rates/${rate.id}`, token), HotelRateShape);
      if (confirmed.total.amount !== rate.total.amount) continue;
      hotel = expectOk(
        await sb.post('/hotels/orders', token, {
          rate_id: rate.id,
          rooms: [{ guests: [{ given_name: 'Amelia', family_name: 'Hart' }] }],
          contact,
        }),
        HotelOrderShape,
        201,
      );
      break;
    }
    if (hotel) break;
  }
  if (!hotel) throw new Error('no hotel rate held its price');

  const products = expectOk(
    await sb.get('/activities/products?city=Paris', token),
    ActivityProductListSchema,
  );
  const typeId = products.data.find((p) => p.product_types.length > 0)?.product_types[0]?.id ?? '';
  const availability = expectOk(
    await sb.get(`/activities/product-types/${typeId}/availability`, token),
    ActivityAvailabilitySchema,
  );
  const date = availability.dates[0]?.date ?? '';
  const day = expectOk(
    await sb.get(`/activities/product-types/${typeId}/availability?date=${date}`, token),
    ActivityAvailabilitySchema,
  );
  const activity = expectOk(
    await sb.post('/activities/bookings', token, {
      product_type_id: typeId,
      date,
      timeslot: day.timeslots[0]?.start_time,
      travelers: { adults: 2 },
      customer: { given_name: 'Amelia', family_name: 'Hart', email: contact.email },
    }),
    ActivityBookingSchema,
    201,
  );
  expectOk(await sb.post(`/activities/bookings/${activity.id}/confirm`, token), ActivityBookingSchema);

  // One with the supplier's questions answered (the showcase product asks every kind).
  const showcase = expectOk(
    await sb.get('/activities/products?query=showcase', token),
    ActivityProductListSchema,
  );
  const showcaseType = showcase.data[0]?.product_types[0]?.id ?? '';
  const showcaseDates = expectOk(
    await sb.get(`/activities/product-types/${showcaseType}/availability`, token),
    ActivityAvailabilitySchema,
  );
  const showcaseDate = showcaseDates.dates[0]?.date ?? '';
  const showcaseDay = expectOk(
    await sb.get(`/activities/product-types/${showcaseType}/availability?date=${showcaseDate}`, token),
    ActivityAvailabilitySchema,
  );
  const file = (name: string, type: string) => ({ file_name: name, content_type: type, data_base64: PNG });
  const answered = expectOk(
    await sb.post('/activities/bookings', token, {
      product_type_id: showcaseType,
      date: showcaseDate,
      timeslot: showcaseDay.timeslots[0]?.start_time,
      travelers: { adults: 1 },
      customer: { given_name: 'Amelia', family_name: 'Hart', email: contact.email },
      options: {
        per_booking: [
          { id: 'pickup_point', value: 'hotel' },
          { id: 'extras', value: ['audio_guide'] },
          { id: 'arrival_flight', value: 'EK29' },
          { id: 'landing_time', value: '2026-12-10T07:45' },
          { id: 'pickup_address', value: { line1: '1 Blvd', city: 'Dubai', country_code: 'AE' } },
          { id: 'mobile', value: '+971501234567' },
          { id: 'pickup_time', value: '08:30' },
          { id: 'souvenir_photo', value: true },
          { id: 'special_requests', value: 'A birthday' },
        ],
        per_pax: [
          [
            { id: 'passport_number', value: 'AB123450' },
            { id: 'nationality', value: 'GB' },
            { id: 'date_of_birth', value: '1985-04-12' },
            { id: 'weight_kg', value: 70 },
            { id: 'id_photo', value: file('me.png', 'image/png') },
            { id: 'signed_waiver', value: { ...file('waiver.pdf', 'application/pdf'), data_base64: PDF } },
          ],
        ],
      },
    }),
    ActivityBookingSchema,
    201,
  );
  return { flight, flightRequest, hotel, activity, answered };
}

/** What a console reads of the three, the wallet and the clock. */
async function readAll(
  sb: TestSandbox,
  token: string,
  ids: { flight: string; hotel: string; activity: string },
) {
  const clock = await sb.call('GET', '/_sandbox/clock');
  return {
    flight: expectOk(await sb.get(`/flights/orders/${ids.flight}`, token), FlightOrderShape),
    hotel: expectOk(await sb.get(`/hotels/orders/${ids.hotel}`, token), HotelOrderShape),
    activity: expectOk(await sb.get(`/activities/bookings/${ids.activity}`, token), ActivityBookingSchema),
    vouchers: expectOk(
      await sb.get(`/activities/bookings/${ids.activity}/vouchers`, token),
      ActivityVoucherListSchema,
    ),
    wallet: expectOk(await sb.get('/wallet', token), WalletSchema),
    // The clock's offset (its `now` moves on by itself).
    offset: z.object({ offset_ms: z.number() }).parse(clock.body).offset_ms,
  };
}

describe("the sandbox's state in a file", () => {
  it('keeps orders, bookings, the wallet, the clock and Idempotency-Keys across a restart', async () => {
    const path = join(await folder(), 'sandbox-state.json');
    const first = await startSandbox({ stateFile: { path, delayMs: 20 } });
    const token = await first.token();
    const { flight, flightRequest, hotel, activity, answered } = await bookThree(first, token);
    await first.advance(60);
    const ids = { flight: flight.id, hotel: hotel.id, activity: activity.id };
    const before = await readAll(first, token, ids);
    expect(before.activity.status).toBe('issued');
    expect(before.vouchers.data.length).toBe(2);
    expect(before.offset).toBe(60_000);
    expect(Number(before.wallet.held.amount)).toBeGreaterThan(0);
    // Written a moment after the changes, without waiting for a stop.
    await expect
      .poll(async () => existsSync(path) && (await readFile(path, 'utf8')).includes(activity.id))
      .toBe(true);
    await first.close();

    const second = await startSandbox({ stateFile: { path } });
    try {
      // A token of the first run is not kept: a client takes a new one, as after any expiry.
      expect((await second.get('/wallet', token)).status).toBe(401);
      const again = await second.token();
      expect(await readAll(second, again, ids)).toEqual(before);
      // The create sent again with its key is answered as the first time, and books nothing new.
      const replay = await second.post('/flights/orders', again, flightRequest, {
        'Idempotency-Key': 'kept-flight-1',
      });
      expect(replay.status).toBe(201);
      expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
      expect(FlightOrderShape.parse(replay.body).id).toBe(flight.id);
      expect(second.store.flightOrders.size).toBe(1);
      // What the service keeps beside each: fares, answers, vouchers, deadlines, all as they were.
      expect(second.store.flightOrders.get(flight.id)).toEqual(first.store.flightOrders.get(flight.id));
      expect(second.store.hotelOrders.get(hotel.id)).toEqual(first.store.hotelOrders.get(hotel.id));
      for (const id of [activity.id, answered.id])
        expect(second.store.activityBookings.get(id)).toEqual(first.store.activityBookings.get(id));
      expect(second.store.activityBookings.get(answered.id)?.answers?.per_pax?.[0]).toHaveLength(6);
      expect([...second.store.wallets]).toEqual([...first.store.wallets]);
    } finally {
      await second.close();
    }
    expect((await readdir(join(path, '..'))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('empties the file on /_sandbox/reset', async () => {
    const path = join(await folder(), 'sandbox-state.json');
    const first = await startSandbox({ stateFile: { path } });
    const token = await first.token();
    await first.call('POST', '/_sandbox/wallets', { body: { environment: 'test', balance: '1234.56' } });
    await first.close();
    const second = await startSandbox({ stateFile: { path } });
    expect(expectOk(await second.get('/wallet', await second.token()), WalletSchema).balance.amount).toBe(
      '1234.56',
    );
    await second.control('/reset');
    await second.close();
    const third = await startSandbox({ stateFile: { path } });
    try {
      expect(expectOk(await third.get('/wallet', await third.token()), WalletSchema).balance.amount).toBe(
        '50000.00',
      );
      expect(token).not.toBe('');
    } finally {
      await third.close();
    }
  });

  it('sets aside a file it cannot read, says so, and starts fresh', async () => {
    const dir = await folder();
    const path = join(dir, 'sandbox-state.json');
    for (const content of [
      '{"format":"sandbox-state","version":1,"wallets":[{"ow',
      '{"format":"sandbox-state","version":99}',
    ]) {
      await writeFile(path, content);
      const lines: string[] = [];
      const sb = await startSandbox({ stateFile: { path, log: (_level, line) => lines.push(line) } });
      try {
        expect(sb.store.flightOrders.size).toBe(0);
        expect(expectOk(await sb.get('/wallet', await sb.token()), WalletSchema).balance.amount).toBe(
          '50000.00',
        );
        const aside = (await readdir(dir)).filter((name) =>
          name.startsWith('sandbox-state.json.unreadable-'),
        );
        expect(lines.join('\n')).toMatch(
          /could not be read .*set aside as .*sandbox-state\.json\.unreadable-/,
        );
        expect(await Promise.all(aside.map((name) => readFile(join(dir, name), 'utf8')))).toContain(content);
      } finally {
        await sb.close();
      }
    }
  });
});
