import type { Environment } from '@console/contract';
import type { AuditLog } from '../audit/index.ts';
import type { BffEnv } from '../platform/env.ts';
import type { Logger } from '../platform/log.ts';
import type { Mailer } from '../platform/mailer.ts';
import type { Metrics } from '../platform/metrics.ts';
import type { Factors } from './factors.ts';
import type { Identities } from './identities.ts';
import type { KnownBrowsers } from './known-browsers.ts';
import type { AccountLinks } from './links.ts';
import type { SecurityNotices } from './notices.ts';
import type { Passkeys } from './passkeys.ts';
import type { Sessions } from './sessions.ts';
import type { SignInPolicy } from './sign-in-policy.ts';
import type { SingleSignOn } from './single-sign-on.ts';
import type { SignInThrottle } from './throttle.ts';
import type { Users } from './users.ts';

/**
 * What the identity domain's routes and logic are handed (built once in app.ts): the root `Deps` is every domain's, so each
 * domain names only what it uses, and reaches no other domain but through its index.
 */
export interface IdentityDeps {
  sessions: Sessions;
  users: Users;
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
  /** What identity reads of the service connection (composed in app.ts from upstream/). */
  serviceFacts: ServiceFacts;
}

/**
 * What identity needs of the service connection, and no more, so the domain does not reach upstream/ (decision 057):
 * the credential's environment (a sign-in says it; LIVE asks more of the office's policy) and the service's clock (an
 * away's end is on it, as the bookings' deadlines are).
 */
export interface ServiceFacts {
  environment(): Environment;
  now(): number;
}
