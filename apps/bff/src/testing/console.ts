import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ActivityAvailabilitySchema,
  ActivityBookingSchema,
  ActivityProductListSchema,
  CSRF_HEADER,
  FlightOfferSchema,
  FlightOrderSchema,
  FlightSearchSchema,
  HotelCitySearchSchema,
  HotelHotelSearchSchema,
  HotelOrderSchema,
  HotelRateSchema,
  InvitationSchema,
  LedgerListSchema,
} from '@console/contract';
import { serve } from '@hono/node-server';
import { inject } from 'vitest';
import { z } from 'zod';
import { createConsole } from '../app.ts';
import { readEnv } from '../platform/env.ts';
import { createDatabase } from './throwaway-postgres.ts';

const SandboxStatsSchema = z.object({
  tokens: z.number(),
  flight_orders: z.number(),
  hotel_orders: z.number(),
  activity_bookings: z.number(),
  sessions: z.number(),
  streams: z.object({ open: z.number(), abandoned: z.number() }),
});

export interface Reply {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
}

/** The sandbox profile this test run uses: `default` unless TEST_SANDBOX_PROFILE says `variant`. */
export function testProfile(): 'default' | 'variant' {
  return process.env.TEST_SANDBOX_PROFILE === 'variant' ? 'variant' : 'default';
}

/** The store this test run uses: `sqlite`, or `postgres` when TEST_DATABASE says so (a server per run). */
export function testDatabase(): 'sqlite' | 'postgres' {
  return inject('postgresUrl') ? 'postgres' : 'sqlite';
}

/**
 * A fresh store for one console: a new SQLite file in a temporary folder (a file, so the history readers run on
 * their threads as in production), or a new database on the run's PostgreSQL.
 */
export async function freshDatabaseUrl(): Promise<string> {
  const admin = inject('postgresUrl');
  if (admin) return createDatabase(admin);
  return join(await mkdtemp(join(tmpdir(), 'console-test-')), 'console.db');
}

type BuiltConsole = Awaited<ReturnType<typeof createConsole>>;

