import { z } from 'zod';
import type { OperationName } from './operations.ts';

/**
 * The document's strict reading of what the service answers: every field the document states, with the type it
 * states, and nothing assumed where it is open (decision 024). Extra fields are allowed (the document does not forbid
 * them); "not shown" inner fields are any value; fields typed only as string are any string. A date-time is RFC 3339
 * with `Z` or an offset; an object is a JSON object (not an array); a stated list of values is that list.
 *
 * The console never reads answers with these (it reads tolerantly, read.ts); they are how a test tells whether a
 * service — our sandbox in either profile — keeps the document.
 */

const Str = z.string();
const Int = z.number().int();
const Num = z.number();
const Bool = z.boolean();
/** "object": a JSON object, whatever its inner fields. */
const Obj = z.record(z.string(), z.unknown());
/** "date-time": RFC 3339, which needs `Z` or an offset. */
const DateTime = z.iso.datetime({ offset: true });
const DateOnly = z.iso.date();
/** "Money is always an object in USD", amount a decimal with two decimals. */
const Money = z.looseObject({ amount: z.string().regex(/^-?\d+\.\d{2}$/), currency: z.literal('USD') });
const prefixed = (prefix: string) =>
  z
    .string()
    .startsWith(prefix)
    .min(prefix.length + 1);

function resource<const K extends string, S extends z.ZodRawShape>(kind: K, shape: S) {
  return z.looseObject({ object: z.literal(kind), ...shape });
}

const Wallet = resource('wallet', {
  environment: z.enum(['test', 'live']),
  balance: Money,
  held: Money,
  available: Money,
});

const Introspection = z.looseObject({
  active: Bool,
  client_id: Str,
  environment: Str,
  token_type: Str,
  office: z.looseObject({ id: Str, name: Str }),
  scopes: z.array(Str),
  expires_at: DateTime,
});

/** A failed request's body: "{ error: { type, code, message, param, doc_url, request_id } }, all strings". */
export const DocumentErrorAnswer = z.looseObject({
  error: z.looseObject({ type: Str, code: Str, message: Str, param: Str, doc_url: Str, request_id: Str }),
});

/** The token answer (POST /auth/tokens, 201): "RFC 3339 date-time, UTC". */
export const DocumentTokenAnswer = z.looseObject({
  access_token: Str,
  token_type: z.literal('Bearer'),
  expires_in: Int,
  expires_at: DateTime.refine((v) => /(Z|[+-]00:?00)$/i.test(v), 'a UTC date-time'),
  scope: Str,
  environment: z.enum(['test', 'live']),
});

const FlightPlace = resource('flight_place', {
  code: Str,
  name: Str,
  type: z.enum(['city', 'airport']),
  city_code: Str,
  country_code: Str,
  country: Str,
});

const Segment = z.looseObject({
  origin: Str,
  destination: Str,
  departing_at: Str,
  arriving_at: Str,
  marketing_carrier: Str,
  operating_carrier: Str,
  flight_number: Str,
  aircraft: Str,
  aircraft_name: Str,
  booking_class: Str,
  cabin_class: Str,
  stops: Int,
  seats_remaining: Int,
  duration_minutes: Int,
  baggage: z.looseObject({ checked: Str, cabin: Str }),
});

const FlightOffer = resource('flight_offer', {
  id: prefixed('ofr_'),
  owner: Str,
  validating_airline: Str,
  airline_name: Str,
  cabin_class: Str,
  total: Money,
  base: Money,
  tax: Money,
  passengers: z.array(z.unknown()),
  slices: z.array(
    z.looseObject({ origin: Str, destination: Str, duration_minutes: Int, segments: z.array(Segment) }),
  ),
});

const FlightSearch = resource('flight_search', {
  id: Str,
  status: Str,
  offer_count: Int,
  offers: z.array(FlightOffer),
});

/** The payload of a stream's `offers` event: "a full flight offer batch with replace = true". */
export const DocumentOffersEvent = z.looseObject({ replace: z.literal(true), offers: z.array(FlightOffer) });

const FlightConditions = resource('flight_conditions', {
  offer_id: Str,
  fare_type: Int,
  fare_rules: z.array(
    z.looseObject({
      airline: Str,
      route: Str,
      rules: z.array(z.looseObject({ category: Str, text: Str })),
    }),
  ),
  baggage: z.array(z.looseObject({ origin: Str, destination: Str, flight_number: Str, allowance: Str })),
});

const FlightOrder = resource('flight_order', {
  id: Str,
  status: z.enum(['held', 'ticketing', 'ticketed', 'cancelled', 'refunded']),
  ticketing_deadline: DateTime,
  validating_airline: Str,
  total: Money,
  contact: Obj,
  passengers: z.array(z.unknown()),
  segments: z.array(z.unknown()),
  notes: z.array(z.unknown()),
});

