import {
  type ActivityBooking,
  CustomerSchema,
  type Environment,
  type FlightOrder,
  type HotelOrder,
  HotelOrderRoomSchema,
  type LedgerEntry,
  newId,
  OrderPassengerSchema,
  OrderSegmentSchema,
  readKnown,
  readKnownItems,
  type Trip,
  type TripInputSchema,
  type TripUpdateSchema,
  wallClockOf,
} from '@console/contract';
import { z } from 'zod';
import {
  activityFacts,
  flightFacts,
  hotelFacts,
  type Ledger,
  ledgerScope,
  mayReach,
  readAndRefresh,
} from '../bookings/index.ts';
import { type Database, type Db, historyReads, sql } from '../db/index.ts';
import { decodeCursor, type Page, pageFrom, searchWords } from '../platform/pages.ts';
import { type KeysetOrder, type Select, searchPage } from '../platform/search.ts';
import type { SignedInUser } from '../platform/types.ts';
import type { PartForRules } from './conflicts.ts';
import type { TripPeople, TripsDeps } from './deps.ts';

/** A trip row as the console writes and reads it (the search document is the database's). */
type Row = Omit<Database['trips'], 'search_doc'>;
const NamesSchema = z.array(z.string());

/** A reference no one typed: TRIP- and six characters without look-alikes (no 0/O, 1/I). */
function newReference(): string {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  const bytes = new Uint8Array(6);
  globalThis.crypto.getRandomValues(bytes);
  return `TRIP-${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

/** Trips newest first: by (created_at, id), the indexes `trips_newest` and `trips_agent_newest`. */
const NEWEST: KeysetOrder<Row> = {
  name: 'trips.newest',
  after: (q, key) =>
    key ? q.where(sql<boolean>`(trips.created_at, trips.id) < (${String(key[0])}, ${String(key[1])})`) : q,
  sorted: (q) => q.orderBy(sql.ref('trips.created_at'), 'desc').orderBy(sql.ref('trips.id'), 'desc'),
  keyOf: (row) => [row.created_at, row.id],
};

/**
 * Trip files (decision 019): a client's bookings across products under one reference. A trip's parts are the bookings
 * attached to it and every booking of the ledger whose client reference is the trip's reference (what the booking
 * forms send), so a booking made for a trip belongs to it even if the browser never got to say so.
 */
export class Trips {
  constructor(
    private readonly db: Db,
    /** The bookings are the ledger's, the people identity's (decision 058): asked, not queried here. */
    private readonly ledger: Pick<Ledger, 'agentsOf' | 'withReference'>,
    private readonly people: TripPeople,
  ) {}

  #toTrip(row: Row, parts: number): Trip {
    return {
      id: row.id,
      name: row.name,
      reference: row.reference,
      travellers: NamesSchema.parse(JSON.parse(row.travellers)),
      starts_on: row.starts_on,
      ends_on: row.ends_on,
      notes: row.notes,
      agent: { id: row.agent_id, email: row.agent_email },
      parts,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  /** A page of trips, newest first by (created_at, id); `q` matches part of the name, reference or travellers. */
  async list(
    query: { q?: string | undefined; after?: string | undefined; limit: number },
    user: SignedInUser,
    environment: Environment,
  ): Promise<Page<Trip>> {
    const key = decodeCursor(query.after, NEWEST.name, ['string', 'string'])?.slice();
    const scope = ledgerScope(user);
    const filtered = <O>(q: Select<O>): Select<O> => {
      const scoped = q.where(sql.ref('trips.environment'), '=', environment);
      return scope.agentId ? scoped.where(sql.ref('trips.agent_id'), '=', scope.agentId) : scoped;
    };
    const words = searchWords(query.q);
    const page =
      words.length > 0
        ? await searchPage(this.db, {
            table: 'trips',
            words,
            key,
            limit: query.limit,
            order: NEWEST,
            filtered,
            toItem: (row: Row) => row,
          })
        : pageFrom(
            await NEWEST.sorted(
              filtered(NEWEST.after(historyReads(this.db).selectFrom('trips').selectAll(), key)),
            )
              .limit(query.limit + 1)
              .execute(),
            query.limit,
            NEWEST.name,
            NEWEST.keyOf,
            (row: Row) => row,
          );
    return {
      ...page,
      data: await Promise.all(page.data.map((row) => this.view(row, user))),
    };
  }

  /** One trip, if the user may see it: its maker, or anyone who sees the office's bookings. */
  async get(id: string, user: SignedInUser, environment: Environment): Promise<Row | undefined> {
    let q = this.db
      .selectFrom('trips')
      .selectAll()
      .where('id', '=', id)
      .where('environment', '=', environment);
    const scope = ledgerScope(user);
    if (scope.agentId) q = q.where('agent_id', '=', scope.agentId);
    return q.executeTakeFirst();
  }

  /** The trip as `viewer` sees it: its parts counted among the bookings they may reach (decision 044). */
  async view(row: Row, viewer: SignedInUser): Promise<Trip> {
    return this.#toTrip(row, (await this.bookingIds(row, viewer)).length);
  }

  /**
   * A trip of this reference among those the user sees (their own, or the office's when they see it): a reference is
   * unique per agent, and one held by a trip the user cannot see is no answer of theirs (decision 044).
   */
  async byReference(
    reference: string,
    user: SignedInUser,
    environment: Environment,
  ): Promise<Row | undefined> {
    return tripsOfReference(this.db, reference, ledgerScope(user).agentId, environment).executeTakeFirst();
  }

  /** Makes a trip; undefined when its agent has a trip of this reference already (two tabs at once). */
  async create(
    input: z.output<typeof TripInputSchema>,
    who: SignedInUser,
    environment: Environment,
  ): Promise<Row | undefined> {
    const at = new Date().toISOString();
    const reference = input.reference ?? newReference();
    const row: Row = {
      id: newId('trip'),
      environment,
      name: input.name,
      reference,
      travellers: JSON.stringify(input.travellers),
      starts_on: input.starts_on ?? null,
      ends_on: input.ends_on ?? null,
      notes: input.notes || null,
      agent_id: who.id,
      agent_email: who.email,
      search_text: [input.name, reference, ...input.travellers].join(' ').toLowerCase(),
      created_at: at,
      updated_at: at,
    };
    const made = await this.db
      .insertInto('trips')
      .values(row)
      .onConflict((oc) => oc.columns(['environment', 'agent_id', 'reference']).doNothing())
      .executeTakeFirst();
    if (Number(made.numInsertedOrUpdatedRows ?? 0n) !== 1) return undefined;
    if (input.booking_id) await this.attach(row.id, input.booking_id);
    return row;
  }

  async update(row: Row, change: z.output<typeof TripUpdateSchema>): Promise<Row> {
    const next: Row = {
      ...row,
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.travellers !== undefined ? { travellers: JSON.stringify(change.travellers) } : {}),
      ...(change.starts_on !== undefined ? { starts_on: change.starts_on ?? null } : {}),
      ...(change.ends_on !== undefined ? { ends_on: change.ends_on ?? null } : {}),
      ...(change.notes !== undefined ? { notes: change.notes || null } : {}),
      updated_at: new Date().toISOString(),
    };
    next.search_text = [next.name, next.reference, ...NamesSchema.parse(JSON.parse(next.travellers))]
      .join(' ')
      .toLowerCase();
    // The changed columns only: `row` came from the database and holds its generated search document too.
    await this.db
      .updateTable('trips')
      .set({
        name: next.name,
        travellers: next.travellers,
        starts_on: next.starts_on,
        ends_on: next.ends_on,
        notes: next.notes,
        search_text: next.search_text,
        updated_at: next.updated_at,
      })
      .where('id', '=', row.id)
      .execute();
    return next;
  }

  /** Attaches a booking (once: attaching again changes nothing); whether it was not attached before. */
  async attach(tripId: string, bookingId: string): Promise<boolean> {
    const added = await this.db
      .insertInto('trip_bookings')
      .values({ trip_id: tripId, booking_id: bookingId, added_at: new Date().toISOString() })
      .onConflict((oc) => oc.columns(['trip_id', 'booking_id']).doNothing())
      .executeTakeFirst();
    return Number(added.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  async detach(tripId: string, bookingId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('trip_bookings')
      .where('trip_id', '=', tripId)
      .where('booking_id', '=', bookingId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * The trip's bookings that `viewer` may reach, in the order they came: the attached ones, and the ledger's bookings
   * carrying its reference made by someone who sees the trip — its agent, or one who sees the office's trips and
   * picked it in a booking form (decision 044). Another agent's booking under the same words is not the trip's: a
   * reference says nothing of bookings its trip's agent cannot reach.
   */
  async bookingIds(row: Row, viewer: SignedInUser): Promise<string[]> {
    const links = await this.db
      .selectFrom('trip_bookings')
      .select(['booking_id as id', 'added_at as at'])
      .where('trip_id', '=', row.id)
      .execute();
    const agents = await this.ledger.agentsOf(links.map((link) => link.id));
    const attached = links.flatMap((link) => {
      const agent_id = agents.get(link.id);
      return agent_id === undefined ? [] : [{ ...link, agent_id }];
    });
    const referenced = await this.#referenced(row);
    const all = [...attached, ...referenced]
      .filter((part) => mayReach(viewer, part.agent_id))
      .sort((a, b) => a.at.localeCompare(b.at));
    return [...new Set(all.map((a) => a.id))];
  }

  /**
   * The ledger's bookings carrying a trip's reference, made by its agent or by someone who sees the office's trips (the
   * ledger's index `bookings_client_reference`, then each booking's agent asked of identity).
   */
  async #referenced(trip: Pick<Row, 'environment' | 'reference' | 'agent_id'>) {
    const carrying = await this.ledger.withReference(trip.reference, trip.environment);
    const others = carrying.filter((b) => b.agent_id !== trip.agent_id).map((b) => b.agent_id);
    const officeWide = await this.people.seeingOfficeWide(others);
    return carrying.filter((b) => b.agent_id === trip.agent_id || officeWide.has(b.agent_id));
  }

  /**
   * The trips a booking belongs to (for its page's "part of trip" line): those it is attached to, and those of its
   * reference that its agent sees (their own, or any when they see the office's), as `bookingIds` counts them.
   */
  async ofBooking(
    booking: { id: string; clientReference: string | null; agentId: string },
    environment: Environment,
  ): Promise<Row[]> {
    const { clientReference } = booking;
    const agentSeesOfficeWide =
      clientReference !== null &&
      (await this.people.seeingOfficeWide([booking.agentId])).has(booking.agentId);
    return this.db
      .selectFrom('trips')
      .selectAll()
      .where('environment', '=', environment)
      .where((eb) =>
        eb.or([
          eb(
            'id',
            'in',
            eb.selectFrom('trip_bookings').select('trip_id').where('booking_id', '=', booking.id),
          ),
          ...(clientReference
            ? [
                eb.and([
                  eb('reference', '=', clientReference),
                  ...(agentSeesOfficeWide ? [] : [eb('agent_id', '=', booking.agentId)]),
                ]),
              ]
            : []),
        ]),
      )
      .execute();
  }
}

/**
 * The trips of a reference among one agent's (or the office's, with no agent), by the indexes `trips_agent_reference`
 * and `trips_reference`.
 */
export function tripsOfReference(
  db: Db,
  reference: string,
  agentId: string | undefined,
  environment: Environment,
) {
  const q = db
    .selectFrom('trips')
    .selectAll()
    .where('environment', '=', environment)
    .where('reference', '=', reference);
  return agentId ? q.where('agent_id', '=', agentId) : q;
}

const plainDate = (value: string | null | undefined) =>
  wallClockOf(value)?.date ?? (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);
const localTime = (value: string | null | undefined) => {
  const clock = wallClockOf(value);
  return clock ? `${clock.date} ${clock.time}` : null;
};

function flightPart(order: FlightOrder): PartForRules {
  const segments = readKnownItems(OrderSegmentSchema, order.segments).known;
  const passengers = readKnownItems(OrderPassengerSchema, order.passengers).known;
  const slices = new Map<number, typeof segments>();
  for (const s of segments) slices.set(s.slice_index, [...(slices.get(s.slice_index) ?? []), s]);
  const ordered = [...slices.entries()].sort(([a], [b]) => a - b).map(([, legs]) => legs);
  const facts = flightFacts(order);
  return {
    booking_id: order.id,
    product: 'flight',
    status: order.status,
    reference: order.booking_reference ?? null,
    title: facts.summary,
    total: order.total,
    deadline: facts.deadline,
    starts_at: localTime(segments[0]?.departing_at) ?? null,
    ends_at: localTime(segments.at(-1)?.arriving_at) ?? null,
    arrival_on: plainDate(ordered[0]?.at(-1)?.arriving_at),
    departure_on: ordered.length > 1 ? plainDate(ordered.at(-1)?.[0]?.departing_at) : null,
    travellers: passengers.map((p) => `${p.given_name} ${p.family_name}`),
    traveller_count: order.passengers.length,
    lines: segments.map((s) => ({
      at: localTime(s.departing_at),
      kind: 'flight' as const,
      lands_at: localTime(s.arriving_at),
      text: `${s.flight_number} ${s.origin} ${localTime(s.departing_at) ?? ''} → ${s.destination} ${localTime(s.arriving_at) ?? ''}`,
    })),
    read: true,
  };
}

function hotelPart(order: HotelOrder): PartForRules {
  const rooms = readKnownItems(HotelOrderRoomSchema, order.rooms).known;
  const facts = hotelFacts(order);
  const guests = rooms.flatMap((r) => r.guests.map((g) => `${g.given_name} ${g.family_name}`));
  return {
    booking_id: order.id,
    product: 'hotel',
    status: order.status,
    reference: order.confirmation_number ?? order.voucher_number ?? null,
    title: facts.summary,
    total: order.total,
    deadline: facts.deadline,
    starts_at: plainDate(order.check_in),
    ends_at: plainDate(order.check_out),
    travellers: guests,
    traveller_count: guests.length > 0 ? guests.length : null,
    // A date, as the document states; a service that gives the hour too is placed by it.
    lines: [
      {
        at: localTime(order.check_in) ?? plainDate(order.check_in),
        kind: 'check_in' as const,
        text: `Check in at ${order.hotel.name}`,
      },
      {
        at: localTime(order.check_out) ?? plainDate(order.check_out),
        kind: 'check_out' as const,
        text: `Check out (${order.nights} night${order.nights === 1 ? '' : 's'})`,
      },
    ],
    read: true,
  };
}

function activityPart(booking: ActivityBooking): PartForRules {
  const facts = activityFacts(booking);
  const count = booking.travelers
    ? booking.travelers.adults + booking.travelers.children + booking.travelers.seniors
    : null;
  const customer = readKnown(CustomerSchema, booking.customer);
  const date = plainDate(booking.date);
  return {
    booking_id: booking.id,
    product: 'activity',
    status: booking.status,
    reference: booking.code ?? null,
    title: booking.title,
    total: booking.total,
    deadline: facts.deadline,
    starts_at: date ? `${date}${booking.timeslot ? ` ${booking.timeslot}` : ''}` : null,
    ends_at: date,
    travellers: [],
    traveller_count: count,
    lines: [
      {
        at:
          date && booking.timeslot && /^\d{2}:\d{2}/.test(booking.timeslot)
            ? `${date} ${booking.timeslot}`
            : date,
        kind: 'activity' as const,
        text: `${booking.title}${booking.timeslot ? ` at ${booking.timeslot}` : ''}${customer ? ` · lead ${customer.given_name} ${customer.family_name}` : ''}`,
      },
    ],
    read: true,
  };
}

/** A part the service could not be asked about now: shown from the ledger, in no date rule. */
function ledgerPart(entry: LedgerEntry): PartForRules {
  return {
    booking_id: entry.id,
    product: entry.product,
    status: entry.status,
    reference: entry.reference ?? null,
    title: entry.summary,
    total: entry.total,
    deadline: entry.deadline,
    starts_at: null,
    ends_at: null,
    travellers: [],
    traveller_count: null,
    lines: [],
    read: false,
  };
}

/**
 * Reads each part from the service now (4 at a time), refreshing the ledger's row as any read does; a part that
 * cannot be read is shown as the ledger has it.
 */
export async function readParts(d: TripsDeps, entries: readonly LedgerEntry[]): Promise<PartForRules[]> {
  const out: PartForRules[] = new Array(entries.length);
  let next = 0;
  const worker = async () => {
    while (next < entries.length) {
      const index = next++;
      const entry = entries[index] as LedgerEntry;
      try {
        const read = await readAndRefresh(d, entry);
        out[index] =
          read.product === 'flight'
            ? flightPart(read.answer)
            : read.product === 'hotel'
              ? hotelPart(read.answer)
              : activityPart(read.answer);
      } catch {
        out[index] = ledgerPart(entry);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, entries.length) }, worker));
  // What the client pays for each part, as the ledger kept it when the booking was made (decision 032).
  return out.map((part, index) => {
    const price = entries[index]?.price;
    return price ? { ...part, client_total: price.client, fee: price.fee } : part;
  });
}
