import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';

/**
 * The embedded store's history reads off the event loop (decision 023). better-sqlite3 runs a query on the thread
 * that calls it, so a list that reads many rows of a million-row ledger would stop every other request for as long.
 * The lists, searches and exports run instead on a few worker threads, each with its own read-only connection to the
 * same file (WAL lets readers run beside the writer and see every committed write); the main thread waits for them
 * without blocking. Point reads and writes stay on the main connection, where each is a single index lookup.
 *
 * The worker is a few lines of plain JavaScript given to `new Worker` as a string, so the same code runs from the
 * TypeScript sources (tests, `pnpm dev`) and from the esbuild bundle (`pnpm start`) without a second entry point.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.module);
const db = new SQLite(workerData.path, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('query_only = ON');
const statements = new Map();
parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > 256) statements.delete(statements.keys().next().value);
    }
    if (!statement.reader) throw new Error('the history readers only read');
    parentPort.postMessage({ id, rows: statement.all(parameters) });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: String(error && error.message), code: error && error.code } });
  }
});
`;

interface Reply {
  id: number;
  rows?: unknown[];
  error?: { message: string; code?: string };
}

class ReaderError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** One worker thread and its connection: one query at a time. */
class Reader implements DatabaseConnection {
  #worker: Worker;
  #next = 0;
  #pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (e: Error) => void }>();

  constructor(path: string) {
    this.#worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { path, module: createRequire(import.meta.url).resolve('better-sqlite3') },
    });
    // An idle reader does not keep the process alive; one with a query under way does (see executeQuery).
    this.#worker.unref();
    this.#worker.on('message', (reply: Reply) => {
      const waiting = this.#pending.get(reply.id);
      if (!waiting) return;
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) this.#worker.unref();
      if (reply.error) waiting.reject(new ReaderError(reply.error.message, reply.error.code));
      else waiting.resolve(reply.rows ?? []);
    });
    const fail = (error: Error) => {
      for (const waiting of this.#pending.values()) waiting.reject(error);
      this.#pending.clear();
      this.dead = true;
    };
    this.#worker.on('error', fail);
    this.#worker.on('exit', (code) => fail(new Error(`history reader exited (${code})`)));
  }

  dead = false;

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const id = this.#next++;
    return new Promise<QueryResult<R>>((resolve, reject) => {
      this.#pending.set(id, { resolve: (rows) => resolve({ rows: rows as R[] }), reject });
      if (this.#pending.size === 1) this.#worker.ref();
      this.#worker.postMessage({ id, sql: compiled.sql, parameters: compiled.parameters });
    });
  }

  // biome-ignore lint/correctness/useYield: the readers answer whole pages; exports page with cursors instead
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('The history readers do not stream: page with a cursor instead.');
  }

  close(): Promise<number> {
    return this.#worker.terminate();
  }
}

/** A few readers; a query waits for a free one (in order of arrival). */
class ReaderPoolDriver implements Driver {
  #readers: Reader[] = [];
  #free: Reader[] = [];
  #waiting: ((reader: Reader) => void)[] = [];

  constructor(
    private readonly path: string,
    private readonly size: number,
  ) {}

  async init(): Promise<void> {
    for (let i = 0; i < this.size; i++) this.#readers.push(new Reader(this.path));
    this.#free = [...this.#readers];
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const reader = this.#free.pop();
    if (reader) return reader;
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    if (!(connection instanceof Reader)) throw new Error('not a history reader');
    let reader = connection;
    if (reader.dead) {
      // A reader whose thread died is replaced, so the pool keeps its size.
      const index = this.#readers.indexOf(reader);
      reader = new Reader(this.path);
      if (index >= 0) this.#readers[index] = reader;
    }
    const next = this.#waiting.shift();
    if (next) next(reader);
    else this.#free.push(reader);
  }

  async beginTransaction(): Promise<void> {
    throw new Error('The history readers do not take transactions.');
  }
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}

  async destroy(): Promise<void> {
    await Promise.all(this.#readers.map((reader) => reader.close()));
    this.#readers = [];
    this.#free = [];
  }
}

/** Kysely over the reader pool: SQLite's SQL, compiled on the main thread and run on a reader. */
export class SqliteReadersDialect implements Dialect {
  constructor(
    private readonly path: string,
    private readonly size = 2,
  ) {}
  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }
  createDriver(): Driver {
    return new ReaderPoolDriver(this.path, this.size);
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