const RefundQuote = resource('refund_quote', {
  order_id: Str,
  refund_type: Int,
  tickets: z.array(z.unknown()),
});
const Refund = resource('refund', {
  order_id: Str,
  status: z.literal('requested'),
  refunded_tickets: z.array(Str),
});

const HotelPlaceList = resource('hotel_place_list', {
  count: Int,
  data: z.array(z.looseObject({ id: Str, name: Str, type: Str, country: Str, coordinates: Obj.nullable() })),
});

const Hotel = z.looseObject({
  id: Str,
  name: Str,
  chain: Str,
  rating: Num,
  review_score: Num,
  address: Obj,
  contact: Obj,
  location: Obj,
  images: z.array(Str),
});

const Cancellation = z.looseObject({
  non_refundable: Bool,
  policy_text: Str,
  policies: z.array(z.unknown()),
});

const HotelSummary = resource('hotel_summary', {
  hotel_id: Str,
  name: Str,
  lead_rate: Money,
  lead_rate_before_discount: Money.nullable(),
  discount_percent: Num,
  deal_badges: z.array(Str),
  meal_plan: Str.nullable(),
  refundable: Bool,
  free_cancellation: Bool,
  check_in: Str,
  check_out: Str,
  nights: Int,
  occupancy: z.looseObject({ adults: Int, children: Int }),
  rating: Num.nullable(),
  review_score: Num.nullable(),
  review_count: Int.nullable(),
  review_word: Str.nullable(),
  accommodation: Str.nullable(),
  address: Obj,
  location: Obj.nullable(),
  images: z.array(Str),
});

const HotelRate = resource('hotel_rate', {
  id: prefixed('hrt_'),
  check_in: Str.nullable(),
  check_out: Str.nullable(),
  nights: Int.nullable(),
  total: Money,
  total_before_discount: Money.nullable(),
  discount_percent: Num,
  deal_badges: z.array(Str),
  refundable: Bool,
  refundable_until: Str.nullable(),
  available_rooms: Int.nullable(),
  units: Int.nullable(),
  board: Str.nullable(),
  board_basis: Str.nullable(),
  board_included: z.array(Str),
  hotel: Hotel,
  rooms: z.array(z.unknown()),
  cancellation: Cancellation,
});

const Facet = z.looseObject({
  key: Str,
  title: Str,
  type: z.enum(['range', 'enum', 'boolean']),
  options: z.array(z.looseObject({ value: z.union([Int, Str, Bool]), name: Str, count: Int })),
});

const HotelSearch = resource('hotel_search', {
  id: prefixed('hsr_').nullable(),
  mode: z.enum(['city', 'hotel']),
  check_in: Str,
  check_out: Str,
  nights: Int.nullable(),
  hotel: Hotel.optional(),
  total: Int,
  sort: Str.nullable(),
  filters_applied: Obj,
  sorts: z.array(z.looseObject({ id: Str, name: Str })),
  facets: z.array(Facet),
  pagination: z
    .looseObject({ page: Int, page_size: Int, total_pages: Int, has_next: Bool, has_prev: Bool })
    .nullable(),
  offer_count: Int,
  // A hotel search carries the property once, under `hotel`: its rates need not repeat it.
  offers: z.array(z.union([HotelSummary, HotelRate.extend({ hotel: Hotel.optional() })])),
}).superRefine((search, ctx) => {
  if (search.mode === 'hotel' && search.hotel === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['hotel'],
      message: 'a hotel search carries the property under hotel',
    });
});

const HotelOrder = resource('hotel_order', {
  id: Str,
  status: z.enum(['held', 'confirming', 'confirmed', 'cancelled']),
  payment_deadline: DateTime,
  check_in: Str,
  check_out: Str,
  nights: Int,
  total: Money,
  confirmation_number: Str.nullable(),
  voucher_number: Str.nullable(),
  hotel: Hotel,
  contact: Obj,
  rooms: z.array(z.unknown()),
  cancellation: Cancellation,
});

const HotelCancellationQuote = resource('hotel_cancellation_quote', {
  order_id: Str,
  penalty: Money,
  status: Int,
  expires_at: DateTime,
});

const ProductType = resource('activity_product_type', {
  id: prefixed('apt_'),
  title: Str,
  title_translated: Str,
});

const Product = resource('activity_product', {
  id: prefixed('act_'),
  title: Str,
  title_translated: Str,
  description: Str,
  type: Str,
  city: Str,
  country: Str,
  image_url: Str,
  from: Money,
  images: z.array(Str),
  categories: z.array(Str),
  product_types: z.array(ProductType),
});

const ProductList = resource('activity_product_list', {
  data: z.array(Product),
  total: Int,
  has_more: Bool,
  next_cursor: Str.nullable(),
});

