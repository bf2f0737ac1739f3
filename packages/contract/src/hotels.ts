import { z } from 'zod';
import { idSchema } from './ids.ts';
import { MoneySchema } from './money.ts';
import {
  ClientReferenceSchema,
  ContactSchema,
  CountryCodeSchema,
  DateSchema,
  DateTimeSchema,
  daysBetween,
  PersonNameSchema,
  queryInt,
} from './primitives.ts';

/** Hotel, city and other place ids are numeric strings: the search request takes them as integers. */
export const NumericIdSchema = z.string().regex(/^\d{1,12}$/, { error: 'must be a numeric id' });

// ---------- places ----------

export const HOTEL_PLACE_TYPES = ['city', 'region', 'country', 'hotel', 'landmark', 'district'] as const;
export const HotelPlaceTypeSchema = z.enum(HOTEL_PLACE_TYPES);
export type HotelPlaceType = z.infer<typeof HotelPlaceTypeSchema>;

export const CoordinatesSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export type Coordinates = z.infer<typeof CoordinatesSchema>;

export const HotelPlaceSchema = z.object({
  id: NumericIdSchema,
  name: z.string(),
  type: HotelPlaceTypeSchema,
  country: z.string(),
  coordinates: CoordinatesSchema.nullable(),
});
export type HotelPlace = z.infer<typeof HotelPlaceSchema>;

export const HotelPlaceListSchema = z.object({
  object: z.literal('hotel_place_list'),
  count: z.number().int().min(0),
  data: z.array(HotelPlaceSchema),
});
export type HotelPlaceList = z.infer<typeof HotelPlaceListSchema>;

export const HOTEL_PLACES_LIMIT = { default: 10, min: 1, max: 100 } as const;
export const HotelPlacesQuerySchema = z.object({
  query: z.string().trim().min(1, { error: 'is required' }).max(100),
  limit: queryInt(HOTEL_PLACES_LIMIT.min, HOTEL_PLACES_LIMIT.max).default(HOTEL_PLACES_LIMIT.default),
  type: HotelPlaceTypeSchema.optional(),
});
export type HotelPlacesQuery = z.infer<typeof HotelPlacesQuerySchema>;

// ---------- search request ----------

export const HOTEL_SORTS = [
  'price',
  'stars_desc',
  'stars_asc',
  'review_score',
  'distance',
  'popularity',
] as const;
export const HotelSortSchema = z.enum(HOTEL_SORTS);
export type HotelSort = z.infer<typeof HotelSortSchema>;

export const MEAL_PLANS = [
  'breakfast',
  'breakfast_lunch',
  'breakfast_dinner',
  'full_board',
  'all_inclusive',
  'self_catering',
] as const;
export const MealPlanSchema = z.enum(MEAL_PLANS);

export const CATALOGUE_FILTER_KEYS = [
  'property_type',
  'facility',
  'room_facility',
  'district',
  'chain',
  'landmark',
] as const;
export const FIXED_FILTER_KEYS = [
  'stars',
  'review_score',
  'meals',
  'free_cancellation',
  'adults_only',
  'sustainable',
  'distance_km',
  'min_beds',
  'min_bedrooms',
  'bed_type',
] as const;
export type HotelFilterKey = (typeof FIXED_FILTER_KEYS)[number] | (typeof CATALOGUE_FILTER_KEYS)[number];

const intRange = (min: number, max: number) =>
  z
    .number()
    .int()
    .min(min, { error: `must be from ${min} to ${max}` })
    .max(max, { error: `must be from ${min} to ${max}` });
const group = <T extends z.ZodType>(value: T) => z.array(value).max(50).optional();
const catalogueValue = z.union([z.number().int(), z.string().min(1).max(100)]);

/**
 * Filters: a map of facet key to values. OR within a group, AND across groups.
 * Fixed groups have fixed value ranges; catalogue groups take values from the response's facets.
 */
export const HotelFiltersSchema = z
  .object({
    stars: group(intRange(0, 5)),
    review_score: group(z.literal([5, 6, 7, 8, 9], { error: 'must be 5, 6, 7, 8 or 9' })),
    meals: group(MealPlanSchema),
    free_cancellation: group(z.literal(true, { error: 'must be true' })),
    adults_only: group(z.literal(true, { error: 'must be true' })),
    sustainable: group(z.literal(true, { error: 'must be true' })),
    distance_km: group(z.literal([1, 3, 5], { error: 'must be 1, 3 or 5' })),
    min_beds: group(intRange(1, 5)),
    min_bedrooms: group(intRange(1, 4)),
    bed_type: group(z.enum(['single', 'double'])),
    property_type: group(catalogueValue),
    facility: group(catalogueValue),
    room_facility: group(catalogueValue),
    district: group(catalogueValue),
    chain: group(catalogueValue),
    landmark: group(catalogueValue),
  })
  .strict();
