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
  answerValueSchema,
  BookingOptionSchema,
  bookingOptionsAnswersSchemaFor,
  INPUT_TYPE_CODES,
  isKnownInputType,
  priceActivityBooking,
  travelerCategoryOf,
  travelerLabels,
  travelerSequence,
} from './activities.ts';
import {
  activityAvailability,
  activityBooking,
  activityBookingRequest,
  activityProduct,
  badAnswers,
  everyInputType,
  goodAnswers,
  money,
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

  describe.each(everyInputType.map((option) => [option.input_type_name, option] as const))(
    'a %s answer',
    (_, option) => {
      it('accepts a good value', () => {
        const result = answerValueSchema(option).safeParse(goodAnswers[option.id]);
        expect(result.error?.issues ?? []).toEqual([]);
      });
      it('rejects a bad value', () => {
        expect(answerValueSchema(option).safeParse(badAnswers[option.id]).success).toBe(false);
      });
    },
  );

  it('refuses a date and time on a day that does not exist, and takes 29 February of a leap year', () => {
    const landing = everyInputType.find((o) => o.id === 'landing');
    if (!landing) throw new Error('fixture missing');
    const result = answerValueSchema(landing).safeParse('2027-02-31T10:00');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['is not a real date']);
    expect(answerValueSchema(landing).safeParse('2027-02-29T10:00').success).toBe(false);
    expect(answerValueSchema(landing).safeParse('2028-02-29T10:00').success).toBe(true);
  });

  it('explains a format_regex failure with the option description', () => {
    const passport = everyInputType.find((o) => o.id === 'passport');
    if (!passport) throw new Error('fixture missing');
    const result = answerValueSchema(passport).safeParse('ab-12');
    expect(result.error?.issues[0]?.message).toContain('6 to 9 capital letters or digits');
  });
});

describe('a booking options answer schema built from the options', () => {
  const travelers = activityBookingRequest.travelers;
  const schema = bookingOptionsAnswersSchemaFor(activityAvailability.booking_options, travelers);

  it('accepts one per_booking list and one per_pax list per traveller', () => {
    expect(schema.safeParse(activityBookingRequest.options).error?.issues ?? []).toEqual([]);
  });

  it('refuses a per_pax answer array of the wrong length', () => {
    const options = structuredClone(activityBookingRequest.options);
    options?.per_pax?.pop();
    const result = schema.safeParse(options);
    expect(result.error?.issues[0]?.path).toEqual(['per_pax']);
  });

  it('names the missing required option and the traveller in the path', () => {
    const options = structuredClone(activityBookingRequest.options);
    if (options?.per_pax?.[1]) options.per_pax[1] = [];
    const result = schema.safeParse(options);
    expect(result.error?.issues.map((i) => i.path)).toContainEqual(['per_pax', 1, 'passport']);
  });

  it('names a bad answer by its option id', () => {
    const options = structuredClone(activityBookingRequest.options);
    if (options?.per_pax?.[0]?.[0]) options.per_pax[0][0].value = 'x';
    const result = schema.safeParse(options);
    expect(result.error?.issues[0]?.path.slice(0, 3)).toEqual(['per_pax', 0, 'passport']);
  });

  it('refuses an answer to an option the activity does not have, and one answered twice', () => {
    const unknown = structuredClone(activityBookingRequest.options);
    unknown?.per_booking?.push({ id: 'helicopter', value: true });
    expect(schema.safeParse(unknown).success).toBe(false);
    const twice = structuredClone(activityBookingRequest.options);
    twice?.per_booking?.push({ id: 'pickup_point', value: 'meeting' });
    expect(schema.safeParse(twice).success).toBe(false);
  });

  it('requires options when any option is required, and lets them be left out otherwise', () => {
    expect(schema.safeParse(undefined).success).toBe(false);
    const optionalOnly = bookingOptionsAnswersSchemaFor(
      { per_booking: everyInputType.filter((o) => !o.required), per_pax: [] },
      travelers,
    );
    expect(optionalOnly.safeParse(undefined).success).toBe(true);
  });

  it('orders travellers adults, then children, then seniors', () => {
    expect(travelerSequence({ adults: 2, children: 1, seniors: 1 })).toEqual([
      'adult',
      'adult',
      'child',
      'senior',
    ]);
    expect(travelerLabels({ adults: 1, children: 2, seniors: 0 })).toEqual(['Adult 1', 'Child 1', 'Child 2']);
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

describe('pricing an activity booking', () => {
  it('adds rates per traveller and the prices of answered options and chosen items', () => {
    const { total, lines } = priceActivityBooking(
      activityAvailability.rates,
      activityBookingRequest.travelers,
      activityAvailability.booking_options,
      activityBookingRequest.options,
    );
    // 2 x 22.00 + 1 x 11.00 + pickup at the hotel 10.00 + one wheelchair 7.25
    expect(total.amount).toBe('72.25');
    expect(lines.map((l) => l.label)).toEqual(['Adult', 'Child', 'Pickup point', 'Wheelchair']);
  });

  it('reads a service that names its categories in capitals, in the plural or with an unknown one beside them', () => {
    const rates = [
      { category: 'ADULT', price: money('22.00') },
      { category: 'Children', price: money('11.00') },
      { category: 'INFANT', price: money('0.00') },
    ];
    const { total, lines } = priceActivityBooking(
      rates,
      { adults: 2, children: 1 },
      { per_booking: [], per_pax: [] },
      undefined,
    );
    expect(total.amount).toBe('55.00');
    expect(lines.map((l) => [l.label, l.category, l.quantity])).toEqual([
      ['Adult', 'adult', 2],
      ['Child', 'child', 1],
    ]);
  });

  it('charges nothing for an add-on answered no', () => {
    const options = structuredClone(activityBookingRequest.options);
    if (options?.per_pax?.[0]?.[1]) options.per_pax[0][1].value = false;
    const { total } = priceActivityBooking(
      activityAvailability.rates,
      activityBookingRequest.travelers,
      activityAvailability.booking_options,
      options,
    );
    expect(total.amount).toBe('65.00');
  });

  it('sums the items of a multiple choice', () => {
    const extras = everyInputType.find((o) => o.id === 'extras');
    if (!extras) throw new Error('fixture missing');
    const { total } = priceActivityBooking(
      [],
      { adults: 1 },
      { per_booking: [extras], per_pax: [] },
      {
        per_booking: [{ id: 'extras', value: [1, 2] }],
      },
    );
    expect(total.amount).toBe('20.50');
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
