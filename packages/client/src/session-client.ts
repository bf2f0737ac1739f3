import {
  CreateSessionResponseSchema,
  CreditBalanceResponseSchema,
  EndSessionResponseSchema,
  SessionFailureSchema,
  SessionProductsResponseSchema,
  sessionErrorNeedsRenewal,
} from '@console/contract';
import type { Agent } from 'undici';
import type { z } from 'zod';
import { ServiceError, SessionServiceError } from './errors.ts';
import { keepAliveAgent, send } from './http.ts';

export interface SessionClientOptions {
  /** The {session_base_url}, e.g. http://127.0.0.1:4010/rest */
  baseUrl: string;
  officeId: string;
  userName: string;
  password: string;
  timeoutMs?: number;
  agent?: Agent;
  now?: () => number;
}

export interface SessionState {
  active: boolean;
  createdAt: string | null;
  lastRenewedAt: string | null;
  lastUsedAt: string | null;
  renewals: number;
}

/**
 * The session-based interface: CreateSession once and reuse the SessionId; on Err0101001 or Err0101002 create a new
 * session and repeat the request once. SessionId travels in the JSON body of a POST and the query of a GET.
 */
export class SessionClient {
  readonly agent: Agent;
  #sessionId: string | null = null;
  #creating: Promise<string> | null = null;
  #createdAt: number | null = null;
  #lastRenewedAt: number | null = null;
  #lastUsedAt: number | null = null;
  #renewals = 0;
  /** How many CreateSession calls were made: for tests. */
  createCalls = 0;

  constructor(private readonly options: SessionClientOptions) {
    this.agent = options.agent ?? keepAliveAgent(16);
  }

  #now(): number {
    return this.options.now?.() ?? Date.now();
  }

  state(): SessionState {
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    return {
      active: this.#sessionId !== null,
      createdAt: iso(this.#createdAt),
      lastRenewedAt: iso(this.#lastRenewedAt),
      lastUsedAt: iso(this.#lastUsedAt),
      renewals: this.#renewals,
    };
  }

  async #post(path: string, body: unknown): Promise<unknown> {
    const response = await send(
      this.agent,
      {
        method: 'POST',
        url: `${this.options.baseUrl}${path}`,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        timeoutMs: this.options.timeoutMs ?? 10_000,
      },
      false,
    );
    return this.#json(response.body);
  }

  async #get(path: string, query: Record<string, string>): Promise<unknown> {
    const response = await send(
      this.agent,
      {
        method: 'GET',
        url: `${this.options.baseUrl}${path}?${new URLSearchParams(query).toString()}`,
        headers: { accept: 'application/json' },
        timeoutMs: this.options.timeoutMs ?? 10_000,
      },
      false,
    );
    return this.#json(response.body);
  }

  async #json(body: { text(): Promise<string> }): Promise<unknown> {
    const text = await body.text();
    try {
      return JSON.parse(text);
    } catch (error) {
      throw ServiceError.local('upstream_malformed', 502, { cause: error });
    }
  }

  /** The SessionId, creating a session if there is none; concurrent callers share one CreateSession. */
  async sessionId(): Promise<string> {
    if (this.#sessionId) return this.#sessionId;
    if (this.#creating !== null) return this.#creating;
    this.#creating = (async () => {
      this.createCalls += 1;
      const raw = await this.#post('/Authenticate/CreateSession', {
        OfficeId: this.options.officeId,
        UserName: this.options.userName,
        Password: this.options.password,
      });
      const parsed = CreateSessionResponseSchema.safeParse(raw);
      if (!parsed.success) throw ServiceError.local('upstream_malformed', 502);
      if (!parsed.data.Success || !parsed.data.SessionId) {
        throw new SessionServiceError(
          parsed.data.Error?.Id ?? 'unknown',
          parsed.data.Error?.Message ?? 'CreateSession failed',
        );
      }
      const now = this.#now();
      if (this.#createdAt !== null) {
        this.#renewals += 1;
        this.#lastRenewedAt = now;
      }
      this.#createdAt = now;
      this.#sessionId = parsed.data.SessionId;
      return parsed.data.SessionId;
    })().finally(() => {
      this.#creating = null;
    });
    return this.#creating;
  }

  /** One protected call, with one renewal and repeat if the session is gone. */
  async #call<S extends z.ZodType>(
    schema: S,
    run: (sessionId: string) => Promise<unknown>,
  ): Promise<z.output<S>> {
    for (let attempt = 1; ; attempt += 1) {
      const sessionId = await this.sessionId();
      const raw = await run(sessionId);
      const failure = SessionFailureSchema.safeParse(raw);
      if (failure.success) {
        const code = failure.data.Error.Id;
        if (sessionErrorNeedsRenewal(code) && attempt === 1) {
          if (this.#sessionId === sessionId) this.#sessionId = null;
          continue;
        }
        throw new SessionServiceError(code, failure.data.Error.Message);
      }
      const parsed = schema.safeParse(raw);
      if (!parsed.success) throw ServiceError.local('upstream_malformed', 502);
      this.#lastUsedAt = this.#now();
      return parsed.data;
    }
  }

  creditBalance() {
    return this.#call(CreditBalanceResponseSchema, (SessionId) =>
      this.#post('/Common/CreditBalance', { SessionId }),
    );
  }

  activityProducts(perPage = 20) {
    return this.#call(SessionProductsResponseSchema, (SessionId) =>
      this.#get('/Activity/v2/products', { SessionId, per_page: String(perPage) }),
    );
  }

  /** Ends the session, if there is one. */
  async end(): Promise<void> {
    const sessionId = this.#sessionId;
    if (!sessionId) return;
    this.#sessionId = null;
    this.#createdAt = null;
    const raw = await this.#post('/Authenticate/EndSession', { SessionId: sessionId });
    EndSessionResponseSchema.safeParse(raw);
  }

  async close(): Promise<void> {
    await this.end().catch(() => undefined);
    await this.agent.close();
  }
}
