import { ActivityAnswersSentSchema } from '../activities.ts';
import { BookingLinksSchema } from '../change-actions.ts';
import { BookingsQuerySchema, LedgerListSchema, RadarQuerySchema, RadarSchema } from '../console.ts';
import { consoleRoute } from '../console-route.ts';
import {
  RemarkRequestSchema,
  TimelineEventSchema,
  TimelinePageSchema,
  TimelineQuerySchema,
} from '../timeline.ts';

/**
 * The bookings' console routes: the desk, the radar, a booking's timeline and links, an activity's answers as sent.
 * The products' own routes (a flight's order, a hotel's, an activity's booking and their moves) are the service's
 * operations, relayed and described by the operation table.
 * Imported as `bookingsApi` (routes/index.ts).
 */
export const desk = consoleRoute({
  method: 'GET',
  path: '/bookings',
  summary:
    "The ledger: the agent's bookings (an admin's: the office's), with net, fee and client price (format=csv streams every matching booking)",
  tag: 'bookings',
  query: BookingsQuerySchema,
  response: LedgerListSchema,
});

export const radar = consoleRoute({
  method: 'GET',
  path: '/bookings/radar',
  summary: 'Every running clock, a page at a time, most urgent first, with at-risk marks over all of them',
  tag: 'bookings',
  query: RadarQuerySchema,
  response: RadarSchema,
});

export const timeline = consoleRoute({
  method: 'GET',
  path: '/bookings/{id}/timeline',
  summary:
    "A booking's timeline: every event with who or what caused it, oldest first; the latest page unless a cursor says where",
  tag: 'bookings',
  query: TimelineQuerySchema,
  response: TimelinePageSchema,
});

export const addRemark = consoleRoute({
  method: 'POST',
  path: '/bookings/{id}/remarks',
  summary:
    "Add an internal remark to a booking's timeline: kept in the console, never on the client's documents nor sent to the service",
  tag: 'bookings',
  body: RemarkRequestSchema,
  response: TimelineEventSchema,
  status: 201,
});

export const links = consoleRoute({
  method: 'GET',
  path: '/bookings/{id}/links',
  summary: 'What this booking replaces, and what replaced it (rebookings and holds booked again)',
  tag: 'bookings',
  response: BookingLinksSchema,
});

export const activityAnswers = consoleRoute({
  method: 'GET',
  path: '/activities/bookings/{id}/answers',
  summary:
    'What the console sent when it made an activity booking: the answers to its questions, the customer’s contact, the travellers (decision 044)',
  tag: 'activities',
  response: ActivityAnswersSentSchema,
});
