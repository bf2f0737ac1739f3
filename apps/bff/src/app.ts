import { timingSafeEqual } from 'node:crypto';
import { consoleApi, errorEnvelope, type Me, newId, SERVICE_TIME_HEADER } from '@console/contract';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { routePath } from 'hono/route';
import { auditRoutes } from './audit/audit.routes.ts';
import { AuditLog } from './audit/audit.ts';
import { ownBookingsOnly } from './bookings/access.ts';
import { activityRoutes } from './bookings/activities.routes.ts';
import { ChangeActionStore } from './bookings/change-action-store.ts';
import { bookingLinkRoutes, changeActionRoutes } from './bookings/change-actions.routes.ts';
import { BookingChanges } from './bookings/change-log.ts';
import { changeRoutes } from './bookings/changes.routes.ts';
import { bookingRoutes } from './bookings/desk.routes.ts';
import { flightRoutes } from './bookings/flights.routes.ts';
import { hotelRoutes } from './bookings/hotels.routes.ts';
import { BookingIntents } from './bookings/intents.ts';
import { Ledger } from './bookings/ledger.ts';
import { radarRoutes } from './bookings/radar.routes.ts';
import { timelineRoutes } from './bookings/timeline.routes.ts';
import { BookingTimeline } from './bookings/timeline.ts';
import { WatchSchedule } from './bookings/watch-schedule.ts';
import { closeDatabase, databaseInfo, openDatabase, sql } from './db/index.ts';
import { seedDemoOffice } from './demo-office.ts';
import type { Deps } from './deps.ts';
import { accountRoutes } from './identity/account.routes.ts';
import { authRoutes } from './identity/auth.routes.ts';
import { AuthChallenges } from './identity/challenges.ts';
import { Factors } from './identity/factors.ts';
import { sessionCookie, sessionUser, signedIn } from './identity/guards.ts';
import { Identities } from './identity/identities.ts';
import { KnownBrowsers } from './identity/known-browsers.ts';
import { AccountLinks } from './identity/links.ts';
import { SecurityNotices } from './identity/notices.ts';
import { Passkeys } from './identity/passkeys.ts';
import { OfficePeople } from './identity/people.ts';
import { policyRoutes } from './identity/policy.routes.ts';
import { Sessions } from './identity/sessions.ts';
import { SignInPolicy } from './identity/sign-in-policy.ts';
import { SingleSignOn } from './identity/single-sign-on.ts';
import { SignInThrottle } from './identity/throttle.ts';
import { usersRoutes } from './identity/users.routes.ts';
import { Users } from './identity/users.ts';
import { startJobs } from './jobs.ts';
import { openApiDocument } from './openapi.ts';
import { answerHeaders, plainAnswers } from './platform/answer.ts';
import { compressJson } from './platform/compress.ts';
import { csrf } from './platform/csrf.ts';
import { drainUnreadBody } from './platform/drain.ts';
import type { BffEnv } from './platform/env.ts';
import { ConsoleError, renderError } from './platform/errors.ts';
import { Leases } from './platform/lease.ts';
import { Lifecycle } from './platform/lifecycle.ts';
import { createAccessLog, createLog, requestContext } from './platform/log.ts';
import { Mailer } from './platform/mailer.ts';
import { Metrics } from './platform/metrics.ts';
import { MailOutbox } from './platform/outbox.ts';
import { router } from './platform/route.ts';
import { SecretBox } from './platform/secret-box.ts';
import { inlineStyleHashes, securityHeaders, withSecurityHeaders } from './platform/security-headers.ts';
import type { AppEnv, SignedInUser } from './platform/types.ts';
import { FeeRules } from './pricing/fees.ts';
import { pricingRoutes } from './pricing/pricing.routes.ts';
import { quoteRoutes } from './quotes/quotes.routes.ts';
import { reportsRoutes } from './reports/reports.routes.ts';
import { Reports } from './reports/reports.ts';
import { spa } from './spa/static.ts';
import { travellerRoutes } from './travellers/travellers.routes.ts';
import { tripRoutes } from './trips/trips.routes.ts';
import { serviceAdminRoutes } from './upstream/admin.routes.ts';
import { connectUpstream } from './upstream/connect.ts';
import { LeadImages } from './upstream/lead-images.ts';
import { mediaRoutes } from './upstream/media.routes.ts';
import { relayRoutes } from './upstream/relay.routes.ts';
import { DatabaseSessionStore } from './upstream/session-store.ts';
import { walletRoutes } from './wallet/wallet.routes.ts';

