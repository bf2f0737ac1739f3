import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

/**
 * The desk sorted and filtered by money (decision 032): each booking's fee (the office's margin) and client price in
 * cents, computed by the database from the row (generated columns: virtual on SQLite, stored on PostgreSQL), and an
 * index per order for the office's desk and an agent's own, so a page is a range of an index at any size.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    const kind = postgres ? 'bigint' : 'integer';
    const how = postgres ? 'stored' : 'virtual';
    const columns = {
      fee_cents: `cast(replace(coalesce(fee_amount, '0.00'), '.', '') as ${kind})`,
      client_cents: `cast(replace(coalesce(client_amount, total_amount), '.', '') as ${kind})`,
    };
    for (const [name, expression] of Object.entries(columns)) {
      await sql
        .raw(`alter table bookings add column ${name} ${kind} generated always as (${expression}) ${how}`)
        .execute(db);
      await sql
        .raw(`create index bookings_by_${name} on bookings (environment, ${name}, created_at, id)`)
        .execute(db);
      await sql
        .raw(
          `create index bookings_agent_by_${name} on bookings (environment, agent_id, ${name}, created_at, id)`,
        )
        .execute(db);
    }
  },
};
