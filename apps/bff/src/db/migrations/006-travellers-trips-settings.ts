import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('travellers')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('given_name', 'text', (c) => c.notNull())
      .addColumn('family_name', 'text', (c) => c.notNull())
      .addColumn('date_of_birth', 'text', (c) => c.notNull())
      .addColumn('gender', 'text')
      .addColumn('nationality', 'text')
      .addColumn('documents', 'text', (c) => c.notNull())
      .addColumn('email', 'text')
      .addColumn('phone', 'text')
      .addColumn('notes', 'text')
      .addColumn('search_text', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('travellers_names')
      .on('travellers')
      .columns(['family_name', 'given_name'])
      .execute();
    await db.schema
      .createTable('trips')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('environment', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('reference', 'text', (c) => c.notNull())
      .addColumn('travellers', 'text', (c) => c.notNull())
      .addColumn('starts_on', 'text')
      .addColumn('ends_on', 'text')
      .addColumn('notes', 'text')
      .addColumn('agent_id', 'text', (c) => c.notNull())
      .addColumn('agent_email', 'text', (c) => c.notNull())
      .addColumn('search_text', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    // One reference per environment: it is what each part carries as client_reference.
    await db.schema
      .createIndex('trips_reference')
      .on('trips')
      .columns(['environment', 'reference'])
      .unique()
      .execute();
    await db.schema
      .createTable('trip_bookings')
      .addColumn('trip_id', 'text', (c) => c.notNull().references('trips.id').onDelete('cascade'))
      .addColumn('booking_id', 'text', (c) => c.notNull())
      .addColumn('added_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('trip_bookings_pk', ['trip_id', 'booking_id'])
      .execute();
    await db.schema.createIndex('trip_bookings_booking').on('trip_bookings').column('booking_id').execute();
    await db.schema
      .createIndex('bookings_client_reference')
      .on('bookings')
      .column('client_reference')
      .execute();
    await db.schema
      .createTable('office_settings')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },
};
