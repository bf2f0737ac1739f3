import {
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
import { consoleRoute } from '../console-route.ts';
import {
  AssignChangeRequestSchema,
  BulkChangesRequestSchema,
  BulkChangesResultSchema,
  QueuePeopleQuerySchema,
  QueuePeopleSchema,
  SnoozeChangeRequestSchema,
} from '../queue.ts';

/**
 * The changes agents act on (decisions 037, 053, 054): the queue, and the actions beside a change. Imported as
 * `changesApi` (routes/index.ts).
 */

export const list = consoleRoute({
  method: 'GET',
  path: '/changes',
  summary:
    'Changes on bookings to act on (open, snoozed or handled; mine, unassigned or one person’s), nearest travel first, newest first within a day',
  tag: 'bookings',
  query: ChangesQuerySchema,
  response: ChangeListSchema,
});

export const count = consoleRoute({
  method: 'GET',
  path: '/changes/count',
  summary:
    'How many changes wait for this person: in reach, assigned to them, and unassigned (each counted up to 99): the top bar’s counts',
  tag: 'bookings',
  response: ChangeCountSchema,
});

export const people = consoleRoute({
  method: 'GET',
  path: '/changes/people',
  summary:
    'Everyone’s open changes, a person a line by name with their count and oldest (admins and agents who see the office’s bookings)',
  tag: 'bookings',
  query: QueuePeopleQuerySchema,
  response: QueuePeopleSchema,
});

export const bulk = consoleRoute({
  method: 'POST',
  path: '/changes/bulk',
  summary:
    'Assign or handle several changes at once with one note: each change’s outcome said apart (one out of reach is refused, the others go on)',
  tag: 'bookings',
  body: BulkChangesRequestSchema,
  response: BulkChangesResultSchema,
});

export const handle = consoleRoute({
  method: 'POST',
  path: '/changes/{id}/handle',
  summary: 'Mark a change handled, with a note (in the audit log)',
  tag: 'bookings',
  body: HandleChangeRequestSchema,
  response: BookingChangeSchema,
});

export const assign = consoleRoute({
  method: 'POST',
  path: '/changes/{id}/assign',
  summary:
    'Assign a change to a colleague (or take it), with a note: they are told as an owner is (in the audit log)',
  tag: 'bookings',
  body: AssignChangeRequestSchema,
  response: BookingChangeSchema,
});

export const snooze = consoleRoute({
  method: 'POST',
  path: '/changes/{id}/snooze',
  summary:
    'Snooze a change until an instant on the service’s clock: it leaves the open list and comes back then (in the audit log)',
  tag: 'bookings',
  body: SnoozeChangeRequestSchema,
  response: BookingChangeSchema,
});

export const quote = consoleRoute({
  method: 'GET',
  path: '/changes/{id}/quote',
  summary:
    'The service’s own quote before a change’s cancel and refund: what comes back, how, what is kept (a flight’s refund quote, a hotel’s cancellation quote, a hold’s release, or none)',
  tag: 'bookings',
  response: CancelQuoteSchema,
});

export const message = consoleRoute({
  method: 'GET',
  path: '/changes/{id}/message',
  summary: 'The message telling the client of a change: the booking’s facts, to copy or e-mail',
  tag: 'bookings',
  response: ClientMessageSchema,
});

export const plan = consoleRoute({
  method: 'GET',
  path: '/changes/{id}/plan',
  summary:
    'What a rebooking or a booking again starts from: the product’s search as the booking had it (the new dates), its travellers and contact',
  tag: 'bookings',
  response: RebookPlanSchema,
});

export const act = consoleRoute({
  method: 'POST',
  path: '/changes/{id}/actions/{action}',
  summary: `Take an action on a change (${CHANGE_ACTIONS.join(', ')}): done once under its Idempotency-Key, audited, the change handled with its outcome and note`,
  tag: 'bookings',
  body: ChangeActionRequestSchema,
  bodyOptional: true,
  response: BookingChangeSchema,
});
