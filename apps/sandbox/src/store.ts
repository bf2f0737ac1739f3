import {
  type ActivityVoucher,
  type BookingOptionsAnswers,
  type Environment,
  fromCents,
  type Money,
  money,
  type Occupancy,
  type Scope,
  toCents,
  type Wallet,
} from '@console/contract';
import type { OfficeConfig, SandboxConfig } from './config.ts';
import { Clock } from './lib/clock.ts';
import { ApiError } from './lib/errors.ts';
import type { StreamTiming } from './lib/event-stream.ts';
import { Faults } from './lib/faults.ts';
import { DEFAULT_PACE, type Pace } from './settle.ts';
import type { ActivityBooking, FlightOffer, FlightOrder, HotelOrder, HotelRate } from './shapes.ts';

/** Test and live data of one office never mix: every resource is owned by `${officeId}:${environment}`. */
export type OwnerKey = `${string}:${Environment}`;
export const ownerKey = (officeId: string, environment: Environment): OwnerKey =>
  `${officeId}:${environment}`;

export interface TokenRecord {
  clientId: string;
  officeId: string;
  environment: Environment;
  scopes: Scope[];
  expiresAt: number;
}

interface WalletState {
  balance: bigint;
  held: bigint;
}

export interface OfferRecord {
  owner: OwnerKey;
  offer: FlightOffer;
  brand: string;
  expiresAt: number;
  /** Set when re-pricing should move the price (seeded, or forced by /_sandbox). Applied once. */
  pendingTotal: string | null;
}

export interface FlightOrderRecord {
  owner: OwnerKey;
  order: FlightOrder;
  brand: string;
  /** Each passenger's fare, by passenger id, for refund quotes. */
  fares: Map<string, { total: Money; base: Money }>;
  ticketingStartedAt: number | null;
  refundedTickets: Set<string>;
}

export interface RateRecord {
  owner: OwnerKey;
  rate: HotelRate;
  hotelId: string;
  occupancies: Occupancy[];
  expiresAt: number;
  pendingTotal: string | null;
  soldOut: boolean;
}

export interface HotelOrderRecord {
  owner: OwnerKey;
  order: HotelOrder;
  extensions: number;
  quote: { penalty: Money; expiresAt: number } | null;
  confirmingUntil: number | null;
}

export interface ActivityBookingRecord {
  owner: OwnerKey;
  booking: ActivityBooking;
  productId: string;
  answers: BookingOptionsAnswers | undefined;
  confirmedAt: number | null;
  vouchers: ActivityVoucher[];
}

export interface SessionRecord {
  officeId: string;
  userName: string;
  createdAt: number;
  lastUsedAt: number;
}

export interface IdempotencyRecord {
  fingerprint: string;
  state: 'running' | 'done';
  status: number;
  body: string;
  contentType: string;
  createdAt: number;
}

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export const VARIANT_CHAOS = { rateLimitEvery: 23, revokeEvery: 37 } as const;

export class Store {
  readonly clock = new Clock();
  readonly tokens = new Map<string, TokenRecord>();
  readonly wallets = new Map<OwnerKey, WalletState>();
  readonly offers = new Map<string, OfferRecord>();
  readonly flightOrders = new Map<string, FlightOrderRecord>();
  readonly rates = new Map<string, RateRecord>();
  readonly hotelOrders = new Map<string, HotelOrderRecord>();
  readonly activityBookings = new Map<string, ActivityBookingRecord>();
  readonly sessions = new Map<string, SessionRecord>();
  readonly idempotency = new Map<string, IdempotencyRecord>();
  readonly faults = new Faults();
  /** Forced price changes for the next re-pricing of an offer or confirmation of a rate (by id). */
  readonly forcedPrices = new Map<string, string>();
  /** Flight offers kept at most; the oldest are forgotten first (a real service expires them too). */
  static readonly MAX_OFFERS = 200_000;
  streamIntervalMs: number;
  /** Whether a hold sets its money aside in `held` (the default) or is only checked (settings). */
  holdsReserveMoney = true;
  /**
   * The variant profile's interruptions (decision 013): every n-th read answers 429 with Retry-After, every n-th call
   * finds its token revoked; 0 turns one off. Drills that count faults exactly turn them off for their duration.
   */
  readonly variantChaos: { rateLimitEvery: number; revokeEvery: number } = { ...VARIANT_CHAOS };
  /** How long ticketing, a deferred confirmation and vouchers take (settle.ts): the profile's pace. */
  pace: Pace = DEFAULT_PACE;
  /** TCP connections accepted by the server this store is served from, when it counts them (src/index.ts). */
  connectionsAccepted = 0;
  /** Flight search streams open right now, and how many have ended early because the client went away. */
  readonly streams = { open: 0, abandoned: 0 };
  /** When each search stream's events left, while the bench asks for it (settings `stream_log`); null: not kept. */
  streamLog: StreamTiming[] | null = null;
  /** Told when what the service keeps may have changed (a write, or a move of its own on a read): state-file.ts. */
  changed: (() => void) | null = null;

