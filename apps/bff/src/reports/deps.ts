import type { Upstream } from '../upstream/index.ts';
import type { Reports } from './reports.ts';

/**
 * What the reports domain's routes and logic are handed (built once in app.ts): the root `Deps` is every domain's, so each
 * domain names only what it uses, and reaches no other domain but through its index.
 */
export interface ReportsDeps {
  reports: Reports;
  upstream: Upstream;
}
