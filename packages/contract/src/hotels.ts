import { z } from 'zod';
import { idSchema } from './ids.ts';
import { MoneySchema } from './money.ts';
import type { FeeContext } from './pricing.ts';
import {
  ClientReferenceSchema,
  ContactSchema,
  CountryCodeSchema,
  DateSchema,
  daysBetween,
  PersonNameSchema,
  queryInt,
} from './primitives.ts';
import {
  extra,
  OpaqueIdSchema,
  OpenListSchema,
  OpenSchema,
  ReadDateTimeSchema,
  readKnown,
  TextSchema,
} from './read.ts';

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

/** A place as the document states it; `coordinates` is any object (read with `readKnown(CoordinatesSchema)`). */
export const HotelPlaceSchema = z.object({
  id: OpaqueIdSchema,
  name: TextSchema,
  type: TextSchema,
  country: TextSchema,
  coordinates: OpenSchema,
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

/**
 * Inner fields of address, contact, location, rooms and policies are not shown in the document: these are the
 * shapes our sandbox sends (decision 002), read with `readKnown` where present; any other shape is shown generically.
 */
export const HotelAddressSchema = z.object({
  line1: z.string(),
  city: z.string(),
  postal_code: z.string().nullish(),
  country_code: z.string().nullish(),
  country: z.string().nullish(),
});
/**
 * What a hotel's fee rule looks at (decision 032): the city of an address in the shape the console knows, every text
 * of an address in another shape (not shown in the document: a city rule matches one of them), and the star rating
 * when it is a whole number. One reading for the console's ledger, its quotes and every screen that prices a stay.
 */
export function hotelFeeScope(
  hotel: { address: unknown; rating?: number | null | undefined } | undefined,
): Pick<FeeContext, 'city' | 'country' | 'places' | 'stars'> {
  const address = hotel?.address;
  const rating = hotel?.rating ?? null;
  const known = readKnown(HotelAddressSchema, address);
  return {
    city: known?.city ?? null,
    country: known?.country ?? null,
    places:
      address && typeof address === 'object'
        ? Object.values(address).filter((v): v is string => typeof v === 'string')
        : [],
    stars: rating !== null && Number.isInteger(rating) ? rating : null,
  };
}

export const HotelContactSchema = z
  .object({
    phone: z.string().nullish(),
    email: z.string().nullish(),
    website: z.string().nullish(),
  })
  // Every field is optional, so an object of another shape would read as an empty contact: it must name one.
  .refine((contact) => Boolean(contact.phone ?? contact.email ?? contact.website), {
    error: 'names no phone, email or website',
  });
export const HotelLocationSchema = CoordinatesSchema.extend({
  /** Distance from the city centre, in kilometres. */
  distance_km: z.number().min(0).nullish(),
  district: z.string().nullish(),
  /** The hotel's IANA time zone, where the service names it (ours does; decision 049). */
  time_zone: z.string().nullish(),
});

/** A hotel as the document states it: strings, numbers, three objects and the images. */
export const HotelSchema = z.object({
  id: OpaqueIdSchema,
  name: TextSchema,
  chain: TextSchema.nullish(),
  rating: z.number().nullish(),
  review_score: z.number().nullish(),
  address: OpenSchema,
  contact: OpenSchema,
  location: OpenSchema,
  images: z.array(z.string()),
});
export type Hotel = z.infer<typeof HotelSchema>;

/** A cancellation policy item as our sandbox sends it: from `starts_at` on, cancelling costs `penalty` (Duffel). */
export const CancellationPolicySchema = z.object({
  starts_at: z.string(),
  penalty: MoneySchema,
  description: z.string(),
});
export const CancellationSchema = z.object({
  non_refundable: z.boolean(),
  policy_text: TextSchema,
  policies: OpenListSchema,
});
export type Cancellation = z.infer<typeof CancellationSchema>;

/** A rate's room as our sandbox sends it (not shown in the document); only the name is needed to show it. */
export const RoomSchema = z.object({
  name: z.string(),
  bed_type: z.string().nullish(),
  beds: z.number().int().nullish(),
  bedrooms: z.number().int().nullish(),
  max_occupancy: z.number().int().nullish(),
  facilities: z.array(z.string()).nullish(),
  occupancy: z.object({ adults: z.number().int(), children: z.array(z.number().int()) }).nullish(),
});
export type Room = z.infer<typeof RoomSchema>;

export const DealBadgeSchema = z.string();

export const HotelSummarySchema = z.object({
  object: z.literal('hotel_summary'),
  hotel_id: OpaqueIdSchema,
  name: TextSchema,
  lead_rate: MoneySchema,
  lead_rate_before_discount: MoneySchema.nullable(),
  discount_percent: z.number(),
  deal_badges: z.array(DealBadgeSchema),
  meal_plan: TextSchema.nullable(),
  refundable: z.boolean(),
  free_cancellation: z.boolean(),
  check_in: TextSchema,
  check_out: TextSchema,
  nights: z.number().int(),
  occupancy: z.object({ adults: z.number().int(), children: z.number().int() }),
  rating: z.number().nullable(),
  review_score: z.number().nullable(),
  review_count: z.number().int().nullable(),
  review_word: TextSchema.nullable(),
  accommodation: TextSchema.nullable(),
  address: OpenSchema,
  location: OpenSchema,
  images: z.array(z.string()),
});
export type HotelSummary = z.infer<typeof HotelSummarySchema>;

export const HotelRateSchema = z.object({
  object: z.literal('hotel_rate'),
  id: idSchema('hotelRate'),
  check_in: TextSchema.nullable(),
  check_out: TextSchema.nullable(),
  nights: z.number().int().nullable(),
  total: MoneySchema,
  total_before_discount: MoneySchema.nullable(),
  discount_percent: z.number(),
  deal_badges: z.array(DealBadgeSchema),
  refundable: z.boolean(),
  refundable_until: ReadDateTimeSchema.nullable(),
  available_rooms: z.number().int().nullable(),
  units: z.number().int().nullable(),
  board: TextSchema.nullable(),
  board_basis: TextSchema.nullable(),
  board_included: z.array(z.string()),
  /** Carried by a confirmed rate; a rate inside a hotel search may leave it out (the property is under `hotel`). */
  hotel: HotelSchema.optional(),
  rooms: OpenListSchema,
  cancellation: CancellationSchema,
});
export type HotelRate = z.infer<typeof HotelRateSchema>;

export const FacetSchema = z.object({
  key: TextSchema,
  title: TextSchema,
  /** range, enum or boolean in the document; any other is shown as a list of choices. */
  type: TextSchema,
  options: z.array(
    z.object({
      value: z.union([z.number(), z.string(), z.boolean()]),
      name: TextSchema,
      count: z.number().int(),
    }),
  ),
});
export type Facet = z.infer<typeof FacetSchema>;

export const PaginationSchema = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  total_pages: z.number().int(),
  has_next: z.boolean(),
  has_prev: z.boolean(),
});
export type Pagination = z.infer<typeof PaginationSchema>;

