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
  try {
    return await request(req.url, {
      dispatcher: agent,
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal: req.signal,
      headersTimeout: req.timeoutMs,
      bodyTimeout: req.timeoutMs,
    });
  } catch (error) {
    if (req.signal?.aborted) throw error;
    const code = errorCode(error);
    const notSent = code !== undefined && NOT_SENT.has(code);
    const timedOut = code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
    const outcome = isWrite && !notSent ? 'unknown' : 'failed';
    if (outcome === 'unknown')
      throw ServiceError.local('outcome_unknown', 502, { outcome, retryable: true, cause: error });
    if (timedOut) throw ServiceError.local('upstream_timeout', 504, { retryable: true, cause: error });
    throw ServiceError.local('upstream_unavailable', 502, { retryable: true, cause: error });
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Backoff before retry n (1, 2, ...): 100 ms, 300 ms, 900 ms, with jitter. A Retry-After the service sends is
 * honoured by the transport instead (transport.ts), within its own budget.
 */
export function backoffMs(attempt: number): number {
  const base = 100 * 3 ** (attempt - 1);
  return base + Math.floor(Math.random() * base * 0.25);
}
