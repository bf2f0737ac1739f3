import { z } from 'zod';
import { LedgerListSchema } from '../console.ts';
import { consoleRoute } from '../console-route.ts';
import {
  TravellerBookingsQuerySchema,
  TravellerDuplicateListSchema,
  TravellerDuplicatesQuerySchema,
  TravellerMergeSchema,
  TravellerSchema,
} from '../travellers.ts';

/**
 * What only the traveller directory's own screens do (a traveller's bookings, likely duplicates, merging, deleting),
 * part of `travellersApi` (travellers.ts): a module apart, so the booking pages that pick travellers do not carry it.
 */

export const duplicates = consoleRoute({
  method: 'GET',
  path: '/travellers/duplicates',
  summary: 'Profiles that are likely one person, in pairs, and whether this user may merge each',
  tag: 'travellers',
  query: TravellerDuplicatesQuerySchema,
  response: TravellerDuplicateListSchema,
});

export const merge = consoleRoute({
  method: 'POST',
  path: '/travellers/{id}/merge',
  summary: 'Merge another profile into this one: its bookings follow, its id leads here (audited)',
  tag: 'travellers',
  body: TravellerMergeSchema,
  response: TravellerSchema,
});

export const bookings = consoleRoute({
  method: 'GET',
  path: '/travellers/{id}/bookings',
  summary: "A traveller's bookings, newest link first, those this user may reach",
  tag: 'travellers',
  query: TravellerBookingsQuerySchema,
  response: LedgerListSchema,
});

export const remove = consoleRoute({
  method: 'DELETE',
  path: '/travellers/{id}',
  summary: 'Delete a traveller and all their data (audited)',
  tag: 'travellers',
  response: z.object({ id: z.string(), deleted: z.boolean() }),
  admin: true,
});
