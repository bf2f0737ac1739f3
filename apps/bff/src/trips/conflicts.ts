import type { TripConflict, TripPart } from '@console/contract';

/** A trip's part with the dates the rules compare: a flight's arrival and its departure home, when it has one. */
export interface PartForRules extends TripPart {
  /** A flight: the date its first slice lands (where the stay starts). */
  arrival_on?: string | null;
  /** A flight with more than one slice: the date its last slice leaves (the flight home). */
  departure_on?: string | null;
}

/** Holds whose deadlines are this close lapse together (decision 019). */
const TOGETHER_MS = 15 * 60_000;

/** States in which a part no longer holds a seat, room or place (any other string counts as still booked). */
const ENDED = new Set([
  'cancelled',
  'canceled',
  'refunded',
  'expired',
  'missing',
  'failed',
  'voided',
  'void',
]);
export const isActive = (part: Pick<TripPart, 'status'>) => !ENDED.has(part.status.toLowerCase());
const isUnconfirmed = (part: Pick<TripPart, 'status'>) => part.status.toLowerCase() === 'held';

const dateOf = (value: string | null | undefined) =>
  value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;

/** Whole days from a to b (calendar dates). */
function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}
const nights = (n: number) => `${n} night${n === 1 ? '' : 's'}`;
const nameKey = (name: string) =>
  name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
const LABEL = { flight: 'flight', hotel: 'hotel', activity: 'activity' } as const;
/** A part as the messages name it: its product and reference, or what it is (a hotel's name, an activity's title). */
const named = (part: TripPart) =>
  `the ${LABEL[part.product]} ${part.reference ?? part.title.split(' · ')[0]}`;

/**
 * The conflicts across a trip's parts (docs/decisions/019). Each rule compares dates and people the service gave;
 * a part whose dates could not be read takes part in no date rule (it is never guessed).
 */
