import {
  type ActivityBooking,
  type ChangeValue,
  CustomerSchema,
  type FeeContext,
  type FlightOrder,
  type HotelOrder,
  HotelOrderRoomSchema,
  hotelFeeScope,
  isoInstantOf,
  type Money,
  MoneySchema,
  OpaqueIdSchema,
  OrderPassengerSchema,
  OrderSegmentSchema,
  type Product,
  ReadContactSchema,
  readKnown,
  readKnownItems,
  wallClockOf,
} from '@console/contract';
import { z } from 'zod';

/**
 * What the ledger knows of a booking, read from the service's answer as far as it can be read (decision 013): the
 * facts of a flight order, a hotel order or an activity booking, and of an answer in an unknown shape. The ledger's
 * store (ledger.ts) records and lists them.
 */

export interface Facts {
  id: string;
  product: Product;
  status: string;
  total: Money;
  /** The running clock as RFC 3339 UTC, or null when nothing runs (or the service's value is not a time). */
  deadline: string | null;
  summary: string;
  people: string[];
  clientReference: string | null;
  /** What the customer quotes (PNR, confirmation number, activity code), when the service has given one. */
  reference?: string | null;
  extraSearch: string[];
  /** Read loosely from an answer that did not match the contract: status and deadline only are trusted. */
  partial?: boolean;
  /** What the office's fee rules look at (decision 032): passengers and cabin, nights, city and stars, the activity. */
  pricing?: Omit<FeeContext, 'product' | 'net'>;
  /** What the watch compares (decision 037): the segments or dates, status and total, as the service wrote them. */
  watched?: ChangeValue;
  /** The first day of travel (YYYY-MM-DD), when the answer says it. */
  travelOn?: string | null;
}

/** A segment read as loosely as it comes (its inner fields are not shown in the document): what is there, or null. */
const LooseSegmentSchema = z.looseObject({
  flight_number: z.string().nullish().catch(null),
  origin: z.string().nullish().catch(null),
  destination: z.string().nullish().catch(null),
  departing_at: z.string().nullish().catch(null),
  arriving_at: z.string().nullish().catch(null),
});
/** The plain values of an object, by their names (nested ones as `a.b`), at most 20: a segment of a shape of its own. */
function scalarsOf(value: unknown, prefix = '', out: Record<string, string | number | boolean | null> = {}) {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const [key, item] of Object.entries(value)) {
    if (Object.keys(out).length >= 20) break;
    const name = `${prefix}${key}`;
    if (item === null || ['string', 'number', 'boolean'].includes(typeof item))
      out[name] = item as string | number | boolean | null;
    else if (typeof item === 'object' && !Array.isArray(item)) scalarsOf(item, `${name}.`, out);
  }
  return out;
}
const dayOf = (value: string | null | undefined) =>
  value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;

/** Whole nights between two calendar dates (0 when either cannot be read). */
function nightsBetween(checkIn: string, checkOut: string): number {
  const a = Date.parse(`${checkIn.slice(0, 10)}T00:00:00Z`);
  const b = Date.parse(`${checkOut.slice(0, 10)}T00:00:00Z`);
  return Number.isFinite(a) && Number.isFinite(b) && b > a ? Math.round((b - a) / 86_400_000) : 0;
}

/**
 * The text in a value of any shape (its string leaves, at most 200): what the desk searches when the service's
 * passengers, guests or customer are in a shape the console does not know.
 */
function textIn(value: unknown, out: string[] = []): string[] {
  if (out.length >= 200) return out;
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) textIn(item, out);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) textIn(item, out);
  return out;
}

/**
 * The people of a booking: those already known first (the names the console sent), then any the answer adds, each
 * once whatever its case or spacing.
 */
export function mergePeople(known: readonly string[], more: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const person of [...known, ...more]) {
    const text = person.replace(/\s+/g, ' ').trim();
    const key = text.toLowerCase();
    if (!text || seen.has(key)) continue;
    seen.add(key);
    out.push(text);
  }
  return out;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What the ledger keeps of a flight order: the route, dates and passengers (when readable); the deadline while held. */
export function flightFacts(order: FlightOrder): Facts {
  const segments = readKnownItems(OrderSegmentSchema, order.segments).known;
  const passengers = readKnownItems(OrderPassengerSchema, order.passengers).known;
  const byslice = new Map<number, typeof segments>();
  for (const s of segments) byslice.set(s.slice_index, [...(byslice.get(s.slice_index) ?? []), s]);
  const route = [...byslice.values()]
    .map((legs) => `${legs[0]?.origin}→${legs.at(-1)?.destination}`)
    .join(', ');
  const people = passengers.map((p) => `${p.given_name} ${p.family_name}`);
  const email = readKnown(ReadContactSchema, order.contact)?.email;
  const date = wallClockOf(segments[0]?.departing_at)?.date;
  return {
    id: order.id,
    product: 'flight',
    status: order.status,
    total: order.total,
    deadline: order.status === 'held' ? isoInstantOf(order.ticketing_deadline) : null,
    summary: [
      route || null,
      date ?? null,
      order.validating_airline,
      plural(order.passengers.length, 'passenger'),
    ]
      .filter(Boolean)
      .join(' · '),
    people: [...people, ...(email ? [email] : [])],
    clientReference: order.client_reference ?? null,
    reference: order.booking_reference ?? null,
    extraSearch: [
      order.booking_reference ?? '',
      ...passengers.map((p) => p.ticket_number ?? ''),
      ...textIn([order.passengers, order.contact]),
    ],
    pricing: { passengers: order.passengers.length, cabin: segments[0]?.cabin_class ?? null },
    watched: {
      status: order.status,
      total: order.total.amount,
      segments: order.segments.map((raw) => {
        const read = LooseSegmentSchema.safeParse(raw);
        const seg = read.success ? read.data : null;
        const known = {
          flight_number: seg?.flight_number ?? null,
          origin: seg?.origin ?? null,
          destination: seg?.destination ?? null,
          departing_at: seg?.departing_at ?? null,
          arriving_at: seg?.arriving_at ?? null,
        };
        // A shape of its own: its values by their own names (the watch compares them, an agent reads them).
        return Object.values(known).every((v) => v === null)
          ? { ...known, as_written: scalarsOf(raw) }
          : known;
      }),
    },
    travelOn: date ?? dayOf(LooseSegmentSchema.safeParse(order.segments[0]).data?.departing_at),
  };
}

