import { type Kysely, type Migration, sql } from 'kysely';
import { searchDocument } from './helpers.ts';

export const migration: Migration = {
  /** The traveller directory's and the trips' searches, indexed as the desk's is (decision 023). */
  async up(db: Kysely<unknown>) {
    await searchDocument(
      db,
      'travellers',
      sql`lower(given_name || ' ' || family_name || ' ' || coalesce(email, '') || ' ' || search_text)`,
      ['given_name', 'family_name', 'email', 'search_text'],
    );
    await searchDocument(
      db,
      'trips',
      sql`lower(name || ' ' || reference || ' ' || travellers || ' ' || search_text)`,
      ['name', 'reference', 'travellers', 'search_text'],
    );
  },
};
