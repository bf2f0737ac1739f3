import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';

/**
 * A dialect whose connections, once they have run a write that may end a session, wait for `settle` after they are
 * given back to the pool (decision 038, sixth pass): the statement's caller has its answer only once every instance
 * has heard of the write, and the pool's connection is free meanwhile, so a wait (a second, when an instance has gone
 * silent) never holds the database from anyone. In a transaction the connection is given back after its commit, so
 * the wait comes after the commit too. Not so for Kysely's controlled transactions (`startTransaction`), `connection()`
 * and `stream()`, whose connection is given back without the caller waiting: the console writes sessions and people
 * only as single statements (`identity/sessions.ts`, `identity/users.ts`).
 */
export function settlingDialect(
  base: Dialect,
  mustSettle: (queryId: CompiledQuery['queryId']) => boolean,
  settle: () => Promise<void>,
): Dialect {
  return {
    createAdapter: () => base.createAdapter(),
    createDriver: () => new SettlingDriver(base.createDriver(), mustSettle, settle),
    createIntrospector: (db: Kysely<unknown>) => base.createIntrospector(db),
    createQueryCompiler: (): QueryCompiler => base.createQueryCompiler(),
  };
}

class SettlingConnection implements DatabaseConnection {
  unsettled = false;
  constructor(
    readonly inner: DatabaseConnection,
    private readonly mustSettle: (queryId: CompiledQuery['queryId']) => boolean,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    // Marked before it runs: a statement that fails after it reached the server may still have committed.
    if (this.mustSettle(compiledQuery.queryId)) this.unsettled = true;
    return this.inner.executeQuery<R>(compiledQuery);
  }

  streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (this.mustSettle(compiledQuery.queryId)) this.unsettled = true;
    return this.inner.streamQuery<R>(compiledQuery, chunkSize);
  }
}

class SettlingDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly mustSettle: (queryId: CompiledQuery['queryId']) => boolean,
    private readonly settle: () => Promise<void>,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new SettlingConnection(await this.inner.acquireConnection(), this.mustSettle);
  }

  #inner(connection: DatabaseConnection): DatabaseConnection {
    return connection instanceof SettlingConnection ? connection.inner : connection;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(this.#inner(connection), settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(this.#inner(connection));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(this.#inner(connection));
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.inner.savepoint?.(this.#inner(connection), name, compile);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.inner.rollbackToSavepoint?.(this.#inner(connection), name, compile);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.inner.releaseSavepoint?.(this.#inner(connection), name, compile);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const unsettled = connection instanceof SettlingConnection && connection.unsettled;
    if (connection instanceof SettlingConnection) connection.unsettled = false;
    try {
      await this.inner.releaseConnection(this.#inner(connection));
    } finally {
      // The write stands whatever the wait gives: it is never turned into a failure after it committed.
      if (unsettled) await this.settle().catch(() => undefined);
    }
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
