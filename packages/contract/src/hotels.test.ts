import { describe, expect, it } from 'vitest';
import {
  hotelCitySearch,
  hotelHotelSearch,
  hotelOrder,
  hotelOrderRequest,
  hotelRate,
  hotelSearchRequest,
} from './fixtures.ts';
import {
  ExtendDeadlineResultSchema,
  HotelCancellationQuoteSchema,
  HotelFiltersSchema,
  HotelOrderRequestSchema,
  HotelOrderSchema,
  HotelPlaceListSchema,
  HotelPlacesQuerySchema,
  HotelRateSchema,
  HotelSearchRequestSchema,
  HotelSearchSchema,
} from './hotels.ts';
import { withChange } from './test-helpers.ts';

describe('hotel places', () => {
  it('accepts a query with a limit from 1 to 100 and a place type', () => {
    expect(HotelPlacesQuerySchema.parse({ query: 'par', limit: '100', type: 'city' })).toEqual({
      query: 'par',
      limit: 100,
      type: 'city',
    });
  });

  it.each([
    ['a limit of 0', { query: 'par', limit: '0' }],
    ['a limit of 101', { query: 'par', limit: '101' }],
    ['an unknown place type', { query: 'par', type: 'airport' }],
    ['no query', { limit: '5' }],
    ['a blank query', { query: '   ' }],
  ])('rejects %s', (_, query) => {
    expect(HotelPlacesQuerySchema.safeParse(query).success).toBe(false);
  });

  it('parses a place list with and without coordinates', () => {
    const list = HotelPlaceListSchema.parse({
      object: 'hotel_place_list',
      count: 2,
      data: [
        {
          id: '2001',
          name: 'Paris',
          type: 'city',
          country: 'France',
          coordinates: { latitude: 48.85, longitude: 2.35 },
        },
        { id: '3001', name: 'Île-de-France', type: 'region', country: 'France', coordinates: null },
      ],
    });
    expect(list.count).toBe(2);
  });
});

describe('hotel search request', () => {
  it('accepts a city search with sort, filters and a page', () => {
    expect(HotelSearchRequestSchema.parse(hotelSearchRequest).occupancies[1]).toEqual({
      adults: 1,
      children: [],
    });
  });

  it('accepts a hotel search without sort or filters', () => {
    const { city_id: _c, sort: _s, filters: _f, ...rest } = hotelSearchRequest;
    expect(HotelSearchRequestSchema.safeParse({ ...rest, hotel_id: 1001 }).success).toBe(true);
  });

  it.each([
    ['0 adults in a room', { occupancies: [{ adults: 0 }] }, 'occupancies.0.adults'],
    ['9 adults in a room', { occupancies: [{ adults: 9 }] }, 'occupancies.0.adults'],
    ['a child of 18', { occupancies: [{ adults: 1, children: [18] }] }, 'occupancies.0.children.0'],
    ['no rooms', { occupancies: [] }, 'occupancies'],
    ['check-out before check-in', { check_out: '2026-12-09' }, 'check_out'],
    ['a 31-night stay', { check_out: '2027-01-10' }, 'check_out'],
    ['both a city and a hotel', { hotel_id: 1001 }, 'city_id'],
    ['a sort that is not offered', { sort: 'cheapest' }, 'sort'],
    ['a page of 0', { page: 0 }, 'page'],
    ['a page size of 101', { page_size: 101 }, 'page_size'],
    ['a string city id', { city_id: '2001' }, 'city_id'],
  ])('rejects %s', (_, patch, path) => {
    const result = HotelSearchRequestSchema.safeParse({ ...hotelSearchRequest, ...patch });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain(path);
  });

  it('rejects sort or filters on a hotel search', () => {
    const { city_id: _c, ...rest } = hotelSearchRequest;
    const result = HotelSearchRequestSchema.safeParse({ ...rest, hotel_id: 1001 });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(
      expect.arrayContaining(['sort', 'filters']),
    );
  });
});

