import type { Kysely, Migration } from 'kysely';

/**
 * Second factors (decision 029): authenticator apps (TOTP), single-use recovery codes (stored hashed), and sign-ins
 * waiting for their second factor. A TOTP factor keeps the last time step it accepted, so a code is taken once, on
 * any instance. A session may be one that must set a factor up first (the office's policy).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('user_factors')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('secret', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('confirmed_at', 'text')
      .addColumn('last_used_at', 'text')
      .addColumn('last_step', 'bigint')
      .execute();
    await db.schema.createIndex('user_factors_user').on('user_factors').column('user_id').execute();
    await db.schema
      .createTable('recovery_codes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('recovery_codes_user').on('recovery_codes').column('user_id').execute();
    await db.schema
      .createTable('pending_sign_ins')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    // A session of a person the office's policy covers who has no second factor: it reaches their account only.
    await db.schema
      .alterTable('sessions')
      .addColumn('factor_setup', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    // When the person last proved it was them (signing in, or again before something sensitive).
    await db.schema.alterTable('sessions').addColumn('proved_at', 'bigint').execute();
  },
};