/** filters_applied as our sandbox sends it (typed only as object in the document). */
export const FiltersAppliedSchema = z.record(
  z.string(),
  z.array(z.union([z.number(), z.string(), z.boolean()])),
);

const hotelSearchBase = {
  object: z.literal('hotel_search'),
  id: idSchema('hotelSearch').nullable(),
  check_in: TextSchema,
  check_out: TextSchema,
  nights: z.number().int().nullable(),
  sort: TextSchema.nullish(),
  filters_applied: OpenSchema,
  sorts: z.array(z.object({ id: TextSchema, name: TextSchema })).default([]),
  facets: z.array(FacetSchema).default([]),
  pagination: PaginationSchema.nullish(),
  offer_count: z.number().int(),
};

export const HotelCitySearchSchema = z.object({
  ...hotelSearchBase,
  mode: z.literal('city'),
  total: z.number().int(),
  offers: z.array(HotelSummarySchema),
});
export const HotelHotelSearchSchema = z.object({
  ...hotelSearchBase,
  mode: z.literal('hotel'),
  total: z.number().int().optional(),
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

/** An order's guest and room as our sandbox sends them (not shown in the document). */
export const OrderGuestSchema = z.object({
  given_name: z.string(),
  family_name: z.string(),
  type: z.string().nullish(),
  title: z.string().nullish(),
  national_id: z.string().nullish(),
  passport_number: z.string().nullish(),
});
export const HotelOrderRoomSchema = z.object({
  name: z.string().nullish(),
  board: z.string().nullish(),
  guests: z.array(OrderGuestSchema),
});
export type HotelOrderRoom = z.infer<typeof HotelOrderRoomSchema>;

/** A hotel order as the document states it; `status` is any string (the four listed are known). */
export const HotelOrderSchema = z.object({
  object: z.literal('hotel_order'),
  id: OpaqueIdSchema,
  status: TextSchema,
  payment_deadline: ReadDateTimeSchema,
  check_in: TextSchema,
  check_out: TextSchema,
  nights: z.number().int(),
  total: MoneySchema,
  confirmation_number: TextSchema.nullable(),
  voucher_number: TextSchema.nullable(),
  hotel: HotelSchema,
  contact: OpenSchema,
  rooms: OpenListSchema,
  cancellation: CancellationSchema,
  /** Beyond the document's table: used when there and readable (decision 013). */
  rate_id: extra(TextSchema),
  client_reference: extra(z.string().nullable()),
  nationality: extra(z.string().nullable()),
  note: extra(z.string().nullable()),
  created_at: extra(z.string()),
  penalty: extra(MoneySchema.nullable()),
});
export type HotelOrder = z.infer<typeof HotelOrderSchema>;

/** Our sandbox's quote status (meaning not shown in the document): 0 free, 1 a penalty applies, 2 non-refundable. */
export const CANCELLATION_QUOTE_STATUS = { free: 0, penalty: 1, nonRefundable: 2 } as const;

export const HotelCancellationQuoteSchema = z.object({
  object: z.literal('hotel_cancellation_quote'),
  order_id: TextSchema,
  penalty: MoneySchema,
  status: z.number().int(),
  expires_at: ReadDateTimeSchema,
  /** What would go back to the wallet; not in the document's table. */
  refund_amount: extra(MoneySchema),
});
export type HotelCancellationQuote = z.infer<typeof HotelCancellationQuoteSchema>;

export const ExtendDeadlineResultSchema = z.object({
  object: z.literal('hotel_order'),
  id: OpaqueIdSchema,
  payment_deadline: ReadDateTimeSchema,
});
export type ExtendDeadlineResult = z.infer<typeof ExtendDeadlineResultSchema>;
