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
  /** Where the SessionId is kept: this process's memory by default, or a store several instances share. */
  store?: SessionStore;
}

/** The session the interface gave us, as a store keeps it. Times in epoch milliseconds. */
export interface SessionRecord {
  id: string;
  createdAt: number;
  lastRenewedAt: number | null;
  lastUsedAt: number | null;
  renewals: number;
}

/**
 * Where the one SessionId lives. Several console instances share one session through a shared store (the BFF's
 * database, decision 014): CreateSession is called once and the SessionId reused, as the interface asks, by all.
 */
export interface SessionStore {
  current(): Promise<SessionRecord | null>;
  /**
   * Runs `create` and keeps its SessionId, unless a session other than `stale` is already current (made meanwhile,
   * perhaps by another instance): then that one. Concurrent callers share one CreateSession.
   */
  replace(stale: string | null, create: () => Promise<string>): Promise<SessionRecord>;
  /** A call succeeded with `id` at `at` (stores may record it sparingly). */
  used(id: string, at: number): Promise<void>;
  /** Forgets `id` if it is still the current session (it was ended, or the service says it is gone). */
  forget(id: string): Promise<void>;
}

/** The session kept in this process only: one instance. */
export class MemorySessionStore implements SessionStore {
  #record: SessionRecord | null = null;
  #pending: Promise<SessionRecord> | null = null;
  #renewals = 0;
  #hadOne = false;

  constructor(private readonly now: () => number = Date.now) {}

  async current() {
    return this.#record;
  }

  async replace(stale: string | null, create: () => Promise<string>) {
    if (this.#record && this.#record.id !== stale) return this.#record;
    this.#pending ??= (async () => {
      const id = await create();
      const at = this.now();
      if (this.#hadOne) this.#renewals += 1;
      this.#hadOne = true;
      this.#record = {
        id,
        createdAt: at,
        lastRenewedAt: this.#renewals > 0 ? at : null,
        lastUsedAt: null,
        renewals: this.#renewals,
      };
      return this.#record;
    })().finally(() => {
      this.#pending = null;
    });
    return this.#pending;
  }

  async used(id: string, at: number) {
    if (this.#record?.id === id) this.#record = { ...this.#record, lastUsedAt: at };
  }

  async forget(id: string) {
    if (this.#record?.id === id) {
      this.#record = null;
      this.#hadOne = false;
    }
  }
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
  readonly store: SessionStore;
  /** The SessionId this process last used, so a call does not read the store each time. */
  #known: string | null = null;
  #usedWrittenAt = 0;
  /** How many CreateSession calls this process made: for tests. */
  createCalls = 0;

  constructor(private readonly options: SessionClientOptions) {
    this.agent = options.agent ?? keepAliveAgent(16);
    this.store = options.store ?? new MemorySessionStore(() => this.#now());
  }

  #now(): number {
    return this.options.now?.() ?? Date.now();
  }

  async state(): Promise<SessionState> {
    const record = await this.store.current();
    const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());
    return {
      active: record !== null,
      createdAt: iso(record?.createdAt),
      lastRenewedAt: iso(record?.lastRenewedAt),
      lastUsedAt: iso(record?.lastUsedAt),
      renewals: record?.renewals ?? 0,
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

  /** CreateSession with the login; its SessionId. */
  async #create(): Promise<string> {
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
    return parsed.data.SessionId;
  }

  /** The SessionId: the one known here, else the store's, else a new session (one CreateSession for all callers). */
  async sessionId(): Promise<string> {
    if (this.#known) return this.#known;
    const record = (await this.store.current()) ?? (await this.store.replace(null, () => this.#create()));
    this.#known = record.id;
    return record.id;
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
          // Gone: a new one, unless another caller (or instance) has already made one.
          if (this.#known === sessionId) this.#known = null;
          this.#known = (await this.store.replace(sessionId, () => this.#create())).id;
          continue;
        }
        throw new SessionServiceError(code, failure.data.Error.Message);
      }
      const parsed = schema.safeParse(raw);
      if (!parsed.success) throw ServiceError.local('upstream_malformed', 502);
      const at = this.#now();
      // Every successful call extends the session; the store hears of it at most every few seconds.
      if (at - this.#usedWrittenAt > 5_000) {
        this.#usedWrittenAt = at;
        await this.store.used(sessionId, at).catch(() => undefined);
      }
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

  /** Ends the session, if there is one, for every instance sharing it. */
  async end(): Promise<void> {
    const sessionId = this.#known ?? (await this.store.current())?.id ?? null;
    this.#known = null;
    if (!sessionId) return;
    await this.store.forget(sessionId);
    const raw = await this.#post('/Authenticate/EndSession', { SessionId: sessionId });
    EndSessionResponseSchema.safeParse(raw);
  }

  /** Closes connections; a session of this process alone is ended first (a shared one goes on for the others). */
  async close(): Promise<void> {
    if (this.store instanceof MemorySessionStore) await this.end().catch(() => undefined);
    await this.agent.close();
  }
}
