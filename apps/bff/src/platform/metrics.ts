import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The console's metrics in the Prometheus text format (prom-client), for an operator to graph and alert on: requests
 * per route and status, upstream calls per service operation, open streams, token fetches, open booking intents,
 * sign-in throttling refusals, the database pool, the identity listener. Served at /metrics behind METRICS_TOKEN
 * (decision 017).
 */
export class Metrics {
  readonly registry = new Registry();

  readonly requests = new Counter({
    name: 'console_http_requests_total',
    help: 'Requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  readonly requestSeconds = new Histogram({
    name: 'console_http_request_duration_seconds',
    help: 'Time to answer a request (to its headers for a stream), by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });
  readonly upstreamSeconds = new Histogram({
    name: 'console_upstream_call_duration_seconds',
    help: 'Calls to the travel booking service, by operation and outcome (ok or the error code).',
    labelNames: ['operation', 'outcome'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });
  readonly tokenFetches = new Counter({
    name: 'console_upstream_token_fetches_total',
    help: 'Access tokens fetched from the service (new and refreshed).',
    registers: [this.registry],
  });
  readonly signInRefusals = new Counter({
    name: 'console_sign_in_throttled_total',
    help: 'Sign-in attempts refused by the throttle.',
    registers: [this.registry],
  });
  readonly jobFailures = new Counter({
    name: 'console_job_failures_total',
    help: 'Scheduled jobs that failed in a round (the round went on), by job.',
    labelNames: ['job'] as const,
    registers: [this.registry],
  });

  constructor(sources: {
    openStreams: () => number;
    openIntents: () => Promise<number>;
    pool: () => { total: number; idle: number; waiting: number } | null;
    /** On PostgreSQL, the listener that lets sessions be kept in memory (decision 038); null on SQLite. */
    identity: (() => { current: boolean; answered: number; waited: number }) | null;
  }) {
    collectDefaultMetrics({ register: this.registry, prefix: 'console_' });
    new Gauge({
      name: 'console_open_search_streams',
      help: 'Search streams being relayed now.',
      registers: [this.registry],
      collect() {
        this.set(sources.openStreams());
      },
    });
    new Gauge({
      name: 'console_booking_intents_open',
      help: 'Creates written but not yet settled: awaiting an answer or reconciliation.',
      registers: [this.registry],
      async collect() {
        this.set(await sources.openIntents().catch(() => Number.NaN));
      },
    });
    new Gauge({
      name: 'console_database_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting clients); absent on SQLite.',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const pool = sources.pool();
        if (!pool) return;
        this.set({ state: 'total' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
    // PostgreSQL only: the listener that lets sessions be kept in memory (decision 038).
    const identity = sources.identity;
    if (identity) {
      new Gauge({
        name: 'console_identity_listener_current',
        help: 'PostgreSQL: 1 while this instance may take sessions from memory (its listener has heard itself within a second), 0 while every request reads its session; absent on SQLite.',
        registers: [this.registry],
        collect() {
          this.set(identity().current ? 1 : 0);
        },
      });
      new Counter({
        name: 'console_identity_barriers_total',
        help: 'PostgreSQL: barriers after writes that may end a session, by how they ended: every instance answered, or a second ran out (an instance silent, or this listener down); absent on SQLite.',
        labelNames: ['outcome'] as const,
        registers: [this.registry],
        collect() {
          const { answered, waited } = identity();
          this.reset();
          this.inc({ outcome: 'answered' }, answered);
          this.inc({ outcome: 'waited' }, waited);
        },
      });
    }
  }
}
