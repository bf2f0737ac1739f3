import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/index.ts';

const LIFETIME_MS = 72 * 3_600_000;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export type LinkPurpose = 'invite' | 'reset';

/**
 * One-time links (decision 030): an admin invites a person, or resets a password, and the person chooses their own
 * password through the link. The token is random (256 bits), only its hash is stored, it works once and for 72 hours,
 * and a new link for the same person voids the ones before.
 */
export class AccountLinks {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {}

  async create(
    userId: string,
    purpose: LinkPurpose,
    by: string,
  ): Promise<{ token: string; expiresAt: number }> {
    const token = randomBytes(32).toString('base64url');
    const at = this.clock();
    await this.db.deleteFrom('account_links').where('user_id', '=', userId).execute();
    await this.db
      .insertInto('account_links')
      .values({
        id: hash(token),
        user_id: userId,
        purpose,
        created_by: by,
        created_at: at,
        expires_at: at + LIFETIME_MS,
        used_at: null,
      })
      .execute();
    return { token, expiresAt: at + LIFETIME_MS };
  }

  /**
   * The person and purpose of a link that still works (`id`: its stored id, to take it later by); null for one
   * unknown, used or past its 72 hours.
   */
  async lookup(
    token: string,
  ): Promise<{ id: string; userId: string; purpose: LinkPurpose; expiresAt: number } | null> {
    const row = await this.db
      .selectFrom('account_links')
      .selectAll()
      .where('id', '=', hash(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', this.clock())
      .executeTakeFirst();
    return row
      ? { id: row.id, userId: row.user_id, purpose: row.purpose, expiresAt: Number(row.expires_at) }
      : null;
  }

  /** Takes a link once (one conditional update): true for the one request that used it. */
  async use(token: string): Promise<boolean> {
    return (await this.useById(hash(token))) !== null;
  }

  /**
   * Takes a link by its stored id (at the second step a link's new password waited for): its purpose for the one
   * request that used it, null otherwise.
   */
  async useById(id: string): Promise<LinkPurpose | null> {
    const row = await this.db
      .updateTable('account_links')
      .set({ used_at: this.clock() })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', this.clock())
      .returning('purpose')
      .executeTakeFirst();
    return row?.purpose ?? null;
  }
}
