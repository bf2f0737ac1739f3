import type { z } from 'zod';
import {
  ActivityAvailabilityQuerySchema,
  ActivityAvailabilitySchema,
  ActivityBookingListSchema,
  ActivityBookingRequestSchema,
  ActivityBookingSchema,
  ActivityBookingsQuerySchema,
  ActivityProductListSchema,
  ActivityProductSchema,
  ActivityProductsQuerySchema,
  ActivityVoucherListSchema,
} from './activities.ts';
import { IntrospectionSchema, type Scope } from './auth.ts';
import {
  FlightConditionsSchema,
  FlightOfferSchema,
  FlightOrderRequestSchema,
  FlightOrderSchema,
  FlightPlaceListSchema,
  FlightPlacesQuerySchema,
  FlightSearchRequestSchema,
  FlightSearchSchema,
  NotesRequestSchema,
  RefundQuoteSchema,
  RefundRequestSchema,
  RefundSchema,
} from './flights.ts';
import {
  ExtendDeadlineResultSchema,
  HotelCancellationQuoteSchema,
  HotelOrderRequestSchema,
  HotelOrderSchema,
  HotelPlaceListSchema,
  HotelPlacesQuerySchema,
  HotelRateSchema,
  HotelSearchRequestSchema,
  HotelSearchSchema,
} from './hotels.ts';
import { WalletSchema } from './wallet.ts';

/**
 * What an operation does at the service, which decides how it may be retried and what the console records:
 * - `read`: changes nothing (GETs, and searches sent as POST). Safe to repeat; a lost answer is just a failure.
 * - `create`: makes an order or booking and takes an Idempotency-Key. Repeated only with the same key; a 2xx is a
 *   booking that exists and goes in the ledger whatever else its body says.
 * - `act`: moves money on an existing order or booking (ticket, confirm, cancel, refund, extend) or changes it (notes).
 *   Never repeated by the console: the document gives these no Idempotency-Key.
 */
export type Effect = 'read' | 'create' | 'act';

/** One service operation, declared once: the client, the BFF's relay and the SPA's calls are derived from it. */
export interface Operation {
  method: 'GET' | 'POST';
  /** Relative to {base_url}; `{name}` marks a path parameter (an opaque id, sent URL-encoded). */
  path: string;
  scope: Scope;
  effect: Effect;
  /** What the service answers, read tolerantly (decision 013). */
  response: z.ZodType;
  /** The request body we send, strict. */
  body?: z.ZodType;
  /** The query we send, strict. */
  query?: z.ZodType;
  /** The success status the document gives when it is not 200. */
  status?: 200 | 201;
  /** A longer time limit than the client's default, for searches. */
  timeoutMs?: number;
}

/**
 * Every v3 operation the console uses, as the document's endpoint tables give them. Auth (POST /auth/tokens), the
 * streamed search and the voucher PDF are special transports and are declared here too, for their path and scope.
 */
