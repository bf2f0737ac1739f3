import type { AuditLog } from '../audit/index.ts';
import type { Ledger } from '../bookings/index.ts';
import type { Db } from '../db/index.ts';
import type { FeeRules } from '../pricing/index.ts';
import type { Upstream } from '../upstream/index.ts';

/**
 * What the quotes domain's routes and logic are handed (built once in app.ts): the root `Deps` is every domain's, so each
 * domain names only what it uses, and reaches no other domain but through its index.
 */
export interface QuotesDeps {
  audit: AuditLog;
  db: Db;
  fees: FeeRules;
  ledger: Ledger;
  upstream: Upstream;
}
