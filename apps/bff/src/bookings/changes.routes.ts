import { changesApi } from '@console/contract';
import { createMiddleware } from 'hono/factory';
import { ConsoleError } from '../platform/errors.ts';
import { router } from '../platform/route.ts';
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
  // Everyone's queue is asked for by one who sees the office's, before its query is read.
  const officeWideOnly = createMiddleware<AppEnv>(async (c, next) => {
    if (!seesOfficeWide(c.get('user')))
      throw new ConsoleError('forbidden', {
        message: 'Everyone’s queue is for admins and agents who see the office’s bookings.',
      });
    await next();
  });
  return router('/changes')
    .handle(changesApi.list, async (c, { query }) =>
      c.json(await d.changes.list(query, scopeOf(c.get('user')))),
    )
    .handle(changesApi.count, async (c) => c.json(await d.changes.count(scopeOf(c.get('user')))))
    .handle(changesApi.people, officeWideOnly, async (c, { query }) =>
      c.json(await d.changes.people(query, d.upstream.service.environment)),
    )
    .handle(changesApi.bulk, async (c, { body }) => {
      const user = c.get('user');
      return c.json(await bulkChanges(d, body, user, scopeOf(user)));
    })
    .handle(changesApi.handle, async (c, { params, body }) => {
      const user = c.get('user');
      return c.json(await handleChange(d, params.id, body.note, user, scopeOf(user)));
    })
    .handle(changesApi.assign, async (c, { params, body }) => {
      const user = c.get('user');
      return c.json(await assignChange(d, params.id, body, user, scopeOf(user)));
    })
    .handle(changesApi.snooze, async (c, { params, body }) => {
      const user = c.get('user');
      return c.json(await snoozeChange(d, params.id, body, user, scopeOf(user)));
    }).app;
}
