import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type Logger } from 'pino';

export type { Logger };

/** How often what the log holds is written out when too little arrives to fill a piece: an operator waits no longer. */
const LOG_FLUSH_MS = 1000;
/** The size of the pieces the log is written in. */
const LOG_PIECE_BYTES = 4096;

let shared: ReturnType<typeof pino.destination> | undefined;

/**
 * Standard output, shared by the process's loggers and written in 4 KiB pieces, and at least every second (decision
 * 038): a write per line was a sixth of the main thread's busy time under the relay's load, as nginx's `access_log
 * ... buffer= flush=` knows. Each piece is written at once, in order (no write left waiting in a thread pool to land
 * after a later one, or half-done at exit), and what is held is written on exit: the graceful stop's, an uncaught
 * exception's. A kill -9 loses at most the last second's lines.
 */
function destination() {
  if (shared) return shared;
  const stream = pino.destination({
    dest: 1,
    minLength: LOG_PIECE_BYTES,
    sync: true,
    periodicFlush: LOG_FLUSH_MS,
  });
  process.once('exit', () => {
    try {
      stream.flushSync();
    } catch {
      // Standard output gone (a closed pipe): nothing more can be written.
    }
  });
  shared = stream;
  return stream;
}

/**
 * The console's log: one JSON object per line on stdout (pino), for an operator's log shipper. `LOG_LEVEL` sets how
 * much (`silent` in tests). Secrets never reach it: request logs name the method, path, status, time and request id.
 */
export function createLog(level: string): Logger {
  return pino(
    {
      level,
      base: { service: 'booking-console' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: ['*.authorization', '*.cookie', '*.client_secret', '*.password', '*.SessionId'],
        censor: '[redacted]',
      },
    },
    level === 'silent' ? undefined : destination(),
  );
}

/**
 * The access log: one line per request with fixed, secret-free fields (request id, method, path, status, time, user
 * id), written to the same stdout without the redaction pass, which on the relay's hot path cost about 2% of the main
 * thread (decision 038). Anything else goes to `createLog`'s logger.
 */
export function createAccessLog(level: string): Logger {
  return pino(
    { level, base: { service: 'booking-console' }, timestamp: pino.stdTimeFunctions.isoTime },
    level === 'silent' ? undefined : destination(),
  );
}

/** The request being served, for what runs inside it without being handed it (the request id sent to the service). */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

export const currentRequestId = (): string | undefined => requestContext.getStore()?.requestId;
