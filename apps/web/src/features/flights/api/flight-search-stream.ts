import {
  ErrorEnvelopeSchema,
  type FlightOffer,
  type FlightSearchRequest,
  parseFlightSearchEvent,
} from '@console/contract';
import { createParser } from 'eventsource-parser';
import { useEffect, useState } from 'react';
import { ApiError, errorOf, jsonHeaders, networkError } from '../../../lib/api.ts';

export interface StreamState {
  status: 'idle' | 'searching' | 'done' | 'error' | 'cancelled';
  offers: FlightOffer[];
  providersAnswered: number;
  providersTotal: number;
  error: ApiError | null;
  startedAt: number | null;
  firstOfferAt: number | null;
}

const IDLE: StreamState = {
  status: 'idle',
  offers: [],
  providersAnswered: 0,
  providersTotal: 0,
  error: null,
  startedAt: null,
  firstOfferAt: null,
};

/**
 * Runs the streaming search through the console and keeps the latest full batch. A new request replaces the
 * running one; `cancel` stops it; `retry` runs it again; leaving the page stops it too (the console then closes the
 * upstream stream).
 */
export function useFlightSearchStream(request: FlightSearchRequest | null, key: string) {
  const [state, setState] = useState<StreamState>(IDLE);
  const [controller, setController] = useState<AbortController | null>(null);
  /** Bumped by `retry`: the same search run again (a search is safe to repeat). */
  const [run, setRun] = useState(0);

  useEffect(() => {
    if (!request) {
      setState(IDLE);
      return;
    }
    const abort = new AbortController();
    setController(abort);
    const startedAt = performance.now();
    setState({ ...IDLE, status: 'searching', startedAt });
    void (async () => {
      try {
        const response = await fetch('/api/flights/searches/stream', {
          method: 'POST',
          headers: { ...jsonHeaders('POST'), Accept: 'text/event-stream' },
          body: JSON.stringify(request),
          credentials: 'same-origin',
          signal: abort.signal,
        });
        if (!response.ok) throw await errorOf(response);
        const parser = createParser({
          onEvent: (message) => {
            if (message.event === 'error') {
              const envelope = ErrorEnvelopeSchema.safeParse(JSON.parse(message.data));
              if (envelope.success)
                setState((s) => ({ ...s, status: 'error', error: new ApiError(502, envelope.data) }));
              return;
            }
            let event: ReturnType<typeof parseFlightSearchEvent>;
            try {
              event = parseFlightSearchEvent(message.event, message.data);
            } catch {
              // The relay passes offers on as the service wrote them; this is where they are checked.
              throw networkError(
                'The booking service sent search results that could not be read. The offers shown are real; search again.',
                'upstream_malformed',
                502,
              );
            }
            if (event?.event === 'offers') {
              const data = event.data;
              setState((s) => ({
                ...s,
                offers: data.offers,
                providersAnswered: data.providers_answered,
                providersTotal: data.providers_total,
                firstOfferAt: s.firstOfferAt ?? (data.offers.length > 0 ? performance.now() : null),
              }));
            } else if (event?.event === 'done') {
              setState((s) => ({ ...s, status: 'done' }));
            }
          },
        });
        const reader = response.body?.getReader();
        const decoder = new TextDecoder();
        for (;;) {
          const chunk = await reader?.read();
          if (!chunk || chunk.done) break;
          parser.feed(decoder.decode(chunk.value, { stream: true }));
        }
        setState((s) =>
          s.status === 'searching'
            ? {
                ...s,
                status: 'error',
                error: networkError(
                  'The search stopped before it finished. The offers shown are real; search again for the full list.',
                  'stream_interrupted',
                  502,
                ),
              }
            : s,
        );
      } catch (error) {
        if (abort.signal.aborted) return;
        setState((s) => ({
          ...s,
          status: 'error',
          error: error instanceof ApiError ? error : networkError('The console could not be reached.'),
        }));
      }
    })();
    return () => abort.abort();
    // `key` identifies the request; the object itself is rebuilt on every render.
  }, [key, run]);

  const cancel = () => {
    controller?.abort();
    setState((s) => (s.status === 'searching' ? { ...s, status: 'cancelled' } : s));
  };
  const retry = () => setRun((n) => n + 1);
  return { ...state, cancel, retry };
}
