import type { ConsoleUser } from '@console/contract';
import type { Db } from '../db/index.ts';
import type { Accounts } from './accounts.ts';
import type { ProvidedIdentity } from './single-sign-on.ts';

const now = () => new Date().toISOString();

/**
 * Which console account an identity at the office's provider is (decision 031): the account it signed in as before
 * (issuer + subject, which never change), else the account with the email the provider *verified*, linked from then
 * on. An unknown person gets no account, unless the office allows single sign-on to make agents; an unverified email
 * is never taken as proof of anyone.
 */
export class Identities {
  constructor(
    private readonly db: Db,
    private readonly accounts: Accounts,
  ) {}

  async resolve(
    identity: ProvidedIdentity,
    createAgents: boolean,
  ): Promise<{ user: ConsoleUser; created: boolean } | null> {
    const linked = await this.db
      .selectFrom('user_identities')
      .select('user_id')
      .where('issuer', '=', identity.issuer)
      .where('subject', '=', identity.subject)
      .executeTakeFirst();
    if (linked) {
      const user = await this.accounts.get(linked.user_id);
      if (!user) return null;
      await this.db
        .updateTable('user_identities')
        .set({ last_used_at: now() })
        .where('issuer', '=', identity.issuer)
        .where('subject', '=', identity.subject)
        .execute();
      return { user, created: false };
    }
    if (!identity.email || !identity.emailVerified) return null;
    const existing = await this.accounts.findByEmail(identity.email);
    let user = existing ? await this.accounts.get(existing.id) : null;
    let created = false;
    if (!user) {
      if (!createAgents) return null;
      const made = await this.accounts.createInvited({
        email: identity.email,
        name: identity.name ?? identity.email,
        role: 'agent',
      });
      user = await this.accounts.get(made.id);
      created = true;
      if (!user) return null;
    }
    await this.db
      .insertInto('user_identities')
      .values({
        issuer: identity.issuer,
        subject: identity.subject,
        user_id: user.id,
        created_at: now(),
        last_used_at: now(),
      })
      .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
      .execute();
    return { user, created };
  }
}
