import type { Kysely, Migration } from 'kysely';

/**
 * The watch on every live booking (decision 037). A booking keeps what the watch compares (`watched`: its segments,
 * dates, status and total as last read), its first day of travel, when it was last read from the service and when it
 * is next due, and since when it has its status; due bookings are found by their own index. A change an agent must act
 * on is recorded once (a unique fingerprint, so two instances seeing it at once make one row), with what it was and
 * is, the booking's agent, and whether it was handled, by whom and with what note; its lists are keyset-paged by
 * their own indexes. E-mails wait in an outbox (one row per what and whom, so each is sent once) until sent.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const column of [
      'watched',
      'travel_on',
      'checked_at',
      'next_check_at',
      'status_since',
      'service_updated_at',
    ])
      await db.schema.alterTable('bookings').addColumn(column, 'text').execute();
    await db.schema
      .createIndex('bookings_watch_due')
      .on('bookings')
      .columns(['environment', 'next_check_at'])
      .execute();

    await db.schema
      .createTable('booking_changes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('booking_id', 'text', (c) => c.notNull())
      .addColumn('environment', 'text', (c) => c.notNull())
      .addColumn('product', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('before_value', 'text', (c) => c.notNull())
      .addColumn('after_value', 'text', (c) => c.notNull())
      .addColumn('detected_at', 'text', (c) => c.notNull())
      .addColumn('agent_id', 'text', (c) => c.notNull())
      .addColumn('agent_email', 'text', (c) => c.notNull())
      .addColumn('travel_key', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('handled_at', 'text')
      .addColumn('handled_by', 'text')
      .addColumn('note', 'text')
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('changes_fingerprint')
      .on('booking_changes')
      .column('fingerprint')
      .unique()
      .execute();
    await db.schema
      .createIndex('changes_booking')
      .on('booking_changes')
      .columns(['booking_id', 'detected_at'])
      .execute();
    // In the lists' own order (nearest travel first, newest first within a day), so a page is read off the index.
    const order = ['travel_key', 'detected_at desc', 'id desc'];
    await db.schema
      .createIndex('changes_office')
      .on('booking_changes')
      .columns(['environment', 'state', ...order])
      .execute();
    await db.schema
      .createIndex('changes_office_product')
      .on('booking_changes')
      .columns(['environment', 'state', 'product', ...order])
      .execute();
    await db.schema
      .createIndex('changes_agent')
      .on('booking_changes')
      .columns(['environment', 'agent_id', 'state', ...order])
      .execute();

    await db.schema
      .createTable('mail_outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('dedupe', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('due_at', 'bigint', (c) => c.notNull())
      .addColumn('claimed_until', 'bigint')
      .addColumn('sent_at', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('mail_outbox_dedupe').on('mail_outbox').column('dedupe').unique().execute();
    await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['sent_at', 'due_at']).execute();

    await db.schema
      .alterTable('users')
      .addColumn('change_email', 'text', (c) => c.notNull().defaultTo('immediate'))
      .execute();
  },
};
