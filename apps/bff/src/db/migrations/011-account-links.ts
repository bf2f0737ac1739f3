import type { Kysely, Migration } from 'kysely';

/**
 * One-time links (decision 030): an invitation to choose one's password, or a reset an admin made. The token is in the
 * link only; here its SHA-256. Used once, within 72 hours.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('account_links')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema.createIndex('account_links_user').on('account_links').column('user_id').execute();
  },
};
