import { consoleRoute } from '../console-route.ts';
import { DownloadQuerySchema } from '../primitives.ts';
import { AttachBookingSchema, TripDetailSchema, TripSchema, TripUpdateSchema } from '../trips.ts';

/**
 * One trip file (decision 019) read, changed and printed, part of `tripsApi` (trips.ts): a module apart, so the booking
 * pages that list and make trips do not carry it.
 */

export const one = consoleRoute({
  method: 'GET',
  path: '/trips/{id}',
  summary: "A trip's parts as the service has them now, with the conflicts across them",
  tag: 'trips',
  response: TripDetailSchema,
});

export const update = consoleRoute({
  method: 'PATCH',
  path: '/trips/{id}',
  summary: "Change a trip's name, travellers, dates or notes (audited)",
  tag: 'trips',
  body: TripUpdateSchema,
  response: TripSchema,
});

export const attach = consoleRoute({
  method: 'POST',
  path: '/trips/{id}/bookings',
  summary: 'Attach a booking to a trip (audited)',
  tag: 'trips',
  body: AttachBookingSchema,
  response: TripSchema,
});

export const detach = consoleRoute({
  method: 'DELETE',
  path: '/trips/{id}/bookings/{bookingId}',
  summary: 'Detach an attached booking (audited)',
  tag: 'trips',
  response: TripSchema,
});

export const itinerary = consoleRoute({
  method: 'GET',
  path: '/trips/{id}/itinerary.pdf',
  summary: "The traveller's itinerary: the confirmed parts, as PDF",
  tag: 'trips',
  query: DownloadQuerySchema,
  response: 'application/pdf',
});
