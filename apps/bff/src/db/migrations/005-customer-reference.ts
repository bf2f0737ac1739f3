import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('bookings').addColumn('reference', 'text').execute();
  },
};
