import { describe, expect, it } from 'vitest';
import {
  ActivityAvailabilitySchema,
  ActivityBookingListSchema,
  ActivityBookingRequestSchema,
  ActivityBookingSchema,
  ActivityBookingsQuerySchema,
  ActivityProductListSchema,
  ActivityProductsQuerySchema,
  ActivityVoucherListSchema,
} from './activities.ts';
import {
  BookingOptionSchema,
  INPUT_TYPE_CODES,
  isKnownInputType,
  travelerCategoryOf,
} from './activity-options.ts';
import {
  activityAvailability,
  activityBooking,
  activityBookingRequest,
  activityProduct,
  everyInputType,
} from './fixtures.ts';

describe('activity products', () => {
  it('parses a product list with a cursor', () => {
    const list = ActivityProductListSchema.parse({
      object: 'activity_product_list',
      data: [activityProduct],
      total: 40,
      has_more: true,
      next_cursor: 'cur_20',
    });
    expect(list.next_cursor).toBe('cur_20');
  });

  it('reads the list query from the query string', () => {
    expect(
      ActivityProductsQuerySchema.parse({
        city: 'Paris',
        min_price: '10',
        max_price: '50.5',
        sort: 'price_asc',
        limit: '5',
      }),
    ).toMatchObject({ min_price: 10, max_price: 50.5, limit: 5 });
  });

  it.each([
    ['a negative price', { min_price: '-1' }],
    ['a max below the min', { min_price: '50', max_price: '10' }],
    ['an empty sort', { sort: '' }],
    ['a limit of 0', { limit: '0' }],
    ['a price that is not a number', { max_price: 'cheap' }],
  ])('rejects %s', (_, query) => {
    expect(ActivityProductsQuerySchema.safeParse(query).success).toBe(false);
  });

  it('rejects a product whose id has the wrong prefix', () => {
    expect(
      ActivityProductListSchema.safeParse({
        object: 'activity_product_list',
        data: [{ ...activityProduct, id: 'apt_0a1b2c3d4e5f6g7h8i9j' }],
        total: 1,
        has_more: false,
        next_cursor: null,
      }).success,
    ).toBe(false);
  });
});

describe('availability and booking options', () => {
  it('parses availability with timeslots, capacity, rates and options', () => {
    expect(ActivityAvailabilitySchema.parse(activityAvailability).booking_options.per_pax).toHaveLength(2);
  });

  it('has an example of every one of the 14 input types', () => {
    expect(everyInputType.map((o) => o.input_type).sort((a, b) => a - b)).toEqual(INPUT_TYPE_CODES);
    for (const option of everyInputType) expect(BookingOptionSchema.safeParse(option).success).toBe(true);
  });

  it('reads an option with an input type of 15 and knows it is not one of the fourteen', () => {
    const option = BookingOptionSchema.parse({ ...everyInputType[0], input_type: 15 });
    expect(isKnownInputType(option.input_type)).toBe(false);
    expect(isKnownInputType(14)).toBe(true);
  });
});

describe('a traveller category as a service writes it', () => {
  it('names the same category in any case, singular or plural, with spaces or underscores', () => {
    for (const written of ['adult', 'ADULT', 'Adults', ' adults ', 'ADULTS'])
      expect(travelerCategoryOf(written)).toBe('adult');
    for (const written of ['child', 'CHILD', 'Children', 'kids'])
      expect(travelerCategoryOf(written)).toBe('child');
    for (const written of ['senior', 'SENIOR', 'Seniors', 'senior_s'])
      expect(travelerCategoryOf(written)).toBe('senior');
  });

  it('is none of the three for a category a booking request cannot carry', () => {
    for (const written of ['INFANT', 'student', 'youth', '', 'adult child'])
      expect(travelerCategoryOf(written)).toBeNull();
  });
});

describe('activity bookings', () => {
  it('accepts a booking request and parses the held booking', () => {
    expect(ActivityBookingRequestSchema.parse(activityBookingRequest).travelers).toEqual({
      adults: 2,
      children: 1,
      seniors: 0,
    });
    expect(ActivityBookingSchema.parse(activityBooking).status).toBe('held');
  });

  it.each([
    ['no adults', { travelers: { adults: 0 } }],
    ['a customer without email', { customer: { given_name: 'A', family_name: 'B' } }],
    ['an empty timeslot', { timeslot: '' }],
    ['a product type id of a product', { product_type_id: 'act_0a1b2c3d4e5f6g7h8i9j' }],
    ['an answer without an id', { options: { per_booking: [{ value: 1 }] } }],
  ])('rejects a request with %s', (_, patch) => {
    expect(ActivityBookingRequestSchema.safeParse({ ...activityBookingRequest, ...patch }).success).toBe(
      false,
    );
  });

  it('reads the bookings query and parses a list that carries only identity and status', () => {
    expect(ActivityBookingsQuerySchema.parse({ status: 'held', limit: '10' })).toMatchObject({
      status: 'held',
      limit: 10,
    });
    expect(ActivityBookingsQuerySchema.safeParse({ status: 'pending' }).success).toBe(false);
    const list = ActivityBookingListSchema.parse({
      object: 'activity_booking_list',
      data: [
        {
          object: 'activity_booking_summary',
          id: activityBooking.id,
          status: 'held',
          code: null,
          partner_reference: null,
          product_type_id: null,
          product_id: null,
          created_at: null,
          updated_at: null,
        },
      ],
      has_more: false,
      next_cursor: null,
    });
    expect(list.data[0]?.status).toBe('held');
  });

  it('parses a voucher list', () => {
    expect(
      ActivityVoucherListSchema.parse({
        object: 'activity_voucher_list',
        booking_id: activityBooking.id,
        data: [
          {
            object: 'activity_voucher',
            id: 'avc_0a1b2c3d4e5f6g7h8i9j',
            visual_id: 'LVR-48213-1',
            generated_at: '2026-11-20T10:05:00Z',
            download_url:
              '/v3/activities/bookings/abk_0a1b2c3d4e5f6g7h8i9j/vouchers/avc_0a1b2c3d4e5f6g7h8i9j/download',
          },
        ],
      }).data,
    ).toHaveLength(1);
  });
});
