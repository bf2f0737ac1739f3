import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/index.ts';

const LIFETIME_MS = 72 * 3_600_000;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export type LinkPurpose = 'invite' | 'reset';

/**
 * One-time links (decision 030): an admin invites a person, or resets a password, and the person chooses their own
 * password through the link. The token is random (256 bits), only its hash is stored, it works once and for 72 hours,
 * and a new link for the same person voids the ones before (a resend); an admin may revoke an invitation's link
 * (decision 041).
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
    // Every link of the person but the newest (by time, then id) is gone. Made after the insert and in one statement,
    // so links made at once (a double click, two admins, two instances) leave one alive, not each their own: the
    // last of these statements to run sees every link inserted before it.
    await this.db
      .deleteFrom('account_links')
      .where('user_id', '=', userId)
      .where((eb) =>
        eb(
          'id',
          '!=',
          eb
            .selectFrom('account_links as newest')
            .select('newest.id')
            .where('newest.user_id', '=', userId)
            .orderBy('newest.created_at', 'desc')
            .orderBy('newest.id', 'desc')
            .limit(1),
        ),
      )
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
      .where('revoked_at', 'is', null)
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
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', this.clock())
      .returning('purpose')
      .executeTakeFirst();
    return row?.purpose ?? null;
  }

  /**
   * Revokes a person's links not yet used (their invitation withdrawn, decision 041): dead at once, on every instance
   * (the next lookup reads the store). How many were revoked.
   */
  async revoke(userId: string, by: string): Promise<number> {
    const result = await this.db
      .updateTable('account_links')
      .set({ revoked_at: this.clock(), revoked_by: by })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** The newest link of each of these people (one read of a page's worth, by the `user_id` index). */
  async newestOf(userIds: readonly string[]): Promise<Map<string, LinkRecord>> {
    const newest = new Map<string, LinkRecord>();
    if (userIds.length === 0) return newest;
    const rows = await this.db
      .selectFrom('account_links')
      .select(['user_id', 'purpose', 'created_at', 'expires_at', 'used_at', 'revoked_at'])
      .where('user_id', 'in', [...userIds])
      .execute();
    for (const row of rows) {
      const record: LinkRecord = {
        purpose: row.purpose,
        createdAt: Number(row.created_at),
        expiresAt: Number(row.expires_at),
        usedAt: row.used_at === null ? null : Number(row.used_at),
        revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
      };
      const before = newest.get(row.user_id);
      if (!before || record.createdAt > before.createdAt) newest.set(row.user_id, record);
    }
    return newest;
  }
}

/** What a link was and became: made, until when, used or revoked (times in milliseconds). */
export interface LinkRecord {
  purpose: LinkPurpose;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
  revokedAt: number | null;
}
