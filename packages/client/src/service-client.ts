import {
  ActivityAvailabilitySchema,
  ActivityBookingListSchema,
  type ActivityBookingRequest,
  ActivityBookingSchema,
  type ActivityBookingsQuery,
  ActivityProductListSchema,
  ActivityProductSchema,
  type ActivityProductsQuery,
  ActivityVoucherListSchema,
  ErrorEnvelopeSchema,
  ExtendDeadlineResultSchema,
  environmentOfCredential,
  FlightConditionsSchema,
  FlightOfferSchema,
  type FlightOrderRequest,
  FlightOrderSchema,
  FlightPlaceListSchema,
  type FlightPlacesQuery,
  type FlightSearchEvent,
  type FlightSearchRequest,
  FlightSearchSchema,
  HotelCancellationQuoteSchema,
  type HotelOrderRequest,
  HotelOrderSchema,
  HotelPlaceListSchema,
  type HotelPlacesQuery,
  HotelRateSchema,
  type HotelSearchRequest,
  HotelSearchSchema,
  IntrospectionSchema,
  type NotesRequest,
  parseFlightSearchEvent,
  RefundQuoteSchema,
  type RefundRequest,
  RefundSchema,
  type Scope,
  TokenResponseSchema,
  WalletSchema,
} from '@console/contract';
import type { Agent } from 'undici';
import type { z } from 'zod';
import { ServiceError } from './errors.ts';
import { backoffMs, type HttpResponse, keepAliveAgent, send, sleep } from './http.ts';
import { frameData, frameFacts, SseFramer } from './sse-frames.ts';
import { TokenManager } from './tokens.ts';

export interface ServiceClientOptions {
  /** The v3 {base_url}, e.g. http://127.0.0.1:4010/v3 */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Per-call timeout for the answer's headers and for gaps in its body. */
  timeoutMs?: number;
  /** Retries after the first try, for calls that are safe to repeat. */
  retries?: number;
  agent?: Agent;
}

type Query = Record<string, string | number | boolean | undefined>;

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

/** One search-stream event as relayed: its name, and the whole event as the service sent it. */
export interface RelayedEvent {
  event: 'offers' | 'done';
  frame: Uint8Array;
}

export const newCallReport = (): CallReport => ({ attempts: 0, outcomeUnknown: false, replayed: false });

interface CallOptions<S extends z.ZodType> {
  method: 'GET' | 'POST';
  path: string;
  scope: Scope;
  schema: S;
  query?: Query;
  body?: unknown;
  idempotencyKey?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  report?: CallReport;
  /** A POST that only reads (a search): safe to repeat, and a lost answer is not an unknown outcome. */
  read?: boolean;
}

/** Whether a call may change something at the service (a POST that is not a search). */
const acts = (options: { method: 'GET' | 'POST'; read?: boolean }) =>
  options.method !== 'GET' && !options.read;

const segment = (id: string) => encodeURIComponent(id);

function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The typed client of the service's v3 interface. Used only on the server: it holds the client_secret. */
export class ServiceClient {
  readonly agent: Agent;
  readonly tokens: TokenManager;
  readonly environment: 'test' | 'live';
  readonly #options: Required<Omit<ServiceClientOptions, 'agent'>>;

  constructor(options: ServiceClientOptions) {
    this.#options = {
      timeoutMs: 10_000,
      retries: 2,
      ...options,
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
    };
    this.agent = options.agent ?? keepAliveAgent();
    this.environment = environmentOfCredential(options.clientId) ?? 'test';
    this.tokens = new TokenManager((scope) => this.#fetchToken(scope));
  }

