import { formatScopes, type Scope, type TokenResponse } from '@console/contract';

interface Cached {
  token: string;
  expiresAt: number;
}

/**
 * Client-credential tokens, one per scope set: cached, refreshed ahead of expiry, and never fetched twice at once
 * however many requests wait. A token the service rejects is replaced once, by whichever caller sees it first.
 */
export class TokenManager {
  readonly #cache = new Map<string, Cached>();
  readonly #inflight = new Map<string, Promise<Cached>>();
  /** How many times the token endpoint was called: for tests and the benchmark. */
  tokenCalls = 0;

  constructor(
    private readonly fetchToken: (scope: string) => Promise<TokenResponse>,
    private readonly options: { refreshAheadMs?: number; now?: () => number } = {},
  ) {}

  #now(): number {
    return this.options.now?.() ?? Date.now();
  }

  async get(scopes: readonly Scope[]): Promise<string> {
    const key = formatScopes(scopes);
    const cached = this.#cache.get(key);
    if (cached && this.#now() < cached.expiresAt - (this.options.refreshAheadMs ?? 60_000))
      return cached.token;
    return (await this.#refresh(key)).token;
  }

  /** After a 401 for `rejected`: a new token, unless another caller already replaced it. */
  async replace(scopes: readonly Scope[], rejected: string): Promise<string> {
    const key = formatScopes(scopes);
    const cached = this.#cache.get(key);
    if (cached && cached.token !== rejected) return cached.token;
    const inflight = this.#inflight.get(key);
    if (inflight !== undefined) return (await inflight).token;
    this.#cache.delete(key);
    return (await this.#refresh(key)).token;
  }

  #refresh(key: string): Promise<Cached> {
    const existing = this.#inflight.get(key);
    if (existing !== undefined) return existing;
    const started = this.#now();
    this.tokenCalls += 1;
    const promise = this.fetchToken(key)
      .then((response) => {
        // Expiry from our own clock and expires_in, so clock skew with the service cannot matter.
        const cached = { token: response.access_token, expiresAt: started + response.expires_in * 1000 };
        this.#cache.set(key, cached);
        return cached;
      })
      .finally(() => this.#inflight.delete(key));
    this.#inflight.set(key, promise);
    return promise;
  }

  clear(): void {
    this.#cache.clear();
  }
}
