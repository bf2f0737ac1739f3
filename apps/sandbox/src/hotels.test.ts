import {
  ExtendDeadlineResultSchema,
  HotelCancellationQuoteSchema,
  HotelPlaceListSchema,
  WalletSchema,
  walletAddsUp,
} from '@console/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HotelCitySearchShape, HotelHotelSearchShape, HotelOrderShape, HotelRateShape } from './shapes.ts';
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

const PARIS = 2001;
const stay = { check_in: daysFromNow(20), check_out: daysFromNow(23) };
const citySearch = async (body: Record<string, unknown> = {}) =>
  expectOk(
    await sb.post('/hotels/searches', token, {
      ...stay,
      city_id: PARIS,
      occupancies: [{ adults: 2 }],
      ...body,
    }),
    HotelCitySearchShape,
    201,
  );

async function hotelRates(
  hotelId: number,
  occupancies: unknown[] = [{ adults: 2 }, { adults: 1, children: [8] }],
) {
  return expectOk(
    await sb.post('/hotels/searches', token, { ...stay, hotel_id: hotelId, occupancies }),
    HotelHotelSearchShape,
    201,
  );
}

/** A confirmed, refundable rate for two rooms, whose price held. */
async function bookableRate() {
  const city = await citySearch({ filters: { free_cancellation: [true], stars: [4] } });
  for (const summary of city.offers) {
    const search = await hotelRates(Number(summary.hotel_id));
    for (const rate of search.offers.filter((r) => r.refundable)) {
      const confirmed = expectOk(await sb.get(`/hotels/rates/${rate.id}`, token), HotelRateShape);
      if (confirmed.total.amount === rate.total.amount) return confirmed;
    }
  }
  throw new Error('no stable refundable rate');
}

const guests = [
  {
    guests: [
      { given_name: 'Amelia', family_name: 'Hart', type: 'adult' },
      { given_name: 'Tom', family_name: 'Hart' },
    ],
  },
  {
    guests: [
      { given_name: 'Ruth', family_name: 'Hart', title: 'mrs' },
      { given_name: 'Isla', family_name: 'Hart', type: 'child' },
    ],
  },
];
const contact = { email: 'amelia.hart@example.com', phone: '+442071234567' };

async function wallet() {
  const w = expectOk(await sb.get('/wallet', token), WalletSchema);
  expect(walletAddsUp(w)).toBe(true);
  return w;
}

describe('hotel places', () => {
  it('finds cities, districts, landmarks and hotels, and filters by type', async () => {
    const all = expectOk(await sb.get('/hotels/places?query=paris&limit=50', token), HotelPlaceListSchema);
    expect(new Set(all.data.map((p) => p.type))).toEqual(new Set(['city', 'district', 'landmark', 'hotel']));
    expect(all.data[0]).toMatchObject({ id: String(PARIS), type: 'city' });
    const landmarks = expectOk(
      await sb.get('/hotels/places?query=tower&type=landmark', token),
      HotelPlaceListSchema,
    );
    expect(landmarks.data.every((p) => p.type === 'landmark')).toBe(true);
    expectError(await sb.get('/hotels/places?query=paris&limit=0', token), 400, 'invalid_query');
  });
});

