import type { Factors } from '../identity/index.ts';
import type { Upstream } from './connect.ts';

/**
 * What the upstream domain's routes and logic are handed (built once in app.ts): the root `Deps` is every domain's, so each
 * domain names only what it uses, and reaches no other domain but through its index.
 */
export interface UpstreamDeps {
  clock: () => number;
  factors: Factors;
  upstream: Upstream;
}
