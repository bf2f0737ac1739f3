import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/**
 * The pool Kysely is given on PostgreSQL: `pg`'s own, whose clients send each statement in `pg`'s callback form
 * (decision 038, eleventh pass). Kysely's driver calls `client.query(sql, parameters)` in its promise form; measured
 * on a keyset read of 200,000 rows a page at a time, that form made the young generation's collector promote a tenth
 * of everything the read allocated (its rows, and what was made from them) to the old generation, where it waited
 * for a full collection: the audit CSV of a million entries grew the process by 143–312 MiB. The callback form, the
 * same statements on the same connections, promoted about a hundredth. Why V8 keeps the first longer is not
 * established; which form does it is. Anything else (a cursor) is passed to the client as it is.
 */
export function callbackPool(pool: pg.Pool): PostgresPool {
  // One wrapper per connection, so Kysely (which keeps its own state per client object) sees the same one each time.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      // pg-pool stops listening for a connection's errors while it is checked out, and Kysely never listens: a
      // connection the server ended then (between a transaction's statements, or as Kysely sent its ROLLBACK) was an
      // uncaught 'error' that took the whole process down. pg fails the statement in flight itself, and pg-pool drops
      // the connection when it is given back.
      client.on('error', ignoreWhileCheckedOut);
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

function wrap(client: pg.PoolClient): PostgresPoolClient {
  function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  function query<R>(cursor: unknown): R;
  function query(sqlOrCursor: unknown, parameters?: ReadonlyArray<unknown>): unknown {
    if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as pg.Submittable);
    return new Promise((resolve, reject) => {
      client.query(sqlOrCursor, parameters as unknown[], (error, result) => {
        // A database error's own trace starts in pg's parser (the promise form replaced it); Kysely adds the caller's.
        if (error) reject(error);
        else resolve(result);
      });
    });
  }
  return {
    query,
    release: () => {
      client.off('error', ignoreWhileCheckedOut);
      // pg-pool gives each checkout a `release` of its own: looked up when called, never kept.
      client.release();
    },
  };
}

const ignoreWhileCheckedOut = () => undefined;
