import type { Environment, Product } from '@console/contract';
import type { Db } from '../db/index.ts';
import type { Actor } from '../platform/types.ts';

export interface OpenIntent {
  key: string;
  operation: string;
  product: Product;
  environment: Environment;
  agent: Actor;
  request: unknown;
  attempts: number;
}

/**
 * Booking intents: every create is written here, with its exact request, before it is sent (decision 014). A create
 * whose answer never reached the ledger (a crash, a lost answer) stays `open`, and the reconciler asks the service
 * again with the same Idempotency-Key, so the booking lands in the ledger once.
 */
export class BookingIntents {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  #at(): string {
    return new Date(this.now()).toISOString();
  }

  /** Writes the intent (before sending). A key sent again keeps its first request; a failed one opens again. */
  async open(intent: Omit<OpenIntent, 'attempts'>): Promise<void> {
    const at = this.#at();
    await this.db
      .insertInto('booking_intents')
      .values({
        idempotency_key: intent.key,
        product: intent.product,
        operation: intent.operation,
        environment: intent.environment,
        agent_id: intent.agent.id,
        agent_email: intent.agent.email,
        request: JSON.stringify(intent.request),
        state: 'open',
        booking_id: null,
        attempts: 0,
        last_error: null,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) =>
        oc
          .column('idempotency_key')
          .doUpdateSet({ state: 'open', updated_at: at, last_error: null })
          .where('booking_intents.state', '=', 'failed'),
      )
      .execute();
  }

  /**
   * The booking is in the ledger: the intent is done, and of its request only what `keep` picks stays (an activity's
   * answers as sent, decision 044); the rest (travellers' data) is no longer kept. Picked from the request first sent
   * under the key, once: a replay completing it again keeps what was kept.
   */
  async complete(key: string, bookingId: string, keep?: (request: unknown) => unknown): Promise<void> {
    const row = await this.db
      .selectFrom('booking_intents')
      .select(['state', 'request'])
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    let kept: string | undefined;
    if (row?.state !== 'done') {
      let request: unknown = null;
      try {
        request = row ? JSON.parse(row.request) : null;
      } catch {
        request = null;
      }
      kept = JSON.stringify((keep ? keep(request) : null) ?? {});
    }
    await this.db
      .updateTable('booking_intents')
      .set({
        state: 'done',
        booking_id: bookingId,
        ...(kept === undefined ? {} : { request: kept }),
        last_error: null,
        updated_at: this.#at(),
      })
      .where('idempotency_key', '=', key)
      .execute();
  }

  /**
   * What was kept of the request that made a booking (by the ledger's key of it: the bookings' and the intents'
   * primary keys), or undefined for a booking made without an intent.
   */
  async keptFor(bookingId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('bookings')
      .innerJoin('booking_intents', 'booking_intents.idempotency_key', 'bookings.idempotency_key')
      .select('booking_intents.request')
      .where('bookings.id', '=', bookingId)
      .where('booking_intents.state', '=', 'done')
      .executeTakeFirst();
    return row?.request;
  }

  /** The service refused the create: nothing was booked. Only an open intent fails (a completed one stays done). */
  async fail(key: string, reason: string): Promise<void> {
    await this.db
      .updateTable('booking_intents')
      .set({ state: 'failed', last_error: reason, updated_at: this.#at() })
      .where('idempotency_key', '=', key)
      .where('state', '=', 'open')
      .execute();
  }

  /** One more try that did not settle it: counted, with why. */
  async retryLater(key: string, reason: string): Promise<void> {
    await this.db
      .updateTable('booking_intents')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: reason, updated_at: this.#at() }))
      .where('idempotency_key', '=', key)
      .where('state', '=', 'open')
      .execute();
  }

  /** Open intents not touched for `olderThanMs` (younger ones may still be in flight on some instance). */
  async stale(olderThanMs: number, limit = 20): Promise<OpenIntent[]> {
    const rows = await this.db
      .selectFrom('booking_intents')
      .selectAll()
      .where('state', '=', 'open')
      .where('updated_at', '<', new Date(this.now() - olderThanMs).toISOString())
      .orderBy('created_at')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      key: row.idempotency_key,
      operation: row.operation,
      product: row.product,
      environment: row.environment,
      agent: { id: row.agent_id, email: row.agent_email },
      request: JSON.parse(row.request) as unknown,
      attempts: row.attempts,
    }));
  }

  /** How many intents are open now: for readiness and metrics. */
  async openCount(): Promise<number> {
    const row = await this.db
      .selectFrom('booking_intents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', '=', 'open')
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async get(key: string) {
    return this.db
      .selectFrom('booking_intents')
      .selectAll()
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
  }
}
