import { Agent, type Dispatcher, request } from 'undici';
import { ServiceError } from './errors.ts';

/** One keep-alive connection pool per client: calls reuse warm connections instead of a handshake each. */
export function keepAliveAgent(connections = 256): Agent {
  return new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 120_000, connections, pipelining: 1 });
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /**
   * The most this call may wait for its answer's headers, queueing for a connection included (the call's total
   * deadline, decision 014). Not applied to reading the body: a stream's gaps have `timeoutMs`.
   */
  deadlineMs?: number;
  signal?: AbortSignal;
}

export type HttpResponse = Dispatcher.ResponseData;

const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

function errorCode(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string')
    return error.code;
  return undefined;
}

/**
 * Sends one request. Network failures become ServiceErrors: 502 upstream_unavailable when the request never
 * left, 504 upstream_timeout when no answer came in time; for a write whose answer was lost, outcome `unknown`.
 */
export async function send(agent: Agent, req: HttpRequest, isWrite: boolean): Promise<HttpResponse> {
  const deadline = req.deadlineMs === undefined ? null : new AbortController();
  const timer = deadline ? setTimeout(() => deadline.abort(), req.deadlineMs) : null;
  // The caller's abort is handed on to the deadline's controller, for the request's whole life (its body, a stream's
  // events, included): `AbortSignal.any` on every call was about 2% of the relay's main thread (decision 038).
  const forward = deadline && req.signal ? () => deadline.abort(req.signal?.reason) : null;
  if (forward && req.signal) {
    if (req.signal.aborted) forward();
    else req.signal.addEventListener('abort', forward, { once: true });
  }
  const signal = deadline?.signal ?? req.signal;
  try {
    const response = await request(req.url, {
      dispatcher: agent,
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal,
      headersTimeout: req.timeoutMs,
      bodyTimeout: req.timeoutMs,
    });
    // Once the answer is read or ended, the caller's abort has nothing left to end (and holds the call no longer).
    if (forward) response.body.once('close', () => req.signal?.removeEventListener('abort', forward));
    return response;
  } catch (error) {
    // No answer to govern: the caller's abort has nothing left to end.
    if (forward) req.signal?.removeEventListener('abort', forward);
    if (req.signal?.aborted) throw error;
    if (deadline?.signal.aborted) {
      // Out of time, waiting for a connection or for the answer: a write may have reached the service.
      if (isWrite)
        throw ServiceError.local('outcome_unknown', 502, {
          outcome: 'unknown',
          retryable: true,
          cause: error,
        });
      throw ServiceError.local('upstream_timeout', 504, { retryable: true, cause: error });
    }
    const code = errorCode(error);
    const notSent = code !== undefined && NOT_SENT.has(code);
    const timedOut = code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
    const outcome = isWrite && !notSent ? 'unknown' : 'failed';
    if (outcome === 'unknown')
      throw ServiceError.local('outcome_unknown', 502, { outcome, retryable: true, cause: error });
    if (timedOut) throw ServiceError.local('upstream_timeout', 504, { retryable: true, cause: error });
    throw ServiceError.local('upstream_unavailable', 502, { retryable: true, cause: error });
  } finally {
    if (timer) clearTimeout(timer);
  }
}

/** The console's own failures to reach the service (no connection, no answer in time), which a circuit counts. */
export function unreachable(error: unknown): boolean {
  return (
    error instanceof ServiceError &&
    (error.code === 'upstream_timeout' ||
      error.code === 'upstream_unavailable' ||
      error.code === 'outcome_unknown') &&
    error.envelope.error.request_id == null
  );
}

/**
 * Waits `ms`, a back-off or a Retry-After, and no longer than the caller wants it: the wait ends at once when
 * `signal` aborts (the browser went away), so the caller checks `signal.aborted` after it and gives up.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * Backoff before retry n (1, 2, ...): 100 ms, 300 ms, 900 ms, with jitter. A Retry-After the service sends is
 * honoured by the transport instead (transport.ts), within its own budget.
 */
export function backoffMs(attempt: number): number {
  const base = 100 * 3 ** (attempt - 1);
  return base + Math.floor(Math.random() * base * 0.25);
}
