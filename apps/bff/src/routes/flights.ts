import { type RelayedEvent, ServiceError, type Settled } from '@console/client';
import {
  errorEnvelope,
  type FlightOrder,
  FlightOrderRequestSchema,
  FlightSearchRequestSchema,
  NotesRequestSchema,
  RefundRequestSchema,
} from '@console/contract';
import { type Context, Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Deps } from '../deps.ts';
import { created, idempotencyKey, newIdempotencyKey } from '../lib/idempotency.ts';
import { flightFacts } from '../lib/ledger.ts';
import { parseBody, pathId } from '../lib/parse.ts';
import { auditFacts, factsOf, settledBody } from '../lib/relay.ts';
import type { AppEnv } from '../lib/types.ts';

export const HEARTBEAT_MS = 15_000;

export function flightRoutes(d: Deps) {
  const { service } = d.upstream;
  return new Hono<AppEnv>()
    .post('/searches/stream', async (c) => {
      const body = await parseBody(c, FlightSearchRequestSchema);
      const upstream = new AbortController();
      // The browser going away before the first event aborts the upstream call. The listener is removed when the
      // relay ends: left on the request's signal, it kept each stream's upstream call and its data alive (the soak
      // in pnpm bench found about 60 KB retained per stream).
      const signal = c.req.raw.signal;
      const onAbort = () => upstream.abort();
      signal.addEventListener('abort', onAbort, { once: true });
      const detach = () => signal.removeEventListener('abort', onAbort);
      const events = service.relayFlightSearch(body, upstream.signal);
      // The first event is awaited before answering, so a refused search is a plain error with its status.
      let first: IteratorResult<RelayedEvent>;
      try {
        first = await events.next();
      } catch (error) {
        detach();
        throw error;
      }
      c.header('X-Accel-Buffering', 'no');
      c.header('Cache-Control', 'no-cache, no-transform');
      return streamSSE(c, async (stream) => {
        stream.onAbort(() => upstream.abort());
        const heartbeat = setInterval(() => {
          stream.write(': keep-alive\n\n').catch(() => upstream.abort());
        }, HEARTBEAT_MS);
        try {
          // Each event goes on as the service's own bytes, unchanged.
          if (!first.done) await stream.write(first.value.frame);
          for await (const event of events) await stream.write(event.frame);
        } catch (error) {
          if (upstream.signal.aborted) return;
          const envelope =
            error instanceof ServiceError
              ? error.envelope
              : errorEnvelope('stream_interrupted', { requestId: c.get('requestId') });
          await stream.writeSSE({ event: 'error', data: JSON.stringify(envelope) });
        } finally {
          clearInterval(heartbeat);
          detach();
          upstream.abort();
        }
      });
    })
    .post('/orders', async (c) => {
      const key = idempotencyKey(c) ?? newIdempotencyKey();
      const body = await parseBody(c, FlightOrderRequestSchema);
      const user = c.get('user');
      const { value: settled, reconciled } = await d.audit.create(
        user,
        { action: 'flight.order.create', idempotencyKey: key },
        (report) => service.op.createFlightOrder({ body, idempotencyKey: key, report }),
        (s) => auditFacts(s, 'flight', flightFacts),
      );
      await d.ledger.record(factsOf(settled, 'flight', flightFacts), user, service.environment, key);
      return created(c, settledBody(c, settled), key, reconciled);
    })
    .get('/orders/:id', async (c) => {
      const order = await service.op.getFlightOrder({ id: pathId(c, 'id') });
      await d.ledger.refresh(flightFacts(order));
      return c.json(order);
    })
    .post('/orders/:id/ticket', async (c) =>
      act(c, 'flight.order.ticket', (id) => service.op.ticketFlightOrder({ id })),
    )
    .post('/orders/:id/cancellation', async (c) =>
      act(c, 'flight.order.cancel', (id) => service.op.cancelFlightOrder({ id })),
    )
    .post('/orders/:id/refund', async (c) => {
      const id = pathId(c, 'id');
      const body = await parseBody(c, RefundRequestSchema, { optional: true });
      const refund = await d.audit.run(
        c.get('user'),
        { action: 'flight.order.refund', resourceId: id },
        () => service.op.refundFlightOrder({ id, body }),
        (r) => ({ amount: r.value?.amount ?? null }),
      );
      // The refund moved money: the order is read again for the ledger; a failing read leaves that to the next one.
      await service.op
        .getFlightOrder({ id })
        .then((order) => d.ledger.refresh(flightFacts(order)))
        .catch(() => undefined);
      return c.json(settledBody(c, refund));
    })
    .post('/orders/:id/notes', async (c) => {
      const id = pathId(c, 'id');
      const settled = await service.op.addFlightOrderNotes({
        id,
        body: await parseBody(c, NotesRequestSchema),
      });
      return c.json(settledBody(c, settled));
    });

  /** Ticket or cancel: audited, recorded in the ledger whatever the 2xx body holds, and passed on. */
  async function act(
    c: Context<AppEnv>,
    action: string,
    call: (id: string) => Promise<Settled<FlightOrder>>,
  ): Promise<Response> {
    const id = pathId(c, 'id');
    const settled = await d.audit.run(
      c.get('user'),
      { action, resourceId: id },
      () => call(id),
      (s) => auditFacts(s, 'flight', flightFacts, id),
    );
    await d.ledger.refresh(factsOf(settled, 'flight', flightFacts, id));
    return c.json(settledBody(c, settled));
  }
}
