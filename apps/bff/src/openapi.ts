import { createHash } from 'node:crypto';
import {
  AccountFactorsSchema,
  AccountLinkSchema,
  AddPasskeyRequestSchema,
  AttachBookingSchema,
  AuditEntrySchema,
  AuditListSchema,
  AuditQuerySchema,
  BeginTotpRequestSchema,
  BookingsQuerySchema,
  ChangePasswordRequestSchema,
  ConfirmTotpRequestSchema,
  ConsoleUserSchema,
  CreateUserRequestSchema,
  CreditBalanceResponseSchema,
  CSRF_HEADER,
  DOWNLOAD_VOUCHER,
  ErrorEnvelopeSchema,
  FeeRuleInputSchema,
  FeeRuleListSchema,
  FeeRuleSchema,
  InvitationSchema,
  LedgerEntrySchema,
  LedgerListSchema,
  LinkAcceptRequestSchema,
  LinkInfoSchema,
  LinkLookupRequestSchema,
  MeSchema,
  NotMeRequestSchema,
  OPERATIONS,
  type OperationName,
  OwnSessionListSchema,
  PasskeyAnswerSchema,
  PasskeyCeremonySchema,
  ProveRequestSchema,
  QuoteBookedRequestSchema,
  QuoteListSchema,
  QuoteRequestSchema,
  QuoteSchema,
  QuotesQuerySchema,
  RadarQuerySchema,
  RadarSchema,
  RecoveryCodesSchema,
  ReportQuerySchema,
  ReportSchema,
  SERVICE_TIME_HEADER,
  SecondFactorNeededSchema,
  SecondFactorRequestSchema,
  SecurityNoticeListSchema,
  SecurityNoticesQuerySchema,
  SetFeeRequestSchema,
  SignInOptionsSchema,
  SignInPolicySchema,
  SignInRequestSchema,
  SingleSignOnRedirectRequestSchema,
  SingleSignOnRedirectSchema,
  STREAM_FLIGHT_SEARCH,
  StatementQuerySchema,
  StatementSchema,
  TotpEnrolmentSchema,
  TravellerInputSchema,
  TravellerListSchema,
  TravellerSchema,
  TravellersQuerySchema,
  TripDetailSchema,
  TripInputSchema,
  TripListSchema,
  TripSchema,
  TripsQuerySchema,
  TripUpdateSchema,
  UpdateUserRequestSchema,
  UserListSchema,
  UsersQuerySchema,
  WalletAlertSchema,
  WalletAlertSettingSchema,
} from '@console/contract';
import { z } from 'zod';
import { SESSION_COOKIE } from './identity/guards.ts';

type Json = Record<string, unknown>;

/** A route of the console's API: what it takes and gives, as the schemas its handler validates with. */
interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** `/api/...` with `{param}`s. */
  path: string;
  summary: string;
  tag: string;
  body?: z.ZodType;
  query?: z.ZodType;
  /** The answer's schema; a string for a non-JSON answer (its media type). */
  response?: z.ZodType | string;
  status?: number;
  /** Reachable without a session (health, readiness, sign-in). */
  open?: boolean;
  admin?: boolean;
}

const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  upstream: z.object({ reachable: z.boolean(), embedded: z.boolean() }),
  environment: z.enum(['test', 'live']),
});
const ReadySchema = z.object({
  status: z.enum(['ready', 'not_ready', 'draining']),
  database: z.object({ ok: z.boolean(), ms: z.number(), kind: z.enum(['sqlite', 'postgres']) }).loose(),
  upstream: z.object({ ok: z.boolean(), ms: z.number(), embedded: z.boolean() }).loose(),
  intents: z.object({ open: z.number().nullable() }),
  streams: z.object({ open: z.number() }),
});
const SessionStateSchema = z.object({
  configured: z.boolean(),
  active: z.boolean(),
  created_at: z.string().nullable(),
  last_renewed_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  renewals: z.number(),
});

const tagOf = (path: string) => path.split('/')[1] ?? 'service';

