import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  type Generated,
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  SqliteDialect,
  sql,
} from 'kysely';

/**
 * The console's database: users, sessions, the bookings ledger, the audit log. SQLite by default; the queries and
 * migrations are plain Kysely, so the same code runs on PostgreSQL with another dialect.
 */
export interface Database {
  users: {
    id: string;
    email: string;
    name: string;
    role: 'agent' | 'admin';
    password_hash: string;
    disabled: number;
    created_at: string;
    updated_at: string;
  };
  sessions: {
    id: string;
    user_id: string;
    created_at: number;
    last_seen_at: number;
    expires_at: number;
  };
  bookings: {
    id: string;
    product: 'flight' | 'hotel' | 'activity';
    environment: 'test' | 'live';
    agent_id: string;
    agent_email: string;
    client_reference: string | null;
    total_amount: string;
    status: string;
    deadline: string | null;
    summary: string;
    people: string;
    search_text: string;
    idempotency_key: string | null;
    created_at: string;
    updated_at: string;
  };
  audit_log: {
    id: Generated<number>;
    at: string;
    user_id: string;
    user_email: string;
    action: string;
    resource_id: string | null;
    amount: string | null;
    idempotency_key: string | null;
    result: 'succeeded' | 'failed' | 'unknown' | 'reconciled';
    status_code: number;
    error_code: string | null;
  };
}

const migrations: Record<string, Migration> = {
  '001-initial': {
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
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
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
  },
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export type Db = Kysely<Database>;

/** Opens (creating if needed) the database and brings it to the latest migration. `:memory:` for tests. */
export async function openDatabase(path: string): Promise<Db> {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${String(error)}`);
  }
  return db;
}

export { sql };
