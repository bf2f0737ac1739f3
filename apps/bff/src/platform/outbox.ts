import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/tables.ts';
import type { Mailer } from './mailer.ts';
import type { ScheduledJob } from './scheduler.ts';

type Kind = Database['mail_outbox']['kind'];

/** What an e-mail of the outbox says. */
export interface OutboxMail {
  subject: string;
  text: string;
}

/** How long a claimed e-mail is someone's to send before another round may take it again. */
const CLAIM_MS = 5 * 60_000;

/**
 * E-mails that must go out once (decision 037): written when what they tell happens (in the same step as the change
 * itself), one row per what and whom (`dedupe` is unique, so two instances that saw the same change write one), then
 * claimed and sent by the scheduled round on one instance. A crash between writing and sending leaves the row for
 * the next round; a crash after sending and before marking it sent may send it once more (the only way to never do
 * that would be to never send).
 */
export class MailOutbox {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Queues an e-mail (or does nothing when this `dedupe` was queued before): true when it is new. */
  async enqueue(mail: {
    dedupe: string;
    kind: Kind;
    user: { id: string; email: string };
    dueAt: number;
    content: OutboxMail;
  }): Promise<boolean> {
    const result = await this.db
      .insertInto('mail_outbox')
      .values({
        id: randomUUID(),
        dedupe: mail.dedupe,
        kind: mail.kind,
        user_id: mail.user.id,
        email: mail.user.email,
        payload: JSON.stringify(mail.content),
        due_at: mail.dueAt,
        claimed_until: null,
        sent_at: null,
      })
      .onConflict((oc) => oc.column('dedupe').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  /** The e-mails due now, claimed for this instance (a conditional update each: another instance takes none of them). */
  async claimDue(
    limit: number,
  ): Promise<Array<{ id: string; email: string; userId: string; content: OutboxMail }>> {
    const at = this.clock();
    const due = await this.db
      .selectFrom('mail_outbox')
      .select(['id', 'email', 'user_id', 'payload', 'claimed_until'])
      .where('sent_at', 'is', null)
      .where('due_at', '<=', at)
      .orderBy('due_at')
      .limit(limit)
      .execute();
    const claimed: Array<{ id: string; email: string; userId: string; content: OutboxMail }> = [];
    for (const row of due) {
      if (row.claimed_until !== null && Number(row.claimed_until) > at) continue;
      const taken = await this.db
        .updateTable('mail_outbox')
        .set((eb) => ({ claimed_until: at + CLAIM_MS, attempts: eb('attempts', '+', 1) }))
        .where('id', '=', row.id)
        .where('sent_at', 'is', null)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', at)]))
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1)
        claimed.push({ id: row.id, email: row.email, userId: row.user_id, content: JSON.parse(row.payload) });
    }
    return claimed;
  }

  async markSent(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('mail_outbox')
      .set({ sent_at: new Date(this.clock()).toISOString() })
      .where('id', 'in', [...ids])
      .execute();
  }

  /** Leaves claimed e-mails for a later round (the SMTP server refused them). */
  async release(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('mail_outbox')
      .set({ claimed_until: null })
      .where('id', 'in', [...ids])
      .execute();
  }
}

/**
 * The scheduled round's sending of the outbox: what is due, grouped per person into one e-mail (a daily digest is
 * many changes due at the same hour), sent through the office's SMTP server. Without one nothing is queued (the
 * console's own lists always have what they tell).
 */
export function sendOutbox(
  outbox: MailOutbox,
  mailer: Mailer,
): ScheduledJob<{ sent: number; failed: number }> {
  return {
    name: 'mail',
    async run(keep) {
      const figures = { sent: 0, failed: 0 };
      if (!mailer.configured) return figures;
      const due = await outbox.claimDue(200);
      const byPerson = new Map<string, typeof due>();
      for (const mail of due) byPerson.set(mail.email, [...(byPerson.get(mail.email) ?? []), mail]);
      for (const [email, mails] of byPerson) {
        if (!(await keep())) {
          await outbox.release(mails.map((m) => m.id));
          continue;
        }
        const [only] = mails;
        const content =
          mails.length === 1 && only
            ? only.content
            : {
                subject: `${mails.length} things to check on your bookings`,
                text: mails.map((m) => `${m.content.subject}\n\n${m.content.text}`).join('\n\n----\n\n'),
              };
        if (await mailer.send({ to: email, subject: content.subject, text: content.text })) {
          await outbox.markSent(mails.map((m) => m.id));
          figures.sent += mails.length;
        } else {
          await outbox.release(mails.map((m) => m.id));
          figures.failed += mails.length;
        }
      }
      return figures;
    },
  };
}
