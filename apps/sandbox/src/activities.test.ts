import {
  ActivityAvailabilitySchema,
  ActivityBookingListSchema,
  ActivityBookingSchema,
  type ActivityProductList,
  ActivityProductListSchema,
  ActivityProductSchema,
  ActivityVoucherListSchema,
  INPUT_TYPE_CODES,
  WalletSchema,
} from '@console/contract';
import { PDFDocument } from 'pdf-lib';
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

async function product(query: string) {
  const list = expectOk(
    await sb.get(`/activities/products?query=${encodeURIComponent(query)}`, token),
    ActivityProductListSchema,
  );
  const found = list.data[0];
  if (!found) throw new Error(`no product for ${query}`);
  return found;
}

async function firstDate(typeId: string) {
  const availability = expectOk(
    await sb.get(`/activities/product-types/${typeId}/availability`, token),
    ActivityAvailabilitySchema,
  );
  const date = availability.dates[0]?.date;
  if (!date) throw new Error('no bookable date');
  return { availability, date };
}

const customer = {
  given_name: 'Amelia',
  family_name: 'Hart',
  email: 'amelia.hart@example.com',
  salutation: 'ms',
};
const pdfBase64 = Buffer.from('%PDF-1.4\n%signed\n').toString('base64');
const pngBase64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** Answers to the showcase product's options, every one of the 14 input types. */
function showcaseOptions(travellers: number) {
  return {
    per_booking: [
      { id: 'pickup_point', value: 'hotel' },
      { id: 'extras', value: ['audio_guide', 'lunch'] },
      { id: 'arrival_flight', value: 'EK29' },
      { id: 'landing_time', value: '2026-12-10T07:45' },
      {
        id: 'pickup_address',
        value: { line1: '1 Sheikh Mohammed bin Rashid Blvd', city: 'Dubai', country_code: 'AE' },
      },
      { id: 'mobile', value: '+971501234567' },
      { id: 'pickup_time', value: '08:30' },
      { id: 'souvenir_photo', value: true },
      { id: 'special_requests', value: 'Celebrating a birthday' },
    ],
    per_pax: Array.from({ length: travellers }, (_, i) => [
      { id: 'passport_number', value: `AB12345${i}` },
      { id: 'nationality', value: 'GB' },
      { id: 'date_of_birth', value: '1985-04-12' },
      { id: 'weight_kg', value: 70 + i },
      { id: 'id_photo', value: { file_name: 'me.png', content_type: 'image/png', data_base64: pngBase64 } },
      {
        id: 'signed_waiver',
        value: { file_name: 'waiver.pdf', content_type: 'application/pdf', data_base64: pdfBase64 },
      },
    ]),
  };
}

