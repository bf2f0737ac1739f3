import {
  type ConsoleRoute,
  CSRF_HEADER,
  type ErrorEnvelope,
  ErrorEnvelopeSchema,
  fillPath,
  queryOf,
  type RouteAnswer,
  type RouteBody,
  type RouteParams,
  type RouteQuery,
  SERVICE_TIME_HEADER,
} from '@console/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { z } from 'zod';
import { forget, keep, recall } from './remembered.ts';
import { observeServiceTime } from './service-clock.ts';

/**
 * A failed call to the console's API, in the v3 envelope. `remedy` says what to do in plain words.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly envelope: ErrorEnvelope;
  /** The answer's body as it came: what an error carries beside the envelope (a 409's matches) is read from it. */
  readonly body: unknown;
  /** A `reauthentication_required` the shell asked about already, and the person went back (not asked again). */
  asked = false;

  constructor(status: number, envelope: ErrorEnvelope, body: unknown = null) {
    super(envelope.error.message);
    this.name = 'ApiError';
    this.status = status;
    this.envelope = envelope;
    this.body = body;
  }
  get code() {
    return this.envelope.error.code;
  }
  get param() {
    return this.envelope.error.param || null;
  }
  get requestId() {
    return this.envelope.error.request_id ?? null;
  }
}

/**
 * A 2xx answer the console could not read in full: what the service said is kept (`raw`) and shown as labels and
 * values. After a create or an action the service did act: the booking exists and is in the bookings desk.
 */
export class UnreadableAnswer extends ApiError {
  readonly raw: unknown;
  constructor(status: number, raw: unknown, partial: boolean) {
    super(status, {
      error: {
        type: 'api_error',
        code: 'answer_not_readable',
        message: partial
          ? 'The booking service did this, but its answer is not in a shape the console can fully read. What it said is below; the booking is in the bookings desk.'
          : 'The booking service answered in a shape the console cannot fully read. What it said is below.',
        param: null,
        doc_url: null,
        request_id: null,
      },
    });
    this.name = 'UnreadableAnswer';
    this.raw = raw;
  }
}

/** An error of the console's own making (unreachable, unreadable, interrupted) in the same envelope. */
export const networkError = (message: string, code = 'network_error', status = 0) =>
  new ApiError(status, {
    error: {
      type: 'api_error',
      code,
      message,
      param: null,
      doc_url: null,
      request_id: null,
    },
  });

type Listener = () => void;
const signedOutListeners = new Set<Listener>();
/** Called when any call finds the sign-in gone: the app sends the agent to sign in and back. */
export function onSignedOut(listener: Listener): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

const setupListeners = new Set<Listener>();
/** Called when a call finds the office's policy wants a second factor this person has not set up. */
export function onFactorSetupRequired(listener: Listener): () => void {
  setupListeners.add(listener);
  return () => setupListeners.delete(listener);
}

let proofAsker: (() => Promise<boolean>) | null = null;
/**
 * The shell's way to ask the person to prove it is them (decision 031): when an action is answered
 * `reauthentication_required`, the call waits for it and, once proved, is sent again (once); the page sees only the
 * outcome. Nothing was done by the refused call, so sending it again is safe.
 */
export function onProofNeeded(asker: () => Promise<boolean>): () => void {
  proofAsker = asker;
  return () => {
    if (proofAsker === asker) proofAsker = null;
  };
}

export interface CallOptions<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  schema: S;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export function jsonHeaders(method: string, idempotencyKey?: string): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') {
    headers[CSRF_HEADER] = '1';
    headers['Content-Type'] = 'application/json';
  }
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  return headers;
}

/** Reads an error answer as an ApiError, whatever shape it came in. */
export async function errorOf(response: Response): Promise<ApiError> {
  return errorFromText(response.status, await response.text().catch(() => ''));
}

/** An error answer's status and body as an ApiError; a lost sign-in tells the app to send the agent to sign in. */
export function errorFromText(status: number, text: string): ApiError {
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  const envelope = ErrorEnvelopeSchema.safeParse(json);
  const error = envelope.success
    ? new ApiError(status, envelope.data, json)
    : networkError(`The console answered ${status}.`);
  if (status === 401 && (error.code === 'unauthenticated' || error.code === 'session_expired')) {
    for (const listener of signedOutListeners) listener();
  }
  // The office's policy now wants a second factor: who one is is read again, and the shell leads to the account page.
  if (error.code === 'second_factor_setup_required') for (const listener of setupListeners) listener();
  return error;
}