export const OPERATIONS = {
  introspect: {
    method: 'GET',
    path: '/auth/introspect',
    scope: 'wallet:read',
    effect: 'read',
    response: IntrospectionSchema,
  },
  wallet: { method: 'GET', path: '/wallet', scope: 'wallet:read', effect: 'read', response: WalletSchema },

  flightPlaces: {
    method: 'GET',
    path: '/flights/places',
    scope: 'flights:read',
    effect: 'read',
    query: FlightPlacesQuerySchema,
    response: FlightPlaceListSchema,
  },
  searchFlights: {
    method: 'POST',
    path: '/flights/searches',
    scope: 'flights:read',
    effect: 'read',
    body: FlightSearchRequestSchema,
    response: FlightSearchSchema,
    status: 201,
    timeoutMs: 30_000,
  },
  getOffer: {
    method: 'GET',
    path: '/flights/offers/{id}',
    scope: 'flights:read',
    effect: 'read',
    response: FlightOfferSchema,
  },
  getOfferConditions: {
    method: 'GET',
    path: '/flights/offers/{id}/conditions',
    scope: 'flights:read',
    effect: 'read',
    response: FlightConditionsSchema,
  },
  createFlightOrder: {
    method: 'POST',
    path: '/flights/orders',
    scope: 'flights:write',
    effect: 'create',
    body: FlightOrderRequestSchema,
    response: FlightOrderSchema,
    status: 201,
  },
  getFlightOrder: {
    method: 'GET',
    path: '/flights/orders/{id}',
    scope: 'flights:read',
    effect: 'read',
    response: FlightOrderSchema,
  },
  ticketFlightOrder: {
    method: 'POST',
    path: '/flights/orders/{id}/ticket',
    scope: 'flights:write',
    effect: 'act',
    response: FlightOrderSchema,
  },
  cancelFlightOrder: {
    method: 'POST',
    path: '/flights/orders/{id}/cancellation',
    scope: 'flights:write',
    effect: 'act',
    response: FlightOrderSchema,
  },
  getRefundQuote: {
    method: 'GET',
    path: '/flights/orders/{id}/refund',
    scope: 'flights:read',
    effect: 'read',
    response: RefundQuoteSchema,
  },
  refundFlightOrder: {
    method: 'POST',
    path: '/flights/orders/{id}/refund',
    scope: 'flights:write',
    effect: 'act',
    body: RefundRequestSchema,
    response: RefundSchema,
  },
  addFlightOrderNotes: {
    method: 'POST',
    path: '/flights/orders/{id}/notes',
    scope: 'flights:write',
    effect: 'act',
    body: NotesRequestSchema,
    response: FlightOrderSchema,
  },

  hotelPlaces: {
    method: 'GET',
    path: '/hotels/places',
    scope: 'hotels:read',
    effect: 'read',
    query: HotelPlacesQuerySchema,
    response: HotelPlaceListSchema,
  },
  searchHotels: {
    method: 'POST',
    path: '/hotels/searches',
    scope: 'hotels:read',
    effect: 'read',
    body: HotelSearchRequestSchema,
    response: HotelSearchSchema,
    status: 201,
    timeoutMs: 30_000,
  },
  getRate: {
    method: 'GET',
    path: '/hotels/rates/{id}',
    scope: 'hotels:read',
    effect: 'read',
    response: HotelRateSchema,
  },
  createHotelOrder: {
    method: 'POST',
    path: '/hotels/orders',
    scope: 'hotels:write',
    effect: 'create',
    body: HotelOrderRequestSchema,
    response: HotelOrderSchema,
    status: 201,
  },
  getHotelOrder: {
    method: 'GET',
    path: '/hotels/orders/{id}',
    scope: 'hotels:read',
    effect: 'read',
    response: HotelOrderSchema,
  },
  confirmHotelOrder: {
    method: 'POST',
    path: '/hotels/orders/{id}/confirm',
    scope: 'hotels:write',
    effect: 'act',
    response: HotelOrderSchema,
  },
  getCancellationQuote: {
    method: 'GET',
    path: '/hotels/orders/{id}/cancellation',
    scope: 'hotels:read',
    effect: 'read',
    response: HotelCancellationQuoteSchema,
  },
  cancelHotelOrder: {
    method: 'POST',
    path: '/hotels/orders/{id}/cancellation',
    scope: 'hotels:write',
    effect: 'act',
    response: HotelOrderSchema,
  },
  extendHotelDeadline: {
    method: 'POST',
    path: '/hotels/orders/{id}/extend-deadline',
    scope: 'hotels:write',
    effect: 'act',
    response: ExtendDeadlineResultSchema,
  },

  activityProducts: {
    method: 'GET',
    path: '/activities/products',
    scope: 'activities:read',
    effect: 'read',
    query: ActivityProductsQuerySchema,
    response: ActivityProductListSchema,
  },
  activityProduct: {
    method: 'GET',
    path: '/activities/products/{id}',
    scope: 'activities:read',
    effect: 'read',
    response: ActivityProductSchema,
  },
  availability: {
    method: 'GET',
    path: '/activities/product-types/{id}/availability',
    scope: 'activities:read',
    effect: 'read',
    query: ActivityAvailabilityQuerySchema,
    response: ActivityAvailabilitySchema,
  },
  activityBookings: {
    method: 'GET',
    path: '/activities/bookings',
    scope: 'activities:read',
    effect: 'read',
    query: ActivityBookingsQuerySchema,
    response: ActivityBookingListSchema,
  },
  createActivityBooking: {
    method: 'POST',
    path: '/activities/bookings',
    scope: 'activities:write',
    effect: 'create',
    body: ActivityBookingRequestSchema,
    response: ActivityBookingSchema,
    status: 201,
  },
  getActivityBooking: {
    method: 'GET',
    path: '/activities/bookings/{id}',
    scope: 'activities:read',
    effect: 'read',
    response: ActivityBookingSchema,
  },
  confirmActivityBooking: {
    method: 'POST',
    path: '/activities/bookings/{id}/confirm',
    scope: 'activities:write',
    effect: 'act',
    response: ActivityBookingSchema,
  },
  cancelActivityBooking: {
    method: 'POST',
    path: '/activities/bookings/{id}/cancel',
    scope: 'activities:write',
    effect: 'act',
    response: ActivityBookingSchema,
  },
  vouchers: {
    method: 'GET',
    path: '/activities/bookings/{id}/vouchers',
    scope: 'activities:read',
    effect: 'read',
    response: ActivityVoucherListSchema,
  },
} as const satisfies Record<string, Operation>;

export type Operations = typeof OPERATIONS;
export type OperationName = keyof Operations;

/** The streamed flight search and the voucher download: same table facts, their own transports. */
export const STREAM_FLIGHT_SEARCH = {
  method: 'POST',
  path: '/flights/searches/stream',
  scope: 'flights:read',
  effect: 'read',
  body: FlightSearchRequestSchema,
} as const;
export const DOWNLOAD_VOUCHER = {
  method: 'GET',
  path: '/activities/bookings/{id}/vouchers/{voucher}/download',
  scope: 'activities:read',
  effect: 'read',
} as const;

/** The names of a path's parameters: `/a/{id}/b/{voucher}` → 'id' | 'voucher'. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParams<Rest>
  : never;

/** A path with its parameters filled in, each URL-encoded (ids are opaque: any character may appear). */
export function fillPath(path: string, params: Readonly<Record<string, unknown>>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (typeof value !== 'string') throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

export type OperationResult<N extends OperationName> = z.output<Operations[N]['response']>;
