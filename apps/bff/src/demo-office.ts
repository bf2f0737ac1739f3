import {
  ActivityAvailabilitySchema,
  ActivityProductListSchema,
  ChangeListSchema,
  CSRF_HEADER,
  FlightOfferSchema,
  FlightSearchSchema,
  HotelCitySearchSchema,
  HotelHotelSearchSchema,
  HotelRateSchema,
  TravellerSchema,
  TripSchema,
} from '@console/contract';
import { z } from 'zod';
import type { Deps } from './deps.ts';
import { OfficeSettings } from './platform/office-settings.ts';

/**
 * The demo office (decision 045): on a first start on the embedded sandbox, an office that has worked for months — a
 * few hundred bookings over the three products, ticketed, confirmed, held, cancelled, refunded and lapsed; a directory
 * of travellers; trips; changes handled and a few to act on; fee rules, so the reports have a margin. Everything is
 * made through the console's own routes, as the demo agent and admin, against the sandbox: the ledger, the audit log,
 * the wallet and the reports' totals are what those bookings made.
 *
 * History: the sandbox's clock is moved back HISTORY_DAYS, bookings are made while it is moved forward a few days at a
 * time (the console's ledger and audit log keep the service's time), and it ends at today.
 */

export const DEMO_MARKER = 'demo_office';
const HISTORY_DAYS = 150;
const STEP_DAYS = 1;
const DAY = 86_400_000;

export interface DemoOfficeResult {
  seeded: boolean;
  /** Why not, when not. */
  reason?: string;
  /** Every booking made, by id and product. */
  bookings: { id: string; product: 'flight' | 'hotel' | 'activity' }[];
  travellers: number;
  trips: number;
  /** Changes left open for an agent to act on, and those handled with a note. */
  openChanges: number;
  handledChanges: number;
  /** Bookings that could not be made (a price moved twice, a sold-out slot): skipped, logged. */
  skipped: number;
  ms: number;
}

type Request = (path: string, init: RequestInit) => Response | Promise<Response>;

interface Person {
  given: string;
  family: string;
  gender: 'female' | 'male';
  born: string;
  nationality: string;
  email: string;
}

