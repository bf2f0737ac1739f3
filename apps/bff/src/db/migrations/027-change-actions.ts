import type { Kysely, Migration } from 'kysely';

/**
 * The actions beside each change (decision 054): `change_actions`, one row per press under its Idempotency-Key (the
 * request it carried, and the change as answered once done, so a press sent again answers the same); a change's
 * `outcome` (what the action did, with the amounts the service answered); and `booking_links`, a new booking that
 * replaces another (a rebooking, a hold booked again), read both ways: by the new one (its primary key) and by the
 * old one (`booking_links_replaced`).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('change_actions')
      .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('change_id', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('request', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('answer', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.alterTable('booking_changes').addColumn('outcome', 'text').execute();
    await db.schema
      .createTable('booking_links')
      .addColumn('booking_id', 'text', (c) => c.notNull())
      .addColumn('replaces_id', 'text', (c) => c.notNull())
      .addColumn('change_id', 'text', (c) => c.notNull())
      .addColumn('linked_at', 'text', (c) => c.notNull())
      .addColumn('linked_by', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('booking_links_pk', ['booking_id', 'replaces_id'])
      .execute();
    await db.schema
      .createIndex('booking_links_replaced')
      .on('booking_links')
      .columns(['replaces_id', 'booking_id'])
      .execute();
  },
};
