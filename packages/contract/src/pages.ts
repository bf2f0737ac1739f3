import { z } from 'zod';

/**
 * The console's lists are pages of a history that only grows (decision 023), in the service's own style: the answer
 * carries `has_more` and `next_cursor`, and `after=<cursor>` asks for the next page. A cursor is opaque to the
 * browser: the BFF writes it and reads it back.
 */

/** What every list's query accepts beside its filters. */
export const PageQueryShape = {
  /** The `next_cursor` of the page before; absent for the first page. */
  after: z.string().trim().min(1).max(500).optional(),
};

/** How many rows matched, when the console counts them: exact up to `COUNT_CAP`, past that "at least". */
export const MatchedSchema = z.object({
  count: z.number().int().min(0),
  /** True when there are at least `count` (the console stops counting there). */
  at_least: z.boolean(),
});
export type Matched = z.infer<typeof MatchedSchema>;

/** The console stops counting a list's matches here (counting further costs a scan of the history). */
export const COUNT_CAP = 10_000;

/** A page of a list: its rows, whether more follow, and the cursor that asks for them. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    has_more: z.boolean(),
    next_cursor: z.string().nullable(),
    /** Counted on a list's first page where it is cheap (no free-text search); null otherwise. */
    matched: MatchedSchema.nullable().optional(),
  });
}

/** The words of a "matched" figure for an agent: "3 bookings", "10,000+ bookings". */
export function matchedWords(matched: Matched, one: string, many: string): string {
  const n = matched.count.toLocaleString('en-US');
  if (matched.at_least) return `${n}+ ${many}`;
  return `${n} ${matched.count === 1 ? one : many}`;
}
