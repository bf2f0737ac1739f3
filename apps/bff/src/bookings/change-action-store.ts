import type { LinkedBooking } from '@console/contract';
import type { Db } from '../db/index.ts';

/** A press left running this long (its instance gone, its answer lost) is taken over by the same key sent again. */
const STALE_MS = 30_000;

/** What a press under its key finds: its own to run, the answer of the press done before, or another still running. */
export type Press =
  /** `resumed`: a press left running (its answer lost) taken over: what it did is found and finished. */
  | { kind: 'run'; resumed: boolean }
  | { kind: 'done'; answer: string }
  | { kind: 'running' }
  /** Another press (another key: another tab, a colleague) is running on the same change. */
  | { kind: 'busy' }
  | { kind: 'reused' };

/**
 * The actions beside the changes (decision 054), as the database keeps them: each press under its Idempotency-Key
 * (`change_actions`), and the bookings that replace others (`booking_links`, read by either end).
 */
export class ChangeActionStore {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * A press under `key`: the first runs; the same key sent again answers what the first answered, or waits while it
   * runs (or takes it over once it has been left running: an instance that stopped); another request under the key
   * is refused. One press runs at a time on a change, whatever its key (`change_actions_running`): another key on the
   * same change is `busy` while it runs, and runs after it (on the change as the first left it); a press left running
   * past the wait is set aside for it.
   */
  async begin(
    press: {
      key: string;
      userId: string;
      changeId: string;
      action: string;
      request: string;
    },
    takenOver = false,
  ): Promise<Press> {
    const at = new Date(this.clock()).toISOString();
    const inserted = await this.db
      .insertInto('change_actions')
      .values({
        idempotency_key: press.key,
        user_id: press.userId,
        change_id: press.changeId,
        action: press.action,
        request: press.request,
        state: 'running',
        answer: null,
        created_at: at,
        updated_at: at,
      })
      // Either the key is taken, or another press runs on the change (the two unique indexes).
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return { kind: 'run', resumed: takenOver };
    const row = await this.db
      .selectFrom('change_actions')
      .selectAll()
      .where('idempotency_key', '=', press.key)
      .executeTakeFirst();
    if (!row) {
      const other = await this.db
        .selectFrom('change_actions')
        .select(['idempotency_key', 'updated_at'])
        .where('change_id', '=', press.changeId)
        .where('state', '=', 'running')
        .executeTakeFirst();
      if (other && Date.parse(other.updated_at) > this.clock() - STALE_MS) return { kind: 'busy' };
      // Left running by an instance that stopped: set aside (its key, sent again, finds what was done), then this one.
      if (other)
        await this.db
          .deleteFrom('change_actions')
          .where('idempotency_key', '=', other.idempotency_key)
          .where('state', '=', 'running')
          .where('updated_at', '=', other.updated_at)
          .execute();
      return this.begin(press, other !== undefined);
    }
    if (row.user_id !== press.userId || row.request !== press.request) return { kind: 'reused' };
    if (row.state === 'done' && row.answer !== null) return { kind: 'done', answer: row.answer };
    if (Date.parse(row.updated_at) > this.clock() - STALE_MS) return { kind: 'running' };
    // Left running: taken over by one press only (the row as it was read).
    const taken = await this.db
      .updateTable('change_actions')
      .set({ updated_at: at })
      .where('idempotency_key', '=', press.key)
      .where('state', '=', 'running')
      .where('updated_at', '=', row.updated_at)
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1 ? { kind: 'run', resumed: true } : { kind: 'running' };
  }

  async finish(key: string, answer: string): Promise<void> {
    await this.db
      .updateTable('change_actions')
      .set({ state: 'done', answer, updated_at: new Date(this.clock()).toISOString() })
      .where('idempotency_key', '=', key)
      .execute();
  }

  /** A press refused (by the service, or as not fitting): its key may be sent again. */
  async abandon(key: string): Promise<void> {
    await this.db
      .deleteFrom('change_actions')
      .where('idempotency_key', '=', key)
      .where('state', '=', 'running')
      .execute();
  }

  /** The new booking replaces the old one (once, whoever links it again). */
  async link(link: {
    bookingId: string;
    replacesId: string;
    changeId: string;
    by: string;
  }): Promise<boolean> {
    const result = await this.db
      .insertInto('booking_links')
      .values({
        booking_id: link.bookingId,
        replaces_id: link.replacesId,
        change_id: link.changeId,
        linked_at: new Date(this.clock()).toISOString(),
        linked_by: link.by,
      })
      .onConflict((oc) => oc.columns(['booking_id', 'replaces_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  /** What a booking replaces and what replaced it, each as the ledger has it (by the primary key and its index). */
  async links(bookingId: string): Promise<{ replaces: LinkedBooking[]; replaced_by: LinkedBooking[] }> {
    const side = (mine: 'booking_id' | 'replaces_id', other: 'booking_id' | 'replaces_id') =>
      this.db
        .selectFrom('booking_links')
        .leftJoin('bookings', 'bookings.id', `booking_links.${other}`)
        .select([
          `booking_links.${other} as id`,
          'bookings.product',
          'bookings.reference',
          'bookings.status',
          'bookings.summary',
          'booking_links.change_id',
          'booking_links.linked_at',
          'booking_links.linked_by',
        ])
        .where(`booking_links.${mine}`, '=', bookingId)
        .orderBy('booking_links.linked_at')
        .execute();
    const shown = (rows: Awaited<ReturnType<typeof side>>): LinkedBooking[] =>
      rows.map((row) => ({
        id: row.id,
        product: row.product ?? 'flight',
        reference: row.reference ?? null,
        status: row.status ?? null,
        summary: row.summary ?? null,
        change_id: row.change_id,
        linked_at: row.linked_at,
        linked_by: row.linked_by,
      }));
    return {
      replaces: shown(await side('booking_id', 'replaces_id')),
      replaced_by: shown(await side('replaces_id', 'booking_id')),
    };
  }
}
