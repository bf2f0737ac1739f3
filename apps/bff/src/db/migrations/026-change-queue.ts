import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

/**
 * A team's queue of changes (decision 053). A change belongs to a person (`assignee_id`; null: unassigned, when the
 * booking's agent was disabled or gone as it was found) and may be snoozed until an instant on the service's clock
 * (`state` 'snoozed', `snoozed_until`). A person may be away until an instant, covered by a colleague. Every view
 * reads off an index in its own order: a person's queue (and by product), everyone's open work per person (count and
 * oldest), the snoozed ones coming due, the people listed by name.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('booking_changes').addColumn('assignee_id', 'text').execute();
    await db.schema.alterTable('booking_changes').addColumn('snoozed_until', 'text').execute();
    // The changes found before: their agent's, unless that agent is disabled or gone (then nobody's, to be taken).
    await sql`update booking_changes set assignee_id = agent_id
      where agent_id in (select id from users where disabled = 0)`.execute(db);

    const order = ['travel_key', 'detected_at desc', 'id desc'];
    await db.schema
      .createIndex('changes_assignee')
      .on('booking_changes')
      .columns(['environment', 'assignee_id', 'state', ...order])
      .execute();
    await db.schema
      .createIndex('changes_assignee_product')
      .on('booking_changes')
      .columns(['environment', 'assignee_id', 'state', 'product', ...order])
      .execute();
    // Everyone's open work: per person, how many and the oldest (a range of the index each).
    await db.schema
      .createIndex('changes_per_person')
      .on('booking_changes')
      .columns(['environment', 'state', 'assignee_id', 'detected_at', 'id'])
      .execute();
    // The wake job: the snoozed ones whose time has come, soonest first.
    await db.schema
      .createIndex('changes_snoozed_due')
      .on('booking_changes')
      .columns(['state', 'snoozed_until'])
      .execute();

    await db.schema.alterTable('users').addColumn('away_until', 'text').execute();
    await db.schema.alterTable('users').addColumn('cover_user_id', 'text').execute();
    await db.schema.createIndex('users_by_name').on('users').columns(['name', 'id']).execute();
  },
};