/** Every service operation the console relays or acts on is mounted at `/api` + its own path (decision 013). */
function serviceRoutes(): Route[] {
  const routes: Route[] = (Object.keys(OPERATIONS) as OperationName[]).map((name) => {
    const op = OPERATIONS[name];
    return {
      method: op.method,
      path: `/api${op.path}`,
      summary: `${name}: the service's ${op.method} ${op.path}${op.effect === 'read' ? '' : ` (${op.effect}; audited and recorded in the ledger)`}`,
      tag: tagOf(op.path),
      ...('body' in op ? { body: op.body } : {}),
      ...('query' in op ? { query: op.query } : {}),
      response: op.response,
      ...('status' in op ? { status: op.status } : {}),
      ...(name === 'wallet' || name === 'introspect' ? { admin: true } : {}),
    };
  });
  return [
    // The service's introspection is the admin's credentials view; the wallet is admin-only too.
    ...routes.filter((r) => !r.path.startsWith('/api/auth/')),
    {
      method: 'POST',
      path: `/api${STREAM_FLIGHT_SEARCH.path}`,
      summary: 'The streamed flight search, relayed event by event (text/event-stream)',
      tag: 'flights',
      body: STREAM_FLIGHT_SEARCH.body,
      response: 'text/event-stream',
    },
    {
      method: 'GET',
      path: `/api${DOWNLOAD_VOUCHER.path}`,
      summary: 'A voucher as PDF (refused for a cancelled or refunded booking)',
      tag: 'activities',
      response: 'application/pdf',
    },
  ];
}

