import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

/**
 * The office's reports come from totals the database keeps itself (decision 033): per environment, day the booking was
 * made, product and agent — bookings, net, fee, client price; those cancelled or refunded; holds that lapsed unpaid.
 * Triggers on `bookings` keep them, so a row written by any path counts (the console, a reconciliation, a seed); a
 * report reads a few thousand rows of totals, never the ledger.
 *
 * Amounts are two-decimal strings (the contract's AMOUNT_PATTERN), so their cents are the digits without the point:
 * exact, on both stores. A lapsed hold is a booking that went from `held` to cancelled or expired after its deadline.
 */
const CANCELLED = `('cancelled', 'refunded', 'expired')`;
const cents = (expr: string) => `cast(replace(${expr}, '.', '') as bigint)`;
const contribution = (r: string) => ({
  net: cents(`${r}.total_amount`),
  fee: cents(`coalesce(${r}.fee_amount, '0.00')`),
  client: cents(`coalesce(${r}.client_amount, ${r}.total_amount)`),
  cancelled: `(case when ${r}.status in ${CANCELLED} then 1 else 0 end)`,
});
const lapsed = `(case when OLD.status = 'held' and NEW.status in ${CANCELLED} and OLD.deadline is not null and OLD.deadline <= NEW.updated_at then 1 else 0 end)`;
const COLUMNS =
  'environment, day, product, agent_id, agent_email, bookings, net_cents, fee_cents, client_cents, cancelled, cancelled_net_cents, lapsed, lapsed_net_cents';
const ADD = `on conflict (environment, day, product, agent_id) do update set
  bookings = booking_totals.bookings + excluded.bookings,
  net_cents = booking_totals.net_cents + excluded.net_cents,
  fee_cents = booking_totals.fee_cents + excluded.fee_cents,
  client_cents = booking_totals.client_cents + excluded.client_cents,
  cancelled = booking_totals.cancelled + excluded.cancelled,
  cancelled_net_cents = booking_totals.cancelled_net_cents + excluded.cancelled_net_cents,
  lapsed = booking_totals.lapsed + excluded.lapsed,
  lapsed_net_cents = booking_totals.lapsed_net_cents + excluded.lapsed_net_cents`;

function onInsert(): string {
  const n = contribution('NEW');
  return `insert into booking_totals (${COLUMNS}) values (NEW.environment, substr(NEW.created_at, 1, 10), NEW.product,
    NEW.agent_id, NEW.agent_email, 1, ${n.net}, ${n.fee}, ${n.client}, ${n.cancelled}, ${n.cancelled} * ${n.net}, 0, 0)
    ${ADD}`;
}
function onUpdate(): string {
  const n = contribution('NEW');
  const o = contribution('OLD');
  return `insert into booking_totals (${COLUMNS}) values (NEW.environment, substr(NEW.created_at, 1, 10), NEW.product,
    NEW.agent_id, NEW.agent_email, 0, ${n.net} - ${o.net}, ${n.fee} - ${o.fee}, ${n.client} - ${o.client},
    ${n.cancelled} - ${o.cancelled}, ${n.cancelled} * ${n.net} - ${o.cancelled} * ${o.net}, ${lapsed},
    ${lapsed} * ${o.net})
    ${ADD}`;
}

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('booking_totals')
      .addColumn('environment', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('product', 'text', (c) => c.notNull())
      .addColumn('agent_id', 'text', (c) => c.notNull())
      .addColumn('agent_email', 'text', (c) => c.notNull())
      .addColumn('bookings', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('net_cents', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('fee_cents', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('client_cents', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('cancelled', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('cancelled_net_cents', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('lapsed', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('lapsed_net_cents', 'bigint', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('booking_totals_pk', ['environment', 'day', 'product', 'agent_id'])
      .execute();
    // The bookings made before the totals existed.
    const n = contribution('b');
    await sql
      .raw(
        `insert into booking_totals (${COLUMNS})
         select b.environment, substr(b.created_at, 1, 10), b.product, b.agent_id, max(b.agent_email), count(*),
           sum(${n.net}), sum(${n.fee}), sum(${n.client}), sum(${n.cancelled}), sum(${n.cancelled} * ${n.net}), 0, 0
         from bookings b group by b.environment, substr(b.created_at, 1, 10), b.product, b.agent_id`,
      )
      .execute(db);
    const watched = 'status, total_amount, fee_amount, client_amount';
    if (postgres) {
      await sql
        .raw(
          `create or replace function booking_totals_keep() returns trigger language plpgsql as $$
           begin
             if TG_OP = 'INSERT' then ${onInsert()}; else ${onUpdate()}; end if;
             return null;
           end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger booking_totals_keep after insert or update of ${watched} on bookings
           for each row execute function booking_totals_keep()`,
        )
        .execute(db);
      return;
    }
    await sql
      .raw(`create trigger booking_totals_insert after insert on bookings begin ${onInsert()}; end`)
      .execute(db);
    await sql
      .raw(
        `create trigger booking_totals_update after update of ${watched} on bookings begin ${onUpdate()}; end`,
      )
      .execute(db);
  },
};