  constructor(
    readonly config: SandboxConfig,
    private readonly defaults: { streamIntervalMs: number },
  ) {
    this.streamIntervalMs = defaults.streamIntervalMs;
    this.seedWallets();
  }

  /** Says that what the service keeps may have changed. */
  touch(): void {
    this.changed?.();
  }

  /** Back to the seed: every order, booking, token and session forgotten, wallets refilled, clock reset. */
  reset(): void {
    for (const map of [
      this.tokens,
      this.wallets,
      this.offers,
      this.flightOrders,
      this.rates,
      this.hotelOrders,
      this.activityBookings,
      this.sessions,
      this.idempotency,
      this.forcedPrices,
    ]) {
      map.clear();
    }
    this.faults.clear();
    this.clock.reset();
    this.streamIntervalMs = this.defaults.streamIntervalMs;
    this.holdsReserveMoney = true;
    this.streamLog = null;
    Object.assign(this.variantChaos, VARIANT_CHAOS);
    this.seedWallets();
  }

  private seedWallets(): void {
    for (const office of this.config.offices) {
      this.wallets.set(ownerKey(office.id, 'test'), { balance: toCents(office.wallets.test), held: 0n });
      this.wallets.set(ownerKey(office.id, 'live'), { balance: toCents(office.wallets.live), held: 0n });
    }
  }

  office(officeId: string): OfficeConfig {
    const office = this.config.offices.find((o) => o.id === officeId);
    if (!office) throw new Error(`unknown office ${officeId}`);
    return office;
  }

  findClient(clientId: string) {
    for (const office of this.config.offices) {
      const client = office.clients.find((c) => c.client_id === clientId);
      if (client) return { office, client };
    }
    return null;
  }

  // ---------- wallet ----------

  private walletState(owner: OwnerKey): WalletState {
    const state = this.wallets.get(owner);
    if (!state) throw new Error(`no wallet for ${owner}`);
    return state;
  }

  wallet(owner: OwnerKey, environment: Environment): Wallet {
    const state = this.walletState(owner);
    return {
      object: 'wallet',
      environment,
      balance: money(state.balance),
      held: money(state.held),
      available: money(state.balance - state.held),
    };
  }

  /** Refuses with 402 when `available` cannot pay `total`. */
  #afford(state: { balance: bigint; held: bigint }, total: Money): void {
    const available = state.balance - state.held;
    if (toCents(total.amount) > available) {
      throw new ApiError('insufficient_funds', {
        message: `The wallet has ${fromCents(available)} USD available; this costs ${total.amount} USD.`,
      });
    }
  }

  /**
   * Holds a total against the wallet, or refuses with 402 when `available` cannot pay it. With `holdsReserveMoney`
   * off (another legal choice: the document does not say a hold sets money aside), the hold is only checked, and the
   * money is found when it is paid.
   */
  hold(owner: OwnerKey, total: Money): void {
    const state = this.walletState(owner);
    this.#afford(state, total);
    if (this.holdsReserveMoney) state.held += toCents(total.amount);
  }

  /** Before a hold is paid (ticket, confirm): with holds that set nothing aside, the wallet must still afford it. */
  mustAfford(owner: OwnerKey, total: Money): void {
    if (!this.holdsReserveMoney) this.#afford(this.walletState(owner), total);
  }

  /** Releases a hold (cancelled or expired before it was paid). */
  release(owner: OwnerKey, total: Money): void {
    const state = this.walletState(owner);
    if (this.holdsReserveMoney) state.held -= toCents(total.amount);
  }

  /** Turns a hold into a payment: it leaves `held` (when it was there) and `balance`. */
  spend(owner: OwnerKey, total: Money): void {
    const state = this.walletState(owner);
    const cents = toCents(total.amount);
    if (this.holdsReserveMoney) state.held -= cents;
    state.balance -= cents;
  }

  /** Returns money to the balance (a refund, or the refundable part of a paid cancellation). */
  refund(owner: OwnerKey, amount: Money): void {
    this.walletState(owner).balance += toCents(amount.amount);
  }

  /** Sets the balance; never below what is held, so `available` stays a valid (non-negative) amount. */
  setBalance(owner: OwnerKey, amount: Money): boolean {
    const state = this.walletState(owner);
    if (toCents(amount.amount) < state.held) return false;
    state.balance = toCents(amount.amount);
    return true;
  }
}
