import { describe, expect, it } from 'vitest';
import {
  flightConditions,
  flightOffer,
  flightOrder,
  flightOrderRequest,
  flightSearchRequest,
} from './fixtures.ts';
import {
  checkPassengersAgainstOffer,
  FlightConditionsSchema,
  FlightOfferSchema,
  FlightOrderRequestSchema,
  FlightOrderSchema,
  FlightPlaceListSchema,
  FlightPlacesQuerySchema,
  FlightSearchRequestSchema,
  FlightSearchSchema,
  NotesRequestSchema,
  parseFlightSearchEvent,
  passengerTypeForAge,
  RefundQuoteSchema,
  RefundRequestSchema,
  RefundSchema,
} from './flights.ts';
import { withChange } from './test-helpers.ts';

describe('flight places', () => {
  it('accepts a two-character query and defaults the limit to 8', () => {
    expect(FlightPlacesQuerySchema.parse({ query: 'lo' })).toEqual({ query: 'lo', limit: 8 });
  });

  it('rejects a one-character query', () => {
    expect(FlightPlacesQuerySchema.safeParse({ query: 'l' }).success).toBe(false);
  });

  it('takes the limit from the query string and caps it at 20', () => {
    expect(FlightPlacesQuerySchema.parse({ query: 'lon', limit: '20' }).limit).toBe(20);
    expect(FlightPlacesQuerySchema.safeParse({ query: 'lon', limit: '21' }).success).toBe(false);
    expect(FlightPlacesQuerySchema.safeParse({ query: 'lon', limit: 'ten' }).success).toBe(false);
  });

  it('parses a place list', () => {
    const list = {
      object: 'flight_place_list',
      data: [
        {
          object: 'flight_place',
          code: 'LHR',
          name: 'Heathrow',
          type: 'airport',
          city_code: 'LON',
          country_code: 'GB',
          country: 'United Kingdom',
        },
      ],
    };
    expect(FlightPlaceListSchema.parse(list).data).toHaveLength(1);
    // The code is typed only as a string: a station code of another form is read, not refused.
    expect(FlightPlaceListSchema.parse(withChange(list, ['data', 0, 'code'], 'LHRX')).data[0]?.code).toBe(
      'LHRX',
    );
  });
});

describe('flight search request', () => {
  it('accepts a return trip for two adults and a child', () => {
    expect(FlightSearchRequestSchema.parse(flightSearchRequest).passengers).toEqual({
      adults: 2,
      children: 1,
      infants: 0,
    });
  });

  it('fills children and infants with zero', () => {
    const parsed = FlightSearchRequestSchema.parse({
      slices: [{ origin: 'CDG', destination: 'FCO', departure_date: '2026-12-01' }],
      passengers: { adults: 1 },
    });
    expect(parsed.passengers).toEqual({ adults: 1, children: 0, infants: 0 });
  });

  it.each([
    ['no adults', ['passengers', 'adults'], 0, 'passengers.adults'],
    ['more infants than adults', ['passengers', 'infants'], 3, 'passengers.infants'],
    ['ten passengers', ['passengers', 'children'], 8, 'passengers.adults'],
    ['no slices', ['slices'], [], 'slices'],
    ['a lower-case airport code', ['slices', 0, 'origin'], 'lhr', 'slices.0.origin'],
    ['a slice to where it starts', ['slices', 0, 'destination'], 'LHR', 'slices.0.destination'],
    ['an impossible date', ['slices', 0, 'departure_date'], '2026-02-30', 'slices.0.departure_date'],
    ['slices out of date order', ['slices', 1, 'departure_date'], '2026-12-01', 'slices.1.departure_date'],
    ['an unknown cabin', ['cabin_class'], 'coach', 'cabin_class'],
    ['an unknown provider', ['provider'], 'amadeus', 'provider'],
    ['an unknown field', ['currency'], 'EUR', ''],
  ] as const)('rejects %s', (_, path, value, param) => {
    const result = FlightSearchRequestSchema.safeParse(withChange(flightSearchRequest, path, value));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.map(String).join('.'))).toContain(param);
  });
});

