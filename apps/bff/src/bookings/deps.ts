import type { Money } from '@console/contract';
import type { AuditLog } from '../audit/index.ts';
import type { SignInPolicy } from '../identity/index.ts';
import type { Lifecycle } from '../platform/lifecycle.ts';
import type { SecurityHeaders } from '../platform/security-headers.ts';
import type { LeadImages, Upstream } from '../upstream/index.ts';
import type { ChangeActionStore } from './change-action-store.ts';
import type { BookingChanges } from './change-log.ts';
import type { Facts } from './facts.ts';
import type { BookingIntents } from './intents.ts';
import type { Ledger } from './ledger.ts';
import type { BookingTimeline } from './timeline.ts';
import type { WatchSchedule } from './watch-schedule.ts';

/**
 * A new booking's fee and client price by the office's rules now (decision 032). The rules are pricing's (its
 * `FeeRules`, composed in app.ts); bookings names only what it asks of them, so it imports nothing of pricing (pricing
 * reads bookings' facts: the arrow runs one way).
 */
export interface BookingFees {
  price(facts: Facts): Promise<{ fee: Money; client: Money; rule: { id: string } | null }>;
}

/**
 * What the bookings domain's routes and logic are handed (built once in app.ts): the root `Deps` is every domain's, so each
 * domain names only what it uses, and reaches no other domain but through its index.
 */
export interface BookingsDeps {
  changes: BookingChanges;
  /** Each press of a change's action, and the bookings that replace others (decision 054). */
  changeActions: ChangeActionStore;
  audit: AuditLog;
  clock: () => number;
  fees: BookingFees;
  intents: BookingIntents;
  leadImages: LeadImages;
  ledger: Ledger;
  lifecycle: Lifecycle;
  policy: SignInPolicy;
  securityHeaders: SecurityHeaders;
  /** Every booking's timeline (decision 052): each event written where it happens. */
  timeline: BookingTimeline;
  upstream: Upstream;
  /** When the watch reads each booking next (decision 037). */
  watchSchedule: WatchSchedule;
}
