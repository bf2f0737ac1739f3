import type { Kysely, Migration } from 'kysely';
import { autoKey } from './helpers.ts';

/**
 * Every booking's timeline (decision 052): one append-only row per event on a booking (made, moved by the console on
 * someone's press, moved by the service by itself, a change found, assigned, snoozed, handled, an e-mail sent, a fee
 * changed, a trip joined or left, a note sent to the service, a rebooking link, an agent's internal remark), with who
 * or what caused it. `seq` (numbered by the database) orders events of the same instant as they were written; a page
 * is read off `booking_events_by_booking` in the timeline's order. `dedupe`, where a writer gives one, makes an event
 * written again (a retried press, two instances seeing the same move) one row.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('booking_events')
      .addColumn('seq', 'integer', autoKey(db))
      .addColumn('booking_id', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('actor_kind', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'text')
      .addColumn('actor_email', 'text')
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('data', 'text')
      .addColumn('dedupe', 'text')
      .execute();
    await db.schema
      .createIndex('booking_events_by_booking')
      .on('booking_events')
      .columns(['booking_id', 'at', 'seq'])
      .execute();
    await db.schema
      .createIndex('booking_events_dedupe')
      .on('booking_events')
      .column('dedupe')
      .unique()
      .execute();
  },
};
