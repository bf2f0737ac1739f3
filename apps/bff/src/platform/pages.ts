import { COUNT_CAP, type Matched } from '@console/contract';
import { z } from 'zod';
import { ConsoleError } from './errors.ts';

/**
 * Keyset cursors (decision 023). A cursor names the position of the last row a page showed, in the list's own order:
 * the values of its sort key. It is base64url JSON `{ o, k }` — `o` the order it belongs to, `k` the key — opaque to
 * the browser, valid while rows are added (a position, not an offset), and refused with a clear 400 when it belongs to
 * another list or order.
 */
export type Key = (string | number)[];

const CursorSchema = z.object({
  o: z.string().max(40),
  k: z
    .array(z.union([z.string().max(400), z.number()]))
    .min(1)
    .max(4),
});

export function encodeCursor(order: string, key: Key): string {
  return Buffer.from(JSON.stringify({ o: order, k: key }), 'utf8').toString('base64url');
}

const badCursor = (why: string) =>
  new ConsoleError('invalid_query', {
    param: 'after',
    message: `after: ${why}. Ask again from the first page.`,
  });

/** The key an `after` cursor names, checked against the order and key shape the list uses; undefined for none. */
export function decodeCursor<const S extends readonly ('string' | 'number')[]>(
  after: string | undefined,
  order: string,
  shape: S,
): { [I in keyof S]: S[I] extends 'string' ? string : number } | undefined {
  if (after === undefined) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
  } catch {
    throw badCursor('is not a cursor this console gave');
  }
  const read = CursorSchema.safeParse(raw);
  if (!read.success) throw badCursor('is not a cursor this console gave');
  if (read.data.o !== order) throw badCursor('belongs to another list or sort order');
  const key = read.data.k;
  if (key.length !== shape.length || key.some((part, i) => typeof part !== shape[i]))
    throw badCursor('belongs to another list or sort order');
  return key as { [I in keyof S]: S[I] extends 'string' ? string : number };
}

export interface Page<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
  matched?: Matched | null;
}

/**
 * A page from `limit + 1` rows read in the list's order: the extra row says whether more follow, and the last row
 * shown is where the next page starts.
 */
export function pageFrom<R, T>(
  rows: R[],
  limit: number,
  order: string,
  keyOf: (row: R) => Key,
  toItem: (row: R) => T,
): Page<T> {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  const hasMore = rows.length > limit && last !== undefined;
  return {
    data: shown.map(toItem),
    has_more: hasMore,
    next_cursor: hasMore ? encodeCursor(order, keyOf(last)) : null,
  };
}

/** A count of at most `COUNT_CAP + 1` rows, as the page says it. */
export const matchedOf = (count: number): Matched =>
  count > COUNT_CAP ? { count: COUNT_CAP, at_least: true } : { count, at_least: false };

/** A LIKE pattern that matches `word` anywhere, `%`, `_` and `\` taken literally (with ESCAPE '\'). */
export const containing = (word: string) => `%${word.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;

/** The words of a free-text search, lower-cased. */
export const searchWords = (q: string | undefined) =>
  (q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