/** The console's own routes: sign-in, health, the ledger, the radar, media, admin. */
const CONSOLE_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This document',
    tag: 'console',
    response: z.looseObject({ openapi: z.string() }),
    open: true,
  },
  {
    method: 'GET',
    path: '/api/health',
    summary: 'Alive, and whether a token can be had',
    tag: 'console',
    response: HealthSchema,
    open: true,
  },
  {
    method: 'GET',
    path: '/api/ready',
    summary: 'Ready: the database and the service, each said; 503 when not',
    tag: 'console',
    response: ReadySchema,
    open: true,
  },
  {
    method: 'POST',
    path: '/api/auth/sign-in',
    summary:
      'Sign in; sets the session cookie, or, for a person with a second factor, asks for it (a five-minute cookie)',
    tag: 'console',
    body: SignInRequestSchema,
    response: z.union([MeSchema, SecondFactorNeededSchema]),
    open: true,
  },
  {
    method: 'POST',
    path: '/api/auth/links/lookup',
    summary: "Whom a one-time link is for (the token from the link's fragment, in the body)",
    tag: 'console',
    body: LinkLookupRequestSchema,
    response: LinkInfoSchema,
    open: true,
  },
  {
    method: 'POST',
    path: '/api/auth/links/accept',
    summary:
      'Choose one’s password through a one-time link (once, within 72 hours); signs in, or, for a person with a second factor, asks for it first',
    tag: 'console',
    body: LinkAcceptRequestSchema,
    response: z.union([MeSchema, SecondFactorNeededSchema]),
    open: true,
  },
  {
    method: 'POST',
    path: '/api/auth/sign-in/second-factor',
    summary:
      'The second step of a sign-in: a code from an authenticator app, or a recovery code; sets the session cookie',
    tag: 'console',
    body: SecondFactorRequestSchema,
    response: MeSchema,
    open: true,
  },
  {
    method: 'GET',
    path: '/api/auth/sign-in/second-factor',
    summary:
      'The second step’s methods for the sign-in waiting in this browser (after single sign-on); not a try',
    tag: 'console',
    response: SecondFactorNeededSchema,
    open: true,
  },
  {
    method: 'GET',
    path: '/api/auth/options',
    summary:
      'What the sign-in page offers beyond a password: single sign-on with the office’s provider, when set up',
    tag: 'console',
    response: SignInOptionsSchema,
    open: true,
  },
  {
    method: 'POST',
    path: '/api/auth/passkey/options',
    summary: 'Begin a sign-in with a passkey: WebAuthn options for the browser, and the ceremony’s token',
    tag: 'console',
    response: PasskeyCeremonySchema,
    open: true,
  },
  {
    method: 'POST',
    path: '/api/auth/passkey',
    summary: 'Sign in with a passkey alone (it also finishes a sign-in waiting for its second step); audited',
    tag: 'console',
    body: PasskeyAnswerSchema,
    response: MeSchema,
    open: true,
  },
  {
    method: 'POST',
    path: '/api/auth/links/passkey-options',
    summary: 'Begin making a passkey through a one-time link, in place of a password',
    tag: 'console',
    body: LinkLookupRequestSchema,
    response: PasskeyCeremonySchema,
    open: true,
  },
  {
    method: 'GET',
    path: '/api/auth/oidc/start',
    summary:
      'Single sign-on: redirects to the office’s OpenID provider (PKCE, state and nonce kept for this browser)',
    tag: 'console',
    status: 302,
    open: true,
  },
  {
    method: 'GET',
    path: '/api/auth/oidc/callback',
    summary:
      'Single sign-on: the provider’s redirect back; signs in and redirects to the console, or to the sign-in page with ?sso=<code> or ?step=second-factor',
    tag: 'console',
    status: 302,
    open: true,
  },
  {
    method: 'POST',
    path: '/api/auth/sign-out',
    summary: 'Sign out; clears the session cookie',
    tag: 'console',
    response: z.object({ signed_out: z.boolean() }),
    open: true,
  },
  {
    method: 'GET',
    path: '/api/me',
    summary: 'The signed-in user, environment and session',
    tag: 'console',
    response: MeSchema,
  },
  {
    method: 'GET',
    path: '/api/bookings',
    summary:
      "The ledger: the agent's bookings (an admin's: the office's), with net, fee and client price (format=csv streams every matching booking)",
    tag: 'bookings',
    query: BookingsQuerySchema,
    response: LedgerListSchema,
  },
  {
    method: 'GET',
    path: '/api/bookings/radar',
    summary: 'Every running clock, a page at a time, most urgent first, with at-risk marks over all of them',
    tag: 'bookings',
    query: RadarQuerySchema,
    response: RadarSchema,
  },
  {
    method: 'GET',
    path: '/api/media/{kind}/{id}/{file}',
    summary: "An image the service links to, from the console's origin",
    tag: 'console',
    response: 'image/*',
  },
  {
    method: 'GET',
    path: '/api/admin/credentials',
    summary: "The office's credential as the service describes it",
    tag: 'admin',
    response: OPERATIONS.introspect.response,
    admin: true,
  },
  {
    method: 'GET',
    path: '/api/admin/session',
    summary: "The session-based interface's session",
    tag: 'admin',
    response: SessionStateSchema,
    admin: true,
  },
  {
    method: 'GET',
    path: '/api/admin/session/credit-balance',
    summary: 'Credit balance (session-based interface)',
    tag: 'admin',
    response: CreditBalanceResponseSchema,
    admin: true,
  },
  {
    method: 'POST',
    path: '/api/admin/session/end',
    summary: 'End the session-based session',
    tag: 'admin',
    response: z.object({ ended: z.boolean() }),
    admin: true,
  },
  {
    method: 'GET',
    path: '/api/admin/users',
    summary: 'Users of the console, a page at a time by email',
    tag: 'admin',
    query: UsersQuerySchema,
    response: UserListSchema,
    admin: true,
  },
  {
    method: 'POST',
    path: '/api/admin/users',
    summary:
      'Invite a person: their account and a one-time link to choose their password, e-mailed with SMTP (audited)',
    tag: 'admin',
    body: CreateUserRequestSchema,
    response: InvitationSchema,
    status: 201,
    admin: true,
  },
  {
    method: 'POST',
    path: '/api/admin/users/{id}/reset-link',
    summary:
      'A password reset: a new one-time link for the person, e-mailed with SMTP (audited, after proving it again)',
    tag: 'admin',
    response: AccountLinkSchema,
    admin: true,
  },
  {
    method: 'PATCH',
    path: '/api/admin/users/{id}',
    summary: 'Change a user: name, role, disabled, office-wide access (audited)',
    tag: 'admin',
    body: UpdateUserRequestSchema,
    response: ConsoleUserSchema,
    admin: true,
  },
  {
    method: 'POST',
    path: '/api/admin/users/{id}/sessions/end',
    summary: 'End every session of a user, on every instance at its next request (audited)',
    tag: 'admin',
    response: z.object({ ended: z.number().int() }),
    admin: true,
  },
  {
    method: 'GET',
    path: '/api/account/sessions',
    summary: "One's own sign-in sessions: where and in what each began, this browser marked",
    tag: 'account',
    response: OwnSessionListSchema,
  },
  {
    method: 'DELETE',
    path: '/api/account/sessions/{id}',
    summary: 'Sign one of one’s own other sessions out (audited)',
    tag: 'account',
    response: z.object({ ended: z.number().int() }),
  },
  {
    method: 'POST',
    path: '/api/account/sessions/end-others',
    summary: 'Sign every other session of one’s own out (audited)',
    tag: 'account',
    response: z.object({ ended: z.number().int() }),
  },
  {
    method: 'GET',
    path: '/api/account/sign-ins',
    summary: "One's own recent sign-in attempts, newest first",
    tag: 'account',
    response: z.object({ data: z.array(AuditEntrySchema) }),
  },
  {
    method: 'POST',
    path: '/api/account/password',
    summary: 'Change one’s own password with the current one; other sessions end (audited)',
    tag: 'account',
    body: ChangePasswordRequestSchema,
    response: z.object({ changed: z.literal(true) }),
  },
  {
    method: 'POST',
    path: '/api/admin/users/{id}/factors/reset',
    summary:
      "Remove a user's authenticator apps and recovery codes (a lost phone; audited, after proving it again)",
    tag: 'admin',
    response: z.object({ removed: z.number().int() }),
    admin: true,
  },
  {
    method: 'GET',
    path: '/api/admin/sign-in-policy',
    summary: 'Who must sign in with a second factor: nobody, admins or everyone',
    tag: 'admin',
    response: SignInPolicySchema,
    admin: true,
  },
  {
    method: 'PUT',
    path: '/api/admin/sign-in-policy',
    summary:
      'Set who must sign in with a second factor; people it covers without one reach only their account (audited)',
    tag: 'admin',
    body: SignInPolicySchema,
    response: SignInPolicySchema,
    admin: true,
  },
  {
    method: 'GET',
    path: '/api/account/factors',
    summary: "One's second factors, and how many recovery codes are left",
    tag: 'account',
    response: AccountFactorsSchema,
  },
  {
    method: 'POST',
    path: '/api/account/factors/totp',
    summary: 'Start adding an authenticator app: its key as text, URI and QR code, shown once',
    tag: 'account',
    body: BeginTotpRequestSchema,
    response: TotpEnrolmentSchema,
    status: 201,
  },
  {
    method: 'POST',
    path: '/api/account/factors/totp/{id}/confirm',
    summary:
      'Confirm an authenticator app with a code from it; the first factor comes with ten recovery codes, shown once (audited)',
    tag: 'account',
    body: ConfirmTotpRequestSchema,
    response: RecoveryCodesSchema,
  },
  {
    method: 'POST',
    path: '/api/account/factors/passkey/options',
    summary:
      'Begin making a passkey of one’s own: WebAuthn options for the browser, and the ceremony’s token',
    tag: 'account',
    response: PasskeyCeremonySchema,
  },
  {
    method: 'POST',
    path: '/api/account/factors/passkey',
    summary:
      'Keep the browser’s new passkey under a name; the first factor comes with ten recovery codes, shown once (audited)',
    tag: 'account',
    body: AddPasskeyRequestSchema,
    response: RecoveryCodesSchema.extend({ id: z.string() }),
    status: 201,
  },
  {
    method: 'POST',
    path: '/api/account/prove/passkey-options',
    summary: 'Begin proving it is oneself again with one of one’s passkeys',
    tag: 'account',
    response: PasskeyCeremonySchema,
  },
  {
    method: 'DELETE',
    path: '/api/account/factors/{id}',
    summary: 'Remove one of one’s passkeys or authenticator apps (audited)',
    tag: 'account',
    response: z.object({ removed: z.literal(true) }),
  },
  {
    method: 'POST',
    path: '/api/account/prove',
    summary:
      'Prove it is oneself again before something sensitive: a passkey or a code from one’s app, else the password (audited)',
    tag: 'account',
    body: ProveRequestSchema,
    response: z.object({ proved: z.literal(true), method: z.enum(['passkey', 'totp', 'password']) }),
  },
  {
    method: 'POST',
    path: '/api/account/recovery-codes',
    summary:
      'Ten new recovery codes, the old ones void, shown once (audited); wants a fresh proof with one’s factor',
    tag: 'account',
    response: RecoveryCodesSchema,
  },
  {
    method: 'POST',
    path: '/api/account/prove/single-sign-on',
    summary:
      'Prove it is oneself again at the office’s provider: where to send the browser (the provider asks to sign in again)',
    tag: 'account',
    body: SingleSignOnRedirectRequestSchema,
    response: SingleSignOnRedirectSchema,
  },
  {
    method: 'POST',
    path: '/api/account/single-sign-on',
    summary:
      'Connect one’s identity at the office’s provider (a fresh proof with one’s factor first): where to send the browser',
    tag: 'account',
    body: SingleSignOnRedirectRequestSchema,
    response: SingleSignOnRedirectSchema,
  },
  {
    method: 'DELETE',
    path: '/api/account/single-sign-on',
    summary: 'Disconnect one’s identity at the office’s provider (a fresh proof first)',
    tag: 'account',
    response: z.object({ removed: z.number().int() }),
  },
  {
    method: 'GET',
    path: '/api/account/notices',
    summary:
      'What changed on one’s account (a way in added, many wrong tries), newest first, unseen by default',
    tag: 'account',
    query: SecurityNoticesQuerySchema,
    response: SecurityNoticeListSchema,
  },
  {
    method: 'POST',
    path: '/api/account/notices/{id}/seen',
    summary: '“This was me”: the notice is seen',
    tag: 'account',
    response: z.object({ seen: z.literal(true) }),
  },
  {
    method: 'POST',
    path: '/api/account/notices/{id}/not-me',
    summary: '“This was not me”: the way in removed, every session (this one too) ended',
    tag: 'account',
    response: z.object({ signed_out_everywhere: z.literal(true) }),
  },
  {
    method: 'POST',
    path: '/api/auth/not-me',
    summary:
      '“This was not me” from a notice’s e-mail (its one-time token): the way in removed, every session ended',
    tag: 'console',
    body: NotMeRequestSchema,
    response: z.object({ signed_out_everywhere: z.literal(true) }),
    open: true,
  },
  {
    method: 'GET',
    path: '/api/quotes',
    summary: 'Quotes, newest first, a page at a time; q finds the start of the client’s name',
    tag: 'quotes',
    query: QuotesQuerySchema,
    response: QuoteListSchema,
  },
  {
    method: 'POST',
    path: '/api/quotes',
    summary:
      'A quote of up to five options (flight offers, hotel rates, activity options), priced by the service now and the office’s fee rules (audited)',
    tag: 'quotes',
    body: QuoteRequestSchema,
    response: QuoteSchema,
    status: 201,
  },
  {
    method: 'GET',
    path: '/api/quotes/{id}',
    summary: 'One quote; an open one with each option priced again now',
    tag: 'quotes',
    response: QuoteSchema,
  },
  {
    method: 'GET',
    path: '/api/quotes/{id}/pdf',
    summary: 'The quote for the client as a PDF: client prices only, and until when each holds',
    tag: 'quotes',
    response: 'application/pdf',
  },
  {
    method: 'POST',
    path: '/api/quotes/{id}/booked',
    summary: 'The booking made from one of the quote’s options: the quote is booked (audited)',
    tag: 'quotes',
    body: QuoteBookedRequestSchema,
    response: QuoteSchema,
  },
  {
    method: 'GET',
    path: '/api/pricing/rules',
    summary: 'The office’s service-fee rules, which every screen prices with',
    tag: 'pricing',
    response: FeeRuleListSchema,
  },
  {
    method: 'POST',
    path: '/api/pricing/rules',
    summary:
      'A new fee rule: per product, or narrowed to a cabin, a hotel city or stars, an activity (audited)',
    tag: 'pricing',
    body: FeeRuleInputSchema,
    response: FeeRuleSchema,
    status: 201,
    admin: true,
  },
  {
    method: 'PUT',
    path: '/api/pricing/rules/{id}',
    summary: 'Change a fee rule; what is priced after it follows it, bookings made keep their fee (audited)',
    tag: 'pricing',
    body: FeeRuleInputSchema,
    response: FeeRuleSchema,
    admin: true,
  },
  {
    method: 'DELETE',
    path: '/api/pricing/rules/{id}',
    summary: 'Remove a fee rule (kept, marked, for the bookings it priced; audited)',
    tag: 'pricing',
    response: z.object({ removed: z.literal(true) }),
    admin: true,
  },
  {
    method: 'PUT',
    path: '/api/pricing/bookings/{id}/fee',
    summary:
      'Set one booking’s fee with a reason: its agent within the rule’s minimum and maximum, an admin freely (audited)',
    tag: 'pricing',
    body: SetFeeRequestSchema,
    response: LedgerEntrySchema,
  },
  {
    method: 'GET',
    path: '/api/admin/reports',
    summary:
      'The office’s report for a range of days: bookings, net, client price, margin by day/week/month, product and agent; cancellations and lapsed holds (format=csv&table=periods|products|agents for one table)',
    tag: 'admin',
    query: ReportQuerySchema,
    response: ReportSchema,
    admin: true,
  },
  {
    method: 'GET',
    path: '/api/admin/audit',
    summary: 'The audit log, a page at a time, newest first (format=csv streams every matching entry)',
    tag: 'admin',
    query: AuditQuerySchema,
    response: AuditListSchema,
    admin: true,
  },
  {
    method: 'GET',
    path: '/api/travellers',
    summary: "The office's traveller directory (no document numbers, contact or notes)",
    tag: 'travellers',
    query: TravellersQuerySchema,
    response: TravellerListSchema,
  },
  {
    method: 'POST',
    path: '/api/travellers',
    summary: 'Save a traveller (audited)',
    tag: 'travellers',
    body: TravellerInputSchema,
    response: TravellerSchema,
    status: 201,
  },
  {
    method: 'GET',
    path: '/api/travellers/{id}',
    summary: 'One traveller, whole',
    tag: 'travellers',
    response: TravellerSchema,
  },
  {
    method: 'PUT',
    path: '/api/travellers/{id}',
    summary: 'Change a traveller (audited)',
    tag: 'travellers',
    body: TravellerInputSchema,
    response: TravellerSchema,
  },
  {
    method: 'DELETE',
    path: '/api/travellers/{id}',
    summary: 'Delete a traveller and all their data (audited)',
    tag: 'travellers',
    response: z.object({ id: z.string(), deleted: z.boolean() }),
    admin: true,
  },
  {
    method: 'GET',
    path: '/api/trips',
    summary: "Trips: the agent's (an admin's: the office's); booking= the trips of one booking",
    tag: 'trips',
    query: TripsQuerySchema,
    response: TripListSchema,
  },
  {
    method: 'POST',
    path: '/api/trips',
    summary: 'Make a trip, optionally of a booking (audited)',
    tag: 'trips',
    body: TripInputSchema,
    response: TripSchema,
    status: 201,
  },
  {
    method: 'GET',
    path: '/api/trips/{id}',
    summary: "A trip's parts as the service has them now, with the conflicts across them",
    tag: 'trips',
    response: TripDetailSchema,
  },
  {
    method: 'PATCH',
    path: '/api/trips/{id}',
    summary: "Change a trip's name, travellers, dates or notes (audited)",
    tag: 'trips',
    body: TripUpdateSchema,
    response: TripSchema,
  },
  {
    method: 'POST',
    path: '/api/trips/{id}/bookings',
    summary: 'Attach a booking to a trip (audited)',
    tag: 'trips',
    body: AttachBookingSchema,
    response: TripSchema,
  },
  {
    method: 'DELETE',
    path: '/api/trips/{id}/bookings/{bookingId}',
    summary: 'Detach an attached booking (audited)',
    tag: 'trips',
    response: TripSchema,
  },
  {
    method: 'GET',
    path: '/api/trips/{id}/itinerary.pdf',
    summary: "The traveller's itinerary: the confirmed parts, as PDF",
    tag: 'trips',
    response: 'application/pdf',
  },
  {
    method: 'GET',
    path: '/api/wallet/alert',
    summary: 'The low-balance alert as the banner shows it (figures for admins only)',
    tag: 'wallet',
    response: WalletAlertSchema,
  },
  {
    method: 'PUT',
    path: '/api/wallet/alert',
    summary: 'Set or clear the low-balance threshold (audited)',
    tag: 'wallet',
    body: WalletAlertSettingSchema,
    response: WalletAlertSettingSchema,
    admin: true,
  },
  {
    method: 'GET',
    path: '/api/wallet/statement',
    summary: 'The money moves the console made over a period (format=csv for CSV)',
    tag: 'wallet',
    query: StatementQuerySchema,
    response: StatementSchema,
    admin: true,
  },
];

