import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';
import { migration as bookingTotals } from './014-booking-totals.ts';
import { autoKey } from './helpers.ts';

/**
 * The money the office's wallet moved, one row per move (decision 039), and its totals per day, kept in the same
 * transaction as the move: what the wallet statement lists and what the reports sum, so the two cannot disagree.
 *
 * `wallet_moves`: a hold (money reserved), a release (reserved money let go), a payment (money out), a refund (money
 * back), `cancelled` (a paid booking ended with nothing returned: no money moves, the client owes nothing), or `fee`
 * (a paid booking's fee changed: what clients owe moves, no money does); dated on the service's clock. `client_cents` is what the move does to what clients owe (a payment
 * adds the client price, the end of a paid booking takes it away); `lost_cents` what the office paid for a booking
 * that ended and did not get back.
 *
 * `day_totals`: per environment, day, product and the booking's agent, the sums of those moves; `open_holds` counts
 * the holds made that day still waiting to be paid or let go (on the day the hold was made). The same rows keep the
 * bookings made that day and what became of them (decision 033's counts, kept by triggers on `bookings`; they replace
 * migration 014's `booking_totals`), so a report reads one table, three grouped reads (decision 039, "speed").
 */
export const MOVE_COLUMNS = [
  'held_cents',
  'holds',
  'released_cents',
  'releases',
  'paid_cents',
  'payments',
  'refunded_cents',
  'refunds',
  'client_cents',
  'lost_cents',
  'losses',
  'open_holds',
  'open_hold_cents',
] as const;

/** Decision 033's counts of the bookings made, kept by triggers on `bookings` (so any write counts, SQL included). */
export const MADE_COLUMNS = [
  'bookings',
  'cancelled',
  'cancelled_net_cents',
  'lapsed',
  'lapsed_net_cents',
] as const;
const CANCELLED = `('cancelled', 'refunded', 'expired')`;
const net = (r: string) => `cast(replace(${r}.total_amount, '.', '') as bigint)`;
const ended = (r: string) => `(case when ${r}.status in ${CANCELLED} then 1 else 0 end)`;
const lapsed = `(case when OLD.status = 'held' and NEW.status in ${CANCELLED} and OLD.deadline is not null and OLD.deadline <= NEW.updated_at then 1 else 0 end)`;
const addMade = (values: string) =>
  `insert into day_totals (environment, day, product, agent_id, agent_email, ${MADE_COLUMNS.join(', ')})
   values (NEW.environment, substr(NEW.created_at, 1, 10), NEW.product, NEW.agent_id, NEW.agent_email, ${values})
   on conflict (environment, day, product, agent_id) do update set
   ${MADE_COLUMNS.map((c) => `${c} = day_totals.${c} + excluded.${c}`).join(', ')}`;
const onInsert = addMade(`1, ${ended('NEW')}, ${ended('NEW')} * ${net('NEW')}, 0, 0`);
const onUpdate = addMade(
  `0, ${ended('NEW')} - ${ended('OLD')}, ${ended('NEW')} * ${net('NEW')} - ${ended('OLD')} * ${net('OLD')},
   ${lapsed}, ${lapsed} * ${net('OLD')}`,
);

/** A table's triggers on `bookings` (`<table>_keep` is migration 014's one trigger on PostgreSQL) and their function. */
async function dropTriggers(db: Kysely<unknown>, postgres: boolean, table: string): Promise<void> {
  const on = postgres ? ' on bookings' : '';
  for (const name of ['insert', 'update', ...(postgres ? ['keep'] : [])])
    await sql.raw(`drop trigger if exists ${table}_${name}${on}`).execute(db);
  if (postgres) await sql.raw(`drop function if exists ${table}_keep()`).execute(db);
}

