import type { Kysely, Migration } from 'kysely';

/**
 * Sign-ins in the audit log and sessions a person can see (decision 028): the address, the browser and the factor of
 * each sign-in attempt; the address and browser each session began from. One person's sign-ins are read newest first
 * by their own index (action, email, time), as every other filter of the log is (decision 023).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('audit_log').addColumn('address', 'text').execute();
    await db.schema.alterTable('audit_log').addColumn('browser', 'text').execute();
    await db.schema.alterTable('audit_log').addColumn('factor', 'text').execute();
    await db.schema
      .createIndex('audit_action_user_at')
      .ifNotExists()
      .on('audit_log')
      .columns(['action', 'user_email', 'at', 'id'])
      .execute();
    await db.schema.alterTable('sessions').addColumn('address', 'text').execute();
    await db.schema.alterTable('sessions').addColumn('browser', 'text').execute();
  },
};
