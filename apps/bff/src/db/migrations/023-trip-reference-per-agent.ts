import type { Kysely, Migration } from 'kysely';

/**
 * A trip's reference is unique per agent (decision 044), no longer in the whole environment: the office-wide rule
 * answered another agent's reference with "already a trip's reference". The lookup by reference (the trips of a
 * booking) keeps its index, no longer unique. A trip's bookings by reference are looked up in its environment: the
 * index leads with it, as every other index of the ledger does (on client_reference alone, both planners preferred
 * an index on the environment and read all of it).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex('trips_reference').execute();
    await db.schema
      .createIndex('trips_reference')
      .on('trips')
      .columns(['environment', 'reference'])
      .execute();
    await db.schema
      .createIndex('trips_agent_reference')
      .on('trips')
      .columns(['environment', 'agent_id', 'reference'])
      .unique()
      .execute();
    await db.schema.dropIndex('bookings_client_reference').execute();
    await db.schema
      .createIndex('bookings_client_reference')
      .on('bookings')
      .columns(['environment', 'client_reference'])
      .execute();
  },
};
