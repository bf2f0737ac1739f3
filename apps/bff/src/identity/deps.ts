import type { AuditLog } from '../audit/index.ts';
import type { BffEnv } from '../platform/env.ts';
import type { Logger } from '../platform/log.ts';
import type { Mailer } from '../platform/mailer.ts';
import type { Metrics } from '../platform/metrics.ts';
import type { Upstream } from '../upstream/index.ts';
import type { Accounts } from './accounts.ts';
import type { Factors } from './factors.ts';
import type { Identities } from './identities.ts';
import type { KnownBrowsers } from './known-browsers.ts';
import type { AccountLinks } from './links.ts';
import type { SecurityNotices } from './notices.ts';
import type { Passkeys } from './passkeys.ts';
import type { SignInPolicy } from './sign-in-policy.ts';
import type { SingleSignOn } from './single-sign-on.ts';
import type { SignInThrottle } from './throttle.ts';

/**
 * What the identity domain's routes and logic are handed (built once in app.ts): the root `Deps` is every domain's, so each
 * domain names only what it uses, and reaches no other domain but through its index.
 */
export interface IdentityDeps {
  accounts: Accounts;
  audit: AuditLog;
  clock: () => number;
  env: BffEnv;
  factors: Factors;
  identities: Identities;
  knownBrowsers: KnownBrowsers;
  links: AccountLinks;
  log: Logger;
  mailer: Mailer;
  metrics: Metrics;
  notices: SecurityNotices;
  oidc: SingleSignOn | null;
  passkeys: Passkeys;
  policy: SignInPolicy;
  publicUrl: string;
  throttle: SignInThrottle;
  upstream: Upstream;
}
