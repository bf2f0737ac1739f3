import type { AuditLog } from './audit.ts';

/**
 * What the audit domain's routes and logic are handed (built once in app.ts): the root `Deps` is every domain's, so each
 * domain names only what it uses, and reaches no other domain but through its index.
 */
export interface AuditDeps {
  audit: AuditLog;
}
