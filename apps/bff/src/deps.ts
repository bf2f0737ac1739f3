import type { AuditLog } from './audit/audit.ts';
import type { AuditDeps } from './audit/deps.ts';
import type { BookingsDeps } from './bookings/deps.ts';
import type { BookingIntents } from './bookings/intents.ts';
import type { Ledger } from './bookings/ledger.ts';
import type { Db } from './db/index.ts';
import type { AuthChallenges } from './identity/challenges.ts';
import type { IdentityDeps } from './identity/deps.ts';
import type { Factors } from './identity/factors.ts';
import type { Identities } from './identity/identities.ts';
import type { KnownBrowsers } from './identity/known-browsers.ts';
import type { AccountLinks } from './identity/links.ts';
import type { SecurityNotices } from './identity/notices.ts';
import type { Passkeys } from './identity/passkeys.ts';
import type { OfficePeople } from './identity/people.ts';
import type { SignInPolicy } from './identity/sign-in-policy.ts';
import type { SingleSignOn } from './identity/single-sign-on.ts';
import type { SignInThrottle } from './identity/throttle.ts';
import type { BffEnv } from './platform/env.ts';
import type { Leases } from './platform/lease.ts';
import type { Lifecycle } from './platform/lifecycle.ts';
import type { Logger } from './platform/log.ts';
import type { Mailer } from './platform/mailer.ts';
import type { Metrics } from './platform/metrics.ts';
import type { SecurityHeaders } from './platform/security-headers.ts';
import type { PricingDeps } from './pricing/deps.ts';
import type { FeeRules } from './pricing/fees.ts';
import type { QuotesDeps } from './quotes/deps.ts';
import type { ReportsDeps } from './reports/deps.ts';
import type { Reports } from './reports/reports.ts';
import type { TravellersDeps } from './travellers/deps.ts';
import type { TripsDeps } from './trips/deps.ts';
import type { Upstream } from './upstream/connect.ts';
import type { UpstreamDeps } from './upstream/deps.ts';
import type { LeadImages } from './upstream/lead-images.ts';
import type { WalletDeps } from './wallet/deps.ts';

/**
 * What the routes share: built once in app.ts and handed to each sub-app. It is every domain's own deps at once (each
 * domain names in its `deps.ts` only what it uses), so a domain is handed this and takes its part.
 */
export interface Deps
  extends IdentityDeps,
    BookingsDeps,
    PricingDeps,
    QuotesDeps,
    TripsDeps,
    TravellersDeps,
    WalletDeps,
    ReportsDeps,
    AuditDeps,
    UpstreamDeps {
  env: BffEnv;
  /** Where people reach the console: links, e-mails, the passkeys' relying party (PUBLIC_URL or its default). */
  publicUrl: string;
  db: Db;
  upstream: Upstream;
  ledger: Ledger;
  /** The office's people as other domains and the mail policy ask after them (the users table is identity's). */
  people: OfficePeople;
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
