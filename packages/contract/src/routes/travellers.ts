import { z } from 'zod';
import { consoleRoute } from '../console-route.ts';
import {
  TravellerInputSchema,
  TravellerListSchema,
  TravellerMatchListSchema,
  TravellerMatchQuerySchema,
  TravellerSavedSchema,
  TravellerSaveSchema,
  TravellerSchema,
  TravellersQuerySchema,
} from '../travellers.ts';

/** The office's traveller directory (decisions 018, 043). Imported as `travellersApi` (routes/index.ts). */
export * from './travellers-directory.ts';

export const list = consoleRoute({
  method: 'GET',
  path: '/travellers',
  summary: "The office's traveller directory (no document numbers, contact or notes)",
  tag: 'travellers',
  query: TravellersQuerySchema,
  response: TravellerListSchema,
});

export const save = consoleRoute({
  method: 'POST',
  path: '/travellers',
  summary:
    'Save a traveller once (audited): 409 traveller_exists with the profiles matched, unless on_match says update or new',
  tag: 'travellers',
  body: TravellerSaveSchema,
  response: TravellerSavedSchema,
  status: 201,
});

export const matches = consoleRoute({
  method: 'POST',
  path: '/travellers/matches',
  summary: 'The profiles a person matches (name and birth date, or a document); nothing is written',
  tag: 'travellers',
  body: TravellerMatchQuerySchema,
  response: TravellerMatchListSchema,
});

export const link = consoleRoute({
  method: 'PUT',
  path: '/travellers/{id}/bookings/{bookingId}',
  summary: 'Link a traveller to a booking they travel on (picked from the directory on its form)',
  tag: 'travellers',
  response: z.object({ id: z.string(), booking_id: z.string() }),
});

export const one = consoleRoute({
  method: 'GET',
  path: '/travellers/{id}',
  summary: 'One traveller, whole',
  tag: 'travellers',
  response: TravellerSchema,
});

export const update = consoleRoute({
  method: 'PUT',
  path: '/travellers/{id}',
  summary: 'Change a traveller (audited)',
  tag: 'travellers',
  body: TravellerInputSchema,
  response: TravellerSchema,
});
