import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  type ColumnDefinitionBuilder,
  type Generated,
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
  sql,
} from 'kysely';
import pg from 'pg';
import { SqliteReadersDialect } from './sqlite-readers.ts';

/**
 * The console's database: users, sessions, the bookings ledger, the audit log, sign-in throttling, leases,
 * booking intents, the traveller directory, trips and office settings. Embedded SQLite by default (`pnpm start`); PostgreSQL when `DATABASE_URL` is a `postgres://` URL,
 * for several instances sharing one store (docs/decisions/014). The queries and migrations are plain Kysely and run
 * unchanged on both.
 */
export interface Database {
  users: {
    id: string;
    email: string;
    name: string;
    role: 'agent' | 'admin';
    password_hash: string;
    disabled: number;
    /** 1: an agent who sees and acts on every booking of the office (decision 015). */
    office_wide: Generated<number>;
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
    /** The PNR, confirmation number or activity code the customer quotes. */
    reference: Generated<string | null>;
    total_amount: string;
    status: string;
    deadline: string | null;
    summary: string;
    people: string;
    search_text: string;
    /**
     * What the desk's search matches, computed by the database from the row itself (decision 023): the ids and
     * references, the people, and `search_text`; indexed by FTS5 trigrams (SQLite) or pg_trgm (PostgreSQL).
     */
    search_doc: Generated<string>;
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
  /** Failed sign-ins counted per key (`email:…`, `address:…`) in fixed windows, shared by every instance. */
  sign_in_attempts: {
    key: string;
    window_start: number;
    count: number;
  };
  /** Jobs one instance at a time does (the running-clock refresh, the session-based session): who holds them, until. */
  leases: {
    name: string;
    holder: string;
    expires_at: number;
  };
  /** The session-based interface's one session, shared by every instance (decision 014). */
  upstream_sessions: {
    name: string;
    session_id: string;
    created_at: number;
    last_renewed_at: number | null;
    last_used_at: number | null;
    renewals: number;
  };
  /**
   * A create written before it is sent (decision 014): the key, who, what, and the exact request, so a create whose
   * answer was lost to a crash is asked again with the same Idempotency-Key and lands in the ledger once.
   */
  booking_intents: {
    idempotency_key: string;
    product: 'flight' | 'hotel' | 'activity';
    operation: string;
    environment: 'test' | 'live';
    agent_id: string;
    agent_email: string;
    request: string;
    state: 'open' | 'done' | 'failed';
    booking_id: string | null;
    attempts: number;
    last_error: string | null;
    created_at: string;
    updated_at: string;
  };
  /** The office's traveller directory (decision 018): one row per person, documents as JSON. */
  travellers: {
    id: string;
    given_name: string;
    family_name: string;
    date_of_birth: string;
    gender: 'male' | 'female' | null;
    nationality: string | null;
    /** JSON array of documents (kind, number, country, issued_on, expires_on, name as printed). */
    documents: string;
    email: string | null;
    phone: string | null;
    notes: string | null;
    /** Lower-cased names, email and document numbers: what the directory's search matches. */
    search_text: string;
    /** The search document the database computes (names, email, `search_text`), trigram-indexed (decision 023). */
    search_doc: Generated<string>;
    created_by: string;
    created_at: string;
    updated_at: string;
  };
  /** A client's trip: bookings across products grouped under one reference (decision 019). */
  trips: {
    id: string;
    environment: 'test' | 'live';
    name: string;
    reference: string;
    /** JSON array of the travellers' names. */
    travellers: string;
    starts_on: string | null;
    ends_on: string | null;
    notes: string | null;
    agent_id: string;
    agent_email: string;
    search_text: string;
    /** The search document the database computes (name, reference, travellers, `search_text`), trigram-indexed. */
    search_doc: Generated<string>;
    created_at: string;
    updated_at: string;
  };
  trip_bookings: {
    trip_id: string;
    booking_id: string;
    added_at: string;
  };
  /** The office's settings, one row per name (the wallet's low-balance threshold). */
  office_settings: {
    name: string;
    value: string;
    updated_by: string;
    updated_at: string;
  };
}

/** An integer key the database numbers itself: an identity column on PostgreSQL, SQLite's rowid alias otherwise. */
function autoKey(db: Kysely<unknown>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return (c: ColumnDefinitionBuilder) =>
    postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
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
  },
  '002-shared-state': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sign_in_attempts')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('leases')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('booking_intents')
        .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
        .addColumn('product', 'text', (c) => c.notNull())
        .addColumn('operation', 'text', (c) => c.notNull())
        .addColumn('environment', 'text', (c) => c.notNull())
        .addColumn('agent_id', 'text', (c) => c.notNull())
        .addColumn('agent_email', 'text', (c) => c.notNull())
        .addColumn('request', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('booking_id', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('booking_intents_state').on('booking_intents').column('state').execute();
      await db.schema.createIndex('bookings_key').on('bookings').column('idempotency_key').execute();
    },
  },
  '003-shared-upstream-session': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('upstream_sessions')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('session_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_renewed_at', 'bigint')
        .addColumn('last_used_at', 'bigint')
        .addColumn('renewals', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
  '004-office-wide-access': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('office_wide', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
  '005-customer-reference': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('bookings').addColumn('reference', 'text').execute();
    },
  },
  '006-travellers-trips-settings': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('travellers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('given_name', 'text', (c) => c.notNull())
        .addColumn('family_name', 'text', (c) => c.notNull())
        .addColumn('date_of_birth', 'text', (c) => c.notNull())
        .addColumn('gender', 'text')
        .addColumn('nationality', 'text')
        .addColumn('documents', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('phone', 'text')
        .addColumn('notes', 'text')
        .addColumn('search_text', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('travellers_names')
        .on('travellers')
        .columns(['family_name', 'given_name'])
        .execute();
      await db.schema
        .createTable('trips')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('environment', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('reference', 'text', (c) => c.notNull())
        .addColumn('travellers', 'text', (c) => c.notNull())
        .addColumn('starts_on', 'text')
        .addColumn('ends_on', 'text')
        .addColumn('notes', 'text')
        .addColumn('agent_id', 'text', (c) => c.notNull())
        .addColumn('agent_email', 'text', (c) => c.notNull())
        .addColumn('search_text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // One reference per environment: it is what each part carries as client_reference.
      await db.schema
        .createIndex('trips_reference')
        .on('trips')
        .columns(['environment', 'reference'])
        .unique()
        .execute();
      await db.schema
        .createTable('trip_bookings')
        .addColumn('trip_id', 'text', (c) => c.notNull().references('trips.id').onDelete('cascade'))
        .addColumn('booking_id', 'text', (c) => c.notNull())
        .addColumn('added_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('trip_bookings_pk', ['trip_id', 'booking_id'])
        .execute();
      await db.schema.createIndex('trip_bookings_booking').on('trip_bookings').column('booking_id').execute();
      await db.schema
        .createIndex('bookings_client_reference')
        .on('bookings')
        .column('client_reference')
        .execute();
      await db.schema
        .createTable('office_settings')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
};

/** What the desk's search matches, computed by the database from the row itself: the same SQL on both stores. */
const BOOKINGS_DOC = sql`lower(id || ' ' || coalesce(reference, '') || ' ' || coalesce(client_reference, '') || ' ' || people || ' ' || search_text)`;

migrations['007-history-indexes'] = {
  /**
   * Every list the console serves is keyset-paged newest first (or soonest deadline first), and each of its filters
   * has an index that gives rows in that order, so a page reads a page of index entries (decision 023).
   */
  async up(db: Kysely<unknown>) {
    const index = (name: string, table: string, columns: string[]) =>
      db.schema.createIndex(name).ifNotExists().on(table).columns(columns).execute();
    await db.schema.dropIndex('bookings_deadline').ifExists().execute();
    await db.schema.dropIndex('bookings_agent').ifExists().execute();
    // The desk, newest first: the office's, an agent's own, one agent's (admin filter), by product, status, both.
    await index('bookings_newest', 'bookings', ['environment', 'created_at', 'id']);
    await index('bookings_agent_newest', 'bookings', ['environment', 'agent_id', 'created_at', 'id']);
    await index('bookings_agent_email_newest', 'bookings', [
      'environment',
      'agent_email',
      'created_at',
      'id',
    ]);
    await index('bookings_product_newest', 'bookings', ['environment', 'product', 'created_at', 'id']);
    await index('bookings_status_newest', 'bookings', ['environment', 'status', 'created_at', 'id']);
    await index('bookings_product_status_newest', 'bookings', [
      'environment',
      'product',
      'status',
      'created_at',
      'id',
    ]);
    // The running clocks (radar, wallet alert, refresh job): a partial index of the rows with a deadline only.
    await db.schema
      .createIndex('bookings_running')
      .ifNotExists()
      .on('bookings')
      .columns(['environment', 'deadline', 'created_at', 'id'])
      .where(sql.ref('deadline'), 'is not', null)
      .execute();
    // The audit log, newest first, and by each of its filters; the statement reads it oldest first by `at`.
    await db.schema.dropIndex('audit_at').ifExists().execute();
    await index('audit_at_id', 'audit_log', ['at', 'id']);
    await index('audit_user_at', 'audit_log', ['user_email', 'at', 'id']);
    await index('audit_action_at', 'audit_log', ['action', 'at', 'id']);
    await index('audit_result_at', 'audit_log', ['result', 'at', 'id']);
    // Trips newest first (the office's, an agent's); travellers by name; users by email (unique already).
    await index('trips_newest', 'trips', ['environment', 'created_at', 'id']);
    await index('trips_agent_newest', 'trips', ['environment', 'agent_id', 'created_at', 'id']);
    await db.schema.dropIndex('travellers_names').ifExists().execute();
    await index('travellers_by_name', 'travellers', ['family_name', 'given_name', 'id']);

    // The desk's substring search, kept by the database itself: a row written by any path is found.
    await searchDocument(db, 'bookings', BOOKINGS_DOC, [
      'id',
      'reference',
      'client_reference',
      'people',
      'search_text',
    ]);
  },
};

migrations['008-directory-and-trip-search'] = {
  /** The traveller directory's and the trips' searches, indexed as the desk's is (decision 023). */
  async up(db: Kysely<unknown>) {
    await searchDocument(
      db,
      'travellers',
      sql`lower(given_name || ' ' || family_name || ' ' || coalesce(email, '') || ' ' || search_text)`,
      ['given_name', 'family_name', 'email', 'search_text'],
    );
    await searchDocument(
      db,
      'trips',
      sql`lower(name || ' ' || reference || ' ' || travellers || ' ' || search_text)`,
      ['name', 'reference', 'travellers', 'search_text'],
    );
  },
};

/**
 * A table's search document: a generated column `search_doc` (stored on PostgreSQL, virtual on SQLite) computed from
 * `columns` by `expression`, and its trigram index — GIN `gin_trgm_ops` on PostgreSQL; on SQLite a contentless FTS5
 * table `<table>_fts` (rowid = the row's rowid) kept by triggers on insert, delete and update of those columns.
 */
async function searchDocument(
  db: Kysely<unknown>,
  table: string,
  expression: ReturnType<typeof sql>,
  columns: string[],
): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const fts = sql.table(`${table}_fts`);
  const on = sql.table(table);
  const trigger = (what: string) => sql.raw(`${table}_fts_${what}`);
  if (postgres) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await db.schema
      .alterTable(table)
      .addColumn('search_doc', 'text', (c) => c.generatedAlwaysAs(expression).stored())
      .execute();
    await sql`create index if not exists ${sql.raw(`${table}_search`)} on ${on} using gin (search_doc gin_trgm_ops)`.execute(
      db,
    );
    return;
  }
  await db.schema
    .alterTable(table)
    .addColumn('search_doc', 'text', (c) => c.generatedAlwaysAs(expression))
    .execute();
  await sql`create virtual table ${fts} using fts5(search_doc, content='', contentless_delete=1, tokenize='trigram')`.execute(
    db,
  );
  await sql`create trigger ${trigger('insert')} after insert on ${on} begin
    insert into ${fts}(rowid, search_doc) values (new.rowid, new.search_doc); end`.execute(db);
  await sql`create trigger ${trigger('delete')} after delete on ${on} begin
    delete from ${fts} where rowid = old.rowid; end`.execute(db);
  await sql`create trigger ${trigger('update')} after update of ${sql.join(columns.map((c) => sql.ref(c)))} on ${on} begin
    delete from ${fts} where rowid = old.rowid;
    insert into ${fts}(rowid, search_doc) values (new.rowid, new.search_doc); end`.execute(db);
  await sql`insert into ${fts}(rowid, search_doc) select rowid, search_doc from ${on}`.execute(db);
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

export type Db = Kysely<Database>;

export const isPostgresUrl = (location: string) => /^postgres(ql)?:\/\//.test(location);

/** PostgreSQL's bigint (int8) read as a JS number, like SQLite's: epoch milliseconds fit in 2^53. */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === 20
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

function dialectFor(location: string, poolSize: number) {
  if (isPostgresUrl(location)) {
    const pool = new pg.Pool({ connectionString: location, max: poolSize, types: pgTypes });
    // An idle client whose server went away emits here; without a listener that would end the process.
    pool.on('error', () => undefined);
    return { dialect: new PostgresDialect({ pool }), pool };
  }
  if (location !== ':memory:') mkdirSync(dirname(location), { recursive: true });
  const sqlite = new SQLite(location);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return { dialect: new SqliteDialect({ database: preparedOnce(sqlite) }), pool: null };
}

/** How many distinct statements are kept compiled (the console's queries are a few dozen shapes). */
const STATEMENT_CACHE = 256;

/**
 * Kysely compiles each query's SQL into a statement every time it runs; compiling was the BFF's largest single cost
 * under load (`pnpm bench` profile: better-sqlite3's `prepare`). The same SQL text is now compiled once and its
 * statement reused (Kysely runs one query at a time on its SQLite connection; a statement still busy, an
 * unfinished iteration, is not reused). SQLite recompiles a kept statement itself after a schema change.
 */
function preparedOnce(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (sql) => {
      const kept = statements.get(sql);
      if (kept && !kept.busy) {
        // Most recently used last: the oldest is the first to go.
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const statement = sqlite.prepare(sql);
      if (!kept) {
        statements.set(sql, statement);
        if (statements.size > STATEMENT_CACHE) statements.delete(statements.keys().next().value as string);
      }
      return statement;
    },
  };
}

export interface DatabaseInfo {
  kind: 'sqlite' | 'postgres';
  /**
   * Where the history's lists, searches and exports run: on PostgreSQL the same pool; on an SQLite file a few reader
   * threads, so a read of many rows never holds the event loop (decision 023); on `:memory:` (one connection, tests
   * of other things) the main connection.
   */
  reads: Db;
  close: () => Promise<void>;
  /** The PostgreSQL pool's figures, for readiness and metrics; null on SQLite. */
  pool: () => { total: number; idle: number; waiting: number } | null;
}

const infos = new WeakMap<Db, DatabaseInfo>();
export const databaseInfo = (db: Db): DatabaseInfo =>
  infos.get(db) ?? { kind: 'sqlite', pool: () => null, reads: db, close: () => db.destroy() };
/** The Kysely instance the history's reads run on (see `DatabaseInfo.reads`). */
export const historyReads = (db: Db): Db => databaseInfo(db).reads;
/** Closes the store and its readers. */
export const closeDatabase = (db: Db): Promise<void> => databaseInfo(db).close();

/**
 * Opens (creating if needed) the database and brings it to the latest migration: a file path (`:memory:` for tests)
 * opens SQLite, a `postgres://` URL PostgreSQL. Several instances starting together migrate once (Kysely's migration
 * lock).
 */
export async function openDatabase(
  location: string,
  options: { poolSize?: number; readers?: number } = {},
): Promise<Db> {
  const { dialect, pool } = dialectFor(location, options.poolSize ?? 10);
  const db = new Kysely<Database>({ dialect });
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    await db.destroy();
    throw new Error(`Database migration ${failed} failed: ${String(error)}`);
  }
  // Readers open the file only after the migrations made it.
  const reads =
    pool || location === ':memory:'
      ? db
      : new Kysely<Database>({ dialect: new SqliteReadersDialect(location, options.readers ?? 2) });
  const info: DatabaseInfo = {
    kind: pool ? 'postgres' : 'sqlite',
    pool: () => (pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null),
    reads,
    close: async () => {
      if (reads !== db) await reads.destroy();
      await db.destroy();
    },
  };
  infos.set(db, info);
  infos.set(reads, info);
  return db;
}

export { sql };
