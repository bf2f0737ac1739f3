import {
  RemarkRequestSchema,
  TimelineEventSchema,
  TimelinePageSchema,
  TimelineQuerySchema,
} from '@console/contract';
import { Hono } from 'hono';
import { ConsoleError } from '../platform/errors.ts';
import { doc } from '../platform/openapi-doc.ts';
import { parseBody, parseQuery, pathId } from '../platform/parse.ts';
import type { AppEnv } from '../platform/types.ts';
import { reachableBooking } from './access.ts';
import type { BookingsDeps } from './deps.ts';
import { idempotencyKey, newIdempotencyKey } from './idempotency.ts';

/**
 * Every booking's timeline (decision 052) and its internal remarks. An agent reaches only the bookings they may
 * (decision 015): another agent's booking is 404, as if it did not exist.
 */
export function timelineRoutes(d: BookingsDeps) {
  return new Hono<AppEnv>()
    .get(
      '/:id/timeline',
      doc({
        summary:
          "A booking's timeline: every event with who or what caused it, oldest first; the latest page unless a cursor says where",
        tag: 'bookings',
        query: TimelineQuerySchema,
        response: TimelinePageSchema,
      }),
      async (c) => {
        const query = parseQuery(c, TimelineQuerySchema);
        const booking = await reachableBooking(
          d.ledger,
          c.get('user'),
          pathId(c, 'id'),
          d.upstream.service.environment,
        );
        c.header('Cache-Control', 'private, no-store');
        return c.json(await d.timeline.page(booking.id, query));
      },
    )
    .post(
      '/:id/remarks',
      doc({
        summary:
          "Add an internal remark to a booking's timeline: kept in the console, never on the client's documents nor sent to the service",
        tag: 'bookings',
        body: RemarkRequestSchema,
        response: TimelineEventSchema,
        status: 201,
      }),
      async (c) => {
        const user = c.get('user');
        const booking = await reachableBooking(
          d.ledger,
          user,
          pathId(c, 'id'),
          d.upstream.service.environment,
        );
        const { text } = await parseBody(c, RemarkRequestSchema);
        // The same press sent again (its Idempotency-Key) is one remark.
        const dedupe = `remark:${booking.id}:${user.id}:${idempotencyKey(c) ?? newIdempotencyKey()}`;
        await d.timeline.record({
          bookingId: booking.id,
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
      },
    );
}
