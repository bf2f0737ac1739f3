import { ActivityAnswersSentSchema } from '../activities.ts';
import {
  BookingLinksSchema,
  CancelQuoteSchema,
  CHANGE_ACTIONS,
  ChangeActionRequestSchema,
  ClientMessageSchema,
  RebookPlanSchema,
} from '../change-actions.ts';
import {
  BookingChangeSchema,
  ChangeCountSchema,
  ChangeListSchema,
  ChangesQuerySchema,
  HandleChangeRequestSchema,
} from '../changes.ts';
import { BookingsQuerySchema, LedgerListSchema, RadarQuerySchema, RadarSchema } from '../console.ts';
import { consoleRoute } from '../console-route.ts';
import {
  AssignChangeRequestSchema,
  BulkChangesRequestSchema,
  BulkChangesResultSchema,
  QueuePeopleQuerySchema,
  QueuePeopleSchema,
  SnoozeChangeRequestSchema,
} from '../queue.ts';
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
 */
export const bookingsApi = {
  desk: consoleRoute({
    method: 'GET',
    path: '/bookings',
    summary:
      "The ledger: the agent's bookings (an admin's: the office's), with net, fee and client price (format=csv streams every matching booking)",
    tag: 'bookings',
    query: BookingsQuerySchema,
    response: LedgerListSchema,
  }),
  radar: consoleRoute({
    method: 'GET',
    path: '/bookings/radar',
    summary: 'Every running clock, a page at a time, most urgent first, with at-risk marks over all of them',
    tag: 'bookings',
    query: RadarQuerySchema,
    response: RadarSchema,
  }),
  timeline: consoleRoute({
    method: 'GET',
    path: '/bookings/{id}/timeline',
    summary:
      "A booking's timeline: every event with who or what caused it, oldest first; the latest page unless a cursor says where",
    tag: 'bookings',
    query: TimelineQuerySchema,
    response: TimelinePageSchema,
  }),
  addRemark: consoleRoute({
    method: 'POST',
    path: '/bookings/{id}/remarks',
    summary:
      "Add an internal remark to a booking's timeline: kept in the console, never on the client's documents nor sent to the service",
    tag: 'bookings',
    body: RemarkRequestSchema,
    response: TimelineEventSchema,
    status: 201,
  }),
  links: consoleRoute({
    method: 'GET',
    path: '/bookings/{id}/links',
    summary: 'What this booking replaces, and what replaced it (rebookings and holds booked again)',
    tag: 'bookings',
    response: BookingLinksSchema,
  }),
  activityAnswers: consoleRoute({
    method: 'GET',
    path: '/activities/bookings/{id}/answers',
    summary:
      'What the console sent when it made an activity booking: the answers to its questions, the customer’s contact, the travellers (decision 044)',
    tag: 'activities',
    response: ActivityAnswersSentSchema,
  }),
};

/** The changes agents act on (decisions 037, 053, 054): the queue, and the actions beside a change. */
export const changesApi = {
  list: consoleRoute({
    method: 'GET',
    path: '/changes',
    summary:
      'Changes on bookings to act on (open, snoozed or handled; mine, unassigned or one person’s), nearest travel first, newest first within a day',
    tag: 'bookings',
    query: ChangesQuerySchema,
    response: ChangeListSchema,
  }),
  count: consoleRoute({
    method: 'GET',
    path: '/changes/count',
    summary:
      'How many changes wait for this person: in reach, assigned to them, and unassigned (each counted up to 99): the top bar’s counts',
    tag: 'bookings',
    response: ChangeCountSchema,
  }),
  people: consoleRoute({
    method: 'GET',
    path: '/changes/people',
    summary:
      'Everyone’s open changes, a person a line by name with their count and oldest (admins and agents who see the office’s bookings)',
    tag: 'bookings',
    query: QueuePeopleQuerySchema,
    response: QueuePeopleSchema,
  }),
  bulk: consoleRoute({
    method: 'POST',
    path: '/changes/bulk',
    summary:
      'Assign or handle several changes at once with one note: each change’s outcome said apart (one out of reach is refused, the others go on)',
    tag: 'bookings',
    body: BulkChangesRequestSchema,
    response: BulkChangesResultSchema,
  }),
  handle: consoleRoute({
    method: 'POST',
    path: '/changes/{id}/handle',
    summary: 'Mark a change handled, with a note (in the audit log)',
    tag: 'bookings',
    body: HandleChangeRequestSchema,
    response: BookingChangeSchema,
  }),
  assign: consoleRoute({
    method: 'POST',
    path: '/changes/{id}/assign',
    summary:
      'Assign a change to a colleague (or take it), with a note: they are told as an owner is (in the audit log)',
    tag: 'bookings',
    body: AssignChangeRequestSchema,
    response: BookingChangeSchema,
  }),
  snooze: consoleRoute({
    method: 'POST',
    path: '/changes/{id}/snooze',
    summary:
      'Snooze a change until an instant on the service’s clock: it leaves the open list and comes back then (in the audit log)',
    tag: 'bookings',
    body: SnoozeChangeRequestSchema,
    response: BookingChangeSchema,
  }),
  quote: consoleRoute({
    method: 'GET',
    path: '/changes/{id}/quote',
    summary:
      'The service’s own quote before a change’s cancel and refund: what comes back, how, what is kept (a flight’s refund quote, a hotel’s cancellation quote, a hold’s release, or none)',
    tag: 'bookings',
    response: CancelQuoteSchema,
  }),
  message: consoleRoute({
    method: 'GET',
    path: '/changes/{id}/message',
    summary: 'The message telling the client of a change: the booking’s facts, to copy or e-mail',
    tag: 'bookings',
    response: ClientMessageSchema,
  }),
  plan: consoleRoute({
    method: 'GET',
    path: '/changes/{id}/plan',
    summary:
      'What a rebooking or a booking again starts from: the product’s search as the booking had it (the new dates), its travellers and contact',
    tag: 'bookings',
    response: RebookPlanSchema,
  }),
  act: consoleRoute({
    method: 'POST',
    path: '/changes/{id}/actions/{action}',
    summary: `Take an action on a change (${CHANGE_ACTIONS.join(', ')}): done once under its Idempotency-Key, audited, the change handled with its outcome and note`,
    tag: 'bookings',
    body: ChangeActionRequestSchema,
    bodyOptional: true,
    response: BookingChangeSchema,
  }),
};
