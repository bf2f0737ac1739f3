import { z } from 'zod';

/** An optional form field: the empty string (left blank) or a value the schema accepts. Blank ones are dropped. */
export const optional = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]);
