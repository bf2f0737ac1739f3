import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/** What the migrations share: plain Kysely that runs on SQLite and PostgreSQL alike. */

/** An integer key the database numbers itself: an identity column on PostgreSQL, SQLite's rowid alias otherwise. */
export function autoKey(db: Kysely<unknown>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return (c: ColumnDefinitionBuilder) =>
    postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
}

/**
 * A table's search document: a generated column `search_doc` (stored on PostgreSQL, virtual on SQLite) computed from
 * `columns` by `expression`, and its trigram index — GIN `gin_trgm_ops` on PostgreSQL; on SQLite a contentless FTS5
 * table `<table>_fts` (rowid = the row's rowid) kept by triggers on insert, delete and update of those columns.
 */
export async function searchDocument(
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
