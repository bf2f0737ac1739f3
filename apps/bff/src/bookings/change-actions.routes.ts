import {
  BookingChangeSchema,
  BookingLinksSchema,
  CancelQuoteSchema,
  CHANGE_ACTIONS,
  ChangeActionRequestSchema,
  ChangeActionSchema,
  ClientMessageSchema,
  RebookPlanSchema,
} from '@console/contract';
import { Hono } from 'hono';
import { ConsoleError } from '../platform/errors.ts';
import { doc } from '../platform/openapi-doc.ts';
import { parseBody, pathId } from '../platform/parse.ts';
import type { AppEnv } from '../platform/types.ts';
import { reachableBooking } from './access.ts';
import { changeInReach, messageFor, planFor, pressAction, quoteFor } from './change-actions.ts';
import type { BookingsDeps } from './deps.ts';
import { idempotencyKey, newIdempotencyKey } from './idempotency.ts';

/**
 * The actions beside a change (decision 054), under `/api/changes/{id}`: what to read before one (the service's
 * quote, the client's message, the search a rebooking starts from) and the press itself, under its Idempotency-Key.
 * Another agent's change is answered as no change (404, decision 015).
 */
export function changeActionRoutes(d: BookingsDeps) {
  return new Hono<AppEnv>()
    .get(
      '/:id/quote',
      doc({
        summary:
          'The service’s own quote before a change’s cancel and refund: what comes back, how, what is kept (a flight’s refund quote, a hotel’s cancellation quote, a hold’s release, or none)',
        tag: 'bookings',
        response: CancelQuoteSchema,
      }),
      async (c) => {
        const user = c.get('user');
        return c.json(await quoteFor(d, await changeInReach(d, user, pathId(c, 'id'))));
      },
    )
    .get(
      '/:id/message',
      doc({
        summary: 'The message telling the client of a change: the booking’s facts, to copy or e-mail',
        tag: 'bookings',
        response: ClientMessageSchema,
      }),
      async (c) => {
        const user = c.get('user');
        return c.json(await messageFor(d, user, await changeInReach(d, user, pathId(c, 'id'))));
      },
    )
    .get(
      '/:id/plan',
      doc({
        summary:
          'What a rebooking or a booking again starts from: the product’s search as the booking had it (the new dates), its travellers and contact',
        tag: 'bookings',
        response: RebookPlanSchema,
      }),
      async (c) => {
        const user = c.get('user');
        return c.json(await planFor(d, user, await changeInReach(d, user, pathId(c, 'id'))));
      },
    )
    .post(
      '/:id/actions/:action',
      doc({
        summary: `Take an action on a change (${CHANGE_ACTIONS.join(', ')}): done once under its Idempotency-Key, audited, the change handled with its outcome and note`,
        tag: 'bookings',
        body: ChangeActionRequestSchema,
        response: BookingChangeSchema,
      }),
      async (c) => {
        const id = pathId(c, 'id');
        const action = ChangeActionSchema.safeParse(c.req.param('action'));
        if (!action.success)
          throw new ConsoleError('resource_not_found', {
            param: 'action',
            message: `No such action on a change: ${CHANGE_ACTIONS.join(', ')}.`,
          });
        const body = await parseBody(c, ChangeActionRequestSchema, { optional: true });
        const key = idempotencyKey(c) ?? newIdempotencyKey();
        const { change, replayed } = await pressAction(d, c.get('user'), {
          changeId: id,
          action: action.data,
          key,
          body,
        });
        c.header('Idempotency-Key', key);
        if (replayed) c.header('Idempotent-Replayed', 'true');
        return c.json(change);
      },
    );
}

/** A booking's rebooking links, both ways (decision 054): what it replaces, and what replaced it. */
export function bookingLinkRoutes(d: BookingsDeps) {
  return new Hono<AppEnv>().get(
    '/:id/links',
    doc({
      summary: 'What this booking replaces, and what replaced it (rebookings and holds booked again)',
      tag: 'bookings',
      response: BookingLinksSchema,
    }),
    async (c) => {
      const entry = await reachableBooking(
        d.ledger,
        c.get('user'),
        pathId(c, 'id'),
        d.upstream.service.environment,
      );
      return c.json(await d.changeActions.links(entry.id));
    },
  );
}
