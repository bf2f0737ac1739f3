import type { Kysely, Migration } from 'kysely';

/**
 * Every booking's timeline, continued (decision 052). The outbox's e-mails name the booking they are about, so the
 * timeline says when each went and to whom.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('mail_outbox').addColumn('booking_id', 'text').execute();
  },
};