/** A query string of the defined values (without the `?`). */
export function queryString(query: Record<string, string | number | boolean | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return params.toString();
}

/** One call to /api, parsed with a contract schema. */
export async function api<S extends z.ZodType>(path: string, options: CallOptions<S>): Promise<z.output<S>> {
  return (await send(path, options)).value;
}

/** A console route that answers JSON: what `call` can read. */
export type JsonRoute = ConsoleRoute & { response: z.ZodType };

/** What a call to a declared route takes: its path's ids, its query, its body, as the declaration types them. */
export type RouteCall<R extends ConsoleRoute> = (keyof RouteParams<R> extends never
  ? { params?: undefined }
  : { params: RouteParams<R> }) &
  (R['body'] extends z.ZodType
    ? R['bodyOptional'] extends true
      ? { body?: RouteBody<R> }
      : { body: RouteBody<R> }
    : { body?: undefined }) &
  (R['query'] extends z.ZodType ? { query?: RouteQuery<R> | UrlQuery } : { query?: undefined }) & {
    idempotencyKey?: string;
    signal?: AbortSignal;
  };

/** A query as the address bar holds it (URL-held search state: decision 004), passed on as it is. */
type UrlQuery = string | URLSearchParams;

const queryText = (query: unknown): string => {
  if (typeof query === 'string') return query === '' || query.startsWith('?') ? query : `?${query}`;
  if (query instanceof URLSearchParams) return query.size ? `?${query}` : '';
  return queryOf(query as Record<string, unknown> | undefined);
};

/** The address of a declared route relative to `/api`, for a call or a link (a CSV, a PDF). */
export function routePath<R extends ConsoleRoute>(
  route: R,
  input: Pick<RouteCall<R>, 'params' | 'query'>,
): string {
  return pathOf(route, input);
}

const pathOf = (route: ConsoleRoute, input: { params?: Record<string, string>; query?: unknown }) =>
  `${fillPath(route.path, input.params ?? {})}${queryText(input.query)}`;

/**
 * One call to a console route as its declaration says (packages/contract/src/routes): its method, its path with the ids
 * URL-encoded, the body and query its schemas type, and the answer parsed with its answer's schema.
 */
export function call<R extends JsonRoute>(route: R, input: RouteCall<R>): Promise<RouteAnswer<R>> {
  return api(pathOf(route, input as { params?: Record<string, string>; query?: unknown }), {
    method: route.method,
    body: input.body,
    schema: route.response,
    idempotencyKey: input.idempotencyKey,
    signal: input.signal,
  }) as Promise<RouteAnswer<R>>;
}

/** Calls sent again after a proof: not asked about a second time. */
const proved = new WeakSet<object>();

async function send<S extends z.ZodType>(
  path: string,
  options: CallOptions<S>,
): Promise<{ value: z.output<S>; headers: Headers }> {
  const method = options.method ?? 'GET';
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers: jsonHeaders(method, options.idempotencyKey),
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw networkError('The console could not be reached. Check the connection and try again.');
  }
  observeServiceTime(response.headers.get(SERVICE_TIME_HEADER));
  if (!response.ok) {
    const error = await errorOf(response);
    if (
      error.code === 'reauthentication_required' &&
      method !== 'GET' &&
      proofAsker &&
      !proved.has(options)
    ) {
      if (await proofAsker()) {
        const again = { ...options };
        proved.add(again);
        return send(path, again);
      }
      error.asked = true;
    }
    throw error;
  }
  const json: unknown = await response.json().catch(() => {
    throw networkError('The console sent an answer that could not be read.');
  });
  const parsed = options.schema.safeParse(json);
  if (!parsed.success)
    throw new UnreadableAnswer(response.status, json, response.headers.get('Console-Partial') === 'true');
  return { value: parsed.data, headers: response.headers };
}

/** Whether a create's answer may have been lost after the service acted: then only the same key can tell. */
export function outcomeMayBeUnknown(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 0 || error.code === 'outcome_unknown' || error.status === 502 || error.status === 504)
  );
}

