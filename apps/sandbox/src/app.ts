import { newId } from '@console/contract';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { DEMO_CONFIG, type SandboxConfig } from './config.ts';
import { requireScope } from './lib/auth.ts';
import { ApiError, renderError, serviceError } from './lib/errors.ts';
import { faultInjection } from './lib/faults.ts';
import type { AppEnv } from './lib/types.ts';
import { activityRoutes } from './routes/activities.ts';
import { authRoutes } from './routes/auth.ts';
import { controlRoutes } from './routes/control.ts';
import { flightRoutes } from './routes/flights.ts';
import { hotelRoutes } from './routes/hotels.ts';
import { mediaRoutes } from './routes/media.ts';
import { sessionRoutes } from './routes/session.ts';
import { settleOwner, VARIANT_PACE } from './settle.ts';
import { StateFile, type StateFileOptions } from './state-file.ts';
import { ownerKey, Store } from './store.ts';
import { variantFetch } from './variant.ts';

export interface SandboxOptions {
  config?: SandboxConfig;
  /** Expose /_sandbox test controls (the default sandbox mode). */
  controls?: boolean;
  streamIntervalMs?: number;
  /** `default`: the sandbox's own choices; `variant`: other legal choices at every open point (decision 013). */
  profile?: 'default' | 'variant';
  /** Called whenever the clock control moves the sandbox's time (the embedded sandbox tells the console at once). */
  onClockMoved?: () => void;
  /** Keep the state in this file: loaded now, written after changes and at `state.close()` (decision 045). */
  stateFile?: StateFileOptions;
}

/** 10 MiB: room for booking answers with a 2 MiB file inline, base64 and all. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** Builds the whole service as one Hono app: v3 at /v3, the session-based interface at /rest, controls at /_sandbox. */
export function createSandbox(options: SandboxOptions = {}) {
  const store = new Store(options.config ?? DEMO_CONFIG, {
    streamIntervalMs: options.streamIntervalMs ?? 400,
  });
  if (options.onClockMoved) store.clock.moved.add(options.onClockMoved);
  if (options.profile === 'variant') store.pace = VARIANT_PACE;
  const state = options.stateFile ? new StateFile(store, options.stateFile) : null;

  const v3 = new Hono<AppEnv>()
    .route('/auth', authRoutes(store))
    .get('/wallet', requireScope(store, 'wallet:read'), (c) => {
      const caller = c.get('caller');
      const owner = ownerKey(caller.officeId, caller.environment);
      settleOwner(store, owner);
      return c.json(store.wallet(owner, caller.environment));
    })
    .route('/flights', flightRoutes(store))
    .route('/hotels', hotelRoutes(store))
    .route('/activities', activityRoutes(store));

  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    const requestId = newId('request');
    c.set('requestId', requestId);
    await next();
    // A write may change what the service keeps (a read's own moves are told by settle.ts).
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') store.touch();
    // A search stream writes on the Node response itself (its own Request-Id and Date are already sent).
    if (c.res === RESPONSE_ALREADY_SENT) return;
    c.header('Request-Id', requestId);
    // The service's own time, as any HTTP server says it: the sandbox's clock, which tests and demos move.
    try {
      c.res.headers.set('Date', new Date(store.clock.now()).toUTCString());
    } catch {
      // a response whose headers cannot change keeps the server's own Date
    }
  });
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new ApiError('payload_too_large');
      },
    }),
  );
  app.use('/v3/*', faultInjection(store.faults));
  app.use('/rest/*', faultInjection(store.faults));
  app.route('/v3', v3);
  app.route('/rest', sessionRoutes(store));
  app.route('/media', mediaRoutes());
  if (options.controls ?? true) app.route('/_sandbox', controlRoutes(store));
  app.get('/', (c) =>
    c.json({ service: 'travel-booking-sandbox', v3: '/v3', session: '/rest', version: '3.0.0' }),
  );
  app.notFound((c) => c.json(serviceError('route_not_found', { requestId: c.get('requestId') }), 404));
  app.onError(renderError);

  const fetch =
    options.profile === 'variant'
      ? variantFetch(app.fetch, { chaos: store.variantChaos, revokeTokens: () => store.tokens.clear() })
      : app.fetch;
  return { app, store, fetch, state };
}

export type Sandbox = ReturnType<typeof createSandbox>;
export { RULE_BREAKS } from './lib/rule-breaks.ts';
export type { StateFileOptions } from './state-file.ts';
export { DEMO_CONFIG, Store };
