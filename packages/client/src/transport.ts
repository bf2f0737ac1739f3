import { ErrorEnvelopeSchema, type Scope, TokenResponseSchema } from '@console/contract';
import type { Agent } from 'undici';
import type { z } from 'zod';
import { Bulkheads } from './bulkhead.ts';
import { ServiceError } from './errors.ts';
import { backoffMs, type HttpResponse, send, sleep, unreachable } from './http.ts';
import { TokenManager } from './tokens.ts';

export interface TransportOptions {
  /** The v3 {base_url}, e.g. http://127.0.0.1:4010/v3 */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Per-call timeout for the answer's headers and for gaps in its body. */
  timeoutMs?: number;
  /** Retries after the first try, for calls that are safe to repeat. */
  retries?: number;
  /** The most a call waits in total for the Retry-After of 429 and 503 answers before giving up. */
  retryAfterBudgetMs?: number;
  /** Headers added to every call to the service (the console's X-Request-Id of the request being served). */
  requestHeaders?: () => Record<string, string>;
  /** Told the `Date` header of every answer, when it came: the service's clock (decision 016). */
  onServiceDate?: (date: string | undefined, receivedAt: number) => void;
  /** Told of every token fetched from the service (metrics). */
  onTokenFetched?: () => void;
  /** Told of every operation call, its time and how it ended (null, or the error code): metrics. */
  onOperation?: (name: string, seconds: number, error: string | null) => void;
  /** Connections per part of the service (flights, hotels, activities, wallet, tokens) and for search streams. */
  connections?: number;
  streamConnections?: number;
  /** Timeouts or lost connections in a row that open a part's circuit, and how long it then refuses at once. */
  circuitFailures?: number;
  circuitCoolDownMs?: number;
  /** One pool for everything instead of the bulkheads (tests and tools that bring their own). */
  agent?: Agent;
}

export type Query = Record<string, string | number | boolean | undefined>;

/**
 * What happened over one call's attempts, filled in as it runs: how many tries, whether an earlier try of a write
 * ended without an answer (the service may have acted), and whether the service said the answer is a replay of an
 * earlier request with the same Idempotency-Key.
 */
export interface CallReport {
  attempts: number;
  outcomeUnknown: boolean;
  replayed: boolean;
}
export const newCallReport = (): CallReport => ({ attempts: 0, outcomeUnknown: false, replayed: false });

export interface Exchange {
  method: 'GET' | 'POST';
  path: string;
  scope: Scope;
  query?: Query;
  body?: unknown;
  idempotencyKey?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  report?: CallReport;
  /** Whether the call may change something at the service (a POST that is not a search). */
  acts: boolean;
  /** The part of the service it belongs to: its own pool and circuit (decision 014). */
  bulkhead?: string;
}

function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Seconds a Retry-After header asks for (delta-seconds or an HTTP date), or null when it is absent or unreadable. */
export function retryAfterSeconds(header: string | string[] | undefined, now = Date.now()): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

const header = (response: HttpResponse, name: string) => {
  const value = response.headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
};

/**
 * The HTTP side of the client: the keep-alive pool, tokens, retries with backoff, Retry-After, and reading answers.
 * Holds the client_secret: server-side only.
 */
export class Transport {
  /** The pool of token calls, voucher downloads and media (and of everything when one agent is given). */
  readonly agent: Agent;
  readonly bulkheads: Bulkheads;
  readonly tokens: TokenManager;
  readonly options: Required<Omit<TransportOptions, 'agent'>>;

  constructor(options: TransportOptions) {
    this.options = {
      timeoutMs: 10_000,
      retries: 2,
      retryAfterBudgetMs: 10_000,
      requestHeaders: () => ({}),
      onServiceDate: () => undefined,
      onTokenFetched: () => undefined,
      onOperation: () => undefined,
      connections: 64,
      streamConnections: 512,
      circuitFailures: 5,
      circuitCoolDownMs: 10_000,
      ...options,
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
    };
    this.bulkheads = new Bulkheads(
      {
        connections: this.options.connections,
        streamConnections: this.options.streamConnections,
        circuit: { failures: this.options.circuitFailures, coolDownMs: this.options.circuitCoolDownMs },
      },
      options.agent,
    );
    this.agent = this.bulkheads.pool('auth');
    this.tokens = new TokenManager((scope) => {
      this.options.onTokenFetched();
      return this.#fetchToken(scope);
    });
  }

