import { type RelayedEvent, ServiceError } from '@console/client';
import {
  errorEnvelope,
  FlightSearchRequestSchema,
  NotesRequestSchema,
  RefundRequestSchema,
  SERVICE_TIME_HEADER,
} from '@console/contract';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { ConsoleError } from '../platform/errors.ts';
import { parseBody, pathId } from '../platform/parse.ts';
import { nodeSink, type SseSink } from '../platform/sse-sink.ts';
import type { AppEnv } from '../platform/types.ts';
import type { BookingsDeps } from './deps.ts';
import { FLIGHT_LEDGER } from './facts.ts';
import { idempotencyKey } from './idempotency.ts';
import { requireProofForPayment } from './payment-proof.ts';
import { readAndRefresh } from './refresh.ts';
import { refundFlightOrder, settleAction, settleCreate, settledBody } from './settle.ts';
import { notesEvent } from './timeline-write.ts';

export const HEARTBEAT_MS = 15_000;

export function flightRoutes(d: BookingsDeps) {
  const { service } = d.upstream;
  return new Hono<AppEnv>()
    .post('/searches/stream', async (c) => {
      // A stopping instance starts no new stream it would cut a moment later; the browser searches again.
      if (d.lifecycle.draining)
        throw new ConsoleError('service_unavailable', {
          message: 'The console is restarting. Search again in a moment.',
        });
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
      let shuttingDown = false;
      const untrack = d.lifecycle.track(() => {
        shuttingDown = true;
        upstream.abort();
      });
      // Each event goes on as the service's own bytes, unchanged, straight to the browser's connection.
      const relay = async (sink: SseSink) => {
        sink.onGone(() => upstream.abort());
        const heartbeat = setInterval(() => {
          sink.write(': keep-alive\n\n').catch(() => upstream.abort());
        }, HEARTBEAT_MS);
        const fail = (envelope: unknown) =>
          sink.write(`event: error\ndata: ${JSON.stringify(envelope)}\n\n`).catch(() => undefined);
        try {
          if (!first.done) await sink.write(first.value.frame);
          for await (const event of events) await sink.write(event.frame);
        } catch (error) {
          if (shuttingDown)
            // This instance is stopping: the browser is told, in the envelope, to search again.
            await fail(
              errorEnvelope('service_unavailable', {
                requestId: c.get('requestId'),
                message: 'The console is restarting. Search again in a moment.',
              }),
            );
          else if (!upstream.signal.aborted)
            await fail(
              error instanceof ServiceError
                ? error.envelope
                : errorEnvelope('stream_interrupted', { requestId: c.get('requestId') }),
            );
        } finally {
          clearInterval(heartbeat);
          untrack();
          detach();
          upstream.abort();
          sink.end();
        }
      };
      const outgoing = c.env.outgoing;
      if (outgoing) {
        void relay(
          nodeSink(outgoing, {
            // Written straight to the socket, past the middleware: the same security headers as every answer.
            ...d.securityHeaders,
            'Content-Type': 'text/event-stream; charset=utf-8',
            'Cache-Control': 'no-cache, no-transform',
            'X-Accel-Buffering': 'no',
            'X-Content-Type-Options': 'nosniff',
            'Request-Id': c.get('requestId'),
            [SERVICE_TIME_HEADER]: String(d.upstream.clock.now()),
          }),
        );
        // The answer is on the wire already: the adapter leaves the connection to the relay.
        return RESPONSE_ALREADY_SENT;
      }
      // Not on Node's server (no connection to write to): the same relay through Hono's stream.
      c.header('X-Accel-Buffering', 'no');
      c.header('Cache-Control', 'no-cache, no-transform');
      return streamSSE(c, (stream) =>
        relay({
          write: async (chunk) => {
            if (typeof chunk === 'string' || chunk instanceof Uint8Array) await stream.write(chunk);
            else for (const part of chunk) await stream.write(part);
          },
          onGone: (listener) => stream.onAbort(listener),
          end: () => undefined,
        }),
      );
    })
    .post('/orders', (c) => settleCreate(c, d, 'createFlightOrder'))
    .get('/orders/:id', async (c) => {
      const read = await readAndRefresh(d, { product: 'flight', id: pathId(c, 'id') });
      return c.json(read.answer);
    })
    .post('/orders/:id/ticket', async (c) => {
      await requireProofForPayment(c, d, { product: 'flight', id: pathId(c, 'id') });
      return settleAction(c, d, { action: 'flight.order.ticket', reader: FLIGHT_LEDGER }, (id) =>
        service.op.ticketFlightOrder({ id }),
      );
    })
    .post('/orders/:id/cancellation', (c) =>
      settleAction(c, d, { action: 'flight.order.cancel', reader: FLIGHT_LEDGER }, (id) =>
        service.op.cancelFlightOrder({ id }),
      ),
    )
    .post('/orders/:id/refund', async (c) => {
      const id = pathId(c, 'id');
      const body = await parseBody(c, RefundRequestSchema, { optional: true });
      const { refund } = await refundFlightOrder(d, c.get('user'), id, body, idempotencyKey(c));
      return c.json(settledBody(c, refund));
    })
    .post('/orders/:id/notes', async (c) => {
      const id = pathId(c, 'id');
      const body = await parseBody(c, NotesRequestSchema);
      const settled = await service.op.addFlightOrderNotes({ id, body });
      await d.timeline.note(notesEvent(id, c.get('user'), body.notes));
      return c.json(settledBody(c, settled));
    });
}