/** The console (BFF + embedded sandbox) as real servers on free ports, with a fresh database. */
export async function startConsole(
  overrides: Record<string, string> = {},
  /**
   * `serviceClock`: the console keeps the service's time as `pnpm start` does (the ledger and audit log on the
   * sandbox's clock), not the test's own clock; `advanceConsoleClock` then moves nothing.
   */
  options: { serviceClock?: boolean } = {},
) {
  let clockOffset = 0;
  // The console knows where people reach it (PUBLIC_URL: passkeys are bound to it), so the server listens first, on
  // a port the system gives it, and the console is built for that address. (Asking for a free port, closing it and
  // listening on it later lost it, once, to another test file's connection in between: EADDRINUSE.)
  let handle: BuiltConsole['app']['fetch'] | undefined;
  const server = serve({
    // The Node bindings go on: the console reads the client's address from them.
    fetch: (request, bindings) =>
      handle ? handle(request, bindings) : new Response('starting', { status: 503 }),
    port: 0,
    hostname: '127.0.0.1',
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const origin = `http://127.0.0.1:${address.port}`;
  // Built for that address; if it cannot be, the server is closed, not left listening.
  let console_: BuiltConsole;
  try {
    const env = readEnv({
      PORT: '0',
      PUBLIC_URL: origin,
      SANDBOX_PORT: '0',
      DATABASE_URL: await freshDatabaseUrl(),
      SANDBOX_STREAM_INTERVAL_MS: '0',
      WEB_DIST: '/nonexistent',
      UPSTREAM_TIMEOUT_MS: '3000',
      LOG_LEVEL: 'silent',
      // One console per test file, each with its own sandbox, also when the store is PostgreSQL.
      SANDBOX_WITH_POSTGRES: 'true',
      // Tests run the scheduled jobs themselves (console.jobs.runOnce()).
      JOBS_INTERVAL_SECONDS: '3600',
      // `pnpm test` runs the BFF suite once per sandbox profile (TEST_SANDBOX_PROFILE).
      SANDBOX_PROFILE: testProfile(),
      // Tests start empty; the demo office's own tests turn it on (decision 045).
      DEMO_OFFICE: 'false',
      // The sandbox's state is not kept in a file (a test that restarts a console turns it on): decision 045.
      SANDBOX_STATE_PATH: 'off',
      ...overrides,
    });
    console_ = await createConsole(env, options.serviceClock ? {} : { now: () => Date.now() + clockOffset });
  } catch (error) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw error;
  }
  handle = console_.app.fetch;
  const embedded = console_.deps.upstream.embedded;
  if (!embedded) throw new Error('tests run on the embedded sandbox');
  const controls = embedded.controls;
  const seen: Reply[] = [];

  /** A browser: keeps its session cookie and sends the CSRF header on unsafe methods. */
  function browser() {
    // A cookie jar, as a browser keeps one: each Set-Cookie sets or (empty) removes its cookie.
    const jar = new Map<string, string>();
    let cookie = '';
    async function call(
      method: string,
      path: string,
      init: { body?: unknown; headers?: Record<string, string>; raw?: string } = {},
    ): Promise<Reply> {
      const headers: Record<string, string> = { ...(cookie ? { Cookie: cookie } : {}) };
      if (method !== 'GET') headers[CSRF_HEADER] = '1';
      Object.assign(headers, init.headers);
      const body = init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
      if (body !== undefined) headers['Content-Type'] ??= 'application/json';
      const response = await fetch(`${origin}${path}`, { method, headers, body, redirect: 'manual' });
      for (const setCookie of response.headers.getSetCookie()) {
        const pair = setCookie.split(';')[0] ?? '';
        const name = pair.slice(0, pair.indexOf('='));
        if (pair.endsWith('=')) jar.delete(name);
        else jar.set(name, pair);
      }
      cookie = [...jar.values()].join('; ');
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
      const reply = { status: response.status, body: parsed, text, headers: response.headers };
      seen.push(reply);
      return reply;
    }
    return {
      call,
      get: (path: string, headers?: Record<string, string>) => call('GET', `/api${path}`, { headers }),
      post: (path: string, body?: unknown, headers?: Record<string, string>) =>
        call('POST', `/api${path}`, { body, headers }),
      patch: (path: string, body?: unknown) => call('PATCH', `/api${path}`, { body }),
      put: (path: string, body?: unknown) => call('PUT', `/api${path}`, { body }),
      delete: (path: string) => call('DELETE', `/api${path}`),
      signIn: async (email: string, password: string) =>
        call('POST', '/api/auth/sign-in', { body: { email, password } }),
      cookie: () => cookie,
    };
  }

  async function signedIn(role: 'agent' | 'admin') {
    const b = browser();
    const reply = await b.signIn(`${role}@demo.test`, `demo-${role}`);
    if (reply.status !== 200) throw new Error(`sign-in failed: ${reply.text}`);
    return b;
  }

  /**
   * A person invited by an admin who chose their password through the link (decision 030), as the console makes
   * users: the new user.
   */
  async function invite(
    admin: ReturnType<typeof browser>,
    input: { email: string; name: string; role: 'agent' | 'admin' },
    password: string,
    /** Where the link is read when it was e-mailed (then the admin is not shown it): the token, from the mail. */
    mailedToken?: (email: string) => Promise<string>,
  ) {
    const invited = await admin.post('/admin/users', input);
    if (invited.status !== 201) throw new Error(`invitation failed: ${invited.text}`);
    const { user, link } = InvitationSchema.parse(invited.body);
    const token = link.url ? (link.url.split('#')[1] ?? '') : ((await mailedToken?.(input.email)) ?? '');
    const welcomed = browser();
    const accepted = await welcomed.post('/auth/links/accept', { token, password });
    if (accepted.status !== 200) throw new Error(`the link was not accepted: ${accepted.text}`);
    // The link signed them in; the tests sign in as they need.
    await welcomed.post('/auth/sign-out');
    return user;
  }

  async function control(path: string, body?: unknown) {
    const response = await fetch(`${controls}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    return response.json();
  }

  /**
   * For drills that count what the service does exactly: no injected faults left, and the variant profile's own 429s
   * and revoked tokens paused.
   */
  async function calm() {
    await fetch(`${controls}/faults`, { method: 'DELETE' });
    await control('/settings', { variant_rate_limit_every: 0, variant_revoke_every: 0 });
  }

  return {
    origin,
    console: console_,
    calm,
    /** What the sandbox holds right now: counts of tokens, orders and streams. */
    stats: async () => SandboxStatsSchema.parse(await (await fetch(`${controls}/stats`)).json()),
    browser,
    signedIn,
    invite,
    control,
    /** Moves the console's own clock (sign-in sessions), not the sandbox's. */
    advanceConsoleClock: (ms: number) => {
      clockOffset += ms;
    },
    seen,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await console_.close();
    },
  };
}
export type TestConsole = Awaited<ReturnType<typeof startConsole>>;

export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A passenger and contact the sandbox accepts, for booking flights in tests. */
export const passenger = {
  type: 'adult',
  given_name: 'Amelia',
  family_name: 'Hart',
  date_of_birth: '1985-04-12',
  gender: 'female',
};
export const contact = { email: 'amelia@example.com', phone: '+442071234567' };

type TestBrowser = ReturnType<TestConsole['browser']>;

/** The desk's first page of rows for a search, as the signed-in browser gets it. */
export async function deskRows(b: Pick<TestBrowser, 'get'>, q: string) {
  return LedgerListSchema.parse((await b.get(`/bookings?q=${encodeURIComponent(q)}`)).body).data;
}

/** Holds a flight (LHR → CDG, one adult unless passengers are given) on an offer whose price did not move when re-priced. */
export async function holdFlightOrder(
  b: TestBrowser,
  options: {
    clientReference: string;
    contact?: typeof contact;
    inDays?: number;
    passengers?: (typeof passenger)[];
  },
) {
  const search = FlightSearchSchema.parse(
    (
      await b.post('/flights/searches', {
        slices: [{ origin: 'LHR', destination: 'CDG', departure_date: inDays(options.inDays ?? 26) }],
        passengers: { adults: options.passengers?.length ?? 1 },
      })
    ).body,
  );
  for (const offer of search.offers) {
    const repriced = FlightOfferSchema.parse((await b.get(`/flights/offers/${offer.id}`)).body);
    if (repriced.total.amount !== offer.total.amount) continue;
    const reply = await b.post('/flights/orders', {
      offer_id: offer.id,
      passengers: options.passengers ?? [passenger],
      contact: options.contact ?? contact,
      client_reference: options.clientReference,
    });
    return FlightOrderSchema.parse(reply.body);
  }
  throw new Error('no offer kept its price');
}

/** Holds a canal tour (no booking options) for one adult at 10:00 on its first bookable date. */
export async function holdCanalTour(
  b: TestBrowser,
  customer = { given_name: 'Amelia', family_name: 'Hart', email: 'amelia@example.com' },
) {
  const products = ActivityProductListSchema.parse((await b.get('/activities/products?query=canal')).body);
  const typeId = products.data[0]?.product_types[0]?.id ?? '';
  const availability = ActivityAvailabilitySchema.parse(
    (await b.get(`/activities/product-types/${typeId}/availability`)).body,
  );
  const reply = await b.post('/activities/bookings', {
    product_type_id: typeId,
    date: availability.dates[0]?.date,
    timeslot: '10:00',
    travelers: { adults: 1 },
    customer,
  });
  return ActivityBookingSchema.parse(reply.body);
}

/** Holds a room in the seeded city 2001 for one guest, on a rate whose price did not move when confirmed. */
export async function holdHotelOrder(
  b: TestBrowser,
  options: {
    checkIn: string;
    checkOut: string;
    clientReference?: string;
    guests?: { given_name: string; family_name: string }[];
  },
) {
  const adults = options.guests?.length ?? 1;
  const stay = { check_in: options.checkIn, check_out: options.checkOut, occupancies: [{ adults }] };
  const city = HotelCitySearchSchema.parse(
    (await b.post('/hotels/searches', { ...stay, city_id: 2001 })).body,
  );
  for (const offer of city.offers) {
    const hotel = HotelHotelSearchSchema.parse(
      (await b.post('/hotels/searches', { ...stay, hotel_id: Number(offer.hotel_id) })).body,
    );
    for (const candidate of hotel.offers) {
      const confirmed = HotelRateSchema.parse((await b.get(`/hotels/rates/${candidate.id}`)).body);
      if (confirmed.total.amount !== candidate.total.amount) continue;
      const reply = await b.post('/hotels/orders', {
        rate_id: confirmed.id,
        rooms: [{ guests: options.guests ?? [{ given_name: 'Amelia', family_name: 'Hart' }] }],
        contact,
        ...(options.clientReference ? { client_reference: options.clientReference } : {}),
      });
      return HotelOrderSchema.parse(reply.body);
    }
  }
  throw new Error('no rate kept its price');
}