const BookingOption = z.looseObject({
  id: Str,
  name: Str,
  name_translated: Str.nullable(),
  description: Str.nullable(),
  description_translated: Str.nullable(),
  required: Bool,
  add_on: Bool,
  input_type: Int.min(1).max(14),
  input_type_name: Str,
  format_regex: Str.nullable(),
  valid_from: Str.nullable(),
  valid_to: Str.nullable(),
  price: Money,
  items: z.array(
    z.looseObject({ label: Str, label_translated: Str.nullable(), value: z.unknown(), price: Money }),
  ),
});

const Availability = resource('activity_availability', {
  product_type_id: Str,
  timezone: Str,
  date: DateOnly,
  weekday: Str.nullable(),
  available: Bool,
  capacity: z.array(z.looseObject({ category: Str, quantity: Int.nullable() })),
  dates: z.array(z.looseObject({ date: Str })),
  timeslots: z.array(z.looseObject({ start_time: Str })),
  rates: z.array(z.looseObject({ category: Str, price: Money })),
  booking_options: z.looseObject({ per_booking: z.array(BookingOption), per_pax: z.array(BookingOption) }),
});

const BookingSummary = resource('activity_booking_summary', {
  id: prefixed('abk_'),
  status: Str,
  code: Str.nullable(),
  partner_reference: Str.nullable(),
  product_type_id: Str.nullable(),
  product_id: Str.nullable(),
  created_at: Str.nullable(),
  updated_at: Str.nullable(),
});

const BookingList = resource('activity_booking_list', {
  data: z.array(BookingSummary),
  has_more: Bool,
  next_cursor: Str.nullable(),
});

const Booking = resource('activity_booking', {
  id: prefixed('abk_'),
  code: Str,
  product_type_id: Str,
  title: Str,
  date: Str,
  timeslot: Str,
  status: z.enum(['held', 'confirmed', 'issued', 'cancelled', 'refunded']),
  total: Money,
  breakdown: z.array(z.unknown()),
  customer: Obj,
  created_at: DateTime,
});

const VoucherList = resource('activity_voucher_list', {
  booking_id: Str,
  data: z.array(
    resource('activity_voucher', { id: Str, visual_id: Str, generated_at: Str, download_url: Str }),
  ),
});

/** Each operation's success answer as the document states it. */
export const DOCUMENT_ANSWERS = {
  introspect: Introspection,
  wallet: Wallet,
  flightPlaces: resource('flight_place_list', { data: z.array(FlightPlace) }),
  searchFlights: FlightSearch,
  getOffer: FlightOffer,
  getOfferConditions: FlightConditions,
  createFlightOrder: FlightOrder.extend({ status: z.literal('held') }),
  getFlightOrder: FlightOrder,
  ticketFlightOrder: FlightOrder.extend({ status: z.literal('ticketing') }),
  cancelFlightOrder: FlightOrder.extend({ status: z.literal('cancelled') }),
  getRefundQuote: RefundQuote,
  refundFlightOrder: Refund,
  addFlightOrderNotes: FlightOrder,
  hotelPlaces: HotelPlaceList,
  searchHotels: HotelSearch,
  getRate: HotelRate,
  createHotelOrder: HotelOrder.extend({ status: z.literal('held') }),
  getHotelOrder: HotelOrder,
  confirmHotelOrder: HotelOrder.extend({ status: z.literal('confirmed') }),
  getCancellationQuote: HotelCancellationQuote,
  cancelHotelOrder: HotelOrder.extend({ status: z.literal('cancelled') }),
  extendHotelDeadline: resource('hotel_order', { id: Str, payment_deadline: DateTime }),
  activityProducts: ProductList,
  activityProduct: Product,
  availability: Availability,
  activityBookings: BookingList,
  createActivityBooking: Booking.extend({ status: z.literal('held') }),
  getActivityBooking: Booking,
  confirmActivityBooking: Booking.extend({ status: z.literal('confirmed') }),
  cancelActivityBooking: Booking.extend({ status: z.literal('cancelled') }),
  vouchers: VoucherList,
} satisfies Record<OperationName, z.ZodType>;

/** Where an answer breaks the document, one line per rule (`offers[0].slices: expected array…`); empty when it keeps it. */
export function documentBreaches(schema: z.ZodType, answer: unknown): string[] {
  const parsed = schema.safeParse(answer);
  if (parsed.success) return [];
  return lines(parsed.error.issues, []);
}

/** Each issue as a line; a union that matched no branch is told by its nearest branch (the fewest issues). */
function lines(issues: readonly z.core.$ZodIssue[], at: readonly PropertyKey[]): string[] {
  return issues.flatMap((issue) => {
    const path = [...at, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const nearest = [...issue.errors].sort((a, b) => a.length - b.length)[0] ?? [];
      return lines(nearest, path);
    }
    return [`${path.map(String).join('.') || '(answer)'}: ${issue.message}`];
  });
}