describe('city search', () => {
  it('lists a page of hotel summaries with the total over all pages', async () => {
    const result = await citySearch({ page_size: 20 });
    expect(result.total).toBeGreaterThan(150);
    expect(result.offers).toHaveLength(20);
    expect(result.pagination).toMatchObject({
      page: 1,
      has_prev: false,
      has_next: true,
      total_pages: Math.ceil(result.total / 20),
    });
    expect(result.sorts.map((s) => s.id).sort()).toEqual([
      'distance',
      'popularity',
      'price',
      'review_score',
      'stars_asc',
      'stars_desc',
    ]);
  });

  it('walks every page once, with no hotel twice', async () => {
    const first = await citySearch({ page_size: 100, sort: 'price' });
    const pages = first.pagination?.total_pages ?? 1;
    const ids = first.offers.map((o) => o.hotel_id);
    for (let page = 2; page <= pages; page += 1)
      ids.push(...(await citySearch({ page_size: 100, sort: 'price', page })).offers.map((o) => o.hotel_id));
    expect(ids).toHaveLength(first.total);
    expect(new Set(ids).size).toBe(first.total);
  });

  it('ORs values within a group and ANDs across groups, and the facet count predicts the result', async () => {
    const base = await citySearch();
    const stars = base.facets.find((f) => f.key === 'stars');
    const four = stars?.options.find((o) => o.value === 4)?.count ?? 0;
    const five = stars?.options.find((o) => o.value === 5)?.count ?? 0;
    expect((await citySearch({ filters: { stars: [4, 5] } })).total).toBe(four + five);
    const both = await citySearch({ filters: { stars: [4, 5], free_cancellation: [true] } });
    const cancellation = (await citySearch({ filters: { stars: [4, 5] } })).facets.find(
      (f) => f.key === 'free_cancellation',
    );
    expect(both.total).toBe(cancellation?.options[0]?.count);
    expect(both.total).toBeLessThan(four + five);
    expect(both.offers.every((o) => (o.rating === 4 || o.rating === 5) && o.free_cancellation)).toBe(true);
    expect(both.filters_applied).toEqual({ stars: [4, 5], free_cancellation: [true] });
  });

  it('keeps counts of the other values of a group while that group is filtered', async () => {
    const filtered = await citySearch({ filters: { stars: [5] } });
    const three = filtered.facets.find((f) => f.key === 'stars')?.options.find((o) => o.value === 3);
    expect(three?.count).toBeGreaterThan(0);
  });

  it('applies every fixed filter group and catalogue groups from the facets', async () => {
    const base = await citySearch();
    const district = base.facets.find((f) => f.key === 'district')?.options[0];
    const facility = base.facets.find((f) => f.key === 'facility')?.options.find((o) => o.value === 'pool');
    const byDistrict = await citySearch({ filters: { district: [district?.value] } });
    expect(byDistrict.total).toBe(district?.count);
    expect((await citySearch({ filters: { facility: ['pool'] } })).total).toBe(facility?.count);
    for (const filters of [
      { review_score: [8] },
      { meals: ['breakfast'] },
      { adults_only: [true] },
      { sustainable: [true] },
      { distance_km: [1] },
      { min_beds: [3] },
      { min_bedrooms: [2] },
      { bed_type: ['single'] },
      { property_type: [2] },
      { room_facility: ['balcony'] },
      { chain: ['accor'] },
    ]) {
      const result = await citySearch({ filters });
      expect(result.total, JSON.stringify(filters)).toBeLessThan(base.total);
    }
    expect(
      (await citySearch({ filters: { review_score: [9] } })).offers.every((o) => (o.review_score ?? 0) >= 9),
    ).toBe(true);
    expect(
      (await citySearch({ filters: { distance_km: [1] } })).offers.every(
        (o) => (o.location?.distance_km ?? 9) <= 1,
      ),
    ).toBe(true);
  });

  it('refuses filter values out of range', async () => {
    for (const filters of [
      { min_beds: [6] },
      { min_bedrooms: [5] },
      { distance_km: [2] },
      { stars: [6] },
      { review_score: [4] },
    ]) {
      expectError(
        await sb.post('/hotels/searches', token, {
          ...stay,
          city_id: PARIS,
          occupancies: [{ adults: 2 }],
          filters,
        }),
        422,
        'validation_failed',
      );
    }
  });

  it('sorts by each of the six sorts', async () => {
    const lead = (o: { lead_rate: { amount: string } }) => Number(o.lead_rate.amount);
    const byPrice = (await citySearch({ sort: 'price' })).offers.map(lead);
    expect([...byPrice].sort((a, b) => a - b)).toEqual(byPrice);
    const stars = (await citySearch({ sort: 'stars_desc' })).offers.map((o) => o.rating ?? 0);
    expect([...stars].sort((a, b) => b - a)).toEqual(stars);
    const starsAsc = (await citySearch({ sort: 'stars_asc' })).offers.map((o) => o.rating ?? 0);
    expect([...starsAsc].sort((a, b) => a - b)).toEqual(starsAsc);
    const reviews = (await citySearch({ sort: 'review_score' })).offers.map((o) => o.review_score ?? 0);
    expect([...reviews].sort((a, b) => b - a)).toEqual(reviews);
    const distance = (await citySearch({ sort: 'distance' })).offers.map((o) => o.location?.distance_km ?? 0);
    expect([...distance].sort((a, b) => a - b)).toEqual(distance);
    expect((await citySearch({ sort: 'popularity' })).sort).toBe('popularity');
  });

  it('shows lead-in prices with discounts and deal badges', async () => {
    const result = await citySearch({ page_size: 100 });
    const discounted = result.offers.find((o) => o.discount_percent > 0);
    expect(discounted?.lead_rate_before_discount).not.toBeNull();
    expect(Number(discounted?.lead_rate.amount)).toBeLessThan(
      Number(discounted?.lead_rate_before_discount?.amount),
    );
    expect(discounted?.deal_badges.length).toBeGreaterThan(0);
  });

  it('refuses a check-in in the past and a page past the last', async () => {
    expect(
      expectError(
        await sb.post('/hotels/searches', token, {
          check_in: '2020-01-01',
          check_out: '2020-01-03',
          city_id: PARIS,
          occupancies: [{ adults: 1 }],
        }),
        422,
        'validation_failed',
      ).param,
    ).toBe('check_in');
    expect(
      expectError(
        await sb.post('/hotels/searches', token, {
          ...stay,
          city_id: PARIS,
          occupancies: [{ adults: 1 }],
          page: 999,
        }),
        422,
        'validation_failed',
      ).param,
    ).toBe('page');
  });
});

