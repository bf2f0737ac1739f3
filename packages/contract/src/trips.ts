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

/** One booking of a trip as read from the service now, with what the timeline needs. */
export const TripPartSchema = z.object({
  booking_id: z.string(),
  product: z.enum(TRIP_PART_PRODUCTS),
  status: z.string(),
  reference: z.string().nullable(),
  title: z.string(),
  total: MoneySchema,
  /** The running clock (ticketing, payment, hold), null when none runs. */
  deadline: z.string().nullable(),
  /** Wall-clock start and end as the service gave them (a local time, or a date); null when not readable. */
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  travellers: z.array(z.string()),
  /** How many travel: names may be unknown (an activity gives counts). */
  traveller_count: z.number().int().nullable(),
  /** Lines for the timeline: each flight leg, the stay, the activity's slot. */
  lines: z.array(z.object({ at: z.string().nullable(), text: z.string() })),
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
