import type { Kysely, Migration } from 'kysely';

/**
 * Passkeys and single sign-on (decision 031). A passkey is a second factor row of kind `passkey`: its credential id
 * (unique, looked up at sign-in), its COSE public key and signature counter. The challenges of a WebAuthn ceremony and
 * the state, nonce and PKCE verifier of an OpenID Connect sign-in wait in `auth_challenges`, by the SHA-256 of the
 * token in the browser's cookie, so any instance can finish what another began. A person may be linked to their
 * identity at the office's provider (issuer + subject).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('user_factors').addColumn('credential_id', 'text').execute();
    await db.schema.alterTable('user_factors').addColumn('public_key', 'text').execute();
    await db.schema.alterTable('user_factors').addColumn('sign_count', 'bigint').execute();
    await db.schema.alterTable('user_factors').addColumn('transports', 'text').execute();
    await db.schema
      .createIndex('user_factors_credential')
      .on('user_factors')
      .column('credential_id')
      .unique()
      .execute();
    await db.schema
      .createTable('auth_challenges')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text')
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('auth_challenges_expiry')
      .on('auth_challenges')
      .column('expires_at')
      .execute();
    await db.schema
      .createTable('user_identities')
      .addColumn('issuer', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text')
      .addPrimaryKeyConstraint('user_identities_pk', ['issuer', 'subject'])
      .execute();
    // What the waiting sign-in began with (a password, or single sign-on), for the audit log's factor.
    await db.schema.alterTable('pending_sign_ins').addColumn('first_factor', 'text').execute();
    await db.schema.createIndex('user_identities_user').on('user_identities').column('user_id').execute();
  },
};
