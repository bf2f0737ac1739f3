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
import type { Operation } from './operation.ts';

/** Flights: places, searches, offers, orders, refunds and notes (see operations.ts). */
export const FLIGHT_OPERATIONS = {
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
} as const satisfies Record<string, Operation>;

/** The streamed flight search: the same body as the blocking search, answered as server-sent events. */
export const STREAM_FLIGHT_SEARCH = {
  method: 'POST',
  path: '/flights/searches/stream',
  scope: 'flights:read',
  effect: 'read',
  body: FlightSearchRequestSchema,
} as const;
