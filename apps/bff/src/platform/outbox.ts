import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/tables.ts';
import { type Mailer, oneLine } from './mailer.ts';
import type { ScheduledJob } from './scheduler.ts';

type Kind = Database['mail_outbox']['kind'];

/** What an e-mail of the outbox says. */
export interface OutboxMail {
  subject: string;
  text: string;
}

/** A claimed e-mail, with whether its person can still have it. */
export interface DueMail {
  id: string;
  email: string;
  userId: string;
  kind: Kind;
  dedupe: string;
  content: OutboxMail;
  /** The booking it is about, when it is about one (its timeline says when it went). */
  bookingId: string | null;
  /** The person now: reachable, disabled since (it goes to the admins), or wanting no e-mails (or gone). */
  person: 'reachable' | 'disabled' | 'wants_none';
}

/** Each e-mail as it went out (to whom, what), for the timeline of the booking it is about (decision 052). */
export type OnSent = (mails: readonly DueMail[]) => Promise<void>;

/** Whether a queued e-mail still tells its reader something to act on (a change handled since is not sent). */
export type StillWanted = (mail: { kind: Kind; dedupe: string }) => Promise<boolean>;

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
    /** The booking it is about, if any: its timeline says when the e-mail went, and to whom. */
    bookingId?: string | null;
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
        booking_id: mail.bookingId ?? null,
        due_at: mail.dueAt,
        claimed_until: null,
        sent_at: null,
      })
      .onConflict((oc) => oc.column('dedupe').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  /**
   * The e-mails due now, claimed for this instance (a conditional update each: another instance takes none of them),
   * each with its person as they are now (a digest queued yesterday goes to whoever the person is at sending time).
   */
  async claimDue(limit: number): Promise<DueMail[]> {
    const at = this.clock();
    const due = await this.db
      .selectFrom('mail_outbox')
      .leftJoin('users', 'users.id', 'mail_outbox.user_id')
      .select([
        'mail_outbox.id',
        'mail_outbox.email',
        'mail_outbox.user_id',
        'mail_outbox.kind',
        'mail_outbox.dedupe',
        'mail_outbox.payload',
        'mail_outbox.booking_id',
        'mail_outbox.claimed_until',
        'users.disabled',
        'users.change_email',
      ])
      .where('mail_outbox.sent_at', 'is', null)
      .where('mail_outbox.due_at', '<=', at)
      .orderBy('mail_outbox.due_at')
      .limit(limit)
      .execute();
    const claimed: DueMail[] = [];
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
        claimed.push({
          id: row.id,
          email: row.email,
          userId: row.user_id,
          kind: row.kind,
          dedupe: row.dedupe,
          content: JSON.parse(row.payload),
          bookingId: row.booking_id,
          // A message to a booking's client goes to the client whoever sent it (`user_id` is its sender).
          person:
            row.kind === 'client_message'
              ? 'reachable'
              : row.disabled === null || row.change_email === 'none'
                ? 'wants_none'
                : Number(row.disabled) === 1
                  ? 'disabled'
                  : 'reachable',
        });
    }
    return claimed;
  }

  /** Takes e-mails off the outbox unsent (nobody is to have them any more). */
  async drop(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .deleteFrom('mail_outbox')
      .where('id', 'in', [...ids])
      .execute();
  }

  /**
   * An e-mail for a person disabled since it was queued goes to the office's admins instead (decision 037), at once,
   * saying whose it was; theirs is dropped. Queued once per admin (its dedupe), whichever instance does it.
   */
  async reroute(mail: DueMail): Promise<number> {
    const admins = await this.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('role', '=', 'admin')
      .where('disabled', '=', 0)
      .where('change_email', '!=', 'none')
      .where('id', '!=', mail.userId)
      .execute();
    let queued = 0;
    for (const admin of admins)
      if (
        await this.enqueue({
          dedupe: `${mail.dedupe}:via:${admin.id}`,
          kind: mail.kind,
          user: admin,
          bookingId: mail.bookingId,
          dueAt: this.clock(),
          content: {
            subject: mail.content.subject,
            text: `${oneLine(`This was for ${mail.email}, whose account has been disabled since, so it comes to the office's admins.`)}\n\n${mail.content.text}`,
          },
        })
      )
        queued += 1;
    await this.drop([mail.id]);
    return queued;
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
  stillWanted: StillWanted = async () => true,
  onSent: OnSent = async () => undefined,
): ScheduledJob<{ sent: number; failed: number; dropped: number; rerouted: number }> {
  return {
    name: 'mail',
    async run(keep) {
      const figures = { sent: 0, failed: 0, dropped: 0, rerouted: 0 };
      if (!mailer.configured) return figures;
      // What was queued is vetted as things are now: a change handled since, or a person who chose no e-mails since,
      // is not sent; a person disabled since has theirs go to the admins.
      const due: DueMail[] = [];
      for (const mail of await outbox.claimDue(200)) {
        if (mail.person === 'wants_none' || !(await stillWanted(mail))) {
          await outbox.drop([mail.id]);
          figures.dropped += 1;
        } else if (mail.person === 'disabled') {
          figures.rerouted += await outbox.reroute(mail);
        } else due.push(mail);
      }
      const byPerson = new Map<string, typeof due>();
      // A client's message goes alone, never in an agent's digest.
      const group = (mail: DueMail) =>
        mail.kind === 'client_message' ? `${mail.email}#${mail.id}` : mail.email;
      for (const mail of due) byPerson.set(group(mail), [...(byPerson.get(group(mail)) ?? []), mail]);
      for (const mails of byPerson.values()) {
        const email = mails[0]?.email ?? '';
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
          // Told after it went; what cannot be told leaves the e-mail sent (the caller logs it).
          await onSent(mails).catch(() => undefined);
        } else {
          await outbox.release(mails.map((m) => m.id));
          figures.failed += mails.length;
        }
      }
      return figures;
    },
  };
}
