import type { Db } from '../db/index.ts';
import type { MailPeople, MailStanding } from '../platform/mailer.ts';

/**
 * The office's people as the mail policy asks about them (platform/mailer.ts): the users are identity's table, so
 * the outbox is answered here, composed in app.ts.
 */
export function mailPeople(db: Db): MailPeople {
  return {
    async standing(userIds) {
      if (userIds.length === 0) return new Map();
      const rows = await db
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
    },
    admins(except) {
      return db
        .selectFrom('users')
        .select(['id', 'email'])
        .where('role', '=', 'admin')
        .where('disabled', '=', 0)
        .where('change_email', '!=', 'none')
        .where('id', '!=', except)
        .execute();
    },
  };
}
