import { existsSync, readFileSync, renameSync } from 'node:fs';
import { mkdir, open, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ActivityVoucherSchema, EnvironmentSchema, MoneySchema, OptionAnswerSchema } from '@console/contract';
import { z } from 'zod';
import { ActivityBookingShape, FlightOrderShape, HotelOrderShape } from './shapes.ts';
import type { OwnerKey, Store } from './store.ts';

/**
 * The sandbox's state kept in a file (decision 045), for the embedded sandbox beside a console on a SQLite file: what
 * a service keeps (wallets, orders, bookings with their answers and vouchers, sessions, Idempotency-Keys' answers,
 * the clock's offset, whether holds set money aside). Tokens, offers, rates, forced prices and faults are not kept:
 * a client takes a new token and searches again, as after their expiry.
 */
const FORMAT = 'sandbox-state';
const VERSION = 1;

const OwnerSchema = z.custom<OwnerKey>(
  (value) =>
    typeof value === 'string' && EnvironmentSchema.safeParse(value.slice(value.lastIndexOf(':') + 1)).success,
  { error: 'an owner is <office>:<environment>' },
);
const CentsSchema = z
  .string()
  .regex(/^-?\d+$/)
  .transform((cents) => BigInt(cents));
const TimeSchema = z.number().finite();

const StateSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(VERSION),
  saved_at: z.string(),
  clock_offset_ms: TimeSchema,
  holds_reserve_money: z.boolean(),
  wallets: z.array(z.object({ owner: OwnerSchema, balance: CentsSchema, held: CentsSchema })),
  flight_orders: z.array(
    z.object({
      owner: OwnerSchema,
      order: FlightOrderShape,
      brand: z.string(),
      fares: z.array(z.object({ passenger: z.string(), total: MoneySchema, base: MoneySchema })),
      ticketing_started_at: TimeSchema.nullable(),
      refunded_tickets: z.array(z.string()),
    }),
  ),
  hotel_orders: z.array(
    z.object({
      owner: OwnerSchema,
      order: HotelOrderShape,
      extensions: z.number().int(),
      quote: z.object({ penalty: MoneySchema, expires_at: TimeSchema }).nullable(),
      confirming_until: TimeSchema.nullable(),
    }),
  ),
  activity_bookings: z.array(
    z.object({
      owner: OwnerSchema,
      booking: ActivityBookingShape,
      product_id: z.string(),
      // The answers as they were sent (no defaults filled in).
      answers: z
        .object({
          per_booking: z.array(OptionAnswerSchema).optional(),
          per_pax: z.array(z.array(OptionAnswerSchema)).optional(),
        })
        .optional(),
      confirmed_at: TimeSchema.nullable(),
      vouchers: z.array(ActivityVoucherSchema),
    }),
  ),
  sessions: z.array(
    z.object({
      id: z.string(),
      office_id: z.string(),
      user_name: z.string(),
      created_at: TimeSchema,
      last_used_at: TimeSchema,
    }),
  ),
  idempotency: z.array(
    z.object({
      scope: z.string(),
      fingerprint: z.string(),
      status: z.number().int(),
      body: z.string(),
      content_type: z.string(),
      created_at: TimeSchema,
    }),
  ),
});
type StateInput = z.input<typeof StateSchema>;

/** The store as the file keeps it: plain JSON, money in cents as strings. */
function snapshot(store: Store): StateInput {
  return {
    format: FORMAT,
    version: VERSION,
    saved_at: new Date().toISOString(),
    clock_offset_ms: store.clock.offsetMs,
    holds_reserve_money: store.holdsReserveMoney,
    wallets: [...store.wallets].map(([owner, w]) => ({
      owner,
      balance: w.balance.toString(),
      held: w.held.toString(),
    })),
    flight_orders: [...store.flightOrders.values()].map((r) => ({
      owner: r.owner,
      order: r.order,
      brand: r.brand,
      fares: [...r.fares].map(([passenger, fare]) => ({ passenger, ...fare })),
      ticketing_started_at: r.ticketingStartedAt,
      refunded_tickets: [...r.refundedTickets],
    })),
    hotel_orders: [...store.hotelOrders.values()].map((r) => ({
      owner: r.owner,
      order: r.order,
      extensions: r.extensions,
      quote: r.quote && { penalty: r.quote.penalty, expires_at: r.quote.expiresAt },
      confirming_until: r.confirmingUntil,
    })),
    activity_bookings: [...store.activityBookings.values()].map((r) => ({
      owner: r.owner,
      booking: r.booking,
      product_id: r.productId,
      answers: r.answers,
      confirmed_at: r.confirmedAt,
      vouchers: r.vouchers,
    })),
    sessions: [...store.sessions].map(([id, s]) => ({
      id,
      office_id: s.officeId,
      user_name: s.userName,
      created_at: s.createdAt,
      last_used_at: s.lastUsedAt,
    })),
    // A create still running when the state is written is not kept: its client never had an answer to replay.
    idempotency: [...store.idempotency]
      .filter(([, r]) => r.state === 'done')
      .map(([scope, r]) => ({
        scope,
        fingerprint: r.fingerprint,
        status: r.status,
        body: r.body,
        content_type: r.contentType,
        created_at: r.createdAt,
      })),
  };
}