describe('flight offer and search', () => {
  it('parses an offer', () => {
    expect(FlightOfferSchema.parse(flightOffer).slices).toHaveLength(2);
  });

  it('rejects an offer whose id has the wrong prefix', () => {
    expect(FlightOfferSchema.safeParse({ ...flightOffer, id: 'off_0a1b2c3d4e5f6g7h8i9j' }).success).toBe(
      false,
    );
  });

  it('rejects an offer whose total has three decimals', () => {
    expect(
      FlightOfferSchema.safeParse({ ...flightOffer, total: { amount: '1234.500', currency: 'USD' } }).success,
    ).toBe(false);
  });

  it('parses a search with its offers', () => {
    const search = {
      object: 'flight_search',
      id: 'fsr_0a1b2c3d4e5f6g7h8i9j',
      status: 'complete',
      offer_count: 1,
      offers: [flightOffer],
    };
    expect(FlightSearchSchema.parse(search).offer_count).toBe(1);
    expect(FlightSearchSchema.safeParse({ ...search, object: 'search' }).success).toBe(false);
  });

  it('parses conditions', () => {
    expect(FlightConditionsSchema.parse(flightConditions).fare_rules[0]?.rules).toHaveLength(2);
  });
});

describe('flight search events', () => {
  it('parses an offers batch that replaces the previous one', () => {
    const data = JSON.stringify({
      object: 'flight_offer_batch',
      search_id: 'fsr_0a1b2c3d4e5f6g7h8i9j',
      replace: true,
      offer_count: 1,
      providers_answered: 1,
      providers_total: 3,
      offers: [flightOffer],
    });
    const event = parseFlightSearchEvent('offers', data);
    expect(event?.event).toBe('offers');
  });

  it('reads a batch with only the offers the document names', () => {
    const event = parseFlightSearchEvent('offers', JSON.stringify({ replace: true, offers: [] }));
    expect(event?.event === 'offers' && event.data.offers).toEqual([]);
  });

  it('reads any done payload, JSON or not', () => {
    expect(parseFlightSearchEvent('done', '{"finished":1}')).toEqual({
      event: 'done',
      data: { finished: 1 },
    });
    expect(parseFlightSearchEvent('done', '')).toEqual({ event: 'done', data: '' });
  });

  it('rejects an offers batch whose offers are not offers', () => {
    const data = JSON.stringify({
      object: 'flight_offer_batch',
      search_id: 'fsr_0a1b2c3d4e5f6g7h8i9j',
      replace: true,
      offer_count: 0,
      providers_answered: 0,
      providers_total: 1,
      offers: [{ id: 'not an offer' }],
    });
    expect(() => parseFlightSearchEvent('offers', data)).toThrow();
  });

  it('parses done, and ignores events it does not know', () => {
    const done = parseFlightSearchEvent(
      'done',
      JSON.stringify({
        object: 'flight_search_done',
        search_id: 'fsr_0a1b2c3d4e5f6g7h8i9j',
        status: 'complete',
        offer_count: 12,
      }),
    );
    expect(done).toMatchObject({ event: 'done', data: { offer_count: 12 } });
    expect(parseFlightSearchEvent('ping', '{}')).toBeNull();
  });
});

describe('flight order request', () => {
  it('accepts three passengers with a document', () => {
    expect(FlightOrderRequestSchema.parse(flightOrderRequest).passengers).toHaveLength(3);
  });

  it.each([
    ['a missing contact phone', ['contact', 'phone'], undefined],
    ['a phone not in international form', ['contact', 'phone'], '020 7123 4567'],
    ['a bad email', ['contact', 'email'], 'amelia at example'],
    ['an empty given name', ['passengers', 0, 'given_name'], ' '],
    ['a name with digits', ['passengers', 0, 'family_name'], 'H4rt'],
    ['an unknown gender', ['passengers', 0, 'gender'], 'x'],
    ['an offer id of another kind', ['offer_id'], 'hrt_0a1b2c3d4e5f6g7h8i9j'],
    ['a document issued after it expires', ['passengers', 1, 'document', 'issued_on'], '2031-01-01'],
    ['no passengers', ['passengers'], []],
  ] as const)('rejects %s', (_, path, value) => {
    expect(FlightOrderRequestSchema.safeParse(withChange(flightOrderRequest, path, value)).success).toBe(
      false,
    );
  });

  it('bands ages as airlines do', () => {
    expect([0, 1, 2, 11, 12, 80].map(passengerTypeForAge)).toEqual([
      'infant',
      'infant',
      'child',
      'child',
      'adult',
      'adult',
    ]);
  });

  it('accepts passengers who fit the offer', () => {
    expect(
      checkPassengersAgainstOffer(FlightOrderRequestSchema.parse(flightOrderRequest).passengers, flightOffer),
    ).toBeNull();
  });

  it('refuses a child whose date of birth makes them an adult on the day of travel', () => {
    const request = FlightOrderRequestSchema.parse(flightOrderRequest);
    const passengers = request.passengers.map((p) =>
      p.type === 'child' ? { ...p, date_of_birth: '2010-01-01' } : p,
    );
    expect(checkPassengersAgainstOffer(passengers, flightOffer)?.param).toBe('passengers[2].date_of_birth');
  });

  it('refuses a passenger mix that differs from the offer', () => {
    const request = FlightOrderRequestSchema.parse(flightOrderRequest);
    expect(checkPassengersAgainstOffer(request.passengers.slice(0, 2), flightOffer)?.param).toBe(
      'passengers',
    );
  });

  it('refuses a document that expires before the last flight', () => {
    const request = FlightOrderRequestSchema.parse(flightOrderRequest);
    const passengers = request.passengers.map((p) =>
      p.document ? { ...p, document: { ...p.document, expires_on: '2026-12-15' } } : p,
    );
    expect(checkPassengersAgainstOffer(passengers, flightOffer)?.param).toBe(
      'passengers[1].document.expires_on',
    );
  });
});

