import type { Db } from './db/index.ts';
import type { BffEnv } from './env.ts';
import type { AccountLinks } from './lib/account-links.ts';
import type { Accounts } from './lib/accounts.ts';
import type { AuditLog } from './lib/audit.ts';
import type { AuthChallenges } from './lib/challenges.ts';
import type { Factors } from './lib/factors.ts';
import type { FeeRules } from './lib/fees.ts';
import type { Identities } from './lib/identities.ts';
import type { BookingIntents } from './lib/intents.ts';
import type { KnownBrowsers } from './lib/known-browsers.ts';
import type { LeadImages } from './lib/lead-images.ts';
import type { Leases } from './lib/lease.ts';
import type { Ledger } from './lib/ledger.ts';
import type { Lifecycle } from './lib/lifecycle.ts';
import type { Logger } from './lib/log.ts';
import type { Mailer } from './lib/mailer.ts';
import type { Metrics } from './lib/metrics.ts';
import type { Passkeys } from './lib/passkeys.ts';
import type { Reports } from './lib/reports.ts';
import type { SecurityHeaders } from './lib/security-headers.ts';
import type { SecurityNotices } from './lib/security-notices.ts';
import type { SignInPolicy } from './lib/sign-in-policy.ts';
import type { SingleSignOn } from './lib/single-sign-on.ts';
import type { SignInThrottle } from './lib/throttle.ts';
import type { Upstream } from './upstream.ts';

/** What the routes share: built once in app.ts and handed to each sub-app. */
export interface Deps {
  env: BffEnv;
  /** Where people reach the console: links, e-mails, the passkeys' relying party (PUBLIC_URL or its default). */
  publicUrl: string;
  db: Db;
  upstream: Upstream;
  accounts: Accounts;
  ledger: Ledger;
  /** The office's service-fee rules (decision 032). */
  fees: FeeRules;
  /** The office's reports, from the totals the database keeps (decision 033). */
  reports: Reports;
  audit: AuditLog;
  throttle: SignInThrottle;
  /** Second factors and the sign-ins waiting for one (decision 029). */
  factors: Factors;
  /** What sign-in ceremonies wait for (WebAuthn challenges, OpenID Connect state), on any instance. */
  challenges: AuthChallenges;
  /** Passkeys (decision 031). */
  passkeys: Passkeys;
  /** Single sign-on with the office's OpenID provider, when the operator configured one. */
  oidc: SingleSignOn | null;
  /** Which account an identity at that provider is. */
  identities: Identities;
  /** Browsers and addresses each person signed in from (decision 035). */
  knownBrowsers: KnownBrowsers;
  /** What a person must hear of about their own account (decision 035). */
  notices: SecurityNotices;
  /** The office's two-step sign-in policy. */
  policy: SignInPolicy;
  /** One-time links (invitations, password resets) and the e-mails that carry them (decision 030). */
  links: AccountLinks;
  mailer: Mailer;
  /** The console's own clock (sessions, proofs); tests move it. */
  clock: () => number;
  intents: BookingIntents;
  leases: Leases;
  log: Logger;
  lifecycle: Lifecycle;
  metrics: Metrics;
  /** The first picture of each product page served, for the page's preload hint. */
  leadImages: LeadImages;
  /** Every answer's security headers, from one place (lib/security-headers.ts). */
  securityHeaders: SecurityHeaders;
}
