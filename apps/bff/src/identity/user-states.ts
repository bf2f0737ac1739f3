import type { ConsoleUser, OfficeUser, UserInvitation } from '@console/contract';
import type { AccountLinks, LinkRecord } from './links.ts';
import type { Users } from './users.ts';

/** What a person's state is read from: their ways in, and the newest link made for them. */
export interface StateFacts {
  disabled: boolean;
  password: boolean;
  /** A passkey, or their identity at the office's provider connected (single sign-on). */
  otherWayIn: boolean;
  link: LinkRecord | null;
}

/** Whether the person accepted their invitation (decision 041): they have a way in of their own. */
export const accepted = (facts: Pick<StateFacts, 'password' | 'otherWayIn'>) =>
  facts.password || facts.otherWayIn;

/**
 * Where a person stands, derived from what is so (decision 041), never a flag kept beside it: `disabled` while an
 * admin has them disabled; else `active` once they have a way in of their own; else `invited`. A person who has not
 * accepted has their invitation: the newest link made for them (an invitation, or a reset made before decision 041),
 * alive until its expiry, past it, or revoked.
 */
export function stateOf(facts: StateFacts, now: number): Pick<OfficeUser, 'state' | 'invitation'> {
  const joined = accepted(facts);
  const state = facts.disabled ? 'disabled' : joined ? 'active' : 'invited';
  const link = facts.link;
  if (joined || !link) return { state, invitation: null };
  const invitation: UserInvitation = {
    state:
      link.revokedAt !== null
        ? 'revoked'
        : link.usedAt === null && link.expiresAt > now
          ? 'pending'
          : 'expired',
    sent_at: new Date(link.createdAt).toISOString(),
    expires_at: new Date(link.expiresAt).toISOString(),
    revoked_at: link.revokedAt === null ? null : new Date(link.revokedAt).toISOString(),
  };
  return { state, invitation };
}

/** People as the admin's users screen shows them: two reads for a page, whatever its size. */
export async function officeUsers(
  d: { users: Users; links: AccountLinks; clock: () => number },
  users: readonly ConsoleUser[],
): Promise<OfficeUser[]> {
  const ids = users.map((u) => u.id);
  const [ways, links] = await Promise.all([d.users.waysIn(ids), d.links.newestOf(ids)]);
  const now = d.clock();
  return users.map((user) => {
    const way = ways.get(user.id) ?? { password: false, other: false };
    const facts: StateFacts = {
      disabled: user.disabled,
      password: way.password,
      otherWayIn: way.other,
      link: links.get(user.id) ?? null,
    };
    return { ...user, ...stateOf(facts, now), has_password: way.password };
  });
}

/** One person as the users screen shows them. */
export async function officeUser(
  d: { users: Users; links: AccountLinks; clock: () => number },
  user: ConsoleUser,
): Promise<OfficeUser> {
  const [one] = await officeUsers(d, [user]);
  if (!one) throw new Error('a person read is a person shown');
  return one;
}
