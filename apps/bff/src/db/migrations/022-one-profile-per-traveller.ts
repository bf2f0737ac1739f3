import { travellerNameKey } from '@console/contract';
import { type Kysely, type Migration, sql } from 'kysely';

/**
 * One profile per traveller (decision 043). `traveller_keys`: what makes two profiles one person — the name as the
 * office compares names with the date of birth (`n:`), each document's issuer and number (`d:`) — looked up by key.
 * `traveller_claims`: the first profile saved with a key holds it (unique), so two saves of one new person at once make
 * one profile on either store. `traveller_duplicates`: pairs of profiles that share a key, for the directory to
 * merge. `traveller_bookings`: the bookings a profile was saved from or picked for, which follow it in a merge.
 * `traveller_merges`: a merged profile's id, and the one it became. Existing profiles get their keys here.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('traveller_keys')
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('traveller_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('traveller_keys_pk', ['key', 'traveller_id'])
      .execute();
    await db.schema
      .createIndex('traveller_keys_by_traveller')
      .on('traveller_keys')
      .columns(['traveller_id'])
      .execute();
    await db.schema
      .createTable('traveller_claims')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('traveller_id', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('traveller_claims_by_traveller')
      .on('traveller_claims')
      .columns(['traveller_id'])
      .execute();
    await db.schema
      .createTable('traveller_duplicates')
      .addColumn('first_id', 'text', (c) => c.notNull())
      .addColumn('second_id', 'text', (c) => c.notNull())
      .addColumn('matched_on', 'text', (c) => c.notNull())
      .addColumn('found_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('traveller_duplicates_pk', ['first_id', 'second_id'])
      .execute();
    await db.schema
      .createIndex('traveller_duplicates_by_second')
      .on('traveller_duplicates')
      .columns(['second_id'])
      .execute();
    await db.schema
      .createTable('traveller_bookings')
      .addColumn('traveller_id', 'text', (c) => c.notNull())
      .addColumn('booking_id', 'text', (c) => c.notNull())
      .addColumn('linked_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('traveller_bookings_pk', ['traveller_id', 'booking_id'])
      .execute();
    await db.schema
      .createIndex('traveller_bookings_by_booking')
      .on('traveller_bookings')
      .columns(['booking_id'])
      .execute();
    await db.schema
      .createIndex('traveller_bookings_newest')
      .on('traveller_bookings')
      .columns(['traveller_id', 'linked_at', 'booking_id'])
      .execute();
    await db.schema
      .createTable('traveller_merges')
      .addColumn('merged_id', 'text', (c) => c.primaryKey())
      .addColumn('into_id', 'text', (c) => c.notNull())
      .addColumn('merged_by', 'text', (c) => c.notNull())
      .addColumn('merged_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('traveller_merges_into')
      .on('traveller_merges')
      .columns(['into_id'])
      .execute();

    // The profiles already saved, a page at a time by id: their keys, the first by id holding each.
    const t = sql.table('travellers');
    let after = '';
    for (;;) {
      const { rows } = await sql<{
        id: string;
        given_name: string;
        family_name: string;
        date_of_birth: string;
        documents: string;
      }>`select id, given_name, family_name, date_of_birth, documents from ${t} where id > ${after} order by id limit 500`.execute(
        db,
      );
      if (rows.length === 0) break;
      const pairs: [string, string][] = [];
      for (const row of rows) {
        const keys = new Set([`n:${travellerNameKey(row.given_name, row.family_name)}|${row.date_of_birth}`]);
        const documents: unknown = JSON.parse(row.documents);
        if (Array.isArray(documents))
          for (const d of documents)
            if (d && typeof d === 'object' && 'number' in d && 'country' in d)
              keys.add(`d:${String(d.country)}:${String(d.number)}`);
        for (const key of keys) pairs.push([key, row.id]);
      }
      // A page's keys in one statement each (a million profiles is two thousand pages, not millions of statements).
      const values = sql.join(pairs.map(([key, id]) => sql`(${key}, ${id})`));
      await sql`insert into traveller_keys (key, traveller_id) values ${values}`.execute(db);
      await sql`insert into traveller_claims (key, traveller_id) values ${values} on conflict do nothing`.execute(
        db,
      );
      after = rows.at(-1)?.id ?? after;
    }
    await sql`insert into traveller_duplicates (first_id, second_id, matched_on, found_at)
      select a.traveller_id, b.traveller_id,
        max(case when a.key like 'n:%' then 'name_and_birth' else 'document' end), ${new Date().toISOString()}
      from traveller_keys a join traveller_keys b on b.key = a.key and b.traveller_id > a.traveller_id
      group by a.traveller_id, b.traveller_id`.execute(db);
  },
};
