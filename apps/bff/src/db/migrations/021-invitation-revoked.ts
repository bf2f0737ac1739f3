import type { Kysely, Migration } from 'kysely';

/**
 * A one-time link an admin revoked (decision 041): when and by whom. A revoked link is dead as a used or lapsed one is,
 * and a revoked invitation reads as such. Read by `user_id` (the index of migration 011).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('account_links').addColumn('revoked_at', 'bigint').execute();
    await db.schema.alterTable('account_links').addColumn('revoked_by', 'text').execute();
  },
};
