import type { Db } from '../db/index.ts';
import type { MailPeople, MailStanding } from '../platform/mailer.ts';
import type { Users } from './users.ts';

/**
 * The office's people as other domains ask after them (decision 058): who they are, whether they can sign in, whom
 * they cover for, who sees the office's bookings. The users table is identity's; the bookings and trips domains call
 * this through what their `deps.ts` declares, composed in app.ts, and query it nowhere else.
 */
export class OfficePeople implements MailPeople {
  constructor(
    private readonly db: Db,
    private readonly users: Pick<Users, 'signsIn'>,
  ) {}

  /** How each person stands for the mail policy (platform/mailer.ts): reachable, wanting none, or disabled. */
  async standing(userIds: readonly string[]): Promise<Map<string, MailStanding>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'disabled', 'change_email'])
      .where('id', 'in', [...userIds])
      .execute();
    return new Map(
      rows.map((row): [string, MailStanding] => [
        row.id,
        row.change_email === 'none' ? 'wants_none' : Number(row.disabled) === 1 ? 'disabled' : 'reachable',
      ]),
    );
  }

  /** The admins a disabled person's mail goes to instead, but the one named. */
  admins(except: string) {
    return this.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('role', '=', 'admin')
      .where('disabled', '=', 0)
      .where('change_email', '!=', 'none')
      .where('id', '!=', except)
      .execute();
  }

  /** The office's active admins, as they chose to hear of changes. */
  activeAdmins() {
    return this.db
      .selectFrom('users')
      .select(['id', 'email', 'name', 'disabled', 'change_email'])
      .where('role', '=', 'admin')
      .where('disabled', '=', 0)
      .execute();
  }

  /** One person, with whether they are away and who covers for them (decision 053). */
  person(id: string) {
    return this.db
      .selectFrom('users')
      .select(['id', 'email', 'name', 'disabled', 'change_email', 'away_until', 'cover_user_id'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Whether a person can sign in now: not disabled, their invitation accepted (decision 053's "active"). */
  signsIn(id: string): Promise<boolean> {
    return this.users.signsIn(id);
  }

  /** Whether `userId` covers for `agentId`, who is away past `at` (an ISO instant on the service's clock). */
  async covers(agentId: string, userId: string, at: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', agentId)
      .where('cover_user_id', '=', userId)
      .where('away_until', '>', at)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Which of these people see the office's bookings and trips: admins, and agents granted it (decision 015). */
  async seeingOfficeWide(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', [...new Set(ids)])
      .where((eb) => eb.or([eb('role', '=', 'admin'), eb('office_wide', '=', 1)]))
      .execute();
    return new Set(rows.map((row) => row.id));
  }
}