/** `day_totals` summed per month, kept by triggers on the day's rows whoever writes them: a long range's whole months. */
async function keepMonths(db: Kysely<unknown>, postgres: boolean): Promise<void> {
  const sums = [...MADE_COLUMNS, ...MOVE_COLUMNS];
  let months = db.schema
    .createTable('month_totals')
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('product', 'text', (c) => c.notNull())
    .addColumn('agent_id', 'text', (c) => c.notNull())
    .addColumn('agent_email', 'text', (c) => c.notNull());
  for (const column of sums) months = months.addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0));
  months = months.addPrimaryKeyConstraint('month_totals_pk', ['environment', 'month', 'product', 'agent_id']);
  await (postgres ? months : months.modifyEnd(sql`without rowid`)).execute();
  const add = (value: (column: string) => string) =>
    `insert into month_totals (environment, month, product, agent_id, agent_email, ${sums.join(', ')})
     values (NEW.environment, substr(NEW.day, 1, 7), NEW.product, NEW.agent_id, NEW.agent_email,
       ${sums.map(value).join(', ')})
     on conflict (environment, month, product, agent_id) do update set
     ${sums.map((c) => `${c} = month_totals.${c} + excluded.${c}`).join(', ')}`;
  const onInsert = add((c) => `NEW.${c}`);
  const onUpdate = add((c) => `NEW.${c} - OLD.${c}`);
  if (postgres) {
    await sql
      .raw(
        `create function month_totals_keep() returns trigger language plpgsql as $$
         begin
           if TG_OP = 'INSERT' then ${onInsert}; else ${onUpdate}; end if;
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger month_totals_keep after insert or update on day_totals for each row
         execute function month_totals_keep()`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw(`create trigger month_totals_insert after insert on day_totals begin ${onInsert}; end`)
    .execute(db);
  await sql
    .raw(`create trigger month_totals_update after update on day_totals begin ${onUpdate}; end`)
    .execute(db);
}

/**
 * Fills the moves and their days for the bookings in the ledger that have none, as their status reads now (a paid
 * booking: held then paid the day it was made; an ended one: held then let go, or paid then refunded when it says
 * refunded): the history before the console kept its moves. Also what the history seed (tests, the bench) calls after
 * writing bookings with SQL.
 */
export async function fillWalletFromBookings<D>(db: Kysely<D>): Promise<void> {
  const before = await sql<{
    last: number | string | null;
  }>`select max(id) as last from wallet_moves`.execute(db);
  const last = Number(before.rows[0]?.last ?? 0);
  const cents = `cast(replace(b.total_amount, '.', '') as bigint)`;
  const client = `cast(replace(coalesce(b.client_amount, b.total_amount), '.', '') as bigint)`;
  const paid = `('ticketing', 'ticketed', 'confirming', 'confirmed', 'issued')`;
  const fresh = `not exists (select 1 from wallet_moves m where m.booking_id = b.id and m.id <= ${last})`;
  const select = (kind: string, where: string, clientCents: string) =>
    `select b.environment, b.created_at, substr(b.created_at, 1, 10), b.id, b.product, b.agent_id, b.agent_email,
      b.agent_email, 'ledger', '${kind}', ${cents}, ${clientCents}, 0 from bookings b where ${fresh} and ${where}`;
  const into = `insert into wallet_moves (environment, at, day, booking_id, product, agent_id, agent_email, user_email,
    action, kind, amount_cents, client_cents, lost_cents)`;
  await sql.raw(`${into} ${select('hold', `b.status <> ''`, '0')}`).execute(db);
  await sql
    .raw(`${into} ${select('payment', `(b.status in ${paid} or b.status = 'refunded')`, client)}`)
    .execute(db);
  await sql.raw(`${into} ${select('refund', `b.status = 'refunded'`, `-${client}`)}`).execute(db);
  await sql.raw(`${into} ${select('release', `b.status in ('cancelled', 'expired')`, '0')}`).execute(db);
  const add = MOVE_COLUMNS.map((c) => `${c} = day_totals.${c} + excluded.${c}`).join(', ');
  await sql
    .raw(
      `insert into day_totals (environment, day, product, agent_id, agent_email, ${MOVE_COLUMNS.join(', ')})
       select environment, day, product, agent_id, max(agent_email),
         sum(case when kind = 'hold' then amount_cents else 0 end), sum(case when kind = 'hold' then 1 else 0 end),
         sum(case when kind = 'release' then amount_cents else 0 end), sum(case when kind = 'release' then 1 else 0 end),
         sum(case when kind = 'payment' then amount_cents else 0 end), sum(case when kind = 'payment' then 1 else 0 end),
         sum(case when kind = 'refund' then amount_cents else 0 end), sum(case when kind = 'refund' then 1 else 0 end),
         sum(client_cents), 0, 0,
         sum(case when kind = 'hold' then 1 when kind in ('payment', 'release') then -1 else 0 end),
         sum(case when kind = 'hold' then amount_cents when kind in ('payment', 'release') then -amount_cents else 0 end)
       from wallet_moves where id > ${last} group by environment, day, product, agent_id
       on conflict (environment, day, product, agent_id) do update set ${add}`,
    )
    .execute(db);
}

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('wallet_moves')
      .addColumn('id', 'integer', autoKey(db))
      .addColumn('environment', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('booking_id', 'text', (c) => c.notNull())
      .addColumn('product', 'text', (c) => c.notNull())
      .addColumn('agent_id', 'text', (c) => c.notNull())
      .addColumn('agent_email', 'text', (c) => c.notNull())
      .addColumn('user_email', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('amount_cents', 'bigint', (c) => c.notNull())
      .addColumn('client_cents', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('lost_cents', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    // The statement's page (a period, oldest first) and one booking's moves (what it got back so far).
    await db.schema
      .createIndex('wallet_moves_at')
      .on('wallet_moves')
      .columns(['environment', 'at', 'id'])
      .execute();
    await db.schema.createIndex('wallet_moves_booking').on('wallet_moves').column('booking_id').execute();
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    let days = db.schema
      .createTable('day_totals')
      .addColumn('environment', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('product', 'text', (c) => c.notNull())
      .addColumn('agent_id', 'text', (c) => c.notNull())
      .addColumn('agent_email', 'text', (c) => c.notNull());
    for (const column of [...MADE_COLUMNS, ...MOVE_COLUMNS])
      days = days.addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0));
    days = days.addPrimaryKeyConstraint('day_totals_pk', ['environment', 'day', 'product', 'agent_id']);
    // On SQLite the rows are stored in their key's order, so a range of days is read in one pass, not row by row.
    await (postgres ? days : days.modifyEnd(sql`without rowid`)).execute();
    await keepMonths(db, postgres);
    // The bookings made so far, as migration 014 kept them (a lapsed hold is known only from its transition)…
    await sql
      .raw(
        `insert into day_totals (environment, day, product, agent_id, agent_email, ${MADE_COLUMNS.join(', ')})
         select environment, day, product, agent_id, agent_email, bookings, cancelled, cancelled_net_cents, lapsed,
           lapsed_net_cents from booking_totals`,
      )
      .execute(db);
    // …and kept from now on in the day totals, in place of booking_totals.
    await dropTriggers(db, postgres, 'booking_totals');
    await db.schema.dropTable('booking_totals').execute();
    const watched = 'status, total_amount';
    if (postgres) {
      await sql
        .raw(
          `create function day_totals_keep() returns trigger language plpgsql as $$
           begin
             if TG_OP = 'INSERT' then ${onInsert}; else ${onUpdate}; end if;
             return null;
           end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger day_totals_insert after insert on bookings for each row execute function day_totals_keep()`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger day_totals_update after update of ${watched} on bookings for each row
           when (OLD.status is distinct from NEW.status or OLD.total_amount is distinct from NEW.total_amount)
           execute function day_totals_keep()`,
        )
        .execute(db);
    } else {
      await sql
        .raw(`create trigger day_totals_insert after insert on bookings begin ${onInsert}; end`)
        .execute(db);
      await sql
        .raw(
          `create trigger day_totals_update after update of ${watched} on bookings
           when OLD.status is not NEW.status or OLD.total_amount is not NEW.total_amount
           begin ${onUpdate}; end`,
        )
        .execute(db);
    }
    // Where the statement's running balance starts: the service's balance as the console first read it.
    await db.schema
      .createTable('wallet_anchors')
      .addColumn('environment', 'text', (c) => c.primaryKey())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('balance_cents', 'bigint', (c) => c.notNull())
      .execute();
    await fillWalletFromBookings(db);
  },
  async down(db: Kysely<unknown>) {
    await dropTriggers(db, db.getExecutor().adapter instanceof PostgresAdapter, 'day_totals');
    await db.schema.dropTable('wallet_anchors').execute();
    await db.schema.dropTable('day_totals').execute();
    await db.schema.dropTable('month_totals').execute();
    if (db.getExecutor().adapter instanceof PostgresAdapter)
      await sql`drop function if exists month_totals_keep()`.execute(db);
    await db.schema.dropTable('wallet_moves').execute();
    // Migration 014's totals and triggers again, from the bookings as they stand (lapsed holds are not known again).
    await bookingTotals.up(db);
  },
};
