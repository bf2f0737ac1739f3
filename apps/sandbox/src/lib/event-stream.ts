import type { ServerResponse } from 'node:http';
import type { SSEStreamingApi } from 'hono/streaming';

/** The machine's monotonic clock in milliseconds: the same clock in every process on the machine (CLOCK_MONOTONIC). */
export const monotonicMs = () => Number(process.hrtime.bigint()) / 1e6;

/**
 * When one search stream's events left: for a bench that times the console's relay from the service's socket to the
 * browser's without a proxy of its own in between (the proxy's own work under a burst was counted as the relay's).
 * On the machine's monotonic clock, so another process on the same machine can compare.
 */
export interface StreamTiming {
  /** The search's first departure date: what the bench tells its concurrent streams apart by. */
  key: string;
  headers_at: number;
  /** When each event was handed to the socket. */
  events: number[];
  closed_at: number | null;
}

/** Where the search stream's events go. */
export interface EventWriter {
  /** Resolves once the socket has taken the bytes (waits while it is full); rejects once the client has gone. */
  write(chunk: string | Uint8Array): Promise<void>;
  onAbort(listener: () => void): void;
  end(): void;
}

const GONE = new Error('the client closed the stream');

/**
 * Events written on the Node response itself, one `write` each and sent at once, timed after the socket took them when
 * a timing log is given. Back-pressure: a write the socket cannot take waits for `drain`.
 */
export function nodeEventWriter(
  res: ServerResponse,
  headers: Record<string, string>,
  timing: StreamTiming | null,
): EventWriter {
  let gone = false;
  const listeners: (() => void)[] = [];
  res.once('close', () => {
    if (timing) timing.closed_at = monotonicMs();
    if (res.writableFinished) return;
    gone = true;
    for (const listener of listeners.splice(0)) listener();
  });
  res.writeHead(200, headers);
  res.flushHeaders();
  if (timing) timing.headers_at = monotonicMs();
  return {
    write(chunk) {
      if (gone || res.destroyed) return Promise.reject(GONE);
      const taken = res.write(chunk);
      // Node holds a chunked answer's writes until the next tick (it corks the socket); out now, so the time logged
      // is when the socket took the bytes, not before a wait of the sandbox's own.
      res.socket?.uncork();
      timing?.events.push(monotonicMs());
      if (taken) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const drained = () => {
          res.off('close', closed);
          resolve();
        };
        const closed = () => {
          res.off('drain', drained);
          reject(GONE);
        };
        res.once('drain', drained);
        res.once('close', closed);
      });
    },
    onAbort(listener) {
      if (gone) listener();
      else listeners.push(listener);
    },
    end() {
      if (!gone && !res.destroyed) res.end();
    },
  };
}

/** The same through Hono's stream, where there is no Node response (an app called without a server). */
export function honoEventWriter(stream: SSEStreamingApi): EventWriter {
  return {
    write: (chunk) => stream.write(chunk).then(() => undefined),
    onAbort: (listener) => stream.onAbort(listener),
    end: () => undefined,
  };
}
