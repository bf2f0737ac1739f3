import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('upstream_sessions')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_renewed_at', 'bigint')
      .addColumn('last_used_at', 'bigint')
      .addColumn('renewals', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