// Realistic, varied names (accents, other scripts), each with an e-mail address as a client would give it.
const PEOPLE: Person[] = (
  [
    ['Amélie', 'Rousseau', 'female', '1986-03-14', 'FR', 'amelie.rousseau'],
    ['Jonas', 'Østergaard', 'male', '1979-11-02', 'DK', 'jonas.ostergaard'],
    ['Zoë', 'Papadopoulou', 'female', '1992-07-21', 'GR', 'zoe.papadopoulou'],
    ['Mateusz', 'Wiśniewski', 'male', '1988-01-30', 'PL', 'mateusz.wisniewski'],
    ['Siobhán', 'Ní Bhriain', 'female', '1975-05-09', 'IE', 'siobhan.nibhriain'],
    ['Kenji', 'Watanabe', 'male', '1983-09-17', 'JP', 'kenji.watanabe'],
    ['由紀', '佐藤', 'female', '1990-12-04', 'JP', 'yuki.sato'],
    ['Олег', 'Петров', 'male', '1971-02-23', 'RS', 'oleg.petrov'],
    ['Fatima', 'Al-Sayed', 'female', '1987-08-11', 'AE', 'fatima.alsayed'],
    ['Lan', 'Nguyễn', 'female', '1995-04-18', 'VN', 'lan.nguyen'],
    ['José María', 'García-López', 'male', '1969-10-05', 'ES', 'jm.garcialopez'],
    ['Chiara', 'Bianchi', 'female', '1993-06-27', 'IT', 'chiara.bianchi'],
    ['Björn', 'Lindqvist', 'male', '1981-03-08', 'SE', 'bjorn.lindqvist'],
    ['Aoife', "O'Connor", 'female', '1998-01-15', 'IE', 'aoife.oconnor'],
    ['Priya', 'Raghunathan', 'female', '1984-11-29', 'IN', 'priya.raghunathan'],
    ['Oluwaseun', 'Adeyemi', 'male', '1990-02-12', 'NG', 'seun.adeyemi'],
    ['Camille', 'Lefèvre', 'female', '1977-09-03', 'FR', 'camille.lefevre'],
    ['Lukas', 'Müller', 'male', '1985-05-22', 'DE', 'lukas.mueller'],
    ['Ana Beatriz', 'Gonçalves', 'female', '1991-08-19', 'BR', 'ana.goncalves'],
    ['Mehmet', 'Yılmaz', 'male', '1980-12-10', 'TR', 'mehmet.yilmaz'],
    ['Dimitra', 'Oikonomou', 'female', '1973-04-01', 'GR', 'dimitra.oikonomou'],
    ['민준', '김', 'male', '1994-10-26', 'KR', 'minjun.kim'],
    ['Hannah', 'Goldberg', 'female', '1982-07-07', 'US', 'hannah.goldberg'],
    ['Tomás', 'Ó Súilleabháin', 'male', '1976-06-16', 'IE', 'tomas.osullivan'],
    ['Élodie', 'Marchand', 'female', '1989-02-28', 'FR', 'elodie.marchand'],
    ['Rafael', 'Ibáñez', 'male', '1987-11-11', 'ES', 'rafael.ibanez'],
    ['Ingrid', 'Halvorsen', 'female', '1968-03-19', 'NO', 'ingrid.halvorsen'],
    ['芳', '王', 'female', '1996-05-05', 'CN', 'fang.wang'],
    ['Noa', 'Ben-David', 'female', '1993-09-09', 'IL', 'noa.bendavid'],
    ['Kwame', 'Mensah', 'male', '1979-01-24', 'GH', 'kwame.mensah'],
    ['Sebastián', 'Rojas', 'male', '1986-12-31', 'CL', 'sebastian.rojas'],
    ['Aleksandra', 'Nowak', 'female', '1990-06-03', 'PL', 'aleksandra.nowak'],
    ['Hamish', 'MacLeod', 'male', '1972-08-14', 'GB', 'hamish.macleod'],
    ['Emily', 'Hart', 'female', '1988-04-12', 'GB', 'emily.hart'],
    ['Arjun', 'Mehta', 'male', '1983-02-06', 'IN', 'arjun.mehta'],
    ['Margaux', 'Dubois-Laurent', 'female', '1999-10-20', 'FR', 'margaux.dubois'],
  ] as const
).map(([given, family, gender, born, nationality, email]) => ({
  given,
  family,
  gender,
  born,
  nationality,
  email: `${email}@example.com`,
}));

/** Where the office's clients go: the airport, the sandbox's hotel city, the activities' city. */
const PLACES = [
  { city: 'Paris', airport: 'CDG', hotelCity: 2001 },
  { city: 'London', airport: 'LHR', hotelCity: 2002 },
  { city: 'New York', airport: 'JFK', hotelCity: 2003 },
  { city: 'Rome', airport: 'FCO', hotelCity: 2004 },
  { city: 'Barcelona', airport: 'BCN', hotelCity: 2005 },
  { city: 'Dubai', airport: 'DXB', hotelCity: 2006 },
  { city: 'Amsterdam', airport: 'AMS', hotelCity: 2009 },
  { city: 'Lisbon', airport: 'LIS', hotelCity: 2011 },
  { city: 'Istanbul', airport: 'IST', hotelCity: 2012 },
] as const;
type Place = (typeof PLACES)[number];
/** The office's home airports. */
const HOMES = ['LHR', 'LGW', 'MAN', 'DUB', 'EDI'] as const;

const NOTES = [
  'Called the client: they are happy with the new time.',
  'Client told by e-mail; no action needed.',
  'Rebooked by phone with the client; nothing more to do.',
  'Client no longer travelling; nothing to rebook.',
  'Checked with the supplier: confirmed as shown.',
] as const;

const Booked = z.looseObject({ id: z.string(), status: z.string() });
const Ordered = z.looseObject({
  id: z.string(),
  status: z.string(),
  total: z.looseObject({ amount: z.string() }),
});

/** A small seeded random (mulberry32): the same office on every machine. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => {
      const item = list[Math.floor(next() * list.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
  };
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

class Skip extends Error {}

interface Made {
  id: string;
  product: 'flight' | 'hotel' | 'activity';
  status: string;
  as: 'agent' | 'admin';
  /** What is to be done with it when the clock has moved on. */
  next: 'refund' | null;
}

