import { type Kysely, type Migration, sql } from 'kysely';

/** The console's moves the audit log keeps by booking, and their words on the timeline (as the live writer's). */
const MOVES: Record<string, string> = {
  'flight.order.ticket': 'Ticketing asked',
  'flight.order.cancel': 'Cancelled',
  'flight.order.refund': 'Refund asked',
  'hotel.order.confirm': 'Confirmed',
  'hotel.order.cancel': 'Cancelled',
  'hotel.order.extend_deadline': 'Deadline extended',
  'activity.booking.confirm': 'Confirmed',
  'activity.booking.cancel': 'Cancelled',
};

/** Backfilled events say so in their facts. */
const BACKFILLED = JSON.stringify({ backfilled: true });

/**
 * Every booking's timeline, continued (decision 052).
 *
 * The outbox's e-mails name the booking they are about (`booking_id`), so the timeline says when each went, to whom.
 *
 * The bookings made before the timeline have their history told from what the database holds: made (when, by whom,
 * with the net and client price the ledger keeps), each move the audit log records on the booking (ticket, confirm,
 * extend, cancel, refund, a fee set), each change found and handled, and each trip it was attached to. Each under the
 * dedupe key its live writer uses where there is one, so nothing is told twice; done in a few statements whatever the
 * office's size (INSERT … SELECT, no rows through the process).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('mail_outbox').addColumn('booking_id', 'text').execute();
    await backfillTimelines(db);
  },
};

/** The bookings' history told on their timelines from what the database holds (safe to run again: nothing twice). */
export async function backfillTimelines<D>(db: Kysely<D>): Promise<void> {
  const insert = sql`insert into booking_events (booking_id, at, kind, actor_kind, actor_id, actor_email, summary, data, dedupe)`;
  const skip = sql`on conflict (dedupe) do nothing`;

  // Made, with its price (the one the ledger keeps: the net as last read, the client price as made).
  await sql`${insert}
      select id, created_at, 'made', 'agent', agent_id, agent_email,
        'Made by ' || agent_email || ': ' || summary || ', ' || total_amount || ' USD net'
          || coalesce('; client price ' || client_amount || ' USD (fee ' || fee_amount || ' USD)', ''),
        cast(${BACKFILLED} as text), 'made:' || id
      from bookings where true ${skip}`.execute(db);

  // The console's moves on someone's press, as the audit log has them.
  const words = sql.join(
    Object.entries(MOVES).map(([action, said]) => sql`when ${action} then cast(${said} as text)`),
    sql` `,
  );
  await sql`${insert}
      select a.resource_id, a.at, 'console_move', 'agent', a.user_id, a.user_email,
        (case a.action ${words} end) || ' by ' || a.user_email
          || coalesce('; ' || a.amount || ' USD', ''),
        cast(${BACKFILLED} as text), 'audit:' || cast(a.id as text)
      from audit_log a join bookings b on b.id = a.resource_id
      where a.action in (${sql.join(Object.keys(MOVES))}) and a.result in ('succeeded', 'reconciled') ${skip}`.execute(
    db,
  );
  await sql`${insert}
      select a.resource_id, a.at, 'fee_changed', 'agent', a.user_id, a.user_email,
        'Fee set by ' || a.user_email || coalesce(' to ' || a.amount || ' USD', ''),
        cast(${BACKFILLED} as text), 'audit:' || cast(a.id as text)
      from audit_log a join bookings b on b.id = a.resource_id
      where a.action = 'booking.fee.set' and a.result = 'succeeded' ${skip}`.execute(db);

  // Each change found, and each handled (by whom, with the note).
  await sql`${insert}
      select booking_id, detected_at, 'change_found', 'console', null, null, 'Change found: ' || summary,
        cast(${BACKFILLED} as text), 'change:' || id
      from booking_changes where true ${skip}`.execute(db);
  await sql`${insert}
      select booking_id, handled_at, 'change_handled', 'agent', null, handled_by,
        'Change handled by ' || coalesce(handled_by, 'an agent') || ': ' || summary
          || coalesce(' (' || nullif(note, '') || ')', ''),
        cast(${BACKFILLED} as text), 'handled:' || id
      from booking_changes where handled_at is not null ${skip}`.execute(db);

  // Each trip a booking was attached to (by the trip's agent: the attachment does not say who pressed).
  await sql`${insert}
      select tb.booking_id, tb.added_at, 'trip_joined', 'agent', t.agent_id, t.agent_email,
        'Added to trip ' || t.name || ' (' || t.reference || ')',
        cast(${BACKFILLED} as text), 'trip:' || tb.trip_id || ':' || tb.booking_id || ':' || tb.added_at
      from trip_bookings tb join trips t on t.id = tb.trip_id
      join bookings b on b.id = tb.booking_id where true ${skip}`.execute(db);
}
