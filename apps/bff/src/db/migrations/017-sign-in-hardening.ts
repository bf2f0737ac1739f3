import type { Kysely, Migration } from 'kysely';

/**
 * The sign-in held against an attacker (decision 035). A session says how its last proof was made (`password`, a
 * `factor` of the person's, or the office's `provider`) and keeps the hash of the token it had before its last
 * rotation for a few seconds, so requests already on their way are not thrown out. A browser a person signed in from
 * is known by a random token in its own cookie, an address by its network (only hashes bound to the person here), so
 * per-account limits never keep the owner out of their own browser or office. A sign-in waiting for its second step may carry a password chosen through a one-time link, set
 * only when that step is given. Security notices tell a person what changed on their account (a way in added, many
 * wrong tries), each with a one-time "this was not me" token (its hash).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('sessions').addColumn('proved_with', 'text').execute();
    await db.schema.alterTable('sessions').addColumn('previous_id', 'text').execute();
    await db.schema.alterTable('sessions').addColumn('previous_until', 'bigint').execute();
    await db.schema.createIndex('sessions_previous').on('sessions').column('previous_id').execute();

    await db.schema.alterTable('pending_sign_ins').addColumn('link_id', 'text').execute();
    await db.schema.alterTable('pending_sign_ins').addColumn('new_password_hash', 'text').execute();
    await db.schema.createIndex('pending_sign_ins_user').on('pending_sign_ins').column('user_id').execute();

    await db.schema
      .createTable('known_browsers')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('known_browsers_user').on('known_browsers').column('user_id').execute();

    await db.schema
      .createTable('security_notices')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('detail', 'text', (c) => c.notNull())
      .addColumn('factor_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('seen_at', 'text')
      .addColumn('undo_hash', 'text')
      .addColumn('undo_until', 'bigint')
      .execute();
    await db.schema
      .createIndex('security_notices_user')
      .on('security_notices')
      .columns(['user_id', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('security_notices_undo')
      .on('security_notices')
      .column('undo_hash')
      .unique()
      .execute();
  },
};
