import type { Kysely, Migration } from 'kysely';
import { autoKey } from './helpers.ts';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
    await db.schema
      .createTable('bookings')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('product', 'text', (c) => c.notNull())
      .addColumn('environment', 'text', (c) => c.notNull())
      .addColumn('agent_id', 'text', (c) => c.notNull())
      .addColumn('agent_email', 'text', (c) => c.notNull())
      .addColumn('client_reference', 'text')
      .addColumn('total_amount', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('deadline', 'text')
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('people', 'text', (c) => c.notNull())
      .addColumn('search_text', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('bookings_deadline').on('bookings').column('deadline').execute();
    await db.schema.createIndex('bookings_agent').on('bookings').column('agent_id').execute();
    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'integer', autoKey(db))
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('user_email', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('resource_id', 'text')
      .addColumn('amount', 'text')
      .addColumn('idempotency_key', 'text')
      .addColumn('result', 'text', (c) => c.notNull())
      .addColumn('status_code', 'integer', (c) => c.notNull())
      .addColumn('error_code', 'text')
      .execute();
    await db.schema.createIndex('audit_at').on('audit_log').column('at').execute();
  },
};
