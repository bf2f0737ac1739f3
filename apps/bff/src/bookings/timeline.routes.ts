import { bookingsApi } from '@console/contract';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ConsoleError } from '../platform/errors.ts';
import { pathId } from '../platform/parse.ts';
import { router } from '../platform/route.ts';
import type { AppEnv } from '../platform/types.ts';
import { reachableBooking } from './access.ts';
import type { BookingsDeps } from './deps.ts';
import { idempotencyKey, newIdempotencyKey } from './idempotency.ts';

/**
 * Every booking's timeline (decision 052) and its internal remarks. An agent reaches only the bookings they may
 * (decision 015): another agent's booking is 404, as if it did not exist.
 */
export function timelineRoutes(d: BookingsDeps) {
  const reachable = (c: Context<AppEnv>) =>
    reachableBooking(d.ledger, c.get('user'), pathId(c, 'id'), d.upstream.service.environment);
  // The booking is reached before the remark is read: another agent's booking says nothing of the schema.
  const reachedFirst = createMiddleware<AppEnv>(async (c, next) => {
    await reachable(c);
    await next();
  });
  return router('/bookings')
    .handle(bookingsApi.timeline, async (c, { query }) => {
      const booking = await reachable(c);
      c.header('Cache-Control', 'private, no-store');
      return c.json(await d.timeline.page(booking.id, query));
    })
    .handle(bookingsApi.addRemark, reachedFirst, async (c, { params, body }) => {
      const user = c.get('user');
      const { text } = body;
      const bookingId = params.id;
      // The same press sent again (its Idempotency-Key) is one remark.
      const dedupe = `remark:${bookingId}:${user.id}:${idempotencyKey(c) ?? newIdempotencyKey()}`;
      await d.timeline.record({
        bookingId,
        kind: 'remark',
        actor: { kind: 'agent', who: user },
        summary: text,
        data: { text },
        dedupe,
      });
      const event = await d.timeline.byDedupe(dedupe);
      if (!event)
        throw new ConsoleError('internal_error', { message: 'The remark was not kept. Try again.' });
      return c.json(event, 201);
    }).app;
}
