import { z } from 'zod';
import { DateTimeSchema } from './primitives.ts';

/**
 * One's own account (decision 028): a new password, one's sessions. A module of its own so the schemas are in the
 * account page's chunk only (zod schemas are built when their module loads, so every screen would carry them).
 */

/**
 * A new password a person chooses (decision 028): at least 12 characters, at most 200; the console also refuses one
 * that is well known or easily guessed (checked on the server, with the reason).
 */
export const NewPasswordSchema = z
  .string()
  .min(12, { error: 'must be at least 12 characters' })
  .max(200, { error: 'must be at most 200 characters' });

export const ChangePasswordRequestSchema = z
  .object({
    current_password: z.string().min(1, { error: 'is required' }).max(200),
    new_password: NewPasswordSchema,
  })
  .strict();
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequestSchema>;

/** One of a person's own sign-in sessions, as they see it. */
export const OwnSessionSchema = z.object({
  id: z.string(),
  created_at: DateTimeSchema,
  last_seen_at: DateTimeSchema,
  address: z.string().nullable(),
  /** The browser's User-Agent as it signed in. */
  browser: z.string().nullable(),
  /** The session of the browser asking. */
  current: z.boolean(),
});
export type OwnSession = z.infer<typeof OwnSessionSchema>;
export const OwnSessionListSchema = z.object({ data: z.array(OwnSessionSchema) });
