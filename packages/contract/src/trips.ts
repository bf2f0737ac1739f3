import { z } from 'zod';
import { MoneySchema } from './money.ts';
import { optionalText } from './notes.ts';
import { PageQueryShape, pageSchema } from './pages.ts';
import { DateSchema, DateTimeSchema } from './primitives.ts';

/** Trip files, kept by the console (decision 019): a client's bookings across products under one reference. */

const TripNameSchema = z.string().trim().min(1, { error: 'is required' }).max(100);
const TripTravellersSchema = z.array(z.string().trim().min(1).max(120)).max(9);

export const TripInputSchema = z.strictObject({
  name: TripNameSchema,
  /** Sent to the service as each part's `client_reference`; made up (TRIP-XXXXXX) when not given. */
  reference: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ._/-]{0,39}$/, { error: 'letters, digits and . _ / - (at most 40)' })
    .optional(),
  travellers: TripTravellersSchema.default([]),
  starts_on: DateSchema.nullish(),
  ends_on: DateSchema.nullish(),
  /** Made from a booking's page: that booking is the trip's first part. */
  booking_id: z.string().trim().min(1).max(200).optional(),
  notes: optionalText(1000),
});
export type TripInput = z.input<typeof TripInputSchema>;

/** A change to a trip: only what is given changes (no defaults here: a missing list is not an empty one). */
export const TripUpdateSchema = z.strictObject({
  name: TripNameSchema.optional(),
  travellers: TripTravellersSchema.optional(),
  starts_on: DateSchema.nullish(),
  ends_on: DateSchema.nullish(),
  notes: optionalText(1000),
});
export type TripUpdate = z.input<typeof TripUpdateSchema>;

export const TripSchema = z.object({
  id: z.string(),
  name: z.string(),
  reference: z.string(),
  travellers: z.array(z.string()),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  notes: z.string().nullable(),
  agent: z.object({ id: z.string(), email: z.string() }),
  parts: z.number().int(),
  created_at: DateTimeSchema,
  updated_at: DateTimeSchema,
});
export type Trip = z.infer<typeof TripSchema>;
export const TripListSchema = pageSchema(TripSchema);
export const TripsQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  /** The trips this booking is part of. */
  booking: z.string().trim().min(1).max(200).optional(),
  ...PageQueryShape,
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const TRIP_PART_PRODUCTS = ['flight', 'hotel', 'activity'] as const;

export const TIMELINE_KINDS = ['flight', 'check_in', 'check_out', 'activity'] as const;

/** One line of a trip's timeline: when (a local `YYYY-MM-DD HH:MM`, a date alone, or null), what, and of what kind. */
export const TimelineLineSchema = z.object({
  at: z.string().nullable(),
  text: z.string(),
  kind: z.enum(TIMELINE_KINDS).optional(),
  /** A flight leg's local landing time, by which a check-in that day follows it. */
  lands_at: z.string().nullable().optional(),
});
export type TimelineLine = z.infer<typeof TimelineLineSchema>;

/** One booking of a trip as read from the service now, with what the timeline needs. */
export const TripPartSchema = z.object({
  booking_id: z.string(),
  product: z.enum(TRIP_PART_PRODUCTS),
  status: z.string(),
  reference: z.string().nullable(),
  title: z.string(),
  total: MoneySchema,
  /** What the client pays and the office's fee, as the ledger kept them (decision 032); null before fees were kept. */
  client_total: MoneySchema.nullish(),
  fee: MoneySchema.nullish(),
  /** The running clock (ticketing, payment, hold), null when none runs. */
  deadline: z.string().nullable(),
  /** Wall-clock start and end as the service gave them (a local time, or a date); null when not readable. */
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  travellers: z.array(z.string()),
  /** How many travel: names may be unknown (an activity gives counts). */
  traveller_count: z.number().int().nullable(),
  /** Lines for the timeline: each flight leg, the stay, the activity's slot. */
  lines: z.array(TimelineLineSchema),
  /** False when the service could not be asked (the part is shown from the ledger). */
  read: z.boolean(),
});
export type TripPart = z.infer<typeof TripPartSchema>;

