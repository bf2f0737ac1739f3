import type { Kysely, Migration } from 'kysely';

/**
 * Quotes (decision 034): a client's options with the client prices as quoted (JSON), found by the start of the client's
 * name (a lower-case key with its own index per environment, newest first) or newest first.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('quotes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('environment', 'text', (c) => c.notNull())
      .addColumn('agent_id', 'text', (c) => c.notNull())
      .addColumn('agent_email', 'text', (c) => c.notNull())
      .addColumn('client_name', 'text', (c) => c.notNull())
      .addColumn('client_key', 'text', (c) => c.notNull())
      .addColumn('client_email', 'text')
      .addColumn('note', 'text')
      .addColumn('options', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text')
      .addColumn('booking_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('quotes_newest')
      .on('quotes')
      .columns(['environment', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('quotes_client')
      .on('quotes')
      .columns(['environment', 'client_key', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('quotes_agent')
      .on('quotes')
      .columns(['environment', 'agent_id', 'created_at', 'id'])
      .execute();
  },
};
