import {
  AssignChangeRequestSchema,
  BookingChangeSchema,
  BulkChangesRequestSchema,
  BulkChangesResultSchema,
  ChangeCountSchema,
  ChangeListSchema,
  ChangesQuerySchema,
  HandleChangeRequestSchema,
  QueuePeopleQuerySchema,
  QueuePeopleSchema,
  SnoozeChangeRequestSchema,
} from '@console/contract';
import { Hono } from 'hono';
import { ConsoleError } from '../platform/errors.ts';
import { doc } from '../platform/openapi-doc.ts';
import { parseBody, parseQuery, pathId } from '../platform/parse.ts';
import type { AppEnv, SignedInUser } from '../platform/types.ts';
import { ledgerScope, seesOfficeWide } from './access.ts';
import type { QueueScope } from './change-log.ts';
import { assignChange, bulkChanges, handleChange, snoozeChange } from './change-queue.ts';
import type { BookingsDeps } from './deps.ts';

/**
 * The changes agents must act on (decision 037), as a team's queue (decision 053): an agent's own bookings' and those
 * assigned to them, or the office's for one who sees them (and admins); assigning, snoozing and handling one (or
 * several) are in the audit log and on the booking's timeline. Another agent's change is answered as no change (404).
 */
export function changeRoutes(d: BookingsDeps) {
  const scopeOf = (user: SignedInUser): QueueScope => ({
    environment: d.upstream.service.environment,
    userId: user.id,
    ...ledgerScope(user),
  });
  return new Hono<AppEnv>()
    .get(
      '/',
      doc({
        summary:
          'Changes on bookings to act on (open, snoozed or handled; mine, unassigned or one person’s), nearest travel first, newest first within a day',
        tag: 'bookings',
        query: ChangesQuerySchema,
        response: ChangeListSchema,
      }),
      async (c) => c.json(await d.changes.list(parseQuery(c, ChangesQuerySchema), scopeOf(c.get('user')))),
    )
    .get(
      '/count',
      doc({
        summary:
          'How many changes wait for this person: in reach, assigned to them, and unassigned (each counted up to 99): the top bar’s counts',
        tag: 'bookings',
        response: ChangeCountSchema,
      }),
      async (c) => c.json(await d.changes.count(scopeOf(c.get('user')))),
    )
    .get(
      '/people',
      doc({
        summary:
          'Everyone’s open changes, a person a line by name with their count and oldest (admins and agents who see the office’s bookings)',
        tag: 'bookings',
        query: QueuePeopleQuerySchema,
        response: QueuePeopleSchema,
      }),
      async (c) => {
        const user = c.get('user');
        if (!seesOfficeWide(user))
          throw new ConsoleError('forbidden', {
            message: 'Everyone’s queue is for admins and agents who see the office’s bookings.',
          });
        return c.json(
          await d.changes.people(parseQuery(c, QueuePeopleQuerySchema), d.upstream.service.environment),
        );
      },
    )
    .post(
      '/bulk',
      doc({
        summary:
          'Assign or handle several changes at once with one note: each change’s outcome said apart (one out of reach is refused, the others go on)',
        tag: 'bookings',
        body: BulkChangesRequestSchema,
        response: BulkChangesResultSchema,
      }),
      async (c) => {
        const user = c.get('user');
        const body = await parseBody(c, BulkChangesRequestSchema);
        return c.json(await bulkChanges(d, body, user, scopeOf(user)));
      },
    )
    .post(
      '/:id/handle',
      doc({
        summary: 'Mark a change handled, with a note (in the audit log)',
        tag: 'bookings',
        body: HandleChangeRequestSchema,
        response: BookingChangeSchema,
      }),
      async (c) => {
        const user = c.get('user');
        const { note } = await parseBody(c, HandleChangeRequestSchema);
        return c.json(await handleChange(d, pathId(c, 'id'), note, user, scopeOf(user)));
      },
    )
    .post(
      '/:id/assign',
      doc({
        summary:
          'Assign a change to a colleague (or take it), with a note: they are told as an owner is (in the audit log)',
        tag: 'bookings',
        body: AssignChangeRequestSchema,
        response: BookingChangeSchema,
      }),
      async (c) => {
        const user = c.get('user');
        const body = await parseBody(c, AssignChangeRequestSchema);
        return c.json(await assignChange(d, pathId(c, 'id'), body, user, scopeOf(user)));
      },
    )
    .post(
      '/:id/snooze',
      doc({
        summary:
          'Snooze a change until an instant on the service’s clock: it leaves the open list and comes back then (in the audit log)',
        tag: 'bookings',
        body: SnoozeChangeRequestSchema,
        response: BookingChangeSchema,
      }),
      async (c) => {
        const user = c.get('user');
        const body = await parseBody(c, SnoozeChangeRequestSchema);
        return c.json(await snoozeChange(d, pathId(c, 'id'), body, user, scopeOf(user)));
      },
    );
}