/** Puts a read state into a store just built (its seeded wallets replaced by the kept ones). */
function restore(store: Store, state: z.output<typeof StateSchema>): void {
  store.clock.restore(state.clock_offset_ms);
  store.holdsReserveMoney = state.holds_reserve_money;
  for (const w of state.wallets) store.wallets.set(w.owner, { balance: w.balance, held: w.held });
  for (const r of state.flight_orders)
    store.flightOrders.set(r.order.id, {
      owner: r.owner,
      order: r.order,
      brand: r.brand,
      fares: new Map(r.fares.map(({ passenger, total, base }) => [passenger, { total, base }])),
      ticketingStartedAt: r.ticketing_started_at,
      refundedTickets: new Set(r.refunded_tickets),
    });
  for (const r of state.hotel_orders)
    store.hotelOrders.set(r.order.id, {
      owner: r.owner,
      order: r.order,
      extensions: r.extensions,
      quote: r.quote && { penalty: r.quote.penalty, expiresAt: r.quote.expires_at },
      confirmingUntil: r.confirming_until,
    });
  for (const r of state.activity_bookings)
    store.activityBookings.set(r.booking.id, {
      owner: r.owner,
      booking: r.booking,
      productId: r.product_id,
      answers: r.answers,
      confirmedAt: r.confirmed_at,
      vouchers: r.vouchers,
    });
  for (const s of state.sessions)
    store.sessions.set(s.id, {
      officeId: s.office_id,
      userName: s.user_name,
      createdAt: s.created_at,
      lastUsedAt: s.last_used_at,
    });
  for (const r of [...state.idempotency].sort((a, b) => a.created_at - b.created_at))
    store.idempotency.set(r.scope, {
      fingerprint: r.fingerprint,
      state: 'done',
      status: r.status,
      body: r.body,
      contentType: r.content_type,
      createdAt: r.created_at,
    });
}

export interface StateFileOptions {
  path: string;
  /** How long after a change the file is written: changes in between are written together. */
  delayMs?: number;
  /** Where the file's story is told (the embedded sandbox hands it to the console's log). */
  log?: (level: 'info' | 'warn', message: string) => void;
}

/**
 * Loads the file into the store at once (a file that cannot be read is set aside, renamed, and the sandbox starts
 * fresh), then writes the store a moment after each change — the whole state to a temporary file, synced, then
 * renamed over the old one, so the file is never half-written — and once more when closed.
 */
export class StateFile {
  readonly #store: Store;
  readonly #path: string;
  readonly #delayMs: number;
  readonly #log: (level: 'info' | 'warn', message: string) => void;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #dirty = false;
  #writing: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(store: Store, options: StateFileOptions) {
    this.#store = store;
    this.#path = options.path;
    this.#delayMs = options.delayMs ?? 1000;
    this.#log = options.log ?? ((level, message) => console[level](message));
    this.#load();
    store.changed = () => this.#changed();
  }

  #load(): void {
    if (!existsSync(this.#path)) {
      this.#log('info', `sandbox state: none yet at ${this.#path}; starting fresh`);
      return;
    }
    let why: string;
    try {
      const parsed = StateSchema.safeParse(JSON.parse(readFileSync(this.#path, 'utf8')));
      if (parsed.success) {
        restore(this.#store, parsed.data);
        this.#log(
          'info',
          `sandbox state: read ${this.#path} (${parsed.data.flight_orders.length} flight orders, ` +
            `${parsed.data.hotel_orders.length} hotel orders, ${parsed.data.activity_bookings.length} activity bookings)`,
        );
        return;
      }
      why = parsed.error.issues
        .slice(0, 3)
        .map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`)
        .join('; ');
    } catch (error) {
      why = error instanceof Error ? error.message : String(error);
    }
    const aside = `${this.#path}.unreadable-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    try {
      renameSync(this.#path, aside);
    } catch (error) {
      // Not set aside: it is not written over either; the state is kept in memory only.
      this.#closed = true;
      this.#log(
        'warn',
        `sandbox state: ${this.#path} could not be read (${why}) nor set aside (${error instanceof Error ? error.message : String(error)}); starting fresh, in memory only`,
      );
      return;
    }
    this.#log(
      'warn',
      `sandbox state: ${this.#path} could not be read (${why}); set aside as ${aside}, starting fresh`,
    );
  }

  #changed(): void {
    if (this.#closed) return;
    this.#dirty = true;
    if (this.#timer) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.flush();
    }, this.#delayMs);
    this.#timer.unref();
  }

  /** Writes what changed since the last write (after any write under way). */
  flush(): Promise<void> {
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = null;
    }
    this.#writing = this.#writing.then(async () => {
      if (!this.#dirty) return;
      this.#dirty = false;
      try {
        await this.#write(JSON.stringify(snapshot(this.#store)));
      } catch (error) {
        this.#dirty = true;
        this.#log(
          'warn',
          `sandbox state: could not write ${this.#path}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    });
    return this.#writing;
  }

  async #write(text: string): Promise<void> {
    await mkdir(dirname(this.#path), { recursive: true });
    const temporary = `${this.#path}.tmp`;
    const file = await open(temporary, 'w');
    try {
      await file.writeFile(text);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, this.#path);
  }

  /** The last write, at a clean stop; later changes are not written. */
  async close(): Promise<void> {
    if (!this.#closed) await this.flush();
    this.#closed = true;
    this.#store.changed = null;
  }
}
