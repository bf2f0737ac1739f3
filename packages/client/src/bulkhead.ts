import type { Agent } from 'undici';
import { ServiceError } from './errors.ts';
import { keepAliveAgent } from './http.ts';

export interface CircuitOptions {
  /** Failures in a row (timeouts, no connection) that open the circuit. */
  failures: number;
  /** How long an open circuit refuses at once before letting one call try. */
  coolDownMs: number;
}

export type CircuitState = 'closed' | 'open' | 'half-open';

/**
 * A circuit breaker for one part of the service: after `failures` timeouts or lost connections in a row, calls fail
 * at once for `coolDownMs` instead of each waiting out its own timeout; then one call tries, and its outcome closes or
 * opens the circuit again. Only the console's own failures to reach the service count: an error the service answered
 * with is an answer.
 */
export class Circuit {
  #failures = 0;
  #openUntil = 0;
  #probing = false;
  opened = 0;

  constructor(
    readonly name: string,
    private readonly options: CircuitOptions,
    private readonly now: () => number = Date.now,
  ) {}

  get state(): CircuitState {
    if (this.#openUntil === 0) return 'closed';
    return this.now() < this.#openUntil || this.#probing ? 'open' : 'half-open';
  }

  /** Lets a call through, or refuses it at once while the circuit is open. */
  admit(): void {
    if (this.#openUntil === 0) return;
    if (this.now() >= this.#openUntil && !this.#probing) {
      this.#probing = true;
      return;
    }
    const seconds = Math.max(1, Math.ceil((this.#openUntil - this.now()) / 1000));
    throw ServiceError.local('upstream_unavailable', 503, {
      retryable: false,
      retryAfterSeconds: seconds,
      message: `The booking service's ${this.name} part is not answering; the console stops asking for ${seconds} s. Try again shortly.`,
    });
  }

  succeeded(): void {
    this.#failures = 0;
    this.#openUntil = 0;
    this.#probing = false;
  }

  /** A call let through that ended for another reason (its caller went away): the next one may try. */
  abandoned(): void {
    this.#probing = false;
  }

  failed(): void {
    this.#failures += 1;
    if (this.#probing || this.#failures >= this.options.failures) {
      if (this.#openUntil === 0 || this.#probing) this.opened += 1;
      this.#openUntil = this.now() + this.options.coolDownMs;
      this.#probing = false;
    }
  }
}

/**
 * Bulkheads: one connection pool and one circuit per part of the service (flights, hotels, activities, the wallet,
 * the search stream, tokens), so a part that hangs fills its own pool and opens its own circuit while the others go
 * on (decision 014).
 */
export class Bulkheads {
  readonly #pools = new Map<string, Agent>();
  readonly #circuits = new Map<string, Circuit>();

  constructor(
    private readonly options: { connections: number; streamConnections: number; circuit: CircuitOptions },
    private readonly shared?: Agent,
  ) {}

  pool(name: string): Agent {
    if (this.shared) return this.shared;
    let pool = this.#pools.get(name);
    if (!pool) {
      pool = keepAliveAgent(name === 'stream' ? this.options.streamConnections : this.options.connections);
      this.#pools.set(name, pool);
    }
    return pool;
  }

  circuit(name: string): Circuit {
    let circuit = this.#circuits.get(name);
    if (!circuit) {
      circuit = new Circuit(name, this.options.circuit);
      this.#circuits.set(name, circuit);
    }
    return circuit;
  }

  /** Each part's circuit and pool use, for readiness and metrics. */
  report(): Record<string, { circuit: CircuitState; opened: number; pending: number; running: number }> {
    const out: Record<string, { circuit: CircuitState; opened: number; pending: number; running: number }> =
      {};
    for (const name of new Set([...this.#circuits.keys(), ...this.#pools.keys()])) {
      const stats = this.#pools.get(name)?.stats;
      let pending = 0;
      let running = 0;
      for (const origin of Object.values(stats ?? {})) {
        pending += origin.pending ?? 0;
        running += origin.running ?? 0;
      }
      const circuit = this.#circuits.get(name);
      out[name] = { circuit: circuit?.state ?? 'closed', opened: circuit?.opened ?? 0, pending, running };
    }
    return out;
  }

  async close(): Promise<void> {
    await Promise.all([...this.#pools.values()].map((pool) => pool.close().catch(() => undefined)));
  }
}