export type HotelFilters = z.infer<typeof HotelFiltersSchema>;

export const OccupancySchema = z
  .object({
    adults: z
      .number()
      .int()
      .min(1, { error: 'must be from 1 to 8' })
      .max(8, { error: 'must be from 1 to 8' }),
    children: z
      .array(z.number().int().min(0).max(17, { error: 'a child is 0 to 17 years old' }))
      .max(6)
      .default([]),
  })
  .strict();
export type Occupancy = z.infer<typeof OccupancySchema>;

export const HOTEL_SEARCH_LIMITS = {
  maxNights: 30,
  maxRooms: 8,
  defaultPageSize: 20,
  maxPageSize: 100,
} as const;

export const HotelSearchRequestSchema = z
  .object({
    check_in: DateSchema,
    check_out: DateSchema,
    city_id: z.number().int().positive().optional(),
    hotel_id: z.number().int().positive().optional(),
    occupancies: z
      .array(OccupancySchema)
      .min(1, { error: 'needs at least one room' })
      .max(HOTEL_SEARCH_LIMITS.maxRooms),
    sort: HotelSortSchema.optional(),
    filters: HotelFiltersSchema.optional(),
    page: z.number().int().min(1).optional(),
    page_size: z.number().int().min(1).max(HOTEL_SEARCH_LIMITS.maxPageSize).optional(),
  })
  .strict()
  .superRefine((request, ctx) => {
    const nights = daysBetween(request.check_in, request.check_out);
    if (nights < 1) ctx.addIssue({ code: 'custom', message: 'must be after check_in', path: ['check_out'] });
    if (nights > HOTEL_SEARCH_LIMITS.maxNights) {
      ctx.addIssue({
        code: 'custom',
        message: `a stay is at most ${HOTEL_SEARCH_LIMITS.maxNights} nights`,
        path: ['check_out'],
      });
    }
    const hasCity = request.city_id !== undefined;
    const hasHotel = request.hotel_id !== undefined;
    if (hasCity === hasHotel) {
      ctx.addIssue({
        code: 'custom',
        message: 'send exactly one of city_id and hotel_id',
        path: ['city_id'],
      });
    }
    if (hasHotel && request.sort !== undefined) {
      ctx.addIssue({ code: 'custom', message: 'sort applies to city searches only', path: ['sort'] });
    }
    if (hasHotel && request.filters !== undefined) {
      ctx.addIssue({ code: 'custom', message: 'filters apply to city searches only', path: ['filters'] });
    }
  });
export type HotelSearchRequest = z.input<typeof HotelSearchRequestSchema>;
export type ParsedHotelSearchRequest = z.output<typeof HotelSearchRequestSchema>;

// ---------- resources ----------

/** Inner fields of address, contact, location, rooms and policies are not shown in the spec (docs/decisions/002). */
export const HotelAddressSchema = z.object({
  line1: z.string(),
  city: z.string(),
  postal_code: z.string().nullable(),
  country_code: z.string(),
  country: z.string(),
});
export const HotelContactSchema = z.object({
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
});
export const HotelLocationSchema = CoordinatesSchema.extend({
  /** Distance from the city centre, in kilometres. */
  distance_km: z.number().min(0).nullable(),
  district: z.string().nullable(),
});

export const HotelSchema = z.object({
  id: NumericIdSchema,
  name: z.string(),
  chain: z.string().nullable(),
  rating: z.number().min(0).max(5),
  review_score: z.number().min(0).max(10).nullable(),
  address: HotelAddressSchema,
  contact: HotelContactSchema,
  location: HotelLocationSchema,
  images: z.array(z.string()),
});
export type Hotel = z.infer<typeof HotelSchema>;

/** A cancellation policy item: from `starts_at` on, cancelling costs `penalty` (after Duffel's cancellation_timeline). */
export const CancellationPolicySchema = z.object({
  starts_at: DateTimeSchema,
  penalty: MoneySchema,
  description: z.string(),
});
export const CancellationSchema = z.object({
  non_refundable: z.boolean(),
  policy_text: z.string(),
  policies: z.array(CancellationPolicySchema),
});
export type Cancellation = z.infer<typeof CancellationSchema>;