/** Pauses before asking again with the same key; tests shorten it. */
export const RECONCILE_DELAYS_MS = [400, 1200];

/**
 * A create (a booking, an order) under the attempt's Idempotency-Key. When its answer is lost on the way (the network,
 * or the console saying the outcome is unknown), it is asked again with the same key, which can only replay the
 * booking the service made, never make a second one. `reconciled` says the answer came that way, for the page to tell
 * the agent.
 */
export async function createOnce<S extends z.ZodType>(
  path: string,
  options: CallOptions<S> & { idempotencyKey: string },
): Promise<{ value: z.output<S>; reconciled: boolean }> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const { value, headers } = await send(path, { ...options, method: 'POST' });
      return { value, reconciled: headers.get('Console-Reconciled') === 'true' };
    } catch (error) {
      const delay = RECONCILE_DELAYS_MS[attempt];
      if (delay === undefined || !outcomeMayBeUnknown(error) || options.signal?.aborted) throw error;
      // The wait ends with the caller's signal too; the booking is then settled by the console's own reconciling.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        options.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      if (options.signal?.aborted) throw error;
    }
  }
}

/** A fresh Idempotency-Key: one per booking attempt, kept across retries and double clicks. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

const ATTEMPT = 'attempt-key';
const AttemptKeySchema = z.string().min(1);

/**
 * The key of the current booking attempt for one thing being booked (`scope`: the offer, the rate, the product and
 * date), kept in this tab's sessionStorage so a reload of the booking page cannot book twice: the same key goes with
 * the next try and the service replays what it made (decision 014). The rule for when an attempt ends: a success or
 * a definitive refusal (a 4xx other than "key in use") starts a new one; a network failure or a 5xx keeps the key.
 * The key is kept only once a request with it goes out (`sending`): a form the page refused before sending is no
 * attempt. `resumed` says an earlier attempt in this tab went out and had no answer.
 */
export function useAttemptKey(scope: string) {
  const [initial] = useState(() => {
    const stored = recall(ATTEMPT, scope, AttemptKeySchema);
    return { key: stored ?? newIdempotencyKey(), resumed: stored !== null };
  });
  const key = useRef(initial.key);
  const renew = () => {
    key.current = newIdempotencyKey();
    forget(ATTEMPT, scope);
  };
  return {
    get current() {
      return key.current;
    },
    /** The key, as a request with it goes out: kept in this tab from now on, until the attempt ends. */
    sending(): string {
      keep(ATTEMPT, scope, key.current);
      return key.current;
    },
    resumed: initial.resumed,
    /**
     * The booking was made: the next visit books anew. This page keeps the key, so a second click that lands after
     * the answer (a double click) replays the same booking instead of making another.
     */
    done() {
      forget(ATTEMPT, scope);
    },
    settle(error: unknown) {
      if (
        error instanceof ApiError &&
        error.status >= 400 &&
        error.status < 500 &&
        error.code !== 'idempotency_key_in_use'
      )
        renew();
    },
  };
}

/**
 * The error to show for a page's actions: the last one the agent tried, only if it failed. An older failure is not
 * shown once a later action went through.
 */
export function latestActionError(
  ...actions: readonly { status: string; error: Error | null; submittedAt: number }[]
): Error | null {
  let latest: (typeof actions)[number] | undefined;
  for (const action of actions)
    if (action.submittedAt > 0 && (!latest || action.submittedAt >= latest.submittedAt)) latest = action;
  return latest?.status === 'error' ? latest.error : null;
}

/**
 * After an action the service refused (or whose answer was lost): the booking is read again, with the ledger and the
 * wallet, so the page shows its real state (a hold that lapsed reads as cancelled, not held).
 */
export function rereadAfterRefusal(client: QueryClient, key: readonly unknown[]) {
  return () => {
    void client.invalidateQueries({ queryKey: key });
    afterMoneyMoved(client);
  };
}

/**
 * After any money-moving action: the ledger (bookings desk, radar) and the wallet are read again. One place, so every
 * desk invalidates the same things.
 */
export function afterMoneyMoved(client: QueryClient) {
  void client.invalidateQueries({ queryKey: ['bookings'] });
  void client.invalidateQueries({ queryKey: ['wallet'] });
}
