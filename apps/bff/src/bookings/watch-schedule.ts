import type { Environment, Product } from '@console/contract';
import type { Db } from '../db/index.ts';
import { isEnded, isPassing } from './changes.ts';
import type { Facts } from './facts.ts';

/** How often the watch reads bookings again (decision 037). */
export interface WatchCadence {
  /** Every live booking at least this often (CHANGE_WATCH_MINUTES); within 72 hours of travel, four times as often. */
  minutes: number;
  /** A booking in a passing state is read again this soon after the move, then less often (the jobs' interval). */
  soonestMs: number;
}

const HOUR = 3_600_000;

/**
 * When the watch reads a booking next (an ISO time), or null when nothing about it can change any more: it ended, the
 * service no longer knows it, its travel is past, or it is held (the running clocks' round reads holds).
 */
export function nextCheckAt(
  booking: { product: Product; status: string; travelOn: string | null; statusSince: number },
  now: number,
  settings: WatchCadence,
): string | null {
  const status = booking.status.toLowerCase();
  if (isEnded(status) || status === 'missing' || status === 'held') return null;
  const today = new Date(now).toISOString().slice(0, 10);
  if (booking.travelOn && booking.travelOn < today) return null;
  const cadence = settings.minutes * 60_000;
  const travelAt = booking.travelOn ? Date.parse(`${booking.travelOn}T00:00:00Z`) : Number.NaN;
  const every = Number.isFinite(travelAt) && travelAt - now <= 72 * HOUR ? cadence / 4 : cadence;
  // Passing (ticketing, confirming, awaiting vouchers): soon after the move, then backing off until it settles.
  const wait = isPassing(booking.product, status)
    ? Math.min(every, Math.max(settings.soonestMs, (now - booking.statusSince) / 2))
    : every;
  return new Date(now + wait).toISOString();
}

/**
 * The watch's columns of a booking's row as read now (the ledger writes them with the row): what it compares, its
 * travel day, when it was read and when it is read next (never, with no watch).
 */
export function watchColumns(schedule: WatchSchedule | null, facts: Facts, statusSince: number, now: number) {
  const travelOn = facts.travelOn ?? null;
  return {
    ...(facts.watched ? { watched: JSON.stringify(facts.watched) } : {}),
    travel_on: travelOn,
    checked_at: new Date(now).toISOString(),
    next_check_at: schedule
      ? nextCheckAt(
          { product: facts.product, status: facts.status, travelOn, statusSince },
          now,
          schedule.cadence,
        )
      : null,
  };
}

/**
 * The watch's schedule over the ledger's rows (decision 037): when each booking is read next (written by the ledger
 * with each read, `watchColumns`), which are due now, a read put off after a failure, and the activity bookings whose
 * line in the service's list moved. The watch (watch.ts) reads from it; the rows are the ledger's own table.
 */
export class WatchSchedule {
  constructor(
    private readonly db: Db,
    readonly cadence: WatchCadence,
    /** The watch keeps the service's time, as deadlines do (decision 016). */
    private readonly clock: () => number,
  ) {}

  /**
   * The live bookings the watch reads next: due now (their next check has come), soonest due first, through the
   * watch's own index; `limit` at most.
   */
  async due(environment: Environment, limit: number): Promise<Array<{ id: string; product: Product }>> {
    return this.db
      .selectFrom('bookings')
      .select(['id', 'product'])
      .where('environment', '=', environment)
      .where('next_check_at', '<=', new Date(this.clock()).toISOString())
      .orderBy('next_check_at')
      .limit(limit)
      .execute();
  }

  /** A booking the watch could not read now (the service failed): tried again after `retryMs`, not counted as read. */
  async later(id: string, retryMs: number): Promise<void> {
    await this.db
      .updateTable('bookings')
      .set({ next_check_at: new Date(this.clock() + retryMs).toISOString() })
      .where('id', '=', id)
      .execute();
  }

  /** Activity bookings whose line in the service's list moved (its status or `updated_at`): read them at once. */
  async activityLinesMoved(
    environment: Environment,
    lines: readonly { id: string; status: string; updated_at: string | null }[],
  ): Promise<number> {
    if (lines.length === 0) return 0;
    const rows = await this.db
      .selectFrom('bookings')
      .select(['id', 'status', 'service_updated_at', 'next_check_at'])
      .where('environment', '=', environment)
      .where(
        'id',
        'in',
        lines.map((l) => l.id),
      )
      .execute();
    const known = new Map(rows.map((r) => [r.id, r]));
    let moved = 0;
    const now = new Date(this.clock()).toISOString();
    for (const line of lines) {
      const row = known.get(line.id);
      if (!row) continue;
      // '' : seen in the list with no `updated_at` (null: never seen there, so no move can be told yet).
      const seen = line.updated_at ?? '';
      const changed =
        row.service_updated_at !== null && (row.service_updated_at !== seen || row.status !== line.status);
      if (!changed && row.service_updated_at === seen) continue;
      await this.db
        .updateTable('bookings')
        .set({ service_updated_at: seen, ...(changed ? { next_check_at: now } : {}) })
        .where('id', '=', line.id)
        .execute();
      if (changed) moved += 1;
    }
    return moved;
  }
}