describe('flight order, refunds and notes', () => {
  it('parses an order', () => {
    expect(FlightOrderSchema.parse(flightOrder).status).toBe('held');
  });

  it('reads an order in a status the document does not list, as written', () => {
    expect(FlightOrderSchema.parse({ ...flightOrder, status: 'pending' }).status).toBe('pending');
  });

  it('reads an order whose open fields have other shapes and whose id has no prefix', () => {
    const order = FlightOrderSchema.parse({
      ...flightOrder,
      id: 'PNR-7781',
      contact: { email_address: 'a@b.test' },
      passengers: [{ name: { first: 'Amelia' } }],
      segments: [],
      notes: ['aisle seat'],
      ticketing_deadline: '2026-12-01T10:00:00',
      created_at: 17,
      unknown_field: { nested: true },
    });
    expect(order.id).toBe('PNR-7781');
    expect(order.created_at).toBeUndefined();
  });

  it('refuses an order without an id', () => {
    const { id: _id, ...withoutId } = flightOrder;
    expect(FlightOrderSchema.safeParse(withoutId).success).toBe(false);
  });

  it('parses a refund quote and a refund', () => {
    expect(
      RefundQuoteSchema.parse({
        object: 'refund_quote',
        order_id: flightOrder.id,
        refund_type: 1,
        tickets: [
          {
            ticket_number: '125-1234567890',
            passenger_id: 'pas_aaaaaaaaaaaaaaaaaaaa',
            passenger_name: 'Amelia Hart',
            fare: { amount: '493.80', currency: 'USD' },
            penalty: { amount: '150.00', currency: 'USD' },
            refund_amount: { amount: '343.80', currency: 'USD' },
          },
        ],
      }).tickets,
    ).toHaveLength(1);
    expect(
      RefundSchema.parse({
        object: 'refund',
        order_id: flightOrder.id,
        status: 'requested',
        refunded_tickets: ['125-1'],
      }).status,
    ).toBe('requested');
  });

  it('accepts an empty refund body and any whole refund type the service offered', () => {
    expect(RefundRequestSchema.safeParse({}).success).toBe(true);
    expect(RefundRequestSchema.safeParse({ refund_type: 1, refund_payment_mode: 1 }).success).toBe(true);
    expect(RefundRequestSchema.safeParse({ refund_type: 7, refund_payment_mode: 30 }).success).toBe(true);
    expect(RefundRequestSchema.safeParse({ refund_type: 1.5 }).success).toBe(false);
    expect(RefundRequestSchema.safeParse({ refund_type: 'voluntary' }).success).toBe(false);
    expect(RefundRequestSchema.safeParse({ ticket_numbers: [] }).success).toBe(false);
  });

  it('requires at least one non-empty note', () => {
    expect(NotesRequestSchema.safeParse({ notes: ['Aisle seat please'] }).success).toBe(true);
    expect(NotesRequestSchema.safeParse({ notes: [] }).success).toBe(false);
    expect(NotesRequestSchema.safeParse({ notes: ['  '] }).success).toBe(false);
    expect(NotesRequestSchema.safeParse({}).success).toBe(false);
  });
});