/** The demo sign-ins of shared/DESIGN.md, created only while the upstream is the embedded sandbox. */
export const DEMO_USERS = [
  { email: 'agent@demo.test', name: 'Demo Agent', role: 'agent', password: 'demo-agent' },
  { email: 'admin@demo.test', name: 'Demo Admin', role: 'admin', password: 'demo-admin' },
] as const;

const MAX_BODY = 1024 * 1024;
/** Activity bookings may carry files and images inline (2 MiB each, base64). */
const MAX_BOOKING_BODY = 24 * 1024 * 1024;

const tooLarge = () => {
  throw new ConsoleError('payload_too_large');
};
const bodyLimitOf = bodyLimit({ maxSize: MAX_BODY, onError: tooLarge });
const bookingBodyLimit = bodyLimit({ maxSize: MAX_BOOKING_BODY, onError: tooLarge });

export interface ConsoleOptions {
  /** The clock for sign-in sessions (tests move it to reach idle and absolute timeouts). */
  now?: () => number;
}

/** How a check went: whether it worked, and in how many milliseconds (why not is in the log, not on a public URL). */
async function timed(check: () => Promise<unknown>): Promise<{ ok: boolean; ms: number }> {
  const started = performance.now();
  const ok = await check().then(
    () => true,
    () => false,
  );
  return { ok, ms: Math.round(performance.now() - started) };
}

