import type { ConsoleUser } from '@console/contract';
import type { Db } from '../db/index.ts';
import type { ProvidedIdentity } from './single-sign-on.ts';
import type { Users } from './users.ts';

const now = () => new Date().toISOString();

/** How an identity at the office's provider names a way in ("this was not me" removes it by this). */
export const identityKey = (identity: { issuer: string; subject: string }) =>
  JSON.stringify([identity.issuer, identity.subject]);

export type Resolved =
  | { user: ConsoleUser; created: boolean }
  /** No account is connected to this identity, but one has its e-mail: its person connects it themselves. */
  | { unconnected: true }
  | null;

/**
 * Which console account an identity at the office's provider is (decisions 031 and 035): only the account it was
 * connected to (issuer + subject, which never change). An e-mail address, even one the provider verified, never
 * connects an existing account by itself: its person does, signed in and freshly proved, from their account page. A
 * person with no account is made an agent only when the office allows it, the provider verified the e-mail, and the
 * e-mail is of a domain the operator lets in.
 */
export class Identities {
  constructor(
    private readonly db: Db,
    private readonly users: Users,
  ) {}

  async resolve(
    identity: ProvidedIdentity,
    createAgents: boolean,
    allowed: (email: string | null) => boolean,
  ): Promise<Resolved> {
    const linked = await this.db
      .selectFrom('user_identities')
      .select('user_id')
      .where('issuer', '=', identity.issuer)
      .where('subject', '=', identity.subject)
      .executeTakeFirst();
    if (linked) {
      const user = await this.users.get(linked.user_id);
      if (!user) return null;
      await this.db
        .updateTable('user_identities')
        .set({ last_used_at: now() })
        .where('issuer', '=', identity.issuer)
        .where('subject', '=', identity.subject)
        .execute();
      return { user, created: false };
    }
    if (!identity.email || !identity.emailVerified || !allowed(identity.email)) return null;
    if (await this.users.findByEmail(identity.email)) return { unconnected: true };
    if (!createAgents) return null;
    const made = await this.users.createInvited({
      email: identity.email,
      name: identity.name ?? identity.email,
      role: 'agent',
    });
    const user = await this.users.get(made.id);
    if (!user) return null;
    if (!(await this.#insert(identity, user.id))) return null;
    return { user, created: true };
  }

  /**
   * Connects an identity to a person's account (they are signed in and proved it is them, here and at the provider).
   * `taken` when it is another account's; `already` when it is this one's.
   */
  async connect(userId: string, identity: ProvidedIdentity): Promise<'connected' | 'already' | 'taken'> {
    const linked = await this.db
      .selectFrom('user_identities')
      .select('user_id')
      .where('issuer', '=', identity.issuer)
      .where('subject', '=', identity.subject)
      .executeTakeFirst();
    if (linked) return linked.user_id === userId ? 'already' : 'taken';
    return (await this.#insert(identity, userId)) ? 'connected' : 'taken';
  }

  async #insert(identity: ProvidedIdentity, userId: string): Promise<boolean> {
    const result = await this.db
      .insertInto('user_identities')
      .values({
        issuer: identity.issuer,
        subject: identity.subject,
        user_id: userId,
        created_at: now(),
        last_used_at: now(),
      })
      .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  /** Whether the person's account is connected to an identity at the provider. */
  async connected(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('user_identities')
      .select('subject')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Disconnects the person's identities (all, or the one a key names); how many. */
  async disconnect(userId: string, key: string | null = null): Promise<number> {
    let q = this.db.deleteFrom('user_identities').where('user_id', '=', userId);
    if (key) {
      const [issuer, subject] = JSON.parse(key) as [string, string];
      q = q.where('issuer', '=', issuer).where('subject', '=', subject);
    }
    const result = await q.executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