describe('hotel search and rates', () => {
  it('carries the property once and lists bookable rates with board, refundability and rooms left', async () => {
    const [first] = (await citySearch()).offers;
    const search = await hotelRates(Number(first?.hotel_id));
    expect(search.hotel.id).toBe(first?.hotel_id);
    expect(search.offers.length).toBeGreaterThan(0);
    for (const rate of search.offers) {
      expect(rate.rooms).toHaveLength(2);
      expect(rate.available_rooms).toBeGreaterThanOrEqual(2);
      expect(rate.board).not.toBeNull();
    }
  });

  it('confirms a rate with its hotel, says 404 for an unknown one and 409 for a sold-out or expired one', async () => {
    const [first] = (await citySearch()).offers;
    const [rate, other] = (await hotelRates(Number(first?.hotel_id))).offers;
    const confirmed = expectOk(await sb.get(`/hotels/rates/${rate?.id}`, token), HotelRateShape);
    expect(confirmed.hotel?.id).toBe(first?.hotel_id);
    expectError(await sb.get('/hotels/rates/hrt_00000000000000000000', token), 404, 'resource_not_found');
    await sb.control(`/rates/${other?.id}/sold-out`);
    expectError(await sb.get(`/hotels/rates/${other?.id}`, token), 409, 'rate_unavailable');
    await sb.advance(31 * 60);
    expectError(await sb.get(`/hotels/rates/${rate?.id}`, token), 409, 'rate_unavailable');
  });

  it('shows a changed price on confirmation, and refuses to book the old one', async () => {
    const [first] = (await citySearch()).offers;
    const [rate] = (await hotelRates(Number(first?.hotel_id))).offers;
    await sb.control(`/rates/${rate?.id}/price`, { amount: '1234.56' });
    expectError(
      await sb.post('/hotels/orders', token, { rate_id: rate?.id, rooms: guests, contact }),
      409,
      'rate_price_changed',
    );
    expect(expectOk(await sb.get(`/hotels/rates/${rate?.id}`, token), HotelRateShape).total.amount).toBe(
      '1234.56',
    );
  });
});

