import { bookingsApi, CHANGE_ACTIONS, ChangeActionSchema, changesApi } from '@console/contract';
import { createMiddleware } from 'hono/factory';
import { ConsoleError } from '../platform/errors.ts';
import { pathId } from '../platform/parse.ts';
import { router } from '../platform/route.ts';
import type { AppEnv } from '../platform/types.ts';
import { reachableBooking } from './access.ts';
import { changeInReach, messageFor, planFor, pressAction, quoteFor } from './change-actions.ts';
import type { BookingsDeps } from './deps.ts';
import { idempotencyKey, newIdempotencyKey } from './idempotency.ts';

/** The action in the path, one of the change actions, or 404 with the list (before the body is read). */
function actionOf(value: string | undefined) {
  const action = ChangeActionSchema.safeParse(value);
  if (!action.success)
    throw new ConsoleError('resource_not_found', {
      param: 'action',
      message: `No such action on a change: ${CHANGE_ACTIONS.join(', ')}.`,
    });
  return action.data;
}

const knownAction = createMiddleware<AppEnv>(async (c, next) => {
  pathId(c, 'id');
  actionOf(c.req.param('action'));
  await next();
});

/**
 * The actions beside a change (decision 054), under `/api/changes/{id}`: what to read before one (the service's
 * quote, the client's message, the search a rebooking starts from) and the press itself, under its Idempotency-Key.
 * Another agent's change is answered as no change (404, decision 015).
 */
export function changeActionRoutes(d: BookingsDeps) {
  return router('/changes')
    .handle(changesApi.quote, async (c, { params }) => {
      const user = c.get('user');
      return c.json(await quoteFor(d, await changeInReach(d, user, params.id)));
    })
    .handle(changesApi.message, async (c, { params }) => {
      const user = c.get('user');
      return c.json(await messageFor(d, user, await changeInReach(d, user, params.id)));
    })
    .handle(changesApi.plan, async (c, { params }) => {
      const user = c.get('user');
      return c.json(await planFor(d, user, await changeInReach(d, user, params.id)));
    })
    .handle(changesApi.act, knownAction, async (c, { params, body }) => {
      const key = idempotencyKey(c) ?? newIdempotencyKey();
      const { change, replayed } = await pressAction(d, c.get('user'), {
        changeId: params.id,
        action: actionOf(params.action),
        key,
        body,
      });
      c.header('Idempotency-Key', key);
      if (replayed) c.header('Idempotent-Replayed', 'true');
      return c.json(change);
    }).app;
}

/** A booking's rebooking links, both ways (decision 054): what it replaces, and what replaced it. */
export function bookingLinkRoutes(d: BookingsDeps) {
  return router('/bookings').handle(bookingsApi.links, async (c, { params }) => {
    const entry = await reachableBooking(d.ledger, c.get('user'), params.id, d.upstream.service.environment);
    return c.json(await d.changeActions.links(entry.id));
  }).app;
}
