import { travellerNameKey } from '@console/contract';
import type { Db } from '../db/index.ts';
import { fillWalletFromBookings } from '../db/migrations/020-wallet-moves.ts';

/**
 * An office's history written straight into the console's store with SQL (decision 023): bookings and audit entries
 * as years of use leave them, for the history tests and `pnpm bench`'s history section. Rows go in with plain INSERT
 * statements, not through the console, so what the tests find proves the database keeps its own search index.
 *
 * The history is deterministic in `count`: booking `i` (1 = oldest) was made `(count - i)` steps before `newest`,
 * one step = four years / count. One in ten travellers is a Hart (a word that matches 10% of the desk); every
 * booking has its own reference (`PNR` + base-36 of i). The newest `running` bookings hold a clock.
 */
export interface HistoryOptions {
  bookings: number;
  audit: number;
  /** The agents the bookings are spread over (round robin); the first gets every seventh booking besides. */
  agents: { id: string; email: string }[];
  environment?: 'test' | 'live';
  /** The newest booking's time; the history goes four years back from it. */
  newest?: Date;
  /** How many of the newest bookings are holds with a clock running (deadlines after `newest`). */
  running?: number;
  /** How many directory profiles and trips to write besides (one in ten a Hart again); none by default. */
  travellers?: number;
  trips?: number;
  /**
   * How many changes the watch recorded (decision 037), one on every (bookings / changes)-th booking: a schedule,
   * date or status change, eight in ten open (one in ten of all unassigned), one in ten snoozed, one in ten handled,
   * travel dates spread over the coming year.
   */
  changes?: number;
  /** Progress, every 100,000 rows. */
  onProgress?: (what: string, done: number) => void;
}

const GIVEN = [
  'Amelia',
  'Noor',
  'Kenji',
  'Sofia',
  'Lucas',
  'Maya',
  'Omar',
  'Ines',
  'Tomas',
  'Leila',
  'Hugo',
  'Zara',
];
// Nine family names that do not hold "hart"; the tenth traveller is a Hart.
const FAMILY = ['Haddad', 'Tanaka', 'Rossi', 'Silva', 'Novak', 'Kowalski', 'Dubois', 'Okafor', 'Jensen'];
const ROUTES = ['LHR→JFK', 'CDG→FCO', 'AMS→BCN', 'FRA→LIS', 'MAD→ATH', 'DUB→EDI', 'ZRH→VIE'];
const AIRLINES = ['BA', 'AF', 'KL', 'LH', 'IB', 'EI', 'LX'];
const HOTELS = [
  'Grand Hotel Europa',
  'Canal House',
  'Harbour View Inn',
  'Old Town Suites',
  'Riverside Lodge',
];
const TOURS = ['Canal tour', 'Louvre skip-the-line', 'Colosseum guided visit', 'Food walk', 'Bike tour'];
const STATUSES = {
  flight: ['ticketed', 'ticketed', 'ticketed', 'cancelled', 'expired'],
  hotel: ['confirmed', 'confirmed', 'confirmed', 'cancelled', 'expired'],
  activity: ['confirmed', 'issued', 'issued', 'cancelled', 'refunded'],
} as const;
const PRODUCTS = ['flight', 'hotel', 'activity'] as const;
const ACTIONS = [
  'flight.order.create',
  'flight.order.ticket',
  'hotel.order.create',
  'hotel.order.confirm',
  'activity.booking.create',
  'activity.booking.confirm',
  'flight.order.cancel',
  'traveller.update',
] as const;

const FOUR_YEARS = 4 * 365 * 86_400_000;
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;

