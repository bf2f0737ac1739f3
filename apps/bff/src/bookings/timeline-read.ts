import type { TimelineEvent, TimelinePage, TimelineQuery } from '@console/contract';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { decodeCursor, encodeCursor } from '../platform/pages.ts';

/** A cursor to the events before a page, and one to the events after it (decision 052). */
const EARLIER = 'timeline.earlier';
const LATER = 'timeline.later';
const SHAPE = ['string', 'number'] as const;

const columns = ['seq', 'at', 'kind', 'actor_kind', 'actor_email', 'summary', 'data'] as const;

interface Row {
  seq: number;
  at: string;
  kind: string;
  actor_kind: 'agent' | 'service' | 'console';
  actor_email: string | null;
  summary: string;
  data: string | null;
}

/** Who caused an event, in the agent's words. */
function authorOf(row: Row): TimelineEvent['author'] {
  if (row.actor_kind === 'agent')
    return { kind: 'agent', email: row.actor_email, label: row.actor_email ?? 'an agent' };
  return { kind: row.actor_kind, email: null, label: `the ${row.actor_kind}` };
}

function dataOf(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : null;
  } catch {
    return null;
  }
}

const toEvent = (row: Row): TimelineEvent => ({
  id: String(row.seq),
  at: row.at,
  kind: row.kind,
  author: authorOf(row),
  summary: row.summary,
  internal: row.kind === 'remark',
  data: dataOf(row.data),
});

/** Which cursor `after` is, and its position; none for the latest page. */
function cursorOf(
  after: string | undefined,
): { toward: 'earlier' | 'later'; at: string; seq: number } | null {
  if (after === undefined) return null;
  try {
    const [at, seq] = decodeCursor(after, LATER, SHAPE) ?? [];
    if (at !== undefined && seq !== undefined) return { toward: 'later', at, seq };
  } catch {
    // not a cursor to later events: an earlier one, or none this console gave
  }
  const [at, seq] = decodeCursor(after, EARLIER, SHAPE) ?? [];
  if (at === undefined || seq === undefined) return null;
  return { toward: 'earlier', at, seq };
}

/**
 * A page of one booking's timeline in time order (oldest first), read off `booking_events_by_booking` (booking, at,
 * seq) in either direction: the latest events when no cursor is given, else those just before or after the cursor's
 * event. Events of the same instant keep the order they were written in (`seq`).
 */
export async function timelinePage(db: Db, bookingId: string, query: TimelineQuery): Promise<TimelinePage> {
  const cursor = cursorOf(query.after);
  const limit = query.limit;
  let q = db.selectFrom('booking_events').select(columns).where('booking_id', '=', bookingId);
  if (cursor?.toward === 'later')
    q = q.where(sql<boolean>`(at > ${cursor.at} or (at = ${cursor.at} and seq > ${cursor.seq}))`);
  if (cursor?.toward === 'earlier')
    q = q.where(sql<boolean>`(at < ${cursor.at} or (at = ${cursor.at} and seq < ${cursor.seq}))`);
  const forward = cursor?.toward === 'later';
  const rows: Row[] = await q
    .orderBy('at', forward ? 'asc' : 'desc')
    .orderBy('seq', forward ? 'asc' : 'desc')
    .limit(limit + 1)
    .execute();
  const more = rows.length > limit;
  const shown = rows.slice(0, limit).map((row) => ({ ...row, seq: Number(row.seq) }));
  if (!forward) shown.reverse();
  const first = shown[0];
  const last = shown.at(-1);
  const at = (order: string, row: Row | undefined) => (row ? encodeCursor(order, [row.at, row.seq]) : null);
  return {
    data: shown.map(toEvent),
    // Going back, the page before the first shown exists when more rows were read; going forward, the page came from
    // after the cursor, so events before it exist.
    earlier_cursor: forward || more ? at(EARLIER, first) : null,
    // Going forward, later events exist when more rows were read; going back (from a later page), they always do.
    later_cursor: (forward && more) || cursor?.toward === 'earlier' ? at(LATER, last) : null,
  };
}

/** The event written under this dedupe key, as a page shows it (a remark just added). */
export async function timelineEventByDedupe(db: Db, dedupe: string): Promise<TimelineEvent | undefined> {
  const row = await db
    .selectFrom('booking_events')
    .select(columns)
    .where('dedupe', '=', dedupe)
    .executeTakeFirst();
  return row ? toEvent({ ...row, seq: Number(row.seq) }) : undefined;
}
