import type { AuditLog } from '../audit/index.ts';
import type { BookingTimeline, Ledger } from '../bookings/index.ts';
import type { Db } from '../db/index.ts';
import type { Upstream } from '../upstream/index.ts';

/**
 * What trips ask of the office's people (identity's `OfficePeople`, composed in app.ts): which of these agents see the
 * office's trips, so a booking they made under a trip's reference is the trip's (decision 044).
 */
export interface TripPeople {
  seeingOfficeWide(ids: readonly string[]): Promise<Set<string>>;
}

/**
 * What the trips domain's routes and logic are handed (built once in app.ts): the root `Deps` is every domain's, so each
 * domain names only what it uses, and reaches no other domain but through its index.
 */
export interface TripsDeps {
  audit: AuditLog;
  db: Db;
  ledger: Ledger;
  people: TripPeople;
  /** Each booking's timeline: a trip joined or left (decision 052). */
  timeline: BookingTimeline;
  upstream: Upstream;
}