export function hotelFacts(order: HotelOrder): Facts {
  const rooms = readKnownItems(HotelOrderRoomSchema, order.rooms).known;
  const people = rooms.flatMap((r) => r.guests.map((g) => `${g.given_name} ${g.family_name}`));
  const email = readKnown(ReadContactSchema, order.contact)?.email;
  return {
    id: order.id,
    product: 'hotel',
    status: order.status,
    total: order.total,
    deadline: order.status === 'held' ? isoInstantOf(order.payment_deadline) : null,
    summary: `${order.hotel.name} · ${order.check_in} to ${order.check_out} · ${plural(order.rooms.length, 'room')}`,
    people: [...people, ...(email ? [email] : [])],
    clientReference: order.client_reference ?? null,
    reference: order.confirmation_number ?? order.voucher_number ?? null,
    extraSearch: [
      order.confirmation_number ?? '',
      order.voucher_number ?? '',
      ...textIn([order.rooms, order.contact]),
    ],
    pricing: {
      nights: nightsBetween(order.check_in, order.check_out),
      ...hotelFeeScope(order.hotel),
    },
    watched: {
      status: order.status,
      total: order.total.amount,
      check_in: order.check_in,
      check_out: order.check_out,
    },
    travelOn: dayOf(order.check_in),
  };
}

export function activityFacts(booking: ActivityBooking): Facts {
  const customer = readKnown(CustomerSchema, booking.customer);
  return {
    id: booking.id,
    product: 'activity',
    status: booking.status,
    total: booking.total,
    deadline: booking.status === 'held' ? isoInstantOf(booking.hold_expires_at) : null,
    summary: `${booking.title} · ${booking.date}${booking.timeslot ? ` ${booking.timeslot}` : ''}`,
    // A customer of another shape (not shown in the document) is shown by the text it holds: its name and email.
    people: customer
      ? [`${customer.given_name} ${customer.family_name}`, customer.email]
      : textIn(booking.customer),
    clientReference: booking.client_reference ?? null,
    reference: booking.code ?? null,
    extraSearch: [booking.code ?? '', ...textIn(booking.customer)],
    pricing: { activity: booking.product_id ?? null },
    watched: {
      status: booking.status,
      total: booking.total.amount,
      date: booking.date,
      timeslot: booking.timeslot ?? null,
    },
    travelOn: dayOf(booking.date),
  };
}

/** How the ledger reads one product's answers: the product, and its facts from an answer read in full. */
export interface LedgerReader<T> {
  product: Product;
  facts: (value: T) => Facts;
}
export const FLIGHT_LEDGER: LedgerReader<FlightOrder> = { product: 'flight', facts: flightFacts };
export const HOTEL_LEDGER: LedgerReader<HotelOrder> = { product: 'hotel', facts: hotelFacts };
export const ACTIVITY_LEDGER: LedgerReader<ActivityBooking> = { product: 'activity', facts: activityFacts };

/**
 * What can be read of a 2xx answer whose body did not match the contract: the service made or changed the booking,
 * so the ledger keeps what it can (decision 013). Null when the answer does not even carry an id.
 */
const LooseFactsSchema = z.object({
  id: OpaqueIdSchema,
  status: z.string().catch('unreadable'),
  total: MoneySchema.optional().catch(undefined),
  ticketing_deadline: z.string().optional().catch(undefined),
  payment_deadline: z.string().optional().catch(undefined),
  hold_expires_at: z.string().nullish().catch(undefined),
  client_reference: z.string().nullish().catch(undefined),
});
export function looseFacts(product: Product, raw: unknown, knownId?: string): Facts | null {
  const read = LooseFactsSchema.safeParse(
    raw && typeof raw === 'object' && knownId ? { id: knownId, ...raw } : raw,
  );
  if (!read.success) return null;
  const r = read.data;
  const deadline = r.ticketing_deadline ?? r.payment_deadline ?? r.hold_expires_at ?? null;
  return {
    id: r.id,
    product,
    status: r.status,
    total: r.total ?? { amount: '0.00', currency: 'USD' },
    deadline: r.status === 'held' ? isoInstantOf(deadline) : null,
    summary: `${product} ${r.id} · the service's answer could not be read in full${r.total ? '' : ' (total unknown)'}`,
    people: [],
    clientReference: r.client_reference ?? null,
    extraSearch: [],
    partial: true,
  };
}
