import { z } from 'zod';
import { BookingChangeSchema } from './changes.ts';
import { PageQueryShape, pageSchema } from './pages.ts';
import { DateTimeSchema } from './primitives.ts';

/**
 * A team's queue of changes (decision 053): a change belongs to a person, can be assigned to a colleague with a note,
 * snoozed until an instant on the service's clock, or handled, one at a time or several at once; a person away names
 * the colleague who covers for them.
 */

const NoteSchema = z.string().trim().max(1000, { error: 'is at most 1000 characters' });
const PersonIdSchema = z.string().trim().min(1, { error: 'names no one: choose a colleague' }).max(200);

export const AssignChangeRequestSchema = z
  .object({ user_id: PersonIdSchema, note: NoteSchema.default('') })
  .strict();
export type AssignChangeRequest = z.input<typeof AssignChangeRequestSchema>;

export const SnoozeChangeRequestSchema = z
  .object({
    /** When it comes back, an instant on the service's clock (with its offset: 2026-12-01T09:00:00Z). */
    until: DateTimeSchema,
    note: NoteSchema.default(''),
  })
  .strict();
export type SnoozeChangeRequest = z.input<typeof SnoozeChangeRequestSchema>;

/** Several changes assigned or handled at once, with one note (each change's outcome said apart). */
export const BulkChangesRequestSchema = z
  .object({
    ids: z
      .array(z.string().trim().min(1).max(200))
      .min(1, { error: 'names no change: select at least one' })
      .max(200, { error: 'names more than 200 changes: select at most a page' }),
    action: z.enum(['assign', 'handle']),
    /** For `assign`: to whom. */
    user_id: PersonIdSchema.optional(),
    note: NoteSchema.default(''),
  })
  .strict()
  .refine((body) => body.action !== 'assign' || body.user_id !== undefined, {
    path: ['user_id'],
    error: 'is required to assign: choose a colleague',
  });
export type BulkChangesRequest = z.input<typeof BulkChangesRequestSchema>;

export const BulkChangeResultSchema = z.object({
  id: z.string(),
  /** `done`, or `refused` with the reason (another agent's change, one handled already): the others go on. */
  outcome: z.enum(['done', 'refused']),
  change: BookingChangeSchema.nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export const BulkChangesResultSchema = z.object({
  done: z.number().int(),
  refused: z.number().int(),
  results: z.array(BulkChangeResultSchema),
});
export type BulkChangesResult = z.infer<typeof BulkChangesResultSchema>;

/** A person as the queue names them. */
export const ColleagueSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type Colleague = z.infer<typeof ColleagueSchema>;

/** Everyone's open work, a person a line (people by name; the first page starts with the unassigned). */
export const QueuePeopleQuerySchema = z
  .object({ ...PageQueryShape, limit: z.coerce.number().int().min(1).max(200).default(50) })
  .strict();
export const QueuePersonSchema = z.object({
  /** Null: the unassigned changes. */
  person: ColleagueSchema.extend({ disabled: z.boolean() }).nullable(),
  open: z.number().int(),
  /** The change waiting longest (found first), or null when none is open. */
  oldest: z
    .object({
      id: z.string(),
      booking_id: z.string(),
      summary: z.string(),
      detected_at: DateTimeSchema,
    })
    .nullable(),
});
export type QueuePerson = z.infer<typeof QueuePersonSchema>;
export const QueuePeopleSchema = pageSchema(QueuePersonSchema);

/** Active colleagues, by name: whom a change can be assigned to, who can cover. */
export const ColleaguesQuerySchema = z
  .object({
    /** Part of a name or e-mail. */
    q: z.string().trim().max(100).optional(),
    ...PageQueryShape,
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
export const ColleagueListSchema = pageSchema(ColleagueSchema);

/** Away until an instant, covered by a colleague: new changes and hold reminders go to the cover meanwhile. */
export const AwayRequestSchema = z.object({ until: DateTimeSchema, cover_user_id: PersonIdSchema }).strict();
export type AwayRequest = z.input<typeof AwayRequestSchema>;
export const AwaySchema = z.object({
  away: z.object({ until: DateTimeSchema, cover: ColleagueSchema }).nullable(),
});
export type Away = z.infer<typeof AwaySchema>;
