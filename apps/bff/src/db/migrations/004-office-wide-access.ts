import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      .addColumn('office_wide', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
