import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * The console's log: one JSON object per line on stdout (pino), for an operator's log shipper. `LOG_LEVEL` sets how
 * much (`silent` in tests). Secrets never reach it: request logs name the method, path, status, time and request id.
 */
export function createLog(level: string): Logger {
  return pino({
    level,
    base: { service: 'booking-console' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['*.authorization', '*.cookie', '*.client_secret', '*.password', '*.SessionId'],
      censor: '[redacted]',
    },
  });
}

/**
 * The access log: one line per request with fixed, secret-free fields (request id, method, path, status, time, user
 * id), written to the same stdout without the redaction pass, which on the relay's hot path cost about 2% of the main
 * thread (decision 038). Its lines are written off the request's path, asynchronously, the lines that come while a
 * write is under way going out together in the next: a write of its own for every request was another 4% of the
 * relay's main thread. What is still waiting is written when the process exits; a crash loses at most the lines of
 * its last moment. Anything else goes to `createLog`'s logger, which writes each line as it logs it.
 */
export function createAccessLog(level: string): Logger {
  return pino(
    { level, base: { service: 'booking-console' }, timestamp: pino.stdTimeFunctions.isoTime },
    pino.destination({ dest: 1, sync: false }),
  );
}

/** The request being served, for what runs inside it without being handed it (the request id sent to the service). */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

export const currentRequestId = (): string | undefined => requestContext.getStore()?.requestId;
