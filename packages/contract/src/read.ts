import { z } from 'zod';

/**
 * Reading what the service sends (docs/decisions/013): a response schema checks what the document states and
 * nothing more. These are the pieces every response schema is made of.
 */

/** An id the document gives no prefix for: an opaque, non-empty string of any form. */
export const OpaqueIdSchema = z.string().min(1);

/** A field the document types only as "string": any string (statuses, times, codes, categories...). */
export const TextSchema = z.string();

/**
 * A date-time as the service wrote it. Read with or without an offset by `instantOf`; a value that is not a time at
 * all is kept and shown as written, never a failure.
 */
export const ReadDateTimeSchema = z.string();

/**
 * A value the document leaves "not shown" or types only as object: any JSON value. The console uses the fields it
 * knows when they are there (see `readKnown`) and shows the rest readably.
 */
export const OpenSchema = z.unknown();
export const OpenListSchema = z.array(z.unknown());

/**
 * A field beyond the document's tables that our sandbox sends: used when it is there and readable, ignored
 * otherwise (absent, another type, another shape), never a reason to refuse an answer.
 */
export function extra<T extends z.ZodType>(schema: T) {
  return schema.optional().catch(undefined);
}

/** The value read with one of the shapes the console knows, or null when it has another shape. */
export function readKnown<S extends z.ZodType>(schema: S, value: unknown): z.output<S> | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The items of an open list that have a known shape; the rest are left for a generic view. */
export function readKnownItems<S extends z.ZodType>(
  schema: S,
  values: readonly unknown[],
): { known: z.output<S>[]; unknown: unknown[] } {
  const known: z.output<S>[] = [];
  const other: unknown[] = [];
  for (const value of values) {
    const parsed = schema.safeParse(value);
    if (parsed.success) known.push(parsed.data);
    else other.push(value);
  }
  return { known, unknown: other };
}

const OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * The instant a service date-time names, in epoch milliseconds, or null when it cannot be read as a time.
 * With an offset (or Z) it is exact; without one (`2026-12-01T10:00:00`) it is read as UTC, which is what services
 * that drop the offset mean by deadlines (decision 013).
 */
export function instantOf(value: string | null | undefined): number | null {
  if (!value) return null;
  const text = value.trim();
  if (OFFSET.test(text)) {
    const ms = Date.parse(text);
    return Number.isNaN(ms) ? null : ms;
  }
  if (LOCAL_DATE_TIME.test(text)) {
    const ms = Date.parse(`${text.replace(' ', 'T')}Z`);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}

/** The instant as RFC 3339 UTC, or null: what the console stores for deadlines it compares. */
export function isoInstantOf(value: string | null | undefined): string | null {
  const ms = instantOf(value);
  return ms === null ? null : new Date(ms).toISOString();
}

/**
 * The wall-clock part of a local date-time as written (`2026-12-01T08:30` of `2026-12-01T08:30:00+01:00`): segment
 * times are local to their airport, with or without an offset. Null when the value has no readable date and time.
 */
export function wallClockOf(value: string | null | undefined): { date: string; time: string } | null {
  if (!value) return null;
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(value.trim());
  return match?.[1] && match[2] ? { date: match[1], time: match[2] } : null;
}

/** Whether a value is one of a list the document gives (a status, a cabin class...). */
export function isOneOf<const T extends readonly string[]>(list: T, value: unknown): value is T[number] {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}
