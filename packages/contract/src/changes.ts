import { z } from 'zod';
import { ChangeActionSchema, ChangeOutcomeSchema } from './change-actions.ts';
import { ProductSchema } from './console.ts';
import { PageQueryShape, pageSchema } from './pages.ts';
import { DateTimeSchema } from './primitives.ts';

/**
 * What changed on a booking by itself, as the console's watch saw it (decision 037): the service pushes nothing, so
 * the console reads every live booking again and records, once, what an agent must act on. Routine moves the console
 * expects (ticketing → ticketed, confirming → confirmed, confirmed → issued) are no change to work.
 */
export const CHANGE_KINDS = [
  /** Any segment's times, flight number or route moved, or segments added or removed. */
  'schedule_change',
  /** A hotel's stay dates, or an activity's date or timeslot, moved. */
  'date_change',
  /** Cancelled on the service by someone other than the console (the supplier, the airline, the office's other tools). */
  'cancelled',
  /** Refunded on the service by someone other than the console. */
  'refunded',
  /** A hold that lapsed unpaid: its deadline passed. */
  'hold_lapsed',
  /** The service no longer knows the booking (404). */
  'unknown_to_service',
  /** The booking's total changed. */
  'total_changed',
] as const;
export const ChangeKindSchema = z.enum(CHANGE_KINDS);
export type ChangeKind = z.infer<typeof ChangeKindSchema>;

/** A flight segment as a schedule change shows it: the times as the service wrote them. */
export const WatchedSegmentSchema = z.object({
  flight_number: z.string().nullable(),
  origin: z.string().nullable(),
  destination: z.string().nullable(),
  departing_at: z.string().nullable(),
  arriving_at: z.string().nullable(),
  /**
   * A segment in a shape the console does not know (its inner fields are not shown in the document): its values as the
   * service wrote them, by their own names, so a change is still seen and shown.
   */
  as_written: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
});
export type WatchedSegment = z.infer<typeof WatchedSegmentSchema>;

/** What a change was and is: the values the watch compares (the segments, the dates, the status, the total). */
export const ChangeValueSchema = z.looseObject({
  status: z.string().optional(),
  total: z.string().optional(),
  segments: z.array(WatchedSegmentSchema).optional(),
  check_in: z.string().nullable().optional(),
  check_out: z.string().nullable().optional(),
  date: z.string().nullable().optional(),
  timeslot: z.string().nullable().optional(),
  deadline: z.string().nullable().optional(),
});
export type ChangeValue = z.infer<typeof ChangeValueSchema>;

export const BookingChangeSchema = z.object({
  id: z.string(),
  booking_id: z.string(),
  product: ProductSchema,
  kind: ChangeKindSchema,
  /** The change in an agent's words. */
  summary: z.string(),
  before: ChangeValueSchema,
  after: ChangeValueSchema,
  detected_at: DateTimeSchema,
  /** The booking's agent (who the change is for). */
  agent: z.object({ id: z.string(), email: z.string() }),
  /** The first day of travel (the flight's first departure, the check-in, the activity's day), when known. */
  travel_on: z.string().nullable(),
  /** What the desk shows of the booking: its reference and summary. */
  reference: z.string().nullable(),
  booking_summary: z.string(),
  handled_at: DateTimeSchema.nullable(),
  handled_by: z.string().nullable(),
  note: z.string().nullable(),
  /** Where it stands in the team's queue (decision 053): open, snoozed until `snoozed_until`, or handled. */
  state: z.enum(['open', 'snoozed', 'handled']),
  /** Whose it is: the booking's agent by default, their cover while away, a colleague it was assigned to; null: nobody's. */
  assignee: z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable(),
  /** While snoozed: when it comes back (the service's clock). */
  snoozed_until: DateTimeSchema.nullable(),
  /** The actions that fit the change now, in the order they are offered (decision 054). */
  actions: z.array(ChangeActionSchema).default([]),
  /** What the action taken did, with the amounts the service answered; null while none was taken. */
  outcome: ChangeOutcomeSchema.nullish(),
});
export type BookingChange = z.infer<typeof BookingChangeSchema>;

export const ChangesQuerySchema = z
  .object({
    state: z.enum(['open', 'snoozed', 'handled']).default('open'),
    /**
     * Whose (decision 053): `me`, `none` (unassigned), or a person's id; every change in reach when not given.
     */
    assignee: z.string().trim().min(1).max(200).optional(),
    product: ProductSchema.optional(),
    /** One booking's changes (its page). */
    booking: z.string().trim().min(1).max(200).optional(),
    ...PageQueryShape,
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
export type ChangesQuery = z.infer<typeof ChangesQuerySchema>;
export const ChangeListSchema = pageSchema(BookingChangeSchema);
export type ChangeList = z.infer<typeof ChangeListSchema>;

/** How many changes wait for this person (their bookings', or the office's when they see it): the top bar's count. */
export const ChangeCountSchema = z.object({
  open: z.number().int(),
  /** The count stops here (beyond it the top bar says "99+"). */
  at_least: z.boolean(),
  /** Open and assigned to this person; open and nobody's, in their reach (decision 053). Each counted up to 99. */
  mine: z.object({ open: z.number().int(), at_least: z.boolean() }),
  unassigned: z.object({ open: z.number().int(), at_least: z.boolean() }),
});
export type ChangeCount = z.infer<typeof ChangeCountSchema>;

export const HandleChangeRequestSchema = z
  .object({ note: z.string().trim().max(1000, { error: 'is at most 1000 characters' }).default('') })
  .strict();
export type HandleChangeRequest = z.input<typeof HandleChangeRequestSchema>;

/** How a person hears of the changes of their bookings by e-mail (decision 037); the console's list is always there. */
export const CHANGE_EMAIL_CHOICES = ['immediate', 'daily', 'none'] as const;
export const ChangeEmailSchema = z.enum(CHANGE_EMAIL_CHOICES);
export type ChangeEmail = z.infer<typeof ChangeEmailSchema>;
export const NotificationSettingsSchema = z.object({ change_email: ChangeEmailSchema });
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;