export const RoomSchema = z.object({
  name: z.string(),
  bed_type: z.enum(['single', 'double']),
  beds: z.number().int().min(1),
  bedrooms: z.number().int().min(1),
  max_occupancy: z.number().int().min(1),
  facilities: z.array(z.string()),
  occupancy: z.object({ adults: z.number().int(), children: z.array(z.number().int()) }),
});
export type Room = z.infer<typeof RoomSchema>;

export const DealBadgeSchema = z.string();

export const HotelSummarySchema = z.object({
  object: z.literal('hotel_summary'),
  hotel_id: NumericIdSchema,
  name: z.string(),
  lead_rate: MoneySchema,
  lead_rate_before_discount: MoneySchema.nullable(),
  discount_percent: z.number().min(0).max(100),
  deal_badges: z.array(DealBadgeSchema),
  meal_plan: z.string().nullable(),
  refundable: z.boolean(),
  free_cancellation: z.boolean(),
  check_in: DateSchema,
  check_out: DateSchema,
  nights: z.number().int().min(1),
  occupancy: z.object({ adults: z.number().int().min(1), children: z.number().int().min(0) }),
  rating: z.number().nullable(),
  review_score: z.number().nullable(),
  review_count: z.number().int().nullable(),
  review_word: z.string().nullable(),
  accommodation: z.string().nullable(),
  address: HotelAddressSchema,
  location: HotelLocationSchema.nullable(),
  images: z.array(z.string()),
});
export type HotelSummary = z.infer<typeof HotelSummarySchema>;

export const HotelRateSchema = z.object({
  object: z.literal('hotel_rate'),
  id: idSchema('hotelRate'),
  check_in: DateSchema.nullable(),
  check_out: DateSchema.nullable(),
  nights: z.number().int().nullable(),
  total: MoneySchema,
  total_before_discount: MoneySchema.nullable(),
  discount_percent: z.number().min(0).max(100),
  deal_badges: z.array(DealBadgeSchema),
  refundable: z.boolean(),
  refundable_until: DateTimeSchema.nullable(),
  available_rooms: z.number().int().nullable(),
  units: z.number().int().nullable(),
  board: z.string().nullable(),
  board_basis: z.string().nullable(),
  board_included: z.array(z.string()),
  /** Carried by a confirmed rate; a rate inside a hotel search leaves it out (the property is under `hotel`). */
  hotel: HotelSchema.optional(),
  rooms: z.array(RoomSchema),
  cancellation: CancellationSchema,
});
export type HotelRate = z.infer<typeof HotelRateSchema>;

export const FacetSchema = z.object({
  key: z.string(),
  title: z.string(),
  type: z.enum(['range', 'enum', 'boolean']),
  options: z.array(
    z.object({
      value: z.union([z.number(), z.string(), z.boolean()]),
      name: z.string(),
      count: z.number().int().min(0),
    }),
  ),
});
export type Facet = z.infer<typeof FacetSchema>;

export const PaginationSchema = z.object({
  page: z.number().int().min(1),
  page_size: z.number().int().min(1),
  total_pages: z.number().int().min(0),
  has_next: z.boolean(),
  has_prev: z.boolean(),
});
export type Pagination = z.infer<typeof PaginationSchema>;

export const FiltersAppliedSchema = z.record(
  z.string(),
  z.array(z.union([z.number(), z.string(), z.boolean()])),
);

const hotelSearchBase = {
  object: z.literal('hotel_search'),
  id: idSchema('hotelSearch').nullable(),
  check_in: DateSchema,
  check_out: DateSchema,
  nights: z.number().int().nullable(),
  total: z.number().int().min(0),
  sort: z.string().nullable(),
  filters_applied: FiltersAppliedSchema,
  sorts: z.array(z.object({ id: z.string(), name: z.string() })),
  facets: z.array(FacetSchema),
  pagination: PaginationSchema.nullable(),
  offer_count: z.number().int().min(0),
};

