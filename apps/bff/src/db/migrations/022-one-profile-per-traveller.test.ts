import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { expect, it } from 'vitest';
import { freshDatabaseUrl } from '../../testing/console.ts';
import { isPostgresUrl } from '../index.ts';
import type { Database } from '../tables.ts';
import { migrations } from './index.ts';

const THIS = '022-one-profile-per-traveller';

it('gives the profiles saved before it their keys, and lists those already saved twice as likely one person', async () => {
  const url = await freshDatabaseUrl();
  const db = new Kysely<Database>({
    dialect: isPostgresUrl(url)
      ? new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2 }) })
      : new SqliteDialect({ database: new SQLite(url) }),
  });
  try {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const names = Object.keys(migrations).sort();
    const before = names[names.indexOf(THIS) - 1] ?? '';
    expect((await migrator.migrateTo(before)).error).toBeUndefined();

    const at = '2026-01-01T00:00:00.000Z';
    const row = (id: string, given: string, family: string, documents: unknown[]) => ({
      id,
      given_name: given,
      family_name: family,
      date_of_birth: '1985-04-12',
      gender: null,
      nationality: null,
      documents: JSON.stringify(documents),
      email: null,
      phone: null,
      notes: null,
      search_text: `${given} ${family}`.toLowerCase(),
      created_by: 'usr_agent',
      created_at: at,
      updated_at: at,
    });
    const passport = { kind: 'passport', number: 'P1234567', country: 'GB', expires_on: '2031-01-01' };
    // The Amelia, saved twice; someone holding her passport under another name; someone else.
    await db
      .insertInto('travellers')
      .values([
        row('trv_a', 'Amelia Rose', 'Hartley', [passport]),
        row('trv_b', 'amelia  rose', 'HARTLEY', []),
        row('trv_c', 'Millie', 'Hart', [passport]),
        row('trv_d', 'Noor', 'Hartley', []),
      ])
      .execute();
    expect((await migrator.migrateTo(THIS)).error).toBeUndefined();

    const pairs = await db
      .selectFrom('traveller_duplicates')
      .select(['first_id', 'second_id', 'matched_on'])
      .orderBy('first_id')
      .orderBy('second_id')
      .execute();
    expect(pairs).toEqual([
      { first_id: 'trv_a', second_id: 'trv_b', matched_on: 'name_and_birth' },
      { first_id: 'trv_a', second_id: 'trv_c', matched_on: 'document' },
    ]);
    const claims = await db
      .selectFrom('traveller_claims')
      .select(['key', 'traveller_id'])
      .orderBy('key')
      .execute();
    expect(claims).toEqual([
      { key: 'd:GB:P1234567', traveller_id: 'trv_a' },
      { key: 'n:amelia rose hartley|1985-04-12', traveller_id: 'trv_a' },
      { key: 'n:millie hart|1985-04-12', traveller_id: 'trv_c' },
      { key: 'n:noor hartley|1985-04-12', traveller_id: 'trv_d' },
    ]);
  } finally {
    await db.destroy();
  }
});
