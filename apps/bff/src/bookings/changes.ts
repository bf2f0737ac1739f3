import type { ChangeKind, ChangeValue, Product, WatchedSegment } from '@console/contract';
import type { Facts } from './facts.ts';

/**
 * What changed on a booking by itself (decision 037), from what the ledger held and what the service says now: the
 * changes an agent must act on, each with what it was and is. Pure: the ledger calls it on every read of a booking,
 * from whatever path, so no change is absorbed unseen by a read that did not look.
 */

/** What the ledger held of a booking before this read. */
export interface Held {
  product: Product;
  status: string;
  total: string;
  deadline: string | null;
  /** What the watch compared last time; null for a booking recorded before the watch (then nothing is compared). */
  watched: ChangeValue | null;
}

export interface ChangeDraft {
  kind: ChangeKind;
  summary: string;
  before: ChangeValue;
  after: ChangeValue;
}

/** Statuses after which a booking is over: nothing more to watch. */
const ENDED = new Set(['cancelled', 'canceled', 'refunded', 'expired']);
export const isEnded = (status: string) => ENDED.has(status.toLowerCase());

/**
 * Statuses the console passes through after an action and expects to move on by themselves (ticketing → ticketed,
 * confirming → confirmed, confirmed → issued): read again soon, and their moves are no change to work.
 */
const PASSING: Record<Product, ReadonlySet<string>> = {
  flight: new Set(['ticketing']),
  hotel: new Set(['confirming']),
  activity: new Set(['confirmed']),
};
export const isPassing = (product: Product, status: string) => PASSING[product].has(status.toLowerCase());

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
/** An instant as the e-mails and the timeline write it: "2026-12-01 11:00" (UTC, to the minute). */
export const utcMinute = (iso: string) => iso.replace('T', ' ').slice(0, 16);
const when = (value: string | null | undefined) => (value ? utcMinute(value) : 'unknown');

function segmentWords(s: WatchedSegment): string {
  if (s.as_written)
    return Object.values(s.as_written)
      .filter((v) => typeof v === 'string')
      .join(' ');
  const route = s.origin && s.destination ? `${s.origin}→${s.destination}` : 'a segment';
  return `${s.flight_number ? `${s.flight_number} ` : ''}${route}`;
}

/** When a segment departs, as the service wrote it (a field named like a departure, in a shape of its own). */
const departure = (s: WatchedSegment | undefined) =>
  s?.departing_at ??
  (s?.as_written
    ? (Object.entries(s.as_written)
        .find(([key]) => /depart/i.test(key))?.[1]
        ?.toString() ?? null)
    : null);

/** A schedule change in an agent's words: the first segment that moved, and how many others did. */
function scheduleWords(before: WatchedSegment[], after: WatchedSegment[]): string {
  if (before.length !== after.length)
    return `The airline changed the itinerary: ${before.length} segment${before.length === 1 ? '' : 's'} before, ${after.length} now. Check the new flights with the client.`;
  const moved = after.map((s, i) => [before[i], s] as const).filter(([b, a]) => !same(b, a));
  const [first] = moved;
  if (!first) return 'The airline changed the itinerary.';
  const [was, now] = first;
  const what =
    !now.as_written && was?.flight_number !== now.flight_number
      ? `${segmentWords(now)} (was ${was?.flight_number ?? 'another flight'})`
      : `${segmentWords(now)} now departs ${when(departure(now))} (was ${when(departure(was))})`;
  return `Schedule change: ${what}${moved.length > 1 ? `, and ${moved.length - 1} more segment${moved.length === 2 ? '' : 's'}` : ''}.`;
}

/**
 * The changes between what was held and what the service says now. `byConsole`: this read is the answer to the
 * console's own action (its cancellation or refund is no news); `serviceNow`: the service's time, for whether a hold's
 * deadline had passed. A partial read (an answer the console could not read in full) is never a change.
 */
export function changesBetween(
  held: Held,
  now: Facts,
  context: { byConsole: boolean; serviceNow: number },
): ChangeDraft[] {
  if (now.partial) return [];
  const after: ChangeValue = now.watched ?? { status: now.status, total: now.total.amount };
  const before: ChangeValue = held.watched ?? { status: held.status, total: held.total };
  const drafts: ChangeDraft[] = [];
  const statusMoved = held.status !== now.status;
  if (statusMoved && isEnded(now.status) && !isEnded(held.status)) {
    if (context.byConsole) return [];
    const lapsed =
      held.status === 'held' &&
      held.deadline !== null &&
      Date.parse(held.deadline) <= context.serviceNow &&
      now.status !== 'refunded';
    drafts.push(
      lapsed
        ? {
            kind: 'hold_lapsed',
            summary: `The hold lapsed unpaid: its deadline (${when(held.deadline)} UTC) passed. Book again if the client still wants it.`,
            before: { ...before, deadline: held.deadline },
            after,
          }
        : {
            kind: now.status === 'refunded' ? 'refunded' : 'cancelled',
            summary:
              now.status === 'refunded'
                ? 'Refunded outside the console (by the supplier, the airline or the office’s other tools). Tell the client.'
                : 'Cancelled outside the console (by the supplier, the airline or the office’s other tools). Tell the client and rebook if needed.',
            before,
            after,
          },
    );
    return drafts;
  }
  // A booking that is over has nothing else to act on; one recorded before the watch has nothing to compare.
  if (isEnded(now.status) || !held.watched) return drafts;
  if (
    held.product === 'flight' &&
    before.segments &&
    after.segments &&
    !same(before.segments, after.segments)
  )
    drafts.push({
      kind: 'schedule_change',
      summary: scheduleWords(before.segments, after.segments),
      before: { segments: before.segments },
      after: { segments: after.segments },
    });
  if (
    held.product === 'hotel' &&
    (!same(before.check_in, after.check_in) || !same(before.check_out, after.check_out))
  )
    drafts.push({
      kind: 'date_change',
      summary: `The stay moved: ${after.check_in ?? '?'} to ${after.check_out ?? '?'} (was ${before.check_in ?? '?'} to ${before.check_out ?? '?'}).`,
      before: { check_in: before.check_in ?? null, check_out: before.check_out ?? null },
      after: { check_in: after.check_in ?? null, check_out: after.check_out ?? null },
    });
  if (
    held.product === 'activity' &&
    (!same(before.date, after.date) || !same(before.timeslot, after.timeslot))
  )
    drafts.push({
      kind: 'date_change',
      summary: `The activity moved to ${after.date ?? '?'}${after.timeslot ? ` ${after.timeslot}` : ''} (was ${before.date ?? '?'}${before.timeslot ? ` ${before.timeslot}` : ''}).`,
      before: { date: before.date ?? null, timeslot: before.timeslot ?? null },
      after: { date: after.date ?? null, timeslot: after.timeslot ?? null },
    });
  if (
    !context.byConsole &&
    before.total !== undefined &&
    after.total !== undefined &&
    before.total !== after.total
  )
    drafts.push({
      kind: 'total_changed',
      summary: `The total changed: ${after.total} (was ${before.total}).`,
      before: { total: before.total },
      after: { total: after.total },
    });
  return drafts;
}

/** The change for a booking the service no longer knows (it answered 404). */
export function unknownToService(held: Held): ChangeDraft {
  return {
    kind: 'unknown_to_service',
    summary:
      'The booking service no longer knows this booking. Check it with the supplier before the client travels.',
    before: held.watched ?? { status: held.status, total: held.total },
    after: { status: 'unknown' },
  };
}