/**
 * Seeds the demo office once per store. Returns at once, not seeded, when the upstream is not the embedded sandbox on
 * a test credential, the store has bookings, travellers or trips, or another instance claimed it.
 */
export async function seedDemoOffice(
  deps: Deps,
  request: Request,
  users: { agent: string; admin: string },
  signal: AbortSignal,
): Promise<DemoOfficeResult> {
  const started = performance.now();
  const result: DemoOfficeResult = {
    seeded: false,
    bookings: [],
    travellers: 0,
    trips: 0,
    openChanges: 0,
    handledChanges: 0,
    skipped: 0,
    ms: 0,
  };
  const done = (reason?: string) => {
    if (reason) deps.log.info({ reason }, 'demo office: none made');
    return { ...result, ...(reason ? { reason } : {}), ms: Math.round(performance.now() - started) };
  };
  const { db, upstream, log } = deps;
  const embedded = upstream.embedded;
  if (!embedded) return done('the upstream is not the embedded sandbox');
  if (upstream.service.environment !== 'test')
    return done('the demo office is made on the test credential only');
  const agent = await deps.users.findByEmail(users.agent);
  const admin = await deps.users.findByEmail(users.admin);
  if (!agent || !admin) return done('no demo users');
  for (const table of ['bookings', 'travellers', 'trips'] as const) {
    const any = await db.selectFrom(table).select('id').limit(1).executeTakeFirst();
    if (any) return done(`the store has ${table} already`);
  }
  const settings = new OfficeSettings(db);
  const claimed = await settings.claim(
    DEMO_MARKER,
    JSON.stringify({ state: 'seeding', started_at: new Date().toISOString() }),
    admin,
  );
  if (!claimed) return done('the demo office was made already');
  log.info(
    { days: HISTORY_DAYS },
    'demo office: booking a history on the embedded sandbox (its clock runs in the past until it is done)',
  );

  // Sessions for the two demo users, as a sign-in makes them; ended when the office is made.
  const cookieName = deps.env.COOKIE_SECURE ? '__Host-console_session' : 'console_session';
  const sessions = {
    agent: await deps.sessions.startSession(agent.id, { browser: 'demo office' }),
    admin: await deps.sessions.startSession(admin.id, { browser: 'demo office' }),
  };
  const rng = random(55);

  async function call(as: 'agent' | 'admin', method: string, path: string, body?: unknown): Promise<unknown> {
    if (signal.aborted) throw signal.reason;
    const headers: Record<string, string> = { Cookie: `${cookieName}=${sessions[as].token}` };
    if (method !== 'GET') headers[CSRF_HEADER] = '1';
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await request(`/api${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (response.status >= 400) throw new Skip(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  }

  async function control(path: string, body: unknown) {
    const response = await fetch(`${embedded?.controls}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`sandbox control ${path}: ${response.status}`);
    return z.looseObject({ now: z.string().optional() }).parse(await response.json());
  }

  /** Moves the sandbox's clock and waits until the console reads the same time (decision 016). */
  async function moveClock(path: '/clock/rewind' | '/clock/advance' | '/clock/reset', seconds?: number) {
    const moved = await control(path, seconds === undefined ? {} : { seconds });
    const target = Date.parse(moved.now ?? '');
    for (let tries = 0; tries < 50 && Math.abs(upstream.clock.now() - target) > 5000; tries += 1)
      await upstream.readClock();
  }
  const today = () => upstream.clock.now();

  const made: Made[] = [];
  /** A booking the service moves by itself as time passes: a hold (it lapses), a ticket or voucher on its way. */
  const moving = (booking: Made) => {
    const status = booking.status.toLowerCase();
    if (status === 'held' || status === 'pending') return true;
    if (booking.product === 'flight') return status === 'ticketing';
    if (booking.product === 'hotel') return status === 'confirming';
    return status === 'confirmed';
  };
  const productOf: Record<Made['product'], string> = {
    flight: '/flights/orders',
    hotel: '/hotels/orders',
    activity: '/activities/bookings',
  };
  const record = (booking: Made) => {
    made.push(booking);
    result.bookings.push({ id: booking.id, product: booking.product });
  };
  /** Reads a booking again through its page's route, as its agent opening it: the ledger follows the service. */
  const reread = async (booking: Made) => {
    booking.status = Booked.parse(
      await call(booking.as, 'GET', `${productOf[booking.product]}/${booking.id}`),
    ).status;
  };

  async function bookFlight(
    as: Made['as'],
    people: Person[],
    to: Place,
    on: string,
    back: string | null,
    ref: string,
  ) {
    const from = rng.pick(HOMES.filter((home) => !(to.city === 'London' && home.startsWith('L'))));
    const search = FlightSearchSchema.parse(
      await call(as, 'POST', '/flights/searches', {
        slices: [
          { origin: from, destination: to.airport, departure_date: on },
          ...(back ? [{ origin: to.airport, destination: from, departure_date: back }] : []),
        ],
        passengers: { adults: people.length },
      }),
    );
    const offers = search.offers.slice(0, 6);
    for (let tries = 0; tries < 3 && offers.length > 0; tries += 1) {
      const offer = offers.splice(Math.floor(rng.next() * offers.length), 1)[0];
      if (!offer) break;
      const repriced = FlightOfferSchema.parse(await call(as, 'GET', `/flights/offers/${offer.id}`));
      if (repriced.total.amount !== offer.total.amount) continue;
      const order = Ordered.parse(
        await call(as, 'POST', '/flights/orders', {
          offer_id: offer.id,
          passengers: people.map((p) => ({
            type: 'adult',
            given_name: p.given,
            family_name: p.family,
            date_of_birth: p.born,
            gender: p.gender,
          })),
          contact: { email: people[0]?.email, phone: '+442071234567' },
          client_reference: ref,
        }),
      );
      return { id: order.id, status: order.status };
    }
    throw new Skip('no flight offer kept its price');
  }

  async function bookHotel(
    as: Made['as'],
    people: Person[],
    to: Place,
    checkIn: string,
    checkOut: string,
    ref: string,
  ) {
    const stay = { check_in: checkIn, check_out: checkOut, occupancies: [{ adults: people.length }] };
    const city = HotelCitySearchSchema.parse(
      await call(as, 'POST', '/hotels/searches', { ...stay, city_id: to.hotelCity }),
    );
    const hotels = city.offers.slice(0, 8);
    for (let tries = 0; tries < 3 && hotels.length > 0; tries += 1) {
      const offer = hotels.splice(Math.floor(rng.next() * hotels.length), 1)[0];
      if (!offer) break;
      const hotel = HotelHotelSearchSchema.parse(
        await call(as, 'POST', '/hotels/searches', { ...stay, hotel_id: Number(offer.hotel_id) }),
      );
      const candidate = hotel.offers[Math.floor(rng.next() * Math.min(3, hotel.offers.length))];
      if (!candidate) continue;
      const rate = HotelRateSchema.parse(await call(as, 'GET', `/hotels/rates/${candidate.id}`));
      if (rate.total.amount !== candidate.total.amount) continue;
      const order = Ordered.parse(
        await call(as, 'POST', '/hotels/orders', {
          rate_id: rate.id,
          rooms: [{ guests: people.map((p) => ({ given_name: p.given, family_name: p.family })) }],
          contact: { email: people[0]?.email, phone: '+442071234567' },
          client_reference: ref,
        }),
      );
      return { id: order.id, status: order.status };
    }
    throw new Skip('no hotel rate kept its price');
  }

  /** The activities each city offers that ask no booking questions, found once. */
  const activities = new Map<string, { typeId: string }[]>();
  async function activitiesIn(as: Made['as'], place: Place) {
    const known = activities.get(place.city);
    if (known) return known;
    const products = ActivityProductListSchema.parse(
      await call(as, 'GET', `/activities/products?city=${encodeURIComponent(place.city)}`),
    );
    const found: { typeId: string }[] = [];
    for (const product of products.data)
      for (const type of product.product_types) {
        const availability = ActivityAvailabilitySchema.parse(
          await call(as, 'GET', `/activities/product-types/${type.id}/availability`),
        );
        const { per_booking, per_pax } = availability.booking_options;
        if (per_booking.length === 0 && per_pax.length === 0) found.push({ typeId: type.id });
      }
    activities.set(place.city, found);
    return found;
  }

  async function bookActivity(as: Made['as'], people: Person[], wanted: Place, on: string) {
    // A client going where the office books no activity without questions is booked one in the next city that has.
    let place = wanted;
    for (const other of [wanted, ...PLACES]) {
      place = other;
      if ((await activitiesIn(as, other)).length > 0) break;
    }
    const types = await activitiesIn(as, place);
    if (types.length === 0) throw new Skip(`no activity without questions in ${place.city}`);
    const { typeId } = rng.pick(types);
    const listed = ActivityAvailabilitySchema.parse(
      await call(as, 'GET', `/activities/product-types/${typeId}/availability`),
    );
    const date = listed.dates.map((d) => d.date).find((d) => d >= on);
    if (!date) throw new Skip('no bookable date');
    const day = ActivityAvailabilitySchema.parse(
      await call(as, 'GET', `/activities/product-types/${typeId}/availability?date=${date}`),
    );
    const slot = day.timeslots[Math.floor(rng.next() * day.timeslots.length)];
    if (!day.available || !slot) throw new Skip('no timeslot');
    const lead = people[0];
    if (!lead) throw new Skip('nobody to book');
    const booking = Ordered.parse(
      await call(as, 'POST', '/activities/bookings', {
        product_type_id: typeId,
        date,
        timeslot: slot.start_time,
        travelers: { adults: people.length },
        customer: { given_name: lead.given, family_name: lead.family, email: lead.email },
      }),
    );
    return { id: booking.id, status: booking.status };
  }

  /** Settles a hold as an office would: mostly paid, some cancelled, some left to lapse or (now) running. */
  async function settle(booking: Made, fate: 'pay' | 'cancel' | 'hold' | 'refund') {
    const base = `${productOf[booking.product]}/${booking.id}`;
    if (fate === 'hold') return;
    if (fate === 'cancel') {
      const path = booking.product === 'activity' ? `${base}/cancel` : `${base}/cancellation`;
      booking.status = Booked.parse(await call(booking.as, 'POST', path)).status;
      return;
    }
    const path = booking.product === 'flight' ? `${base}/ticket` : `${base}/confirm`;
    booking.status = Booked.parse(await call(booking.as, 'POST', path)).status;
    if (fate === 'refund') booking.next = 'refund';
  }

  const fateOf = (product: Made['product'], past: boolean): 'pay' | 'cancel' | 'hold' | 'refund' => {
    const roll = rng.next();
    if (roll < 0.72) return 'pay';
    if (roll < 0.82) return 'cancel';
    if (product === 'flight' && roll < 0.88) return 'refund';
    return past ? 'hold' : rng.next() < 0.5 ? 'hold' : 'pay';
  };

  /** One client's booking (or trip) of `product`, made today on the sandbox's clock for travel `ahead` days on. */
  async function bookOne(
    product: Made['product'],
    as: Made['as'],
    people: Person[],
    place: Place,
    ahead: number,
    nights: number,
    ref: string,
  ): Promise<Made> {
    const on = isoDate(today() + ahead * DAY);
    const back = isoDate(today() + (ahead + nights) * DAY);
    const got =
      product === 'flight'
        ? await bookFlight(as, people, place, on, rng.next() < 0.7 ? back : null, ref)
        : product === 'hotel'
          ? await bookHotel(as, people, place, on, back, ref)
          : await bookActivity(as, people, place, isoDate(today() + (ahead + 1) * DAY));
    const booking: Made = { ...got, product, as, next: null };
    record(booking);
    return booking;
  }

  const clientOf = () => {
    const lead = rng.pick(PEOPLE);
    const companion = rng.next() < 0.35 ? rng.pick(PEOPLE.filter((p) => p !== lead)) : null;
    return companion ? [lead, companion] : [lead];
  };
  const referenceOf = (people: Person[]) =>
    `${(people[0]?.email.split('@')[0] ?? 'client').split('.').pop()?.toUpperCase()}-${rng.int(1000, 9999)}`;

  /** A client's trip: a flight there and back, a stay and mostly an activity, `ahead` days on, under one reference. */
  const trips: Made[] = [];
  async function makeTrip(ahead: number, fate: 'pay' | 'hold') {
    const people = clientOf();
    const place = rng.pick(PLACES);
    const nights = rng.int(3, 7);
    const ref = referenceOf(people);
    const as = rng.next() < 0.35 ? 'admin' : 'agent';
    const parts: Made[] = [];
    for (const product of ['flight', 'hotel', 'activity'] as const) {
      if (product === 'activity' && (rng.next() < 0.3 || (await activitiesIn(as, place)).length === 0))
        continue;
      try {
        const booking = await bookOne(product, as, people, place, ahead, nights, ref);
        await settle(booking, fate);
        parts.push(booking);
      } catch (error) {
        if (!(error instanceof Skip)) throw error;
        result.skipped += 1;
      }
    }
    const [first, ...rest] = parts;
    if (!first) return;
    const lead = people[0];
    const trip = TripSchema.parse(
      await call(as, 'POST', '/trips', {
        name: `${lead?.given} ${lead?.family}, ${place.city}`,
        reference: ref,
        travellers: people.map((p) => `${p.given} ${p.family}`),
        starts_on: isoDate(today() + ahead * DAY),
        ends_on: isoDate(today() + (ahead + nights) * DAY),
        booking_id: first.id,
      }),
    );
    for (const part of rest) await call(as, 'POST', `/trips/${trip.id}/bookings`, { booking_id: part.id });
    result.trips += 1;
    trips.push(...parts);
  }

  try {
    // The office's wallet is topped up for a busy season (the sandbox seeds 50,000.00).
    await control('/wallets', { environment: 'test', balance: '400000.00' });
    await moveClock('/clock/rewind', HISTORY_DAYS * 86_400);

    // What the office charges on top of the net (decision 032): the reports' margin.
    for (const rule of [
      { product: 'flight', percent: '4', fixed: '12.00', minimum: '15.00' },
      { product: 'hotel', fixed: '8.00', fixed_per: 'night' },
      { product: 'activity', percent: '10' },
    ])
      await call('admin', 'POST', '/pricing/rules', rule);

    // The directory: every client's profile and passport.
    for (const [i, p] of PEOPLE.entries()) {
      TravellerSchema.parse(
        await call(i % 3 === 0 ? 'admin' : 'agent', 'POST', '/travellers', {
          given_name: p.given,
          family_name: p.family,
          date_of_birth: p.born,
          gender: p.gender,
          nationality: p.nationality,
          email: p.email,
          documents: [
            {
              kind: 'passport',
              number: `${p.nationality}${String(rng.int(1_000_000, 9_999_999))}`,
              country: p.nationality,
              expires_on: isoDate(Date.now() + rng.int(400, 3000) * DAY),
            },
          ],
        }),
      );
      result.travellers += 1;
    }

    // The months behind: a few bookings a day, settled as they were; the clock moved on a day at a time.
    const steps = Math.round(HISTORY_DAYS / STEP_DAYS);
    for (let step = 0; step < steps; step += 1) {
      // A working day has one to three new bookings; a weekend, one at most.
      const weekday = new Date(today()).getUTCDay();
      const count = weekday === 0 || weekday === 6 ? rng.int(0, 1) : rng.int(1, 3);
      for (let n = 0; n < count; n += 1) {
        const roll = rng.next();
        const product = roll < 0.45 ? 'flight' : roll < 0.8 ? 'hotel' : 'activity';
        const people = clientOf();
        try {
          const booking = await bookOne(
            product,
            rng.next() < 0.65 ? 'agent' : 'admin',
            people,
            rng.pick(PLACES),
            rng.int(6, 70),
            rng.int(2, 7),
            referenceOf(people),
          );
          await settle(booking, fateOf(product, true));
        } catch (error) {
          if (!(error instanceof Skip)) throw error;
          result.skipped += 1;
          log.debug({ err: error.message }, 'demo office: a booking skipped');
        }
      }
      // The last two months: clients' trips for the coming ones (a flight, a stay, mostly an activity), paid.
      const daysLeft = HISTORY_DAYS - step * STEP_DAYS;
      if (daysLeft <= 60 && step % 4 === 0)
        await makeTrip(Math.min(115, Math.ceil(daysLeft) + rng.int(10, 100)), 'pay');
      await moveClock('/clock/advance', STEP_DAYS * 86_400);
      // What moved while the clock ran: tickets issued, vouchers sent, holds lapsed; the agent looks again.
      for (const booking of made) {
        if (!moving(booking) && !booking.next) continue;
        await reread(booking).catch((error: unknown) => {
          if (!(error instanceof Skip)) throw error;
        });
        if (booking.next === 'refund' && booking.status === 'ticketed') {
          await call(booking.as, 'POST', `/flights/orders/${booking.id}/refund`).catch((error: unknown) => {
            if (!(error instanceof Skip)) throw error;
          });
          booking.next = null;
          await reread(booking);
        }
      }
    }
    // Today, on the machine's clock again.
    await moveClock('/clock/reset');
    for (const booking of made) await reread(booking).catch(() => undefined);

    // What the agents saw and dealt with then: each change handled with a note.
    for (;;) {
      const open = ChangeListSchema.parse(await call('admin', 'GET', '/changes?state=open&limit=100'));
      if (open.data.length === 0) break;
      for (const change of open.data) {
        await call('admin', 'POST', `/changes/${change.id}/handle`, { note: rng.pick(NOTES) });
        result.handledChanges += 1;
      }
    }

    // Today: trips being put together and clients deciding, their holds running on the radar; a few paid at once.
    for (let t = 0; t < 3; t += 1) await makeTrip(rng.int(20, 100), 'hold');
    for (let n = 0; n < 8; n += 1) {
      const roll = rng.next();
      const product = roll < 0.45 ? 'flight' : roll < 0.8 ? 'hotel' : 'activity';
      const people = clientOf();
      try {
        const booking = await bookOne(
          product,
          rng.next() < 0.65 ? 'agent' : 'admin',
          people,
          rng.pick(PLACES),
          rng.int(3, 90),
          rng.int(2, 6),
          referenceOf(people),
        );
        await settle(booking, n % 3 === 2 ? 'pay' : 'hold');
      } catch (error) {
        if (!(error instanceof Skip)) throw error;
        result.skipped += 1;
      }
    }
    // Wait for tickets and vouchers the service issues a few seconds on (its clock moved past them).
    await moveClock('/clock/advance', 120);
    for (const booking of made) if (moving(booking)) await reread(booking).catch(() => undefined);

    // A few changes to act on, made by the service's suppliers, found when the console reads the bookings again.
    const live = (product: Made['product'], statuses: string[]) =>
      trips.filter((b) => b.product === product && statuses.includes(b.status.toLowerCase()));
    const moves: { booking: Made | undefined; path: string; body: unknown }[] = [
      { booking: live('flight', ['ticketed'])[0], path: 'flights/orders/{id}/schedule', body: { days: 1 } },
      { booking: live('flight', ['ticketed'])[1], path: 'flights/orders/{id}/schedule', body: { days: -1 } },
      { booking: live('hotel', ['confirmed'])[0], path: 'bookings/{id}/cancel', body: {} },
      {
        booking: live('activity', ['confirmed', 'issued'])[0],
        path: 'activities/bookings/{id}/date',
        body: { days: 1 },
      },
    ];
    for (const { booking, path, body } of moves) {
      if (!booking) continue;
      await control(`/${path.replace('{id}', booking.id)}`, body);
      await reread(booking);
    }
    const open = ChangeListSchema.parse(await call('admin', 'GET', '/changes?state=open&limit=100'));
    result.openChanges = open.data.length;

    await settings.set(
      DEMO_MARKER,
      JSON.stringify({ state: 'done', bookings: result.bookings.length, at: new Date().toISOString() }),
      admin,
    );
    result.seeded = true;
    const finished = done();
    log.info(
      {
        bookings: finished.bookings.length,
        travellers: finished.travellers,
        trips: finished.trips,
        open_changes: finished.openChanges,
        skipped: finished.skipped,
        ms: finished.ms,
      },
      'demo office: ready',
    );
    return finished;
  } finally {
    // The sandbox's clock at the machine's again whatever happened, and the seeding's sessions ended.
    await control('/clock/reset', {}).catch(() => undefined);
    await upstream.readClock();
    await deps.sessions.endSession(sessions.agent.token).catch(() => undefined);
    await deps.sessions.endSession(sessions.admin.token).catch(() => undefined);
  }
}