/** Writes the history in batches of rows per INSERT, in transactions, and returns how long it took. */
export async function seedHistory(db: Db, options: HistoryOptions): Promise<{ ms: number }> {
  const started = performance.now();
  const environment = options.environment ?? 'test';
  const newest = (options.newest ?? new Date()).getTime();
  const step = FOUR_YEARS / Math.max(options.bookings, 1);
  const running = options.running ?? 0;
  const BATCH = 500;
  const PER_TRANSACTION = 20_000;
  const changeEvery = options.changes ? Math.max(1, Math.floor(options.bookings / options.changes)) : 0;

  for (let from = 1; from <= options.bookings; from += PER_TRANSACTION) {
    await db.transaction().execute(async (tx) => {
      for (let start = from; start < from + PER_TRANSACTION && start <= options.bookings; start += BATCH) {
        const rows = [];
        for (let i = start; i < start + BATCH && i <= options.bookings; i++) {
          const product = pick(PRODUCTS, i);
          const at = new Date(newest - (options.bookings - i) * step).toISOString();
          const agent = i % 7 === 0 ? options.agents[0] : pick(options.agents, i);
          if (!agent) throw new Error('seedHistory needs at least one agent');
          const given = pick(GIVEN, i * 7);
          const family = i % 10 === 0 ? 'Hart' : pick(FAMILY, i);
          const email = `${given.toLowerCase()}.${family.toLowerCase()}${i}@example.com`;
          const reference = `${product === 'flight' ? 'P' : product === 'hotel' ? 'H' : 'A'}${i.toString(36).toUpperCase().padStart(5, '0')}`;
          const held = i > options.bookings - running;
          const status = held ? 'held' : pick(STATUSES[product], i);
          const summary =
            product === 'flight'
              ? `${pick(ROUTES, i)} · ${at.slice(0, 10)} · ${pick(AIRLINES, i)} · 1 passenger`
              : product === 'hotel'
                ? `${pick(HOTELS, i)} · ${at.slice(0, 10)} to ${at.slice(0, 10)} · 1 room`
                : `${pick(TOURS, i)} · ${at.slice(0, 10)}`;
          const id = `${product === 'flight' ? 'ord' : product === 'hotel' ? 'hto' : 'acb'}_seed${i.toString().padStart(8, '0')}`;
          const clientReference = i % 4 === 0 ? `CR-${i}` : null;
          const people = [`${given} ${family}`, email];
          rows.push({
            id,
            product,
            environment,
            agent_id: agent.id,
            agent_email: agent.email,
            client_reference: clientReference,
            reference,
            total_amount: `${100 + (i % 900)}.${String(i % 100).padStart(2, '0')}`,
            // The office's fee (decision 032) on most bookings: 5 to 39 whole units; the client pays net + fee.
            fee_amount: i % 5 === 0 ? null : `${5 + (i % 35)}.00`,
            client_amount:
              i % 5 === 0 ? null : `${100 + (i % 900) + 5 + (i % 35)}.${String(i % 100).padStart(2, '0')}`,
            status,
            deadline: held ? new Date(newest + (2 + (i % 48)) * 3_600_000).toISOString() : null,
            summary,
            people: JSON.stringify(people),
            search_text: [id, clientReference ?? '', ...people, reference, summary].join(' ').toLowerCase(),
            idempotency_key: null,
            created_at: at,
            updated_at: at,
          });
        }
        await tx.insertInto('bookings').values(rows).execute();
        const changes = rows.flatMap((row, k) => {
          const i = start + k;
          if (!options.changes || i % changeEvery !== 0) return [];
          const n = i / changeEvery;
          const kind = pick(['schedule_change', 'date_change', 'cancelled', 'hold_lapsed'], n);
          const travel = new Date(newest + (n % 365) * 86_400_000).toISOString().slice(0, 10);
          const handled = n % 10 === 0;
          // A team's queue (decision 053): one in ten snoozed until some day of the coming month, one in ten unassigned.
          const snoozed = n % 10 === 1;
          const state = handled ? ('handled' as const) : snoozed ? ('snoozed' as const) : ('open' as const);
          return [
            {
              id: `chg_seed${i.toString().padStart(10, '0')}`,
              booking_id: row.id,
              environment,
              product: row.product,
              kind,
              summary: `${kind.replace('_', ' ')} on ${row.reference}`,
              before_value: JSON.stringify({ status: row.status }),
              after_value: JSON.stringify({ status: row.status }),
              detected_at: row.created_at,
              agent_id: row.agent_id,
              agent_email: row.agent_email,
              travel_key: travel,
              state,
              handled_at: handled ? row.created_at : null,
              handled_by: handled ? row.agent_email : null,
              note: handled ? 'Told the client.' : null,
              fingerprint: `seed-${i}`,
              assignee_id: n % 10 === 2 ? null : row.agent_id,
              snoozed_until: snoozed ? new Date(newest + (1 + (n % 30)) * 86_400_000).toISOString() : null,
            },
          ];
        });
        if (changes.length > 0) await tx.insertInto('booking_changes').values(changes).execute();
      }
    });
    options.onProgress?.('bookings', Math.min(from + PER_TRANSACTION - 1, options.bookings));
  }
  // Their wallet moves and the days' sums, as the migration reads a ledger's history (decision 039).
  await fillWalletFromBookings(db);

  const auditStep = FOUR_YEARS / Math.max(options.audit, 1);
  for (let from = 1; from <= options.audit; from += PER_TRANSACTION) {
    await db.transaction().execute(async (tx) => {
      for (let start = from; start < from + PER_TRANSACTION && start <= options.audit; start += BATCH) {
        const rows = [];
        for (let i = start; i < start + BATCH && i <= options.audit; i++) {
          const agent = pick(options.agents, i);
          if (!agent) throw new Error('seedHistory needs at least one agent');
          const action = pick(ACTIONS, i);
          const failed = i % 50 === 0;
          rows.push({
            at: new Date(newest - (options.audit - i) * auditStep).toISOString(),
            user_id: agent.id,
            user_email: agent.email,
            action,
            resource_id: action.startsWith('traveller')
              ? `trv_seed${i}`
              : `ord_seed${i.toString().padStart(8, '0')}`,
            amount: action.startsWith('traveller') ? null : `${50 + (i % 500)}.00`,
            idempotency_key: action.endsWith('.create') ? `seed-${i}` : null,
            result: failed ? ('failed' as const) : ('succeeded' as const),
            status_code: failed ? 402 : 200,
            error_code: failed ? 'insufficient_funds' : null,
          });
        }
        await tx.insertInto('audit_log').values(rows).execute();
      }
    });
    options.onProgress?.('audit entries', Math.min(from + PER_TRANSACTION - 1, options.audit));
  }
  const owner = options.agents[0];
  if (!owner) throw new Error('seedHistory needs at least one agent');
  for (let start = 1; start <= (options.travellers ?? 0); start += BATCH) {
    const rows = [];
    for (let i = start; i < start + BATCH && i <= (options.travellers ?? 0); i++) {
      const given = pick(GIVEN, i * 5);
      const family = i % 10 === 0 ? 'Hart' : pick(FAMILY, i);
      const at = new Date(newest - i * 60_000).toISOString();
      const passport = `X${i.toString().padStart(8, '0')}`;
      rows.push({
        id: `trv_seed${i.toString().padStart(8, '0')}`,
        given_name: given,
        family_name: family,
        date_of_birth: `19${50 + (i % 50)}-0${1 + (i % 9)}-1${i % 10}`,
        gender: null,
        nationality: 'GB',
        documents: JSON.stringify([
          {
            kind: 'passport',
            number: passport,
            country: 'GB',
            issued_on: null,
            expires_on: '2031-01-01',
            given_name: null,
            family_name: null,
          },
        ]),
        email: `${given.toLowerCase()}.${i}@example.com`,
        phone: null,
        notes: null,
        search_text: `${given} ${family} ${passport}`.toLowerCase(),
        created_by: owner.id,
        created_at: at,
        updated_at: at,
      });
    }
    await db.insertInto('travellers').values(rows).execute();
    // What the directory's "already saved?" match looks up (decision 043): each profile's name and passport keys.
    const keys = rows.flatMap((r) => [
      { key: `n:${travellerNameKey(r.given_name, r.family_name)}|${r.date_of_birth}`, traveller_id: r.id },
      { key: `d:GB:${r.search_text.split(' ').at(-1)?.toUpperCase() ?? r.id}`, traveller_id: r.id },
    ]);
    await db
      .insertInto('traveller_keys')
      .values(keys)
      .onConflict((oc) => oc.doNothing())
      .execute();
    await db
      .insertInto('traveller_claims')
      .values(keys)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  for (let start = 1; start <= (options.trips ?? 0); start += BATCH) {
    const rows = [];
    for (let i = start; i < start + BATCH && i <= (options.trips ?? 0); i++) {
      const family = i % 10 === 0 ? 'Hart' : pick(FAMILY, i);
      const at = new Date(newest - i * 60_000).toISOString();
      const name = `${family} family, ${pick(ROUTES, i)}`;
      rows.push({
        id: `trp_seed${i.toString().padStart(8, '0')}`,
        environment,
        name,
        reference: `TRIP-${i}`,
        travellers: JSON.stringify([`${pick(GIVEN, i)} ${family}`]),
        starts_on: null,
        ends_on: null,
        notes: null,
        agent_id: owner.id,
        agent_email: owner.email,
        search_text: `${name} trip-${i}`.toLowerCase(),
        created_at: at,
        updated_at: at,
      });
    }
    await db.insertInto('trips').values(rows).execute();
  }
  return { ms: performance.now() - started };
}

/** The reference seeded booking `i` carries (what an agent would type to find it). */
export const seededReference = (
  i: number,
  product: 'flight' | 'hotel' | 'activity' = PRODUCTS[i % 3] ?? 'flight',
) =>
  `${product === 'flight' ? 'P' : product === 'hotel' ? 'H' : 'A'}${i.toString(36).toUpperCase().padStart(5, '0')}`;
