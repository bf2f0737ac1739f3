import { ServiceError } from '@console/client';
import type { Logger } from '../platform/log.ts';
import type { ScheduledJob } from '../platform/scheduler.ts';
import type { Upstream } from '../upstream/index.ts';
import type { Ledger } from './ledger.ts';
import { readAndRefresh } from './refresh.ts';
import type { WatchSchedule } from './watch-schedule.ts';

/** A booking the service could not answer for now is asked again this much later. */
const RETRY_MS = 5 * 60_000;
/** How many lines of the service's activity booking list one round reads (one call). */
const LIST_PAGE = 100;

function pause(ms: number, stopping: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || stopping.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    stopping.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

export interface WatchRound {
  read: number;
  failed: number;
  /** Bookings whose line in the activity list moved, read this round. */
  moved: number;
  /** Whether the service asked the watch to slow down (429): the rest waits for the next round after its wait. */
  throttled: boolean;
}

/**
 * The watch on every live booking (decision 037): each round (on the one instance holding the jobs' lease) reads the
 * bookings whose next check has come, soonest due first, at most `ratePerSecond` calls a second, spread evenly over
 * the round. The ledger compares each answer with what it held and records what changed, and sets when each is read
 * next by the schedule (watch-schedule.ts: nearest travel more often, a passing state soon, ended or past ones never). Where the document offers a
 * cheaper way it is used: a page of the service's activity booking list (status and `updated_at` of many at once)
 * marks the activity bookings whose line moved for a read now. A 429 slows the watch, never the agents: the watch
 * waits what the service asked (or a minute) before its next call.
 */
export function watchBookings(
  d: { upstream: Upstream; ledger: Ledger; watchSchedule: WatchSchedule; log: Logger },
  settings: { ratePerSecond: number; roundMs: number; clock?: () => number },
): ScheduledJob<WatchRound> {
  const clock = settings.clock ?? Date.now;
  // A little under the rate: the service counts calls as they arrive, and one held up on its way would otherwise put
  // one more into the same second as the next ones (the bench's tap saw 6 in a second at a rate of 5).
  const gap = (1000 / settings.ratePerSecond) * 1.05;
  let waitUntil = 0;
  let listCursor: string | undefined;
  /** When the next call may go: kept across rounds, so a round starting just after another is not a burst. */
  let nextCallAt = 0;

  const throttledBy = (error: unknown) => {
    if (!(error instanceof ServiceError) || error.status !== 429) return false;
    waitUntil = clock() + (error.retryAfterSeconds ?? 60) * 1000;
    d.log.info(
      { retry_after_s: error.retryAfterSeconds ?? 60 },
      'the watch slows down: the service asked it to',
    );
    return true;
  };

  return {
    name: 'watch',
    async run(keep, stopping) {
      const round: WatchRound = { read: 0, failed: 0, moved: 0, throttled: false };
      if (clock() < waitUntil) return { ...round, throttled: true };
      const { service } = d.upstream;
      // As many calls as fit in a round at that pace (a round that overran pushed the next one back: 4 a second).
      const budget = Math.max(1, Math.floor(settings.roundMs / gap));
      let calls = 0;
      /** Waits for the next call's slot: calls spread evenly, never more than the rate (across rounds too). */
      const slot = () => {
        const now = clock();
        // Never more than one gap away, should the clock have gone back.
        const at = Math.min(Math.max(nextCallAt, now), now + gap);
        nextCallAt = at + gap;
        return pause(at - now, stopping);
      };

      // One page of the activity list: whose line moved since it was last seen.
      try {
        await slot();
        calls += 1;
        const page = await service.op.activityBookings({
          query: { limit: LIST_PAGE, ...(listCursor ? { after: listCursor } : {}) },
        });
        round.moved = await d.watchSchedule.activityLinesMoved(
          service.environment,
          page.data.map((line) => ({
            id: line.id,
            status: line.status,
            updated_at: line.updated_at ?? null,
          })),
        );
        listCursor = page.has_more && page.next_cursor ? page.next_cursor : undefined;
      } catch (error) {
        if (throttledBy(error)) return { ...round, throttled: true };
        listCursor = undefined;
      }

      const due = await d.watchSchedule.due(service.environment, budget - calls);
      for (const booking of due) {
        if (stopping.aborted || !(await keep())) break;
        await slot();
        calls += 1;
        try {
          await readAndRefresh(d, booking);
          round.read += 1;
        } catch (error) {
          if (throttledBy(error)) {
            round.throttled = true;
            break;
          }
          // The service no longer knows it (404): a change for its agent. Any other failure is no change: asked again.
          if (error instanceof ServiceError && error.status === 404) await d.ledger.markMissing(booking.id);
          else await d.watchSchedule.later(booking.id, RETRY_MS);
          round.failed += 1;
        }
      }
      return round;
    },
  };
}
