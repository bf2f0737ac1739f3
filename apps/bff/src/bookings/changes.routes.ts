import {
  BookingChangeSchema,
  ChangeCountSchema,
  ChangeListSchema,
  ChangesQuerySchema,
  HandleChangeRequestSchema,
} from '@console/contract';
import { Hono } from 'hono';
import { ConsoleError } from '../platform/errors.ts';
import { doc } from '../platform/openapi-doc.ts';
import { parseBody, parseQuery, pathId } from '../platform/parse.ts';
import type { AppEnv, SignedInUser } from '../platform/types.ts';
import { ledgerScope } from './access.ts';
import type { BookingsDeps } from './deps.ts';

/**
 * The changes agents must act on (decision 037): an agent's own bookings', or the office's for one who sees them (and
 * admins); handling one is in the audit log. Another agent's change is answered as no change (404).
 */
export function changeRoutes(d: BookingsDeps) {
  const scopeOf = (user: SignedInUser) => ({
    environment: d.upstream.service.environment,
    ...ledgerScope(user),
  });
  return new Hono<AppEnv>()
    .get(
      '/',
      doc({
        summary:
          'Changes on bookings to act on (open or handled), nearest travel first, newest first within a day',
        tag: 'bookings',
        query: ChangesQuerySchema,
        response: ChangeListSchema,
      }),
      async (c) => c.json(await d.changes.list(parseQuery(c, ChangesQuerySchema), scopeOf(c.get('user')))),
    )
    .get(
      '/count',
      doc({
        summary: 'How many changes wait for this person (counted up to 99): the top bar’s count',
        tag: 'bookings',
        response: ChangeCountSchema,
      }),
      async (c) => c.json(await d.changes.count(scopeOf(c.get('user')))),
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
        const id = pathId(c, 'id');
        const handled = await d.changes.handle(id, user, note, scopeOf(user));
        if (!handled)
          throw new ConsoleError('resource_not_found', {
            param: 'id',
            message: 'No such open change on your bookings.',
          });
        await d.audit.write(
          user,
          { action: 'change.handle', resourceId: handled.id },
          'succeeded',
          200,
          null,
        );
        return c.json(handled);
      },
    );
}