export const TRIP_CONFLICT_RULES = [
  'check_in_after_arrival',
  'check_in_before_arrival',
  'check_out_after_departure',
  'check_out_before_departure',
  'activity_before_arrival',
  'activity_after_departure',
  'activity_outside_stay',
  'stay_without_flight',
  'hold_lapses_first',
  'travellers_differ',
] as const;

export const TripConflictSchema = z.object({
  rule: z.enum(TRIP_CONFLICT_RULES),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
  booking_ids: z.array(z.string()),
});
export type TripConflict = z.infer<typeof TripConflictSchema>;

export const TripDetailSchema = TripSchema.extend({
  parts: z.array(TripPartSchema),
  part_count: z.number().int(),
  conflicts: z.array(TripConflictSchema),
});
export type TripDetail = z.infer<typeof TripDetailSchema>;

export const AttachBookingSchema = z.strictObject({ booking_id: z.string().trim().min(1).max(200) });

// ---------- the order a client lives a trip in ----------

const LOCAL = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2}))?/;
const minutesOf = (hours: string, minutes: string) => Number(hours) * 60 + Number(minutes);
/** The customary hours of a stay, for a check-in or check-out the service gives as a date alone. */
const CHECK_IN_HOUR = 15 * 60;
const CHECK_OUT_HOUR = 11 * 60;
/** An activity with no start time: any time that day, placed at noon. */
const ANY_TIME = 12 * 60;

/**
 * A trip's lines in the order the client lives them (decision 027). Lines with a time sort by it (local wall clock, as
 * the service gives it). A date alone is placed by what it is: a check-in after every flight that lands that day (or
 * at 15:00 when none does), a check-out before every flight that leaves that day (or at 11:00), an activity with no
 * start time at noon. Lines with no readable date come last, in the order given. Sorting the text instead put a
 * date alone before any time that day: the hotel before the flight that gets there.
 */
export function inLivedOrder<L extends TimelineLine>(lines: readonly L[]): L[] {
  const landings = new Map<string, number>();
  const departures = new Map<string, number>();
  for (const line of lines) {
    if (line.kind !== 'flight') continue;
    const leaves = LOCAL.exec(line.at ?? '');
    if (leaves?.[1] && leaves[2] && leaves[3]) {
      const at = minutesOf(leaves[2], leaves[3]);
      departures.set(leaves[1], Math.min(departures.get(leaves[1]) ?? at, at));
    }
    const lands = LOCAL.exec(line.lands_at ?? '');
    if (lands?.[1] && lands[2] && lands[3]) {
      const at = minutesOf(lands[2], lands[3]);
      landings.set(lands[1], Math.max(landings.get(lands[1]) ?? at, at));
    }
  }
  const keyOf = (line: L): [string, number] | null => {
    const match = LOCAL.exec(line.at ?? '');
    if (!match?.[1]) return null;
    const date = match[1];
    if (match[2] && match[3]) return [date, minutesOf(match[2], match[3])];
    if (line.kind === 'check_in') {
      const landed = landings.get(date);
      return [date, landed === undefined ? CHECK_IN_HOUR : landed + 0.5];
    }
    if (line.kind === 'check_out') {
      const leaves = departures.get(date);
      return [date, leaves === undefined ? CHECK_OUT_HOUR : leaves - 0.5];
    }
    return [date, ANY_TIME];
  };
  return lines
    .map((line, index) => ({ line, index, key: keyOf(line) }))
    .sort((a, b) => {
      if (!a.key || !b.key) return a.key ? -1 : b.key ? 1 : a.index - b.index;
      return a.key[0].localeCompare(b.key[0]) || a.key[1] - b.key[1] || a.index - b.index;
    })
    .map(({ line }) => line);
}
