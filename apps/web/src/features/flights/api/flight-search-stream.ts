import type { FlightOffer, FlightSearchRequest } from '@console/contract';
import { startTransition, useEffect, useRef, useState } from 'react';
import { ApiError, errorFromText, jsonHeaders, networkError } from '../../../lib/api.ts';
import type { FromStreamWorker, ToStreamWorker } from './search-stream-messages.ts';

export interface StreamState {
  status: 'idle' | 'searching' | 'done' | 'error' | 'cancelled';
  offers: FlightOffer[];
  providersAnswered: number | null;
  providersTotal: number | null;
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

function failure(message: FromStreamWorker): ApiError | null {
  switch (message.type) {
    case 'refused':
      return errorFromText(message.status, message.text);
    case 'error':
      return new ApiError(502, message.envelope);
    case 'unreadable':
      return networkError(
        'The booking service sent search results that could not be read. The offers shown are real; search again.',
        'upstream_malformed',
        502,
      );
    case 'interrupted':
      return networkError(
        'The search stopped before it finished. The offers shown are real; search again for the full list.',
        'stream_interrupted',
        502,
      );
    case 'network':
      return networkError('The console could not be reached.');
    default:
      return null;
  }
}

/**
 * Runs the streaming search through the console and keeps the latest full list. The stream is read and checked in a
 * worker (search-stream.worker.ts), which sends only what each batch changed. A new request replaces the running one;
 * `cancel` stops it; `retry` runs it again; leaving the page stops it too (the console then closes the upstream
 * stream).
 */
export function useFlightSearchStream(request: FlightSearchRequest | null, key: string) {
  // A page opened on a search says so in its first frame: the search starts as soon as the page has drawn.
  const [state, setState] = useState<StreamState>(() => (request ? { ...IDLE, status: 'searching' } : IDLE));
  const worker = useRef<Worker | null>(null);
  /** Whether the running search has ended (done or failed), known when its message comes, before it is drawn. */
  const ended = useRef(false);
  /** Bumped by `retry`: the same search run again (a search is safe to repeat). */
  const [run, setRun] = useState(0);

  useEffect(() => {
    if (!request) {
      setState(IDLE);
      return;
    }
    const thread = new Worker(new URL('./search-stream.worker.ts', import.meta.url), { type: 'module' });
    worker.current = thread;
    const startedAt = performance.now();
    ended.current = false;
    setState({ ...IDLE, status: 'searching', startedAt });
    // What the stream brings is drawn in a transition React yields from (every few milliseconds), and batches that
    // come close together are drawn once: as plain updates, each batch redrew the page, its filters and the visible
    // offers in one task (Lighthouse mobile, 4x CPU). All of the stream's updates go the same way, so they are
    // applied in the order they came.
    // The search's end is known at once, though drawn later: a Cancel clicked after it came changes nothing (the
    // search did end, every offer in), rather than showing "cancelled" and then the end replayed over it.
    thread.onmessage = (event: MessageEvent<FromStreamWorker>) => {
      if (event.data.type !== 'batch') ended.current = true;
      startTransition(() => onMessage(event));
    };
    const onMessage = (event: MessageEvent<FromStreamWorker>) => {
      const message = event.data;
      if (message.type === 'batch') {
        const { added, removed } = message;
        setState((s) => {
          const gone = new Set(removed);
          const offers = (gone.size > 0 ? s.offers.filter((o) => !gone.has(o.id)) : s.offers).concat(added);
          return {
            ...s,
            offers,
            providersAnswered: message.providersAnswered,
            providersTotal: message.providersTotal,
            firstOfferAt: s.firstOfferAt ?? (offers.length > 0 ? performance.now() : null),
          };
        });
        return;
      }
      if (message.type === 'done') {
        setState((s) => ({ ...s, status: 'done' }));
        return;
      }
      const error = failure(message);
      setState((s) => (s.status === 'searching' ? { ...s, status: 'error', error } : s));
    };
    thread.onerror = () => {
      setState((s) =>
        s.status === 'searching'
          ? { ...s, status: 'error', error: networkError('The search could not be started in this browser.') }
          : s,
      );
    };
    const start: ToStreamWorker = {
      type: 'start',
      request,
      headers: { ...jsonHeaders('POST'), Accept: 'text/event-stream' },
    };
    thread.postMessage(start);
    return () => {
      // Ending the worker ends its request: the console sees the browser go and closes the upstream stream.
      thread.terminate();
      if (worker.current === thread) worker.current = null;
    };
    // `key` identifies the request; the object itself is rebuilt on every render.
  }, [key, run]);

  const cancel = () => {
    if (ended.current) return;
    worker.current?.terminate();
    worker.current = null;
    setState((s) => (s.status === 'searching' ? { ...s, status: 'cancelled' } : s));
  };
  const retry = () => setRun((n) => n + 1);
  return { ...state, cancel, retry };
}