describe('hotel filters', () => {
  it('accepts every fixed group at its edges and catalogue values from facets', () => {
    expect(
      HotelFiltersSchema.safeParse({
        stars: [0, 5],
        review_score: [5, 9],
        meals: ['all_inclusive', 'self_catering'],
        free_cancellation: [true],
        adults_only: [true],
        sustainable: [true],
        distance_km: [1, 3, 5],
        min_beds: [1, 5],
        min_bedrooms: [1, 4],
        bed_type: ['single', 'double'],
        property_type: [3],
        facility: ['wifi', 'pool'],
        room_facility: ['balcony'],
        district: [12],
        chain: ['accor'],
        landmark: [7],
      }).success,
    ).toBe(true);
  });

  it.each([
    ['stars 6', { stars: [6] }],
    ['stars -1', { stars: [-1] }],
    ['a review score of 4', { review_score: [4] }],
    ['an unknown meal plan', { meals: ['brunch'] }],
    ['free_cancellation false', { free_cancellation: [false] }],
    ['distance_km 2', { distance_km: [2] }],
    ['min_beds 0', { min_beds: [0] }],
    ['min_beds 6', { min_beds: [6] }],
    ['min_bedrooms 5', { min_bedrooms: [5] }],
    ['a bed type of king', { bed_type: ['king'] }],
    ['an unknown group', { pets: [true] }],
    ['a group that is not a list', { stars: 4 }],
  ])('rejects %s', (_, filters) => {
    expect(HotelFiltersSchema.safeParse(filters).success).toBe(false);
  });
});

describe('hotel search responses', () => {
  it('parses a city search with facets, sorts and pagination', () => {
    const parsed = HotelSearchSchema.parse(hotelCitySearch);
    expect(parsed.mode).toBe('city');
    if (parsed.mode === 'city') expect(parsed.offers[0]?.lead_rate.amount).toBe('540.00');
  });

  it('parses a hotel search with the property once and its rates', () => {
    const parsed = HotelSearchSchema.parse(hotelHotelSearch);
    expect(parsed.mode === 'hotel' && parsed.hotel.id).toBe('1001');
  });

  it('rejects a hotel search without its hotel', () => {
    const { hotel: _h, ...rest } = hotelHotelSearch;
    expect(HotelSearchSchema.safeParse(rest).success).toBe(false);
  });

  it('reads a facet of a type the document does not list', () => {
    const search = HotelSearchSchema.parse(withChange(hotelCitySearch, ['facets', 0, 'type'], 'slider'));
    expect(search.facets[0]?.type).toBe('slider');
  });

  it('parses a confirmed rate and rejects one with a wrong id prefix', () => {
    expect(HotelRateSchema.parse(hotelRate).hotel?.name).toBe('Hotel Lumière Saint-Germain');
    expect(HotelRateSchema.safeParse({ ...hotelRate, id: 'ofr_0a1b2c3d4e5f6g7h8i9j' }).success).toBe(false);
  });
});

describe('hotel orders', () => {
  it('accepts an order request with guests per room', () => {
    expect(HotelOrderRequestSchema.parse(hotelOrderRequest).rooms[0]?.guests).toHaveLength(2);
  });

  it.each([
    ['a room with no guests', ['rooms', 0, 'guests'], []],
    ['no rooms', ['rooms'], []],
    ['a guest without a family name', ['rooms', 0, 'guests', 0, 'family_name'], undefined],
    ['a guest of type infant', ['rooms', 0, 'guests', 0, 'type'], 'infant'],
    ['a contact without email', ['contact', 'email'], undefined],
    ['a nationality that is not a country code', ['nationality'], 'British'],
    ['a rate id from a flight offer', ['rate_id'], 'ofr_0a1b2c3d4e5f6g7h8i9j'],
  ] as const)('rejects %s', (_, path, value) => {
    expect(HotelOrderRequestSchema.safeParse(withChange(hotelOrderRequest, path, value)).success).toBe(false);
  });

  it('parses an order, a cancellation quote and an extended deadline', () => {
    expect(HotelOrderSchema.parse(hotelOrder).status).toBe('held');
    expect(HotelOrderSchema.parse({ ...hotelOrder, status: 'on_request' }).status).toBe('on_request');
    expect(
      HotelCancellationQuoteSchema.parse({
        object: 'hotel_cancellation_quote',
        order_id: hotelOrder.id,
        penalty: { amount: '180.00', currency: 'USD' },
        status: 1,
        expires_at: '2026-11-20T10:15:00Z',
      }).penalty.amount,
    ).toBe('180.00');
    expect(
      ExtendDeadlineResultSchema.parse({
        object: 'hotel_order',
        id: hotelOrder.id,
        payment_deadline: '2026-11-23T12:00:00Z',
      }).payment_deadline,
    ).toBe('2026-11-23T12:00:00Z');
  });
});
