import { z } from 'zod';

/**
 * Optional free text an agent writes (notes): trimmed, at most `max` characters, null when not given. A module of its
 * own so the schemas that use it do not bring each other (or the shell) along.
 */
export const optionalText = (max: number) => z.string().trim().max(max).nullish();
