import { type Kysely, type Migration, sql } from 'kysely';
import { searchDocument } from './helpers.ts';

/** What the desk's search matches, computed by the database from the row itself: the same SQL on both stores. */
const BOOKINGS_DOC = sql`lower(id || ' ' || coalesce(reference, '') || ' ' || coalesce(client_reference, '') || ' ' || people || ' ' || search_text)`;

export const migration: Migration = {
  /**
   * Every list the console serves is keyset-paged newest first (or soonest deadline first), and each of its filters
   * has an index that gives rows in that order, so a page reads a page of index entries (decision 023).
   */
  async up(db: Kysely<unknown>) {
    const index = (name: string, table: string, columns: string[]) =>
      db.schema.createIndex(name).ifNotExists().on(table).columns(columns).execute();
    await db.schema.dropIndex('bookings_deadline').ifExists().execute();
    await db.schema.dropIndex('bookings_agent').ifExists().execute();
    // The desk, newest first: the office's, an agent's own, one agent's (admin filter), by product, status, both.
    await index('bookings_newest', 'bookings', ['environment', 'created_at', 'id']);
    await index('bookings_agent_newest', 'bookings', ['environment', 'agent_id', 'created_at', 'id']);
    await index('bookings_agent_email_newest', 'bookings', [
      'environment',
      'agent_email',
      'created_at',
      'id',
    ]);
    await index('bookings_product_newest', 'bookings', ['environment', 'product', 'created_at', 'id']);
    await index('bookings_status_newest', 'bookings', ['environment', 'status', 'created_at', 'id']);
    await index('bookings_product_status_newest', 'bookings', [
      'environment',
      'product',
      'status',
      'created_at',
      'id',
    ]);
    // The running clocks (radar, wallet alert, refresh job): a partial index of the rows with a deadline only.
    await db.schema
      .createIndex('bookings_running')
      .ifNotExists()
      .on('bookings')
      .columns(['environment', 'deadline', 'created_at', 'id'])
      .where(sql.ref('deadline'), 'is not', null)
      .execute();
    // The audit log, newest first, and by each of its filters; the statement reads it oldest first by `at`.
    await db.schema.dropIndex('audit_at').ifExists().execute();
    await index('audit_at_id', 'audit_log', ['at', 'id']);
    await index('audit_user_at', 'audit_log', ['user_email', 'at', 'id']);
    await index('audit_action_at', 'audit_log', ['action', 'at', 'id']);
    await index('audit_result_at', 'audit_log', ['result', 'at', 'id']);
    // Trips newest first (the office's, an agent's); travellers by name; users by email (unique already).
    await index('trips_newest', 'trips', ['environment', 'created_at', 'id']);
    await index('trips_agent_newest', 'trips', ['environment', 'agent_id', 'created_at', 'id']);
    await db.schema.dropIndex('travellers_names').ifExists().execute();
    await index('travellers_by_name', 'travellers', ['family_name', 'given_name', 'id']);

    // The desk's substring search, kept by the database itself: a row written by any path is found.
    await searchDocument(db, 'bookings', BOOKINGS_DOC, [
      'id',
      'reference',
      'client_reference',
      'people',
      'search_text',
    ]);
  },
};
