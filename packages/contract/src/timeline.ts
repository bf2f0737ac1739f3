import { z } from 'zod';
import { PageQueryShape } from './pages.ts';

/**
 * Every booking's timeline (decision 052): each event on a booking with who or what caused it, in time order (oldest
 * first, a story read down the page). A page is the latest events unless a cursor says where: `earlier_cursor` asks
 * for the events before the page, `later_cursor` for those after it.
 */

/** The kinds the console writes today; a reader takes any other as written (a newer console's event). */
export const BOOKING_EVENT_KINDS = [
  'made',
  'console_move',
  'service_move',
  'change_found',
  'change_assigned',
  'change_snoozed',
  'change_woke',
  'change_handled',
  'change_action',
  'mail_sent',
  'fee_changed',
  'trip_joined',
  'trip_left',
  'note_sent',
  'replaces',
  'replaced_by',
  'remark',
] as const;

/** Who or what caused an event: an agent's press, the service by itself, the console by itself (the watch, a job). */
export const TimelineAuthorSchema = z.object({
  kind: z.enum(['agent', 'service', 'console']).catch('console'),
  /** The agent's e-mail, for an agent's event. */
  email: z.string().nullable().catch(null),
  /** In the agent's words: the agent's e-mail, "the service" or "the console". */
  label: z.string(),
});
export type TimelineAuthor = z.infer<typeof TimelineAuthorSchema>;

export const TimelineEventSchema = z.object({
  id: z.string(),
  /** When it happened (ISO 8601, UTC; the service's clock, as deadlines are). */
  at: z.string(),
  kind: z.string(),
  author: TimelineAuthorSchema,
  /** In the agent's words, complete on its own. */
  summary: z.string(),
  /** An internal remark: seen only in the console, never on a client's document, never sent to the service. */
  internal: z.boolean().catch(false),
  /** The event's facts (amounts, ids, a note). */
  data: z.record(z.string(), z.unknown()).nullable().catch(null),
});
export type TimelineEvent = z.infer<typeof TimelineEventSchema>;

export const TimelineQuerySchema = z
  .object({
    /** A page's `earlier_cursor` or `later_cursor`; absent for the latest events. */
    ...PageQueryShape,
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();
export type TimelineQuery = z.infer<typeof TimelineQuerySchema>;

/** A page of a booking's timeline, oldest first, with the cursors to the events before and after it. */
export const TimelinePageSchema = z.object({
  data: z.array(TimelineEventSchema),
  /** Asks (as `after`) for the events before this page; null at the booking's first event. */
  earlier_cursor: z.string().nullable(),
  /** Asks (as `after`) for the events after this page; null when this page holds the latest. */
  later_cursor: z.string().nullable(),
});
export type TimelinePage = z.infer<typeof TimelinePageSchema>;

/** The longest remark an agent may write. */
export const REMARK_MAX = 2000;

/** An agent's internal remark on a booking: kept in the console, never printed for the client nor sent to the service. */
export const RemarkRequestSchema = z
  .object({
    text: z
      .string({ error: 'is required' })
      .trim()
      .min(1, { error: 'is empty: write the remark' })
      .max(REMARK_MAX, { error: `is at most ${REMARK_MAX} characters` }),
  })
  .strict();
export type RemarkRequest = z.input<typeof RemarkRequestSchema>;