export function tripConflicts(parts: readonly PartForRules[]): TripConflict[] {
  const conflicts: TripConflict[] = [];
  const active = parts.filter(isActive);
  const flights = active
    .filter((p) => p.product === 'flight' && dateOf(p.starts_at))
    .sort((a, b) => String(a.starts_at).localeCompare(String(b.starts_at)));
  const hotels = active
    .filter((p) => p.product === 'hotel' && dateOf(p.starts_at) && dateOf(p.ends_at))
    .sort((a, b) => String(a.starts_at).localeCompare(String(b.starts_at)));
  const activities = active.filter((p) => p.product === 'activity' && dateOf(p.starts_at));

  const outbound = flights[0];
  const arrival = outbound ? (dateOf(outbound.arrival_on) ?? dateOf(outbound.ends_at)) : null;
  // The flight home: the outbound's last slice, or the next flight of the trip.
  const homeFlight = outbound && dateOf(outbound.departure_on) ? outbound : flights[1];
  const departure = homeFlight
    ? homeFlight === outbound
      ? dateOf(outbound.departure_on)
      : dateOf(homeFlight.starts_at)
    : null;

  // A stay with no flight left: every flight of the trip has been cancelled (or refunded, or is gone).
  const endedFlights = parts.filter((p) => p.product === 'flight' && !isActive(p));
  if (flights.length === 0 && endedFlights.length > 0)
    for (const hotel of hotels)
      conflicts.push({
        rule: 'stay_without_flight',
        severity: 'error',
        message: `${named(endedFlights[0] as TripPart)} is ${endedFlights[0]?.status}, but ${named(hotel)} still holds ${nights(daysBetween(dateOf(hotel.starts_at) as string, dateOf(hotel.ends_at) as string))} from ${dateOf(hotel.starts_at)}.`,
        booking_ids: [hotel.booking_id, ...endedFlights.map((f) => f.booking_id)],
      });

  const firstHotel = hotels[0];
  if (outbound && arrival && firstHotel) {
    const checkIn = dateOf(firstHotel.starts_at) as string;
    const gap = daysBetween(arrival, checkIn);
    if (gap < 0)
      conflicts.push({
        rule: 'check_in_before_arrival',
        severity: 'error',
        message: `${named(firstHotel)} starts on ${checkIn}, but ${named(outbound)} arrives on ${arrival}: ${nights(-gap)} paid and not used.`,
        booking_ids: [firstHotel.booking_id, outbound.booking_id],
      });
    else if (gap > 0)
      conflicts.push({
        rule: 'check_in_after_arrival',
        severity: 'warning',
        message: `${named(outbound)} arrives on ${arrival}, but ${named(firstHotel)} starts on ${checkIn}: no room for ${nights(gap)}.`,
        booking_ids: [firstHotel.booking_id, outbound.booking_id],
      });
  }
  const lastHotel = hotels.at(-1);
  if (homeFlight && departure && lastHotel) {
    const checkOut = dateOf(lastHotel.ends_at) as string;
    const gap = daysBetween(departure, checkOut);
    if (gap > 0)
      conflicts.push({
        rule: 'check_out_after_departure',
        severity: 'error',
        message: `${named(lastHotel)} ends on ${checkOut}, but the flight home leaves on ${departure}: ${nights(gap)} paid and not used.`,
        booking_ids: [lastHotel.booking_id, homeFlight.booking_id],
      });
    else if (gap < 0)
      conflicts.push({
        rule: 'check_out_before_departure',
        severity: 'warning',
        message: `${named(lastHotel)} ends on ${checkOut}, but the flight home leaves on ${departure}: no room for ${nights(-gap)}.`,
        booking_ids: [lastHotel.booking_id, homeFlight.booking_id],
      });
  }

  for (const activity of activities) {
    const on = dateOf(activity.starts_at) as string;
    if (outbound && arrival && on < arrival)
      conflicts.push({
        rule: 'activity_before_arrival',
        severity: 'error',
        message: `${named(activity)} is on ${on}, before ${named(outbound)} arrives (${arrival}).`,
        booking_ids: [activity.booking_id, outbound.booking_id],
      });
    else if (homeFlight && departure && on > departure)
      conflicts.push({
        rule: 'activity_after_departure',
        severity: 'error',
        message: `${named(activity)} is on ${on}, after the flight home leaves (${departure}).`,
        booking_ids: [activity.booking_id, homeFlight.booking_id],
      });
    else if (firstHotel && lastHotel) {
      const from = dateOf(firstHotel.starts_at) as string;
      const to = dateOf(lastHotel.ends_at) as string;
      if (on < from || on > to)
        conflicts.push({
          rule: 'activity_outside_stay',
          severity: 'warning',
          message: `${named(activity)} is on ${on}, outside the stay (${from} to ${to}).`,
          booking_ids: [activity.booking_id, ...hotels.map((h) => h.booking_id)],
        });
    }
  }

  // A hold that lapses while another part of the trip is still unconfirmed: the trip could lose one part and keep the rest.
  const held = active
    .filter((p) => isUnconfirmed(p) && p.deadline)
    .sort((a, b) => String(a.deadline).localeCompare(String(b.deadline)));
  const first = held[0];
  if (first && held.length > 1) {
    // Holds lapsing within minutes of each other lapse together: the agent confirms them in one go.
    const lapses = Date.parse(String(first.deadline));
    const others = held.slice(1).filter((p) => Date.parse(String(p.deadline)) - lapses > TOGETHER_MS);
    if (others.length > 0)
      conflicts.push({
        rule: 'hold_lapses_first',
        severity: 'warning',
        message: `${named(first)} lapses at ${first.deadline}, before ${others.map(named).join(' and ')} ${others.length === 1 ? 'is' : 'are'} confirmed: confirm the parts together, or this one first.`,
        booking_ids: [first.booking_id, ...others.map((p) => p.booking_id)],
      });
  }

  // The same people on every part that names them; a part giving only a count must have as many.
  const withNames = active.filter((p) => p.travellers.length > 0);
  const reference = withNames[0];
  if (reference) {
    const want = new Set(reference.travellers.map(nameKey));
    for (const part of withNames.slice(1)) {
      const have = new Set(part.travellers.map(nameKey));
      const missing = reference.travellers.filter((n) => !have.has(nameKey(n)));
      const extra = part.travellers.filter((n) => !want.has(nameKey(n)));
      if (missing.length > 0 || extra.length > 0)
        conflicts.push({
          rule: 'travellers_differ',
          severity: 'warning',
          message: `${named(part)} is for ${part.travellers.join(', ')}; ${named(reference)} is for ${reference.travellers.join(', ')}.`,
          booking_ids: [reference.booking_id, part.booking_id],
        });
    }
    for (const part of active.filter((p) => p.travellers.length === 0 && p.traveller_count !== null))
      if (part.traveller_count !== want.size)
        conflicts.push({
          rule: 'travellers_differ',
          severity: 'warning',
          message: `${named(part)} is for ${part.traveller_count} people; ${named(reference)} is for ${want.size}.`,
          booking_ids: [reference.booking_id, part.booking_id],
        });
  }
  return conflicts.map((c) => ({
    ...c,
    message: `${c.message.charAt(0).toUpperCase()}${c.message.slice(1)}`,
  }));
}