export const HotelCitySearchSchema = z.object({
  ...hotelSearchBase,
  mode: z.literal('city'),
  offers: z.array(HotelSummarySchema),
});
export const HotelHotelSearchSchema = z.object({
  ...hotelSearchBase,
  mode: z.literal('hotel'),
  hotel: HotelSchema,
  offers: z.array(HotelRateSchema),
});
export const HotelSearchSchema = z.discriminatedUnion('mode', [
  HotelCitySearchSchema,
  HotelHotelSearchSchema,
]);
export type HotelCitySearch = z.infer<typeof HotelCitySearchSchema>;
export type HotelHotelSearch = z.infer<typeof HotelHotelSearchSchema>;
export type HotelSearch = z.infer<typeof HotelSearchSchema>;

// ---------- orders ----------

export const GuestInputSchema = z
  .object({
    given_name: PersonNameSchema,
    family_name: PersonNameSchema,
    type: z.enum(['adult', 'child']).optional(),
    title: z.enum(['mr', 'mrs', 'ms', 'miss', 'dr']).optional(),
    national_id: z.string().trim().min(1).max(30).optional(),
    passport_number: z
      .string()
      .trim()
      .regex(/^[A-Z0-9]{5,20}$/i, { error: 'must be 5 to 20 letters and digits' })
      .optional(),
  })
  .strict();
export type GuestInput = z.infer<typeof GuestInputSchema>;

export const HotelOrderRequestSchema = z
  .object({
    rate_id: idSchema('hotelRate'),
    rooms: z
      .array(
        z
          .object({ guests: z.array(GuestInputSchema).min(1, { error: 'each room needs a guest' }).max(14) })
          .strict(),
      )
      .min(1)
      .max(HOTEL_SEARCH_LIMITS.maxRooms),
    contact: ContactSchema.strict(),
    nationality: CountryCodeSchema.optional(),
    note: z.string().trim().max(500).optional(),
    client_reference: ClientReferenceSchema.optional(),
  })
  .strict();
export type HotelOrderRequest = z.infer<typeof HotelOrderRequestSchema>;

export const HOTEL_ORDER_STATUSES = ['held', 'confirming', 'confirmed', 'cancelled'] as const;
export const HotelOrderStatusSchema = z.enum(HOTEL_ORDER_STATUSES);
export type HotelOrderStatus = z.infer<typeof HotelOrderStatusSchema>;

export const OrderGuestSchema = z.object({
  given_name: z.string(),
  family_name: z.string(),
  type: z.enum(['adult', 'child']),
  title: z.string().nullable(),
  national_id: z.string().nullable(),
  passport_number: z.string().nullable(),
});
export const HotelOrderRoomSchema = z.object({
  name: z.string(),
  board: z.string().nullable(),
  guests: z.array(OrderGuestSchema),
});

export const HotelOrderSchema = z.object({
  object: z.literal('hotel_order'),
  id: idSchema('hotelOrder'),
  status: HotelOrderStatusSchema,
  payment_deadline: DateTimeSchema,
  check_in: DateSchema,
  check_out: DateSchema,
  nights: z.number().int().min(1),
  total: MoneySchema,
  confirmation_number: z.string().nullable(),
  voucher_number: z.string().nullable(),
  hotel: HotelSchema,
  contact: ContactSchema,
  rooms: z.array(HotelOrderRoomSchema),
  cancellation: CancellationSchema,
  /** Beyond the spec's table, optional (docs/decisions/002). */
  rate_id: idSchema('hotelRate').optional(),
  client_reference: z.string().nullable().optional(),
  nationality: z.string().nullable().optional(),
  note: z.string().nullable().optional(),
  created_at: DateTimeSchema.optional(),
  penalty: MoneySchema.nullable().optional(),
});
export type HotelOrder = z.infer<typeof HotelOrderSchema>;

/** Quote status (meaning not shown in the spec): 0 free to cancel, 1 a penalty applies, 2 non-refundable. */
export const CANCELLATION_QUOTE_STATUS = { free: 0, penalty: 1, nonRefundable: 2 } as const;

export const HotelCancellationQuoteSchema = z.object({
  object: z.literal('hotel_cancellation_quote'),
  order_id: idSchema('hotelOrder'),
  penalty: MoneySchema,
  status: z.number().int(),
  expires_at: DateTimeSchema,
  /** What would go back to the wallet; not in the spec's table. */
  refund_amount: MoneySchema.optional(),
});
export type HotelCancellationQuote = z.infer<typeof HotelCancellationQuoteSchema>;

export const ExtendDeadlineResultSchema = z.object({
  object: z.literal('hotel_order'),
  id: idSchema('hotelOrder'),
  payment_deadline: DateTimeSchema,
});
export type ExtendDeadlineResult = z.infer<typeof ExtendDeadlineResultSchema>;