/** Builds the whole console: database, upstream, and the Hono app with the API and the SPA. */
export async function createConsole(env: BffEnv, options: ConsoleOptions = {}) {
  const db = await openDatabase(env.DATABASE_URL, { poolSize: env.DATABASE_POOL_SIZE });
  const log = createLog(env.LOG_LEVEL);
  const leases = new Leases(db);
  const lifecycle = new Lifecycle();
  const intents = new BookingIntents(db, options.now);
  const identityPush = databaseInfo(db).identityPush;
  const metrics = new Metrics({
    openStreams: () => lifecycle.openStreams,
    openIntents: () => intents.openCount(),
    pool: () => databaseInfo(db).pool(),
    identity: identityPush && (() => ({ current: identityPush.isCurrent(), ...identityPush.settledBy })),
  });
  // The session-based interface's one session lives in the database, shared by every instance.
  const upstream = await connectUpstream(env, {
    sessionStore: new DatabaseSessionStore(db, leases),
    onTokenFetched: () => metrics.tokenFetches.inc(),
    onOperation: (operation, seconds, error) =>
      metrics.upstreamSeconds.observe({ operation, outcome: error ?? 'ok' }, seconds),
    onSandboxLog: (level, message) => log[level](message),
  });
  const sessions = new Sessions(db, {
    idleMs: env.SESSION_IDLE_MINUTES * 60_000,
    absoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000,
    now: options.now,
  });
  const users = new Users(db, sessions);
  if (upstream.embedded) for (const user of DEMO_USERS) await users.ensureUser(user);
  const challenges = new AuthChallenges(db, options.now);
  const factors = new Factors(db, 'Booking console', options.now, new SecretBox(env.SECRETS_KEY ?? null));
  // Keys written before SECRETS_KEY was set are sealed now; on LIVE without a key, the operator is told.
  const sealed = await factors.sealStoredKeys();
  if (sealed > 0) log.info({ sealed }, 'authenticator keys sealed with SECRETS_KEY');
  if (!env.SECRETS_KEY && upstream.service.environment === 'live')
    log.warn('SECRETS_KEY is not set: authenticator keys are kept unsealed in the database');
  // On a LIVE credential the console must know where people reach it: passkeys are bound to that host and links are
  // made on it, never on whatever a request says (decision 035).
  if (!env.PUBLIC_URL && upstream.service.environment === 'live') {
    await upstream.close();
    await closeDatabase(db);
    throw new Error(
      "The console's configuration is not valid:\n  PUBLIC_URL: set it on a LIVE credential (https://console.office.example): passkeys and links are bound to it",
    );
  }
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const mailer = new Mailer(env.SMTP_URL, env.SMTP_FROM, log);
  const outbox = new MailOutbox(db, options.now);
  // The office's people as bookings and trips ask after them (the users table is identity's).
  const people = new OfficePeople(db, users);
  const changes = new BookingChanges(db, outbox, publicUrl, people, mailer.configured, options.now, () =>
    upstream.clock.now(),
  );
  // The timeline keeps the ledger's time (the service's clock), as the changes and the watch do.
  const timeline = new BookingTimeline(db, options.now ?? (() => upstream.clock.now()), log);
  // The watch keeps the service's time, as deadlines do (decision 016): the real service's clock is this one's within
  // seconds, and a sandbox whose clock is moved forward finds its bookings due as a real day would.
  const watchClock = options.now ?? (() => upstream.clock.now());
  const watchSchedule = new WatchSchedule(
    db,
    {
      minutes: env.CHANGE_WATCH_MINUTES,
      // A booking in a passing state is read again at the next round (at most a minute on), then less and less often.
      soonestMs: Math.min(env.JOBS_INTERVAL_SECONDS * 1000, 60_000),
    },
    watchClock,
  );
  const deps: Deps = {
    env,
    publicUrl,
    challenges,
    passkeys: new Passkeys(db, challenges, 'Booking console'),
    identities: new Identities(db, users),
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? new SingleSignOn(
            {
              issuer: env.OIDC_ISSUER,
              clientId: env.OIDC_CLIENT_ID,
              clientSecret: env.OIDC_CLIENT_SECRET,
              name: env.OIDC_NAME,
              redirectUri: `${publicUrl.replace(/\/$/, '')}/api/auth/oidc/callback`,
              mfaAcr: env.OIDC_MFA_ACR,
              emailDomains: env.OIDC_EMAIL_DOMAINS,
            },
            challenges,
            log,
          )
        : null,
    db,
    upstream,
    // What identity reads of the service connection (identity/deps.ts), so it does not import upstream/.
    serviceFacts: { environment: () => upstream.service.environment, now: () => upstream.clock.now() },
    users,
    sessions,
    ledger: new Ledger(db, { changes, schedule: watchSchedule, clock: watchClock }, timeline),
    watchSchedule,
    changes,
    people,
    changeActions: new ChangeActionStore(db, options.now),
    timeline,
    fees: new FeeRules(db, () => upstream.service),
    reports: new Reports(db),
    // On the embedded sandbox, the audit log keeps the ledger's time (the sandbox's clock), so a history booked while
    // that clock was moved (the demo office, decision 045) has its wallet statement on the days of its bookings. With a
    // real service it keeps this machine's: a security record is not dated by another party's header.
    audit: new AuditLog(db, upstream.embedded ? (options.now ?? (() => upstream.clock.now())) : Date.now),
    throttle: new SignInThrottle(db, undefined, options.now),
    factors,
    policy: new SignInPolicy(db, upstream.service.environment),
    clock: options.now ?? Date.now,
    links: new AccountLinks(db, options.now),
    mailer,
    knownBrowsers: new KnownBrowsers(db, env.COOKIE_SECURE, options.now),
    notices: new SecurityNotices(db, mailer, publicUrl, options.now),
    intents,
    leases,
    log,
    lifecycle,
    metrics,
    leadImages: new LeadImages(),
    securityHeaders: securityHeaders({
      secure: env.COOKIE_SECURE,
      // Pictures come through the console's media route; a service's absolute image URLs from its own origin.
      imageOrigins: [...(upstream.embedded ? [] : [upstream.origin]), ...env.IMAGE_ORIGINS],
      inlineStyles: inlineStyleHashes(env.WEB_DIST),
    }),
  };
  // What runs every JOBS_INTERVAL_SECONDS, on the one instance holding the lease: the list is jobs.ts.
  const jobs = startJobs(deps, outbox);

  const cookie = sessionCookie(env.COOKIE_SECURE);
  /** Who is signed in, as GET /api/me answers and as each page of the SPA carries it (static.ts). */
  const meOf = (user: SignedInUser): Me => ({
    user: { id: user.id, email: user.email, name: user.name, role: user.role, time_zone: user.timeZone },
    environment: upstream.service.environment,
    session: {
      expires_at: new Date(user.sessionExpiresAt).toISOString(),
      idle_minutes: env.SESSION_IDLE_MINUTES,
      factor_setup_required: user.factorSetup,
    },
  });

  const api = new Hono<AppEnv>()
    // Headers are changed after `next()` through `answerHeaders` (a plain answer's record, or the response's own
    // Headers): `c.header()` at that point would copy the whole response (see decision 007's profile).
    .use('*', async (c, next) => {
      await next();
      const headers = answerHeaders(c);
      if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
      // The service's "now" (epoch ms), for every countdown in the browser (decision 016).
      headers.set(SERVICE_TIME_HEADER, String(upstream.clock.now()));
    })
    // Reading a request's body stream makes a full WHATWG Request; reads have no body to limit.
    .use('*', (c, next) =>
      c.req.method === 'GET' || c.req.method === 'HEAD'
        ? next()
        : c.req.path === '/api/activities/bookings'
          ? bookingBodyLimit(c, next)
          : bodyLimitOf(c, next),
    )
    .use('*', csrf)
    // The console's own open routes: alive, ready, and the API described.
    .route(
      '/',
      router('')
        .handle(consoleApi.health, async (c) => {
          const reachable = await upstream.service.tokens
            .get(['flights:read'])
            .then(() => true)
            .catch(() => false);
          return c.json(
            {
              status: reachable ? 'ok' : 'degraded',
              upstream: { reachable, embedded: upstream.embedded !== null },
              environment: upstream.service.environment,
            },
            reachable ? 200 : 503,
          );
        })
        // The API described (OpenAPI 3.1), built from the same declarations the routes validate with.
        .handle(consoleApi.openapi, (c) => c.json(openApiDocument(app.routes)))
        // Readiness for a load balancer: the database and the service, each said separately, with each part's circuit.
        .handle(consoleApi.ready, async (c) => {
          const database = await timed(() => sql`select 1`.execute(db));
          const service = await timed(() => upstream.service.tokens.get(['flights:read']));
          const parts = upstream.service.transport.bulkheads.report();
          const draining = deps.lifecycle.draining;
          const ready = database.ok && service.ok && !draining;
          return c.json(
            {
              status: draining ? 'draining' : ready ? 'ready' : 'not_ready',
              database: { ...database, kind: databaseInfo(db).kind, pool: databaseInfo(db).pool() },
              upstream: {
                ...service,
                embedded: upstream.embedded !== null,
                parts: Object.fromEntries(
                  Object.entries(parts).map(([name, part]) => [
                    name,
                    { circuit: part.circuit, pending: part.pending },
                  ]),
                ),
              },
              intents: { open: await deps.intents.openCount().catch(() => null) },
              streams: { open: deps.lifecycle.openStreams },
            },
            ready ? 200 : 503,
          );
        }).app,
    )
    .route('/auth', authRoutes(deps))
    .use('*', signedIn(sessions, cookie))
    .route('/', router('').handle(consoleApi.me, (c) => c.json(meOf(c.get('user')))).app)
    .route('/account', accountRoutes(deps))
    .route('/wallet', walletRoutes(deps))
    .route('/travellers', travellerRoutes(deps))
    .route('/trips', tripRoutes(deps))
    .route('/pricing', pricingRoutes(deps))
    .route('/quotes', quoteRoutes(deps))
    // One booking by its id, read or acted on: the agent who made it, or someone who sees the office's (decision 015).
    .use('*', ownBookingsOnly(deps))
    // Every plain read of the operation table, derived from its declaration; then the product routes' own handlers.
    .route('/', relayRoutes(deps))
    .route('/flights', flightRoutes(deps))
    .route('/hotels', hotelRoutes(deps))
    .route('/activities', activityRoutes(deps))
    .route('/bookings', bookingRoutes(deps))
    .route('/bookings', radarRoutes(deps))
    .route('/bookings', timelineRoutes(deps))
    .route('/changes', changeRoutes(deps))
    .route('/changes', changeActionRoutes(deps))
    .route('/bookings', bookingLinkRoutes(deps))
    .route('/media', mediaRoutes(deps))
    .route('/admin', usersRoutes(deps))
    .route('/admin', policyRoutes(deps))
    .route('/admin', serviceAdminRoutes(deps))
    .route('/admin', reportsRoutes(deps))
    .route('/admin', auditRoutes(deps));

  const app = new Hono<AppEnv>();
  // Outermost: a JSON answer's headers are kept in a plain record until it is sent (decision 038, tenth pass).
  app.use('/api/*', plainAnswers);
  app.use('*', async (c, next) => {
    const requestId = newId('request');
    c.set('requestId', requestId);
    // Calls to the service made while serving this request carry its id (X-Request-Id).
    await requestContext.run({ requestId }, next);
    // Set on whatever answered: a JSON answer, an error, a file, a stream, a page.
    const headers = answerHeaders(c);
    if (!headers.has('Request-Id')) headers.set('Request-Id', requestId);
  });
  app.use('*', withSecurityHeaders(deps.securityHeaders));
  app.use('*', drainUnreadBody);
  // Requests counted and timed by route pattern (never the raw path: ids would make a series each).
  app.use('/api/*', async (c, next) => {
    const started = performance.now();
    await next();
    // After next(), the route index is the handler that answered: its pattern, not the path.
    const route = routePath(c);
    metrics.requests.inc({ method: c.req.method, route, status: String(c.res.status) });
    metrics.requestSeconds.observe({ method: c.req.method, route }, (performance.now() - started) / 1000);
  });
  // Metrics for the operator's Prometheus: served only with METRICS_TOKEN, and only to a request that bears it.
  app.get('/metrics', async (c) => {
    if (!env.METRICS_TOKEN)
      return c.json(errorEnvelope('route_not_found', { requestId: c.get('requestId') }), 404);
    const given = c.req.header('Authorization') ?? '';
    const expected = `Bearer ${env.METRICS_TOKEN}`;
    if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected)))
      return c.json(errorEnvelope('unauthenticated', { requestId: c.get('requestId') }), 401, {
        'WWW-Authenticate': 'Bearer realm="metrics"',
      });
    return c.body(await metrics.registry.metrics(), 200, {
      'Content-Type': metrics.registry.contentType,
      'Cache-Control': 'no-store',
    });
  });
  if (env.LOG_REQUESTS) {
    const accessLog = createAccessLog(env.LOG_LEVEL);
    app.use('*', async (c, next) => {
      const started = performance.now();
      await next();
      accessLog.info(
        {
          request_id: c.get('requestId'),
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
          user: c.get('user')?.id,
        },
        'request',
      );
    });
  }
  app.use('/api/*', compressJson);
  app.route('/api', api);
  app.all('/api/*', (c) => c.json(errorEnvelope('route_not_found', { requestId: c.get('requestId') }), 404));
  app.route(
    '/',
    spa(
      env.WEB_DIST,
      async (c) => {
        const user = await sessionUser(c, sessions, cookie);
        if (!user) return null;
        cookie.hint(c, (user.sessionExpiresAt - deps.clock()) / 1000);
        return meOf(user);
      },
      (productId) => deps.leadImages.of(productId),
    ),
  );
  app.notFound((c) => c.json(errorEnvelope('route_not_found', { requestId: c.get('requestId') }), 404));
  app.onError((error, c) => renderError(error, c, log));

  // The demo office (decision 045): on the embedded sandbox, with DEMO_OFFICE, once per store, in the background
  // after the server is up (the next turn of the event loop), through the console's own routes.
  const demoStop = new AbortController();
  const demo =
    env.DEMO_OFFICE && upstream.embedded
      ? new Promise<void>((resolve) => setImmediate(resolve))
          .then(() =>
            seedDemoOffice(
              deps,
              (path, init) => app.request(path, init),
              { agent: DEMO_USERS[0].email, admin: DEMO_USERS[1].email },
              demoStop.signal,
            ),
          )
          .catch((error: unknown) => {
            if (!demoStop.signal.aborted) log.error({ err: error }, 'demo office: not made');
            return null;
          })
      : null;

  return {
    app,
    deps,
    jobs,
    /** The demo office being made, or null when none is (DEMO_OFFICE off, or a configured service). */
    demo,
    databaseKind: databaseInfo(db).kind,
    async close() {
      demoStop.abort(new Error('the console is closing'));
      await demo;
      await jobs.stop();
      await upstream.close();
      await closeDatabase(db);
    },
  };
}

export type Console = Awaited<ReturnType<typeof createConsole>>;
