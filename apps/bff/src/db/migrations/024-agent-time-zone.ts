import type { Kysely, Migration } from 'kysely';

/**
 * The time zone a person chose on their account page (decision 049): an IANA name, or null for "the browser's". Kept
 * with the person, so the console's own times follow them from browser to browser; read with the session (one row,
 * no index of its own).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('time_zone', 'text').execute();
  },
};