  /** A token for the scopes; the token endpoint is safe to repeat, so its failures are retried with backoff. */
  async #fetchToken(scope: string) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const response = await send(
          this.agent,
          {
            method: 'POST',
            url: `${this.#options.baseUrl}/auth/tokens`,
            headers: { 'content-type': 'application/json', accept: 'application/json' },
            body: JSON.stringify({
              grant_type: 'client_credentials',
              client_id: this.#options.clientId,
              client_secret: this.#options.clientSecret,
              scope,
            }),
            timeoutMs: this.#options.timeoutMs,
          },
          false,
        );
        return await this.#parse(response, TokenResponseSchema, false);
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        if (error.retryable && attempt <= this.#options.retries) {
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

  /** Reads an answer: the schema's type on 2xx, a ServiceError carrying the service's own envelope otherwise. */
  async #parse<S extends z.ZodType>(
    response: HttpResponse,
    schema: S,
    isWrite: boolean,
  ): Promise<z.output<S>> {
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
      throw ServiceError.local(
        isWrite && response.statusCode < 300 ? 'outcome_unknown' : 'upstream_malformed',
        502,
        {
          outcome: isWrite && response.statusCode < 300 ? 'unknown' : 'failed',
          retryable: true,
          cause: error,
        },
      );
    }
    if (response.statusCode >= 400) {
      const envelope = ErrorEnvelopeSchema.safeParse(json);
      if (!envelope.success)
        throw ServiceError.local('upstream_malformed', 502, { retryable: response.statusCode >= 500 });
      const retryable = response.statusCode >= 500 || response.statusCode === 429;
      throw new ServiceError(response.statusCode, envelope.data, { retryable });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw ServiceError.local(isWrite ? 'outcome_unknown' : 'upstream_malformed', 502, {
        outcome: isWrite ? 'unknown' : 'failed',
        retryable: true,
        message: `The booking service's answer did not match the contract at ${parsed.error.issues[0]?.path.join('.') ?? 'the top'}.`,
      });
    }
    return parsed.data;
  }

  /**
   * One call: a token for the scope, one refresh and retry on a 401 expired/invalid token, and retries with
   * backoff only where repeating is safe (reads, and creates that carry an Idempotency-Key).
   */
  async call<S extends z.ZodType>(options: CallOptions<S>): Promise<z.output<S>> {
    const isWrite = acts(options);
    return this.#exchange(options, async (response) => {
      const value = await this.#parse(response, options.schema, isWrite);
      if (options.report) options.report.replayed = response.headers['idempotent-replayed'] === 'true';
      return value;
    });
  }

  /**
   * The attempts of one call, whatever its answer is read as (`accept` reads a response, throwing a ServiceError for
   * an error answer): a token for the scope, one refresh and retry on a 401 expired/invalid token, and retries with
   * backoff only where repeating is safe.
   */
  async #exchange<T>(
    options: Omit<CallOptions<z.ZodType>, 'schema'>,
    accept: (response: HttpResponse) => Promise<T>,
  ): Promise<T> {
    const isWrite = acts(options);
    const safe = !isWrite || options.idempotencyKey !== undefined;
    const attempts = safe ? this.#options.retries + 1 : 1;
    let token = await this.tokens.get([options.scope]);
    let refreshed = false;
    const report = options.report;
    for (let attempt = 1; ; attempt += 1) {
      if (report) report.attempts += 1;
      try {
        return await accept(await this.#request(options, token));
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        if (report && error.outcome === 'unknown') report.outcomeUnknown = true;
        if (
          error.status === 401 &&
          !refreshed &&
          (error.code === 'expired_token' || error.code === 'invalid_token')
        ) {
          refreshed = true;
          token = await this.tokens.replace([options.scope], token);
          attempt -= 1;
          continue;
        }
        if (!error.retryable || attempt >= attempts || options.signal?.aborted) throw error;
        await sleep(backoffMs(attempt));
      }
    }
  }

  #request(options: Omit<CallOptions<z.ZodType>, 'schema'>, token: string): Promise<HttpResponse> {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey;
    return send(
      this.agent,
      {
        method: options.method,
        url: `${this.#options.baseUrl}${options.path}${queryString(options.query)}`,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        timeoutMs: options.timeoutMs ?? this.#options.timeoutMs,
        signal: options.signal,
      },
      acts(options),
    );
  }

  /** A call whose answer is not JSON (the voucher PDF): the raw response, after the same error handling. */
  async download(
    path: string,
    scope: Scope,
  ): Promise<{ body: Uint8Array; contentType: string; disposition: string | null }> {
    let token = await this.tokens.get([scope]);
    for (let attempt = 1; ; attempt += 1) {
      const response = await this.#request({ method: 'GET', path, scope }, token);
      if (response.statusCode === 401 && attempt === 1) {
        await response.body.dump();
        token = await this.tokens.replace([scope], token);
        continue;
      }
      if (response.statusCode >= 400) {
        await this.#parse(response, ErrorEnvelopeSchema, false);
        throw ServiceError.local('upstream_malformed', 502);
      }
      const body = new Uint8Array(await response.body.arrayBuffer());
      const header = (name: string) => {
        const value = response.headers[name];
        return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
      };
      return {
        body,
        contentType: header('content-type') ?? 'application/octet-stream',
        disposition: header('content-disposition'),
      };
    }
  }

  /**
   * The streaming flight search as it came, event by event, for relaying: each `offers` event is passed on as the
   * bytes the service sent (checked to carry one JSON object, not decoded or re-parsed: the browser parses it with the
   * same contract, and parsing every offer here cost the relay milliseconds per event, see decision 012); `done` is
   * parsed.
   * Ends after `done`; a stream cut before `done` throws stream_interrupted. Aborting the signal closes the upstream.
   */
  async *relayFlightSearch(body: FlightSearchRequest, signal?: AbortSignal): AsyncGenerator<RelayedEvent> {
    // A search only reads: retried like any read when it fails before the stream starts.
    const response = await this.#exchange(
      {
        method: 'POST',
        path: '/flights/searches/stream',
        scope: 'flights:read',
        body,
        signal,
        read: true,
      },
      async (answer) => {
        if (answer.statusCode < 400) return answer;
        await this.#parse(answer, ErrorEnvelopeSchema, false);
        throw ServiceError.local('upstream_malformed', 502);
      },
    );
    const framer = new SseFramer();
    let done = false;
    try {
      for await (const chunk of response.body) {
        for (const frame of framer.push(chunk as Uint8Array)) {
          const facts = frameFacts(frame);
          if (facts.event === 'offers') {
            // One JSON object at a glance ({ … }); the browser parses it with the contract.
            if (facts.dataFirst !== 0x7b || facts.dataLast !== 0x7d)
              throw ServiceError.local('upstream_malformed', 502, {
                message: 'The booking service sent search results that could not be read.',
              });
            yield { event: 'offers', frame };
          } else if (facts.event === 'done') {
            try {
              parseFlightSearchEvent('done', frameData(frame));
            } catch (error) {
              throw ServiceError.local('upstream_malformed', 502, { cause: error });
            }
            done = true;
            yield { event: 'done', frame };
          }
          // Comments (the service's heartbeats) and events this console does not know are not relayed.
        }
      }
    } catch (error) {
      if (signal?.aborted || error instanceof ServiceError) throw error;
      throw ServiceError.local('stream_interrupted', 502, { cause: error });
    } finally {
      if (!response.body.destroyed) response.body.destroy();
    }
    if (!done && !signal?.aborted) throw ServiceError.local('stream_interrupted', 502);
  }

  /** The streaming flight search as typed events, each parsed with the contract. */
  async *streamFlightSearch(
    body: FlightSearchRequest,
    signal?: AbortSignal,
  ): AsyncGenerator<FlightSearchEvent> {
    for await (const raw of this.relayFlightSearch(body, signal)) {
      let event: FlightSearchEvent | null;
      try {
        event = parseFlightSearchEvent(raw.event, frameData(raw.frame));
      } catch (error) {
        throw ServiceError.local('upstream_malformed', 502, { cause: error });
      }
      if (event) yield event;
    }
  }

  /** A public media file the service links to (a path such as /media/hotels/1/1.svg on its origin). */
  async media(
    path: string,
  ): Promise<{ status: number; body: Uint8Array; contentType: string; cacheControl: string | null }> {
    const origin = new URL(this.#options.baseUrl).origin;
    const response = await send(
      this.agent,
      { method: 'GET', url: `${origin}${path}`, headers: {}, timeoutMs: this.#options.timeoutMs },
      false,
    );
    const body = new Uint8Array(await response.body.arrayBuffer());
    const header = (name: string) => {
      const value = response.headers[name];
      return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
    };
    return {
      status: response.statusCode,
      body,
      contentType: header('content-type') ?? 'application/octet-stream',
      cacheControl: header('cache-control'),
    };
  }

  // ---------- auth and wallet ----------
  introspect = () =>
    this.call({ method: 'GET', path: '/auth/introspect', scope: 'wallet:read', schema: IntrospectionSchema });
  wallet = () => this.call({ method: 'GET', path: '/wallet', scope: 'wallet:read', schema: WalletSchema });

  // ---------- flights ----------
  flightPlaces = (query: FlightPlacesQuery) =>
    this.call({
      method: 'GET',
      path: '/flights/places',
      scope: 'flights:read',
      schema: FlightPlaceListSchema,
      query: { ...query },
    });
  searchFlights = (body: FlightSearchRequest) =>
    this.call({
      method: 'POST',
      path: '/flights/searches',
      scope: 'flights:read',
      schema: FlightSearchSchema,
      body,
      timeoutMs: 30_000,
      read: true,
    });
  getOffer = (id: string) =>
    this.call({
      method: 'GET',
      path: `/flights/offers/${segment(id)}`,
      scope: 'flights:read',
      schema: FlightOfferSchema,
    });
  getOfferConditions = (id: string) =>
    this.call({
      method: 'GET',
      path: `/flights/offers/${segment(id)}/conditions`,
      scope: 'flights:read',
      schema: FlightConditionsSchema,
    });
  createFlightOrder = (body: FlightOrderRequest, idempotencyKey?: string, report?: CallReport) =>
    this.call({
      method: 'POST',
      path: '/flights/orders',
      scope: 'flights:write',
      schema: FlightOrderSchema,
      body,
      idempotencyKey,
      report,
    });
  getFlightOrder = (id: string) =>
    this.call({
      method: 'GET',
      path: `/flights/orders/${segment(id)}`,
      scope: 'flights:read',
      schema: FlightOrderSchema,
    });
  ticketFlightOrder = (id: string) =>
    this.call({
      method: 'POST',
      path: `/flights/orders/${segment(id)}/ticket`,
      scope: 'flights:write',
      schema: FlightOrderSchema,
    });
  cancelFlightOrder = (id: string) =>
    this.call({
      method: 'POST',
      path: `/flights/orders/${segment(id)}/cancellation`,
      scope: 'flights:write',
      schema: FlightOrderSchema,
    });
  getRefundQuote = (id: string) =>
    this.call({
      method: 'GET',
      path: `/flights/orders/${segment(id)}/refund`,
      scope: 'flights:read',
      schema: RefundQuoteSchema,
    });
  refundFlightOrder = (id: string, body: RefundRequest) =>
    this.call({
      method: 'POST',
      path: `/flights/orders/${segment(id)}/refund`,
      scope: 'flights:write',
      schema: RefundSchema,
      body,
    });
  addFlightOrderNotes = (id: string, body: NotesRequest) =>
    this.call({
      method: 'POST',
      path: `/flights/orders/${segment(id)}/notes`,
      scope: 'flights:write',
      schema: FlightOrderSchema,
      body,
    });

  // ---------- hotels ----------
  hotelPlaces = (query: HotelPlacesQuery) =>
    this.call({
      method: 'GET',
      path: '/hotels/places',
      scope: 'hotels:read',
      schema: HotelPlaceListSchema,
      query: { ...query },
    });
  searchHotels = (body: HotelSearchRequest) =>
    this.call({
      method: 'POST',
      path: '/hotels/searches',
      scope: 'hotels:read',
      schema: HotelSearchSchema,
      body,
      timeoutMs: 30_000,
      read: true,
    });
  getRate = (id: string) =>
    this.call({
      method: 'GET',
      path: `/hotels/rates/${segment(id)}`,
      scope: 'hotels:read',
      schema: HotelRateSchema,
    });
  createHotelOrder = (body: HotelOrderRequest, idempotencyKey?: string, report?: CallReport) =>
    this.call({
      method: 'POST',
      path: '/hotels/orders',
      scope: 'hotels:write',
      schema: HotelOrderSchema,
      body,
      idempotencyKey,
      report,
    });
  getHotelOrder = (id: string) =>
    this.call({
      method: 'GET',
      path: `/hotels/orders/${segment(id)}`,
      scope: 'hotels:read',
      schema: HotelOrderSchema,
    });
  confirmHotelOrder = (id: string) =>
    this.call({
      method: 'POST',
      path: `/hotels/orders/${segment(id)}/confirm`,
      scope: 'hotels:write',
      schema: HotelOrderSchema,
    });
  getCancellationQuote = (id: string) =>
    this.call({
      method: 'GET',
      path: `/hotels/orders/${segment(id)}/cancellation`,
      scope: 'hotels:read',
      schema: HotelCancellationQuoteSchema,
    });
  cancelHotelOrder = (id: string) =>
    this.call({
      method: 'POST',
      path: `/hotels/orders/${segment(id)}/cancellation`,
      scope: 'hotels:write',
      schema: HotelOrderSchema,
    });
  extendHotelDeadline = (id: string) =>
    this.call({
      method: 'POST',
      path: `/hotels/orders/${segment(id)}/extend-deadline`,
      scope: 'hotels:write',
      schema: ExtendDeadlineResultSchema,
    });

  // ---------- activities ----------
  activityProducts = (query: Partial<ActivityProductsQuery>) =>
    this.call({
      method: 'GET',
      path: '/activities/products',
      scope: 'activities:read',
      schema: ActivityProductListSchema,
      query: { ...query },
    });
  activityProduct = (id: string) =>
    this.call({
      method: 'GET',
      path: `/activities/products/${segment(id)}`,
      scope: 'activities:read',
      schema: ActivityProductSchema,
    });
  availability = (productTypeId: string, date?: string) =>
    this.call({
      method: 'GET',
      path: `/activities/product-types/${segment(productTypeId)}/availability`,
      scope: 'activities:read',
      schema: ActivityAvailabilitySchema,
      query: { date },
    });
  activityBookings = (query: Partial<ActivityBookingsQuery>) =>
    this.call({
      method: 'GET',
      path: '/activities/bookings',
      scope: 'activities:read',
      schema: ActivityBookingListSchema,
      query: { ...query },
    });
  createActivityBooking = (body: ActivityBookingRequest, idempotencyKey?: string, report?: CallReport) =>
    this.call({
      method: 'POST',
      path: '/activities/bookings',
      scope: 'activities:write',
      schema: ActivityBookingSchema,
      body,
      idempotencyKey,
      report,
    });
  getActivityBooking = (id: string) =>
    this.call({
      method: 'GET',
      path: `/activities/bookings/${segment(id)}`,
      scope: 'activities:read',
      schema: ActivityBookingSchema,
    });
  confirmActivityBooking = (id: string) =>
    this.call({
      method: 'POST',
      path: `/activities/bookings/${segment(id)}/confirm`,
      scope: 'activities:write',
      schema: ActivityBookingSchema,
    });
  cancelActivityBooking = (id: string) =>
    this.call({
      method: 'POST',
      path: `/activities/bookings/${segment(id)}/cancel`,
      scope: 'activities:write',
      schema: ActivityBookingSchema,
    });
  vouchers = (id: string) =>
    this.call({
      method: 'GET',
      path: `/activities/bookings/${segment(id)}/vouchers`,
      scope: 'activities:read',
      schema: ActivityVoucherListSchema,
    });
  downloadVoucher = (id: string, voucherId: string) =>
    this.download(
      `/activities/bookings/${segment(id)}/vouchers/${segment(voucherId)}/download`,
      'activities:read',
    );

  async close(): Promise<void> {
    await this.agent.close();
  }
}
