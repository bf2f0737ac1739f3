import type { ExpressionBuilder } from 'kysely';
import type { Database, Db } from '../db/index.ts';

/** A password hash no password verifies: the account of a person who has not chosen theirs yet. */
export const NO_PASSWORD = '!none';

/**
 * Who can sign in now (decision 053's "active" person, whom work can go to): not disabled, and with a way in of their
 * own — a password, a confirmed passkey, or their identity at the office's provider (decision 041's accepted). One
 * invited who has not accepted yet is not.
 */
export function signsIn(eb: ExpressionBuilder<Database, 'users'>) {
  return eb.and([
    eb('users.disabled', '=', 0),
    eb.or([
      eb('users.password_hash', '!=', NO_PASSWORD),
      eb.exists(
        eb
          .selectFrom('user_factors')
          .select('user_factors.id')
          .whereRef('user_factors.user_id', '=', 'users.id')
          .where('user_factors.kind', '=', 'passkey')
          .where('user_factors.confirmed_at', 'is not', null),
      ),
      eb.exists(
        eb
          .selectFrom('user_identities')
          .select('user_identities.subject')
          .whereRef('user_identities.user_id', '=', 'users.id'),
      ),
    ]),
  ]);
}

/**
 * The ways in each of these people has of their own (decision 041): a password, and whether they have another (a
 * passkey, or their identity at the office's provider connected). One read of a page's worth, by the indexes on
 * `user_id`.
 */
export async function waysIn(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, { password: boolean; other: boolean }>> {
  const ways = new Map<string, { password: boolean; other: boolean }>();
  if (userIds.length === 0) return ways;
  const rows = await db
    .selectFrom('users')
    .select((eb) => [
      'users.id',
      'users.password_hash',
      eb
        .exists(
          eb
            .selectFrom('user_factors')
            .select('user_factors.id')
            .whereRef('user_factors.user_id', '=', 'users.id')
            .where('user_factors.kind', '=', 'passkey')
            .where('user_factors.confirmed_at', 'is not', null),
        )
        .as('passkey'),
      eb
        .exists(
          eb
            .selectFrom('user_identities')
            .select('user_identities.subject')
            .whereRef('user_identities.user_id', '=', 'users.id'),
        )
        .as('identity'),
    ])
    .where('users.id', 'in', [...userIds])
    .execute();
  // PostgreSQL answers `exists` with a boolean, SQLite with 0 or 1.
  const yes = (value: unknown) => value === true || value === 1 || value === '1';
  for (const row of rows)
    ways.set(row.id, {
      password: row.password_hash !== NO_PASSWORD,
      other: yes(row.passkey) || yes(row.identity),
    });
  return ways;
}
