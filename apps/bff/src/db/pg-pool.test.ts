import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createDatabase,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../testing/throwaway-postgres.ts';
import { callbackPool } from './pg-pool.ts';

/**
 * The pool Kysely is given on PostgreSQL (decision 038, eleventh pass): the statements go in `pg`'s callback form, and
 * what comes back must be what `pg`'s promise form gives. Always on PostgreSQL: the run's server, or one of its own.
 */
let server: ThrowawayPostgres | null = null;
let pool: pg.Pool;
let url: string;
let db: Kysely<{ items: { id: number; name: string } }>;

beforeAll(async () => {
  const admin = inject('postgresUrl');
  if (admin) url = await createDatabase(admin);
  else {
    server = await startThrowawayPostgres();
    url = await server.createDatabase();
  }
  pool = new pg.Pool({ connectionString: url, max: 2 });
  db = new Kysely({ dialect: new PostgresDialect({ pool: callbackPool(pool) }) });
  await sql`create table items (id integer primary key, name text not null)`.execute(db);
}, 60_000);

afterAll(async () => {
  await db?.destroy();
  await server?.stop();
});

describe('the pool Kysely is given on PostgreSQL', () => {
  it('answers a statement as pg’s promise form does: the same rows, command and count', async () => {
    await db
      .insertInto('items')
      .values([
        { id: 1, name: 'one' },
        { id: 2, name: 'two' },
      ])
      .execute();
    const text = 'select id, name from items where id >= $1 order by id';
    const client = await pool.connect();
    const direct = await client.query(text, [1]).finally(() => client.release());
    const wrapped = await callbackPool(pool).connect();
    const viaWrapper = await wrapped.query<{ id: number; name: string }>(text, [1]);
    wrapped.release();
    expect(viaWrapper.rows).toEqual(direct.rows);
    expect(viaWrapper.rows).toEqual([
      { id: 1, name: 'one' },
      { id: 2, name: 'two' },
    ]);
    expect([viaWrapper.command, viaWrapper.rowCount]).toEqual([direct.command, direct.rowCount]);
    const updated = await db.updateTable('items').set({ name: 'uno' }).where('id', '=', 1).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(1n);
  });

  it('rejects a failing statement with PostgreSQL’s own error, its code and constraint kept', async () => {
    const failure = await db
      .insertInto('items')
      .values({ id: 1, name: 'again' })
      .execute()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(pg.DatabaseError);
    expect(failure).toMatchObject({ code: '23505', constraint: 'items_pkey' });
    // The connection goes back to the pool and serves the next statement.
    expect(await db.selectFrom('items').select('name').where('id', '=', 1).executeTakeFirst()).toEqual({
      name: 'uno',
    });
  });

  it('keeps a transaction on its one connection: a rollback takes back what it wrote, a commit keeps it', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ id: 10, name: 'taken back' }).execute();
        expect(await trx.selectFrom('items').select('id').where('id', '=', 10).execute()).toHaveLength(1);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await db
      .transaction()
      .execute((trx) => trx.insertInto('items').values({ id: 11, name: 'kept' }).execute());
    const ids = (await db.selectFrom('items').select('id').where('id', '>=', 10).execute()).map((r) => r.id);
    expect(ids).toEqual([11]);
  });

  it('hands out the same wrapper for the same connection, and gives each connection back', async () => {
    const wrapped = callbackPool(pool);
    const first = await wrapped.connect();
    first.release();
    const second = await wrapped.connect();
    second.release();
    // One idle connection is reused: Kysely keeps its per-connection state on the object it is given.
    expect(second).toBe(first);
    await Promise.all(Array.from({ length: 6 }, () => db.selectFrom('items').select('id').execute()));
    expect(pool.totalCount).toBeLessThanOrEqual(2);
    expect(pool.idleCount).toBe(pool.totalCount);
  });
});

describe('a connection the server ends while it is checked out', () => {
  it('fails the transaction it was in, and the process and the pool carry on', async () => {
    const admin = new pg.Pool({ connectionString: url, max: 1 });
    const heldPid = async () =>
      (
        await admin.query<{ pid: number }>(
          "select pid from pg_stat_activity where query like 'select pg_sleep(30) as held_for_the_test%' and state = 'active'",
        )
      ).rows[0]?.pid;
    try {
      const running = db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ id: 500, name: 'never kept' }).execute();
        await sql`select pg_sleep(30) as held_for_the_test`.execute(trx);
      });
      // Its outcome taken at once: it may fail before the ending below has answered.
      const outcome = running.then(
        () => null,
        (error: unknown) => error,
      );
      // The transaction's connection, found while it waits on the server, is ended there.
      await expect.poll(heldPid, { timeout: 10_000 }).toBeDefined();
      await admin.query('select pg_terminate_backend($1)', [await heldPid()]);
      // Its statement fails and Kysely's ROLLBACK meets a closed connection: before, an uncaught 'error' (vitest
      // reports it and fails the run; a console's process ended).
      expect(await outcome).toBeInstanceOf(Error);
      expect((await sql<{ n: number }>`select 4 as n`.execute(db)).rows).toEqual([{ n: 4 }]);
      expect((await admin.query('select count(*)::int as c from items where id = 500')).rows[0]?.c).toBe(0);
      await expect.poll(() => pool.idleCount === pool.totalCount).toBe(true);
    } finally {
      await admin.end();
    }
  });
});