/** Every route of the console's API, as the OpenAPI document describes them. */
export const API_ROUTES: readonly Route[] = [...CONSOLE_ROUTES, ...serviceRoutes()];

/** Shared definitions (recursive ones: an open JSON value) named by their content, for `components.schemas`. */
const definitions = new Map<string, Json>();

/**
 * A schema as JSON Schema 2020-12 for the document: its own `$defs` (Zod's, for recursive values) move to
 * `components.schemas` under names made from their content, and the references follow them.
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const {
    $defs,
    $schema: _dialect,
    ...out
  } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as Json & { $defs?: Record<string, Json>; $schema?: string };
  if (!$defs) return out;
  const names = new Map(
    Object.entries($defs).map(([name, def]) => [
      name,
      `Def${createHash('sha1').update(JSON.stringify(def)).digest('hex').slice(0, 10)}`,
    ]),
  );
  const rewrite = (value: unknown): Json =>
    JSON.parse(
      JSON.stringify(value).replace(
        /"#\/\$defs\/([^"]+)"/g,
        (_, name: string) => `"#/components/schemas/${names.get(name)}"`,
      ),
    ) as Json;
  for (const [name, def] of Object.entries($defs)) definitions.set(names.get(name) ?? name, rewrite(def));
  return rewrite(out);
}

function parameters(route: Route): Json[] {
  const out: Json[] = [];
  for (const [, name] of route.path.matchAll(/\{(\w+)\}/g))
    out.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  if (route.query) {
    const schema = jsonSchema(route.query, 'input');
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries(
      (schema.properties as Record<string, Json> | undefined) ?? {},
    ))
      out.push({ name, in: 'query', required: required.has(name), schema: property });
  }
  if (route.method !== 'GET')
    out.push({
      name: CSRF_HEADER,
      in: 'header',
      required: true,
      description: 'Must be 1: a header a cross-site form cannot send (CSRF defence).',
      schema: { type: 'string', enum: ['1'] },
    });
  if (route.path.endsWith('/orders') || route.path.endsWith('/bookings'))
    if (route.method === 'POST')
      out.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          "The attempt's key: the same key never books twice. Without one the console makes one and returns it.",
        schema: { type: 'string', minLength: 1, maxLength: 255 },
      });
  return out;
}

function responses(route: Route): Json {
  const status = String(route.status ?? 200);
  const ok =
    typeof route.response === 'string'
      ? { description: 'OK', content: { [route.response]: { schema: { type: 'string', format: 'binary' } } } }
      : route.response
        ? {
            description: 'OK',
            content: { 'application/json': { schema: jsonSchema(route.response, 'output') } },
          }
        : { description: 'OK' };
  return {
    [status]: {
      ...ok,
      headers: {
        [SERVICE_TIME_HEADER]: {
          description: "The service's now, in epoch milliseconds (decision 016)",
          schema: { type: 'string' },
        },
        'Request-Id': {
          description: 'This request, as in the logs and error envelopes',
          schema: { type: 'string' },
        },
      },
    },
    default: {
      description: "An error, in the v3 error envelope (the service's own, or the console's)",
      content: { 'application/json': { schema: jsonSchema(ErrorEnvelopeSchema, 'output') } },
    },
  };
}

/** The OpenAPI 3.1 document of `/api`, built from the schemas the routes validate with (never written by hand). */
export function openApiDocument(): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of API_ROUTES) {
    const operation: Json = {
      summary: route.summary,
      tags: [route.tag],
      operationId: `${route.method.toLowerCase()}${route.path.replace(/[{}]/g, '').replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      parameters: parameters(route),
      responses: responses(route),
      ...(route.open ? { security: [] } : {}),
      ...(route.admin ? { description: 'Admins only (403 otherwise).' } : {}),
    };
    if (route.body)
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
      };
    paths[route.path] ??= {};
    const entry = paths[route.path];
    if (entry) entry[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Booking console API',
      version: '1.0.0',
      description:
        "The console's own API under /api: sign-in, the travel booking service's operations as the console relays and " +
        'records them, the bookings ledger and radar, and the admin screens. A browser signs in and keeps the session ' +
        `cookie; every unsafe method sends ${CSRF_HEADER}: 1. Errors are the v3 error envelope.`,
    },
    servers: [{ url: '/' }],
    security: [{ session: [] }],
    components: {
      schemas: Object.fromEntries([...definitions].sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description:
            'Set by POST /api/auth/sign-in; named `__Host-console_session` when the console is served over HTTPS',
        },
      },
    },
    paths,
  };
}
