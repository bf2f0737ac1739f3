import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

/**
 * On PostgreSQL, every write to the sessions and users tables is announced to every instance as it commits (decision
 * 038, sixth pass; `db/identity-push.ts`): a session only touched (its `last_seen_at` moved on, once a minute) as
 * `t:<id>:<last seen>`, anything else (a sign-out, a disabling, a role change, a rotation, a password, a "last seen"
 * set back by hand…) as `*`, which ends whatever an instance kept in memory. A new row ends nothing and is not announced. The triggers see every writer, the console's
 * own statements and the `users` command's as much as an operator's by hand. SQLite needs none: an instance there
 * reads the file's `data_version`.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    await sql`
      create or replace function console_identity_changed() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and tg_table_name = 'sessions'
           and (to_jsonb(old) - 'last_seen_at') = (to_jsonb(new) - 'last_seen_at')
           and (to_jsonb(new) ->> 'last_seen_at')::bigint >= (to_jsonb(old) ->> 'last_seen_at')::bigint then
          perform pg_notify('console_identity', 't:' || new.id || ':' || new.last_seen_at);
        else
          perform pg_notify('console_identity', '*');
        end if;
        return null;
      end
      $$`.execute(db);
    for (const table of ['sessions', 'users']) {
      const on = sql.table(table);
      await sql`create trigger ${sql.raw(`${table}_identity_changed`)} after update or delete on ${on}
        for each row execute function console_identity_changed()`.execute(db);
      await sql`create trigger ${sql.raw(`${table}_identity_truncated`)} after truncate on ${on}
        for each statement execute function console_identity_changed()`.execute(db);
      // Fired on a replica's apply and under `session_replication_role = replica` (a restore) too.
      for (const trigger of [`${table}_identity_changed`, `${table}_identity_truncated`])
        await sql`alter table ${on} enable always trigger ${sql.raw(trigger)}`.execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    for (const table of ['sessions', 'users']) {
      await sql`drop trigger if exists ${sql.raw(`${table}_identity_changed`)} on ${sql.table(table)}`.execute(
        db,
      );
      await sql`drop trigger if exists ${sql.raw(`${table}_identity_truncated`)} on ${sql.table(table)}`.execute(
        db,
      );
    }
    await sql`drop function if exists console_identity_changed()`.execute(db);
  },
};