  /** A token for the scopes; the token endpoint is safe to repeat, so its failures are retried with backoff. */
  async #fetchToken(scope: string) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const response = await send(
          this.agent,
          {
            method: 'POST',
            url: `${this.options.baseUrl}/auth/tokens`,
            headers: { 'content-type': 'application/json', accept: 'application/json' },
            body: JSON.stringify({
              grant_type: 'client_credentials',
              client_id: this.options.clientId,
              client_secret: this.options.clientSecret,
              scope,
            }),
            timeoutMs: this.options.timeoutMs,
          },
          false,
        );
        const json = await this.readJson(response, false);
        const parsed = TokenResponseSchema.safeParse(json);
        if (!parsed.success) throw ServiceError.local('upstream_malformed', 502, { retryable: true });
        return parsed.data;
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        if (error.retryable && attempt <= this.options.retries) {
          await sleep(backoffMs(attempt));
          continue;
        }
        // Not the browser's fault, whatever the token endpoint said: a 401 here must not read as a lost sign-in.
        throw ServiceError.local('upstream_unavailable', 502, {
          retryable: error.retryable,
          cause: error,
          message: error.retryable
            ? 'The booking service did not give the console an access token. Try again shortly.'
            : `The booking service refused the console's credentials (${error.code}). Tell your office admin.`,
        });
      }
    }
  }

  /**
   * An answer's JSON: on 2xx the parsed body (not yet checked against a schema); on an error status a ServiceError
   * with the service's envelope. A body that never arrived whole, or is not JSON at all, after a write that may have
   * acted, is an unknown outcome.
   */
  async readJson(response: HttpResponse, isWrite: boolean): Promise<unknown> {
    let text: string;
    try {
      text = await response.body.text();
    } catch (error) {
      throw ServiceError.local(isWrite ? 'outcome_unknown' : 'upstream_unavailable', 502, {
        outcome: isWrite ? 'unknown' : 'failed',
        retryable: true,
        cause: error,
      });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      const unknown = isWrite && response.statusCode < 300;
      throw ServiceError.local(unknown ? 'outcome_unknown' : 'upstream_malformed', 502, {
        outcome: unknown ? 'unknown' : 'failed',
        retryable: true,
        cause: error,
      });
    }
    if (response.statusCode >= 400) {
      const envelope = ErrorEnvelopeSchema.safeParse(json);
      const status = response.statusCode;
      const wait = retryAfterSeconds(response.headers['retry-after']);
      if (!envelope.success)
        throw ServiceError.local('upstream_malformed', 502, { retryable: status >= 500 || status === 429 });
      throw new ServiceError(status, envelope.data, {
        retryable: status >= 500 || status === 429,
        retryAfterSeconds: wait ?? undefined,
      });
    }
    return json;
  }

  /** An answer read with a schema: its type on 2xx, a ServiceError otherwise. */
  async parse<S extends z.ZodType>(response: HttpResponse, schema: S): Promise<z.output<S>> {
    const json = await this.readJson(response, false);
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw ServiceError.local('upstream_malformed', 502, {
        retryable: true,
        message: `The booking service's answer could not be read at ${parsed.error.issues[0]?.path.join('.') || 'the top'}.`,
      });
    }
    return parsed.data;
  }

  /**
   * The attempts of one call, whatever its answer is read as (`accept` reads a response, throwing a ServiceError for
   * an error answer): a token for the scope; one new token and one repeat on a 401 expired/invalid token (a service
   * may revoke a token early); retries with backoff only where repeating is safe (reads, and creates that carry an
   * Idempotency-Key); and for 429 and 503, the wait the service asks for in Retry-After, within a total budget.
   */
  async exchange<T>(options: Exchange, accept: (response: HttpResponse) => Promise<T>): Promise<T> {
    const safe = !options.acts || options.idempotencyKey !== undefined;
    const attempts = safe ? this.options.retries + 1 : 1;
    const bulkhead = options.bulkhead ?? 'default';
    const circuit = this.bulkheads.circuit(bulkhead);
    // One deadline for the whole call, retries included (decision 014): a hung read answers within its timeout,
    // not three times it; each of its tries gets under half of it, so one hung try can still be retried in time. A
    // write's try gets the whole timeout (cutting a slow create short only to send it again helps no one), and a
    // keyed write may have a second try with the same key: twice the timeout in all.
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs;
    let deadline = Date.now() + (options.acts ? timeoutMs * 2 : timeoutMs);
    const tryMs = options.acts ? timeoutMs : Math.ceil(timeoutMs * 0.45);
    let token = await this.tokens.get([options.scope]);
    // A token rejected as invalid or expired is replaced and the call repeated; twice at most, for a service that
    // revokes tokens while many calls are in flight.
    let refreshes = 0;
    let waitedMs = 0;
    const report = options.report;
    for (let attempt = 1; ; attempt += 1) {
      if (report) report.attempts += 1;
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw ServiceError.local('upstream_timeout', 504, { retryable: false });
      // An open circuit refuses straight away: its refusal is not retried nor waited out here.
      circuit.admit();
      try {
        let response: HttpResponse;
        try {
          response = await this.request(options, token, Math.min(tryMs, remaining), bulkhead);
        } catch (error) {
          if (unreachable(error)) circuit.failed();
          else circuit.abandoned();
          throw error;
        }
        circuit.succeeded();
        return await accept(response);
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        if (report && error.outcome === 'unknown') report.outcomeUnknown = true;
        if (
          error.status === 401 &&
          refreshes < 2 &&
          (error.code === 'expired_token' || error.code === 'invalid_token')
        ) {
          refreshes += 1;
          token = await this.tokens.replace([options.scope], token);
          attempt -= 1;
          continue;
        }
        if (options.signal?.aborted) throw error;
        if ((error.status === 429 || error.status === 503) && error.retryAfterSeconds !== undefined) {
          const waitMs = error.retryAfterSeconds * 1000;
          if (!safe || waitedMs + waitMs > this.options.retryAfterBudgetMs) throw busy(error);
          waitedMs += waitMs;
          // The service asked for the wait: it does not count against the call's own deadline.
          deadline += waitMs;
          attempt -= 1;
          await sleep(waitMs, options.signal);
          if (options.signal?.aborted) throw error;
          continue;
        }
        const pause = backoffMs(attempt);
        if (!error.retryable || attempt >= attempts || Date.now() + pause >= deadline) throw error;
        await sleep(pause, options.signal);
        if (options.signal?.aborted) throw error;
      }
    }
  }

  request(
    options: Exchange,
    token: string,
    deadlineMs?: number,
    bulkhead = 'default',
  ): Promise<HttpResponse> {
    const headers: Record<string, string> = {
      ...this.options.requestHeaders(),
      authorization: `Bearer ${token}`,
      accept: 'application/json',
    };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey;
    const observe = (response: HttpResponse) => {
      const date = response.headers.date;
      this.options.onServiceDate(Array.isArray(date) ? date[0] : date, Date.now());
      return response;
    };
    return send(
      this.bulkheads.pool(bulkhead),
      {
        method: options.method,
        url: `${this.options.baseUrl}${options.path}${queryString(options.query)}`,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        timeoutMs: options.timeoutMs ?? this.options.timeoutMs,
        deadlineMs,
        signal: options.signal,
      },
      options.acts,
    ).then(observe);
  }

  async close(): Promise<void> {
    await this.bulkheads.close();
  }

  /** A call whose answer is not JSON (the voucher PDF): the bytes, after the same token and error handling. */
  async download(
    path: string,
    scope: Scope,
  ): Promise<{ body: Uint8Array; contentType: string; disposition: string | null }> {
    return this.exchange(
      { method: 'GET', path, scope, acts: false, bulkhead: 'downloads' },
      async (response) => {
        if (response.statusCode >= 400) {
          await this.readJson(response, false);
          throw ServiceError.local('upstream_malformed', 502);
        }
        const body = new Uint8Array(await response.body.arrayBuffer());
        return {
          body,
          contentType: header(response, 'content-type') ?? 'application/octet-stream',
          disposition: header(response, 'content-disposition'),
        };
      },
    );
  }

  /** A public media file the service links to (a path such as /media/hotels/1/1.svg on its origin). */
  async media(
    path: string,
  ): Promise<{ status: number; body: Uint8Array; contentType: string; cacheControl: string | null }> {
    const origin = new URL(this.options.baseUrl).origin;
    const response = await send(
      this.agent,
      { method: 'GET', url: `${origin}${path}`, headers: {}, timeoutMs: this.options.timeoutMs },
      false,
    );
    const body = new Uint8Array(await response.body.arrayBuffer());
    return {
      status: response.statusCode,
      body,
      contentType: header(response, 'content-type') ?? 'application/octet-stream',
      cacheControl: header(response, 'cache-control'),
    };
  }
}

/** A 429 or 503 whose wait is longer than the console waits: the service's envelope, said plainly, with the wait. */
function busy(error: ServiceError): ServiceError {
  const seconds = error.retryAfterSeconds ?? 0;
  return new ServiceError(
    error.status,
    {
      error: {
        ...error.envelope.error,
        message: `The booking service is busy and asked the console to wait ${seconds} s. Try again after that.`,
      },
    },
    { retryable: false, retryAfterSeconds: seconds, cause: error },
  );
}
