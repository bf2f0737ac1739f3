import { ErrorEnvelopeSchema, type FlightOffer, parseFlightSearchEvent } from '@console/contract';
import { createParser } from 'eventsource-parser';
import type { FromStreamWorker, ToStreamWorker } from './search-stream-messages.ts';

/**
 * The search stream, read and checked off the page's main thread. A batch of 5,000 offers is several megabytes of
 * JSON; parsing and validating it on the main thread took 250 ms (pnpm bench), long enough to freeze the page. Here it
 * is parsed and checked with the contract, and the page gets only what changed since the last batch (the offers added
 * and the ids gone), which is small to copy across.
 */
const scope = self as unknown as {
  postMessage(message: FromStreamWorker): void;
  onmessage: ((event: MessageEvent<ToStreamWorker>) => void) | null;
};
const post = (message: FromStreamWorker) => scope.postMessage(message);

let controller: AbortController | null = null;

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'stop') {
    controller?.abort();
    return;
  }
  controller?.abort();
  controller = new AbortController();
  void run(message.request, message.headers, controller.signal);
};

async function run(request: unknown, headers: Record<string, string>, signal: AbortSignal) {
  let response: Response;
  try {
    response = await fetch('/api/flights/searches/stream', {
      method: 'POST',
      headers,
      body: JSON.stringify(request),
      credentials: 'same-origin',
      signal,
    });
  } catch {
    if (!signal.aborted) post({ type: 'network' });
    return;
  }
  if (!response.ok) {
    post({ type: 'refused', status: response.status, text: await response.text().catch(() => '') });
    return;
  }
  const known = new Set<string>();
  let finished = false;
  let failed = false;
  const parser = createParser({
    onEvent: (message) => {
      if (failed) return;
      if (message.event === 'error') {
        const envelope = ErrorEnvelopeSchema.safeParse(safeJson(message.data));
        failed = true;
        post(envelope.success ? { type: 'error', envelope: envelope.data } : { type: 'unreadable' });
        return;
      }
      let parsed: ReturnType<typeof parseFlightSearchEvent>;
      try {
        parsed = parseFlightSearchEvent(message.event, message.data);
      } catch {
        // The console relays offers as the service wrote them; this is where they are checked (decision 012).
        failed = true;
        post({ type: 'unreadable' });
        return;
      }
      if (parsed?.event === 'offers') {
        const batch = parsed.data;
        const ids = new Set(batch.offers.map((o) => o.id));
        const removed: string[] = [];
        if (batch.replace) {
          for (const id of known)
            if (!ids.has(id)) {
              removed.push(id);
              known.delete(id);
            }
        }
        const added: FlightOffer[] = [];
        // An offer id names one offer: one already shown is not sent again (re-pricing happens on selection).
        for (const offer of batch.offers) {
          if (known.has(offer.id)) continue;
          added.push(offer);
          known.add(offer.id);
        }
        post({
          type: 'batch',
          added,
          removed,
          providersAnswered: batch.providers_answered ?? null,
          providersTotal: batch.providers_total ?? null,
        });
      } else if (parsed?.event === 'done') {
        finished = true;
        post({ type: 'done' });
      }
    },
  });
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
      parser.feed(decoder.decode(chunk.value, { stream: true }));
      if (failed) {
        await reader?.cancel();
        return;
      }
    }
  } catch {
    if (signal.aborted) return;
  }
  if (!finished && !failed && !signal.aborted) post({ type: 'interrupted' });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
