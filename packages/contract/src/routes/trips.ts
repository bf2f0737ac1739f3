import { consoleRoute } from '../console-route.ts';
import { TripInputSchema, TripListSchema, TripSchema, TripsQuerySchema } from '../trips.ts';

/** Trip files (decision 019). Imported as `tripsApi` (routes/index.ts). */
export * from './trips-file.ts';

export const list = consoleRoute({
  method: 'GET',
  path: '/trips',
  summary: "Trips: the agent's (an admin's: the office's); booking= the trips of one booking",
  tag: 'trips',
  query: TripsQuerySchema,
  response: TripListSchema,
});

export const create = consoleRoute({
  method: 'POST',
  path: '/trips',
  summary: 'Make a trip, optionally of a booking (audited)',
  tag: 'trips',
  body: TripInputSchema,
  response: TripSchema,
  status: 201,
});
