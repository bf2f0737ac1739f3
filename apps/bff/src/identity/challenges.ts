import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/tables.ts';

type Purpose = Database['auth_challenges']['purpose'];
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * What a sign-in ceremony must check at its end (a WebAuthn challenge, an OpenID Connect state, nonce and PKCE
 * verifier), kept in the database by the SHA-256 of a random token the browser holds, so any instance can finish what
 * another began. Taken once: the row is deleted as it is read.
 */
export class AuthChallenges {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {}

  async put(purpose: Purpose, userId: string | null, data: object, ttlMs: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const at = this.clock();
    await this.db.deleteFrom('auth_challenges').where('expires_at', '<', at).execute();
    await this.db
      .insertInto('auth_challenges')
      .values({
        id: hash(token),
        purpose,
        user_id: userId,
        data: JSON.stringify(data),
        expires_at: at + ttlMs,
      })
      .execute();
    return token;
  }

  /** The ceremony's data, once, when it is of this purpose and not past; null otherwise. */
  async take<T>(token: string, purpose: Purpose): Promise<{ userId: string | null; data: T } | null> {
    const row = await this.db
      .deleteFrom('auth_challenges')
      .where('id', '=', hash(token))
      .returning(['purpose', 'user_id', 'data', 'expires_at'])
      .executeTakeFirst();
    if (!row || row.purpose !== purpose || Number(row.expires_at) <= this.clock()) return null;
    return { userId: row.user_id, data: JSON.parse(row.data) as T };
  }
}
