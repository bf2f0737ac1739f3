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
 * thread (decision 038). Anything else goes to `createLog`'s logger.
 */
export function createAccessLog(level: string): Logger {
  return pino({ level, base: { service: 'booking-console' }, timestamp: pino.stdTimeFunctions.isoTime });
}

/** The request being served, for what runs inside it without being handed it (the request id sent to the service). */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

export const currentRequestId = (): string | undefined => requestContext.getStore()?.requestId;
