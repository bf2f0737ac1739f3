import type { AuditLog } from '../audit/index.ts';
import type { Ledger } from '../bookings/index.ts';
import type { Db } from '../db/index.ts';
import type { Upstream } from '../upstream/index.ts';

/**
 * What the travellers domain's routes and logic are handed (built once in app.ts): the root `Deps` is every domain's, so each
 * domain names only what it uses, and reaches no other domain but through its index.
 */
export interface TravellersDeps {
  audit: AuditLog;
  db: Db;
  /** A profile's bookings, as the ledger has them, limited to those the user may reach (decision 015). */
  ledger: Ledger;
  upstream: Upstream;
}
