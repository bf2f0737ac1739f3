import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  type MigrationProvider,
  Migrator,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
  sql,
} from 'kysely';
import pg from 'pg';
import { type IdentityPush, listenForIdentity } from './identity-push.ts';
import { migrations } from './migrations/index.ts';
import { callbackPool } from './pg-pool.ts';
import { settlingDialect } from './settling-driver.ts';
import { SqliteReadersDialect } from './sqlite-readers.ts';
import { sqliteVersion } from './sqlite-version.ts';
import type { Database } from './tables.ts';
import { IdentityWrites } from './write-watch.ts';

/**
 * The connection to the console's database (docs/decisions/014): embedded SQLite by default, PostgreSQL when
 * `DATABASE_URL` is a `postgres://` URL; its tables are typed in `tables.ts` and made by `migrations/`, run here at
 * start.
 */
export type { Database } from './tables.ts';

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
    return { dialect: new PostgresDialect({ pool: callbackPool(pool) }), pool, dataVersion: null };
  }
  if (location !== ':memory:') mkdirSync(dirname(location), { recursive: true });
  const sqlite = new SQLite(location);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Commits by other connections to the file (another instance) change it; this connection's own do not. Asked only
  // when the file's WAL-index header has changed (sqlite-version.ts).
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  const version = sqliteVersion(
    location,
    () => Number(dataVersion.get()),
    () => sqlite.inTransaction,
  );
  const database = preparedOnce(sqlite);
  return {
    dialect: new SqliteDialect({
      database: {
        ...database,
        // The connection first: the watcher's descriptor is closed after it (sqlite-version.ts says why).
        close: () => {
          database.close();
          version.close();
        },
      },
    }),
    pool: null,
    dataVersion: version,
  };
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
  /**
   * A value that changes with every write to the sessions and users tables, by this connection or any other (decision
   * 038), so a session read may be kept while it stays the same: on SQLite from the file's `data_version`, on
   * PostgreSQL from what its listener heard (`identity-push.ts`), and null there while the listener is not known to be
   * current (nothing is then taken from memory).
   */
  identityVersion: (() => string | null) | null;
  /** On PostgreSQL, the listener to what changes about sessions and people (`identity-push.ts`); null on SQLite. */
  identityPush: IdentityPush | null;
  /**
   * On PostgreSQL, runs a query as a named statement: the server parses and plans it once per connection, and each
   * run after sends only its values (the session read on every request; decision 038). Null on SQLite, whose
   * statements are kept compiled anyway (`preparedOnce`).
   */
  named:
    | (<Row>(name: string, query: { sql: string; parameters: readonly unknown[] }) => Promise<Row[]>)
    | null;
}

const infos = new WeakMap<Db, DatabaseInfo>();
export const databaseInfo = (db: Db): DatabaseInfo =>
  infos.get(db) ?? {
    kind: 'sqlite',
    pool: () => null,
    reads: db,
    close: () => db.destroy(),
    identityVersion: null,
    identityPush: null,
    named: null,
  };
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
  const { dialect: base, pool, dataVersion } = dialectFor(location, options.poolSize ?? 10);
  const writes = new IdentityWrites();
  // Every instance hears what changes about sessions and people; a write that may end a session is answered once they
  // have (the listener starts after the migrations).
  let push: IdentityPush | null = null;
  const dialect = pool
    ? settlingDialect(
        base,
        (queryId) => writes.revokes(queryId),
        () => push?.settled() ?? Promise.resolve(),
      )
    : base;
  const db = new Kysely<Database>({ dialect, plugins: [writes] });
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    await db.destroy();
    throw new Error(`Database migration ${failed} failed: ${String(error)}`);
  }
  const listener = pool ? listenForIdentity(location) : null;
  push = listener;
  // Readers open the file only after the migrations made it.
  const reads =
    pool || location === ':memory:'
      ? db
      : new Kysely<Database>({ dialect: new SqliteReadersDialect(location, options.readers ?? 2) });
  const info: DatabaseInfo = {
    kind: pool ? 'postgres' : 'sqlite',
    pool: () => (pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null),
    reads,
    identityVersion: dataVersion
      ? () => `${writes.generation}:${dataVersion()}`
      : listener
        ? () => {
            const heard = listener.version();
            return heard === null ? null : `${writes.generation}:${heard}`;
          }
        : null,
    identityPush: listener,
    named: pool
      ? async <Row>(name: string, query: { sql: string; parameters: readonly unknown[] }) =>
          (await pool.query({ name, text: query.sql, values: [...query.parameters] })).rows as Row[]
      : null,
    close: async () => {
      await listener?.close();
      if (reads !== db) await reads.destroy();
      await db.destroy();
    },
  };
  infos.set(db, info);
  infos.set(reads, info);
  return db;
}

export { sql };