describe('activity products', () => {
  it('filters by city, category and price, and pages with cursors without repeats', async () => {
    const paris = expectOk(await sb.get('/activities/products?city=Paris', token), ActivityProductListSchema);
    expect(paris.data.every((p) => p.city === 'Paris')).toBe(true);
    const cheap = expectOk(
      await sb.get('/activities/products?max_price=30&sort=price_asc', token),
      ActivityProductListSchema,
    );
    expect(cheap.data.every((p) => Number(p.from.amount) <= 30)).toBe(true);
    const seen: string[] = [];
    let cursor: string | null = null;
    let total = 0;
    do {
      const path: string = `/activities/products?limit=5${cursor ? `&after=${cursor}` : ''}`;
      const page: ActivityProductList = expectOk(await sb.get(path, token), ActivityProductListSchema);
      total = page.total;
      seen.push(...page.data.map((p) => p.id));
      cursor = page.next_cursor;
      expect(page.has_more).toBe(cursor !== null);
    } while (cursor);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('refuses a cursor from another query', async () => {
    const page = expectOk(await sb.get('/activities/products?limit=2', token), ActivityProductListSchema);
    expectError(
      await sb.get(`/activities/products?limit=2&city=Rome&after=${page.next_cursor}`, token),
      400,
      'invalid_query',
    );
  });

  it('gives a translated title in a language that has one', async () => {
    const list = expectOk(
      await sb.get('/activities/products?query=louvre&language=fr', token),
      ActivityProductListSchema,
    );
    expect(list.data[0]?.title_translated).toContain('Louvre');
    expect(list.data[0]?.title_translated).not.toBe(list.data[0]?.title);
  });

  it('reads one product with its types, and says 404 for an unknown one', async () => {
    const found = await product('colosseum');
    const one = expectOk(await sb.get(`/activities/products/${found.id}`, token), ActivityProductSchema);
    expect(one.product_types.length).toBeGreaterThan(0);
    expectError(await sb.get('/activities/products/act_00000000000000', token), 404, 'resource_not_found');
  });

  it('covers all 14 input types across the catalogue', async () => {
    const { PRODUCTS } = await import('./activities/products.ts');
    const types = new Set(
      PRODUCTS.flatMap((p) =>
        p.types.flatMap((t) => [...t.options.per_booking, ...t.options.per_pax].map((o) => o.input_type)),
      ),
    );
    expect([...types].sort((a, b) => a - b)).toEqual(INPUT_TYPE_CODES);
  });
});

describe('availability', () => {
  it('lists bookable dates without a date, and timeslots, capacity and rates with one', async () => {
    const louvre = await product('louvre');
    const { availability, date } = await firstDate(louvre.product_types[0]?.id ?? '');
    // The document types `date` as a date, never null: without a query it is the day the dates count from.
    expect(availability.date).toBe(daysFromNow(0));
    expect(availability.timeslots).toEqual([]);
    expect(availability.dates.length).toBeGreaterThan(30);
    const day = expectOk(
      await sb.get(
        `/activities/product-types/${louvre.product_types[0]?.id}/availability?date=${date}`,
        token,
      ),
      ActivityAvailabilitySchema,
    );
    expect(day).toMatchObject({ date, available: true });
    expect(day.timeslots.length).toBeGreaterThan(0);
    expect(day.rates.map((r) => r.category)).toContain('adult');
    expect(day.capacity.find((c) => c.category === 'adult')?.quantity).toBeGreaterThan(0);
  });
});

describe('activity bookings', () => {
  it('books an activity whose options use all 14 input types, confirms it, and issues PDF vouchers', async () => {
    const showcase = await product('showcase');
    const typeId = showcase.product_types[0]?.id ?? '';
    const { date } = await firstDate(typeId);
    const day = expectOk(
      await sb.get(`/activities/product-types/${typeId}/availability?date=${date}`, token),
      ActivityAvailabilitySchema,
    );
    const options = [...day.booking_options.per_booking, ...day.booking_options.per_pax];
    expect(new Set(options.map((o) => o.input_type)).size).toBe(14);
    const request = {
      product_type_id: typeId,
      date,
      timeslot: day.timeslots[0]?.start_time,
      travelers: { adults: 2 },
      customer,
      client_reference: 'HART-DXB',
      options: showcaseOptions(2),
    };
    const held = expectOk(
      await sb.post('/activities/bookings', token, request, { 'Idempotency-Key': 'showcase-1' }),
      ActivityBookingSchema,
      201,
    );
    // 2 adults at 350.00, hotel pickup 15.00, audio guide 6.00 + lunch 18.50, souvenir photo 12.00
    expect(held.total.amount).toBe('751.50');
    expect(held.status).toBe('held');
    const confirmed = expectOk(
      await sb.post(`/activities/bookings/${held.id}/confirm`, token),
      ActivityBookingSchema,
    );
    expect(confirmed.status).toBe('confirmed');
    expect(
      expectOk(await sb.get(`/activities/bookings/${held.id}/vouchers`, token), ActivityVoucherListSchema)
        .data,
    ).toEqual([]);
    await sb.advance(3);
    expect(
      expectOk(await sb.get(`/activities/bookings/${held.id}`, token), ActivityBookingSchema).status,
    ).toBe('issued');
    const vouchers = expectOk(
      await sb.get(`/activities/bookings/${held.id}/vouchers`, token),
      ActivityVoucherListSchema,
    );
    expect(vouchers.data).toHaveLength(2);
    const response = await fetch(`${sb.origin}/v3${vouchers.data[0]?.download_url}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.headers.get('Content-Type')).toBe('application/pdf');
    expect(response.headers.get('Content-Disposition')).toContain(
      `voucher-${vouchers.data[0]?.visual_id}.pdf`,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getSubject()).toContain(held.code);
    expect(pdf.getPageCount()).toBe(1);
  });

  it('names the offending option and traveller in a 422', async () => {
    const showcase = await product('showcase');
    const typeId = showcase.product_types[0]?.id ?? '';
    const { date } = await firstDate(typeId);
    const options = showcaseOptions(1);
    const bad = {
      ...options,
      per_pax: [
        options.per_pax[0]?.map((a) => (a.id === 'passport_number' ? { ...a, value: 'ab-12' } : a)) ?? [],
      ],
    };
    const regex = await sb.post('/activities/bookings', token, {
      product_type_id: typeId,
      date,
      timeslot: '09:00',
      travelers: { adults: 1 },
      customer,
      options: bad,
    });
    const error = expectError(regex, 422, 'validation_failed');
    expect(error.param).toBe('options.per_pax[0].passport_number');
    expect(error.message).toContain('6 to 9 capital letters');
    const missing = { ...options, per_booking: options.per_booking.filter((a) => a.id !== 'mobile') };
    const reply = await sb.post('/activities/bookings', token, {
      product_type_id: typeId,
      date,
      timeslot: '09:00',
      travelers: { adults: 1 },
      customer,
      options: missing,
    });
    expect(expectError(reply, 422, 'validation_failed').param).toBe('options.per_booking.mobile');
    const short = await sb.post('/activities/bookings', token, {
      product_type_id: typeId,
      date,
      timeslot: '09:00',
      travelers: { adults: 2 },
      customer,
      options,
    });
    expect(expectError(short, 422, 'validation_failed').param).toBe('options.per_pax');
  });

  it('refuses a closed date, a missing timeslot and more travellers than places', async () => {
    const louvre = await product('louvre');
    const typeId = louvre.product_types[0]?.id ?? '';
    const { date } = await firstDate(typeId);
    expect(
      expectError(
        await sb.post('/activities/bookings', token, {
          product_type_id: typeId,
          date: '2020-01-01',
          timeslot: '09:00',
          travelers: { adults: 1 },
          customer,
        }),
        422,
        'validation_failed',
      ).param,
    ).toBe('date');
    expect(
      expectError(
        await sb.post('/activities/bookings', token, {
          product_type_id: typeId,
          date,
          travelers: { adults: 1 },
          customer,
        }),
        422,
        'validation_failed',
      ).param,
    ).toBe('timeslot');
    const sushi = await product('tsukiji');
    const small = sushi.product_types[0]?.id ?? '';
    const { date: open } = await firstDate(small);
    const reply = await sb.post('/activities/bookings', token, {
      product_type_id: small,
      date: open,
      timeslot: '08:30',
      travelers: { adults: 20 },
      customer,
    });
    expect(expectError(reply, 422, 'validation_failed').message).toMatch(/only \d+ adult place/);
  });

  it('cancels a hold (released) and a paid booking (refunded), and lists bookings by status and email', async () => {
    const canal = await product('canal');
    const typeId = canal.product_types[0]?.id ?? '';
    const { date } = await firstDate(typeId);
    const book = async (email: string) =>
      expectOk(
        await sb.post('/activities/bookings', token, {
          product_type_id: typeId,
          date,
          timeslot: '10:00',
          travelers: { adults: 1, children: 1 },
          customer: { ...customer, email },
        }),
        ActivityBookingSchema,
        201,
      );
    const a = await book('a@example.com');
    const b = await book('b@example.com');
    expect(
      expectOk(await sb.post(`/activities/bookings/${a.id}/cancel`, token), ActivityBookingSchema).status,
    ).toBe('cancelled');
    const before = expectOk(await sb.get('/wallet', token), WalletSchema);
    expectOk(await sb.post(`/activities/bookings/${b.id}/confirm`, token), ActivityBookingSchema);
    expect(
      expectOk(await sb.post(`/activities/bookings/${b.id}/cancel`, token), ActivityBookingSchema).status,
    ).toBe('refunded');
    const after = expectOk(await sb.get('/wallet', token), WalletSchema);
    expect(after.balance.amount).toBe(before.balance.amount);
    expect(after.held.amount).toBe('0.00');
    expectError(await sb.post(`/activities/bookings/${b.id}/cancel`, token), 409, 'invalid_state');
    const refunded = expectOk(
      await sb.get('/activities/bookings?status=refunded', token),
      ActivityBookingListSchema,
    );
    expect(refunded.data.map((x) => x.id)).toEqual([b.id]);
    const byEmail = expectOk(
      await sb.get('/activities/bookings?email=A@example.com', token),
      ActivityBookingListSchema,
    );
    expect(byEmail.data.map((x) => x.id)).toEqual([a.id]);
    const firstPage = expectOk(
      await sb.get('/activities/bookings?limit=1', token),
      ActivityBookingListSchema,
    );
    expect(firstPage.has_more).toBe(true);
    const secondPage = expectOk(
      await sb.get(`/activities/bookings?limit=1&after=${firstPage.next_cursor}`, token),
      ActivityBookingListSchema,
    );
    expect(secondPage.data[0]?.id).not.toBe(firstPage.data[0]?.id);
  });

  it('cancels a hold that was not confirmed within 30 minutes', async () => {
    const canal = await product('canal');
    const typeId = canal.product_types[0]?.id ?? '';
    const { date } = await firstDate(typeId);
    const held = expectOk(
      await sb.post('/activities/bookings', token, {
        product_type_id: typeId,
        date,
        timeslot: '10:00',
        travelers: { adults: 1 },
        customer,
      }),
      ActivityBookingSchema,
      201,
    );
    await sb.advance(31 * 60);
    expect(
      expectOk(await sb.get(`/activities/bookings/${held.id}`, token), ActivityBookingSchema).status,
    ).toBe('cancelled');
  });
});