describe('hotel orders', () => {
  it('holds, extends the deadline, confirms, and the wallet follows', async () => {
    const rate = await bookableRate();
    const order = expectOk(
      await sb.post('/hotels/orders', token, {
        rate_id: rate.id,
        rooms: guests,
        contact,
        client_reference: 'HART-PARIS',
        note: 'Late arrival',
      }),
      HotelOrderShape,
      201,
    );
    expect(order).toMatchObject({ status: 'held', total: rate.total, confirmation_number: null });
    expect(order.rooms[1]?.guests[1]?.type).toBe('child');
    expect((await wallet()).held.amount).toBe(rate.total.amount);
    const extended = expectOk(
      await sb.post(`/hotels/orders/${order.id}/extend-deadline`, token),
      ExtendDeadlineResultSchema,
    );
    expect(Date.parse(extended.payment_deadline)).toBeGreaterThan(Date.parse(order.payment_deadline));
    const confirmed = expectOk(await sb.post(`/hotels/orders/${order.id}/confirm`, token), HotelOrderShape);
    expect(['confirmed', 'confirming']).toContain(confirmed.status);
    expect(confirmed.confirmation_number).toMatch(/^HC\d+/);
    expect((await wallet()).held.amount).toBe('0.00');
    expectError(await sb.post(`/hotels/orders/${order.id}/extend-deadline`, token), 409, 'invalid_state');
  });

  it('quotes a cancellation with its own expiry and cancels at the quoted penalty', async () => {
    const rate = await bookableRate();
    const order = expectOk(
      await sb.post('/hotels/orders', token, { rate_id: rate.id, rooms: guests, contact }),
      HotelOrderShape,
      201,
    );
    const heldQuote = expectOk(
      await sb.get(`/hotels/orders/${order.id}/cancellation`, token),
      HotelCancellationQuoteSchema,
    );
    expect(heldQuote).toMatchObject({ penalty: { amount: '0.00' }, status: 0 });
    expect(Date.parse(heldQuote.expires_at)).toBeGreaterThan(Date.now());
    const cancelled = expectOk(
      await sb.post(`/hotels/orders/${order.id}/cancellation`, token),
      HotelOrderShape,
    );
    expect(cancelled.status).toBe('cancelled');
    expect((await wallet()).held.amount).toBe('0.00');
    expectError(await sb.post(`/hotels/orders/${order.id}/cancellation`, token), 409, 'invalid_state');
  });

  it('charges the penalty of the policy in force when a confirmed order is cancelled late', async () => {
    const rate = await bookableRate();
    const order = expectOk(
      await sb.post('/hotels/orders', token, { rate_id: rate.id, rooms: guests, contact }),
      HotelOrderShape,
      201,
    );
    expectOk(await sb.post(`/hotels/orders/${order.id}/confirm`, token), HotelOrderShape);
    const paid = await wallet();
    const freeUntil = Date.parse(order.cancellation.policies[0]?.starts_at ?? '');
    await sb.advance((freeUntil - Date.now()) / 1000 + 60);
    token = await sb.token();
    const quote = expectOk(
      await sb.get(`/hotels/orders/${order.id}/cancellation`, token),
      HotelCancellationQuoteSchema,
    );
    expect(quote.status).toBe(1);
    expect(quote.penalty).toEqual(order.cancellation.policies[0]?.penalty);
    expectOk(await sb.post(`/hotels/orders/${order.id}/cancellation`, token), HotelOrderShape);
    const after = await wallet();
    const returned = Number(after.balance.amount) - Number(paid.balance.amount);
    expect(returned).toBeCloseTo(Number(rate.total.amount) - Number(quote.penalty.amount), 2);
  });

  it('cancels a hold at its payment deadline, and refuses a rooms count other than the search', async () => {
    const rate = await bookableRate();
    expect(
      expectError(
        await sb.post('/hotels/orders', token, { rate_id: rate.id, rooms: guests.slice(0, 1), contact }),
        422,
        'validation_failed',
      ).param,
    ).toBe('rooms');
    const order = expectOk(
      await sb.post('/hotels/orders', token, { rate_id: rate.id, rooms: guests, contact }),
      HotelOrderShape,
      201,
    );
    await sb.advance((Date.parse(order.payment_deadline) - Date.now()) / 1000 + 1);
    token = await sb.token();
    expect(expectOk(await sb.get(`/hotels/orders/${order.id}`, token), HotelOrderShape).status).toBe(
      'cancelled',
    );
    expect((await wallet()).held.amount).toBe('0.00');
  });

  it('says 402 when the wallet cannot hold the total', async () => {
    const rate = await bookableRate();
    await sb.control('/wallets', { environment: 'test', available: '1.00' });
    expectError(
      await sb.post('/hotels/orders', token, { rate_id: rate.id, rooms: guests, contact }),
      402,
      'insufficient_funds',
    );
  });
});

describe('a hotel’s times', () => {
  it('are written in the hotel’s local time with its offset, its zone named in its location', async () => {
    const rate = await bookableRate();
    expect(rate.hotel?.location.time_zone).toBe('Europe/Paris');
    // Free cancellation until 18:00 at the hotel, two days before check-in (20 days out: Paris is on UTC+1 or +2).
    expect(rate.refundable_until).toMatch(/T18:00:00\+0[12]:00$/);
    const order = expectOk(
      await sb.post('/hotels/orders', token, { rate_id: rate.id, rooms: guests, contact }),
      HotelOrderShape,
      201,
    );
    expect(order.payment_deadline).toMatch(/\+0[12]:00$/);
    expect(Date.parse(order.payment_deadline)).toBeGreaterThan(Date.now());
    const extended = expectOk(
      await sb.post(`/hotels/orders/${order.id}/extend-deadline`, token),
      ExtendDeadlineResultSchema,
    );
    expect(extended.payment_deadline).toMatch(/\+0[12]:00$/);
  });
});
