import {
  type FlightSearchEvent,
  type FlightSearchRequest,
  parseFlightSearchEvent,
  STREAM_FLIGHT_SEARCH,
} from '@console/contract';
import { ServiceError } from './errors.ts';
import { type Frame, frameData, frameFacts, SseFramer } from './sse-frames.ts';
import type { Transport } from './transport.ts';

/** One search-stream event as relayed: its name, and the whole event as the service sent it (in the parts it came in). */
export interface RelayedEvent {
  event: 'offers' | 'done';
  frame: Frame;
}

/**
 * The streaming flight search as it came, event by event, for relaying: each `offers` event is passed on as the
 * bytes the service sent (checked to carry one JSON object, not decoded: the browser parses it with the same
 * contract, decision 012); `done`, whose payload the document does not show, is passed on whatever it carries.
 * Comments (heartbeats), `id:`/`retry:`-only blocks and events this console does not know are not relayed.
 * Ends after `done`; a stream cut before `done` throws stream_interrupted. Aborting the signal closes the upstream.
 */
export async function* relayFlightSearch(
  transport: Transport,
  body: FlightSearchRequest,
  signal?: AbortSignal,
): AsyncGenerator<RelayedEvent> {
  // A search only reads: retried like any read when it fails before the stream starts.
  const response = await transport.exchange(
    {
      method: STREAM_FLIGHT_SEARCH.method,
      path: STREAM_FLIGHT_SEARCH.path,
      scope: STREAM_FLIGHT_SEARCH.scope,
      body,
      signal,
      acts: false,
      bulkhead: 'stream',
    },
    async (answer) => {
      if (answer.statusCode < 400) return answer;
      await transport.readJson(answer, false);
      throw ServiceError.local('upstream_malformed', 502);
    },
  );
  const framer = new SseFramer();
  let done = false;
  try {
    for await (const chunk of response.body) {
      for (const frame of framer.push(chunk as Uint8Array)) {
        const facts = frameFacts(frame);
        if (facts.event === 'offers') {
          // One JSON object at a glance ({ … }); the browser parses it with the contract.
          if (facts.dataFirst !== 0x7b || facts.dataLast !== 0x7d)
            throw ServiceError.local('upstream_malformed', 502, {
              message: 'The booking service sent search results that could not be read.',
            });
          yield { event: 'offers', frame };
        } else if (facts.event === 'done') {
          done = true;
          yield { event: 'done', frame };
        }
      }
      if (done) break;
    }
  } catch (error) {
    if (signal?.aborted || error instanceof ServiceError) throw error;
    throw ServiceError.local('stream_interrupted', 502, { cause: error });
  } finally {
    if (!response.body.destroyed) response.body.destroy();
  }
  if (!done && !signal?.aborted) throw ServiceError.local('stream_interrupted', 502);
}

/** The streaming flight search as typed events, each parsed with the contract. */
export async function* streamFlightSearch(
  transport: Transport,
  body: FlightSearchRequest,
  signal?: AbortSignal,
): AsyncGenerator<FlightSearchEvent> {
  for await (const raw of relayFlightSearch(transport, body, signal)) {
    let event: FlightSearchEvent | null;
    try {
      event = parseFlightSearchEvent(raw.event, frameData(raw.frame));
    } catch (error) {
      throw ServiceError.local('upstream_malformed', 502, { cause: error });
    }
    if (event) yield event;
  }
}
