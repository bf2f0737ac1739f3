import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/tables.ts';

type Kind = Database['mail_outbox']['kind'];

/** What an e-mail of the outbox says. */
export interface OutboxMail {
  subject: string;
  text: string;
}

/** A claimed e-mail (whether its person can still have it is the mail policy's question: mailer.ts). */
export interface DueMail {
  id: string;
  email: string;
  userId: string;
  kind: Kind;
  dedupe: string;
  content: OutboxMail;
  /** The booking it is about, when it is about one (its timeline says when it went). */
  bookingId: string | null;
}

/** How long a claimed e-mail is someone's to send before another round may take it again. */
const CLAIM_MS = 5 * 60_000;

/**
 * E-mails that must go out once (decision 037): written when what they tell happens (in the same step as the change
 * itself), one row per what and whom (`dedupe` is unique, so two instances that saw the same change write one), then
 * claimed and sent by the scheduled round on one instance (`sendOutbox`, mailer.ts, says to whom). A crash between
 * writing and sending leaves the row for
 * the next round; a crash after sending and before marking it sent may send it once more (the only way to never do
 * that would be to never send).
 */
export class MailOutbox {
  constructor(
    private readonly db: Db,
    /** The outbox's time (due, claimed, sent); the mail policy dates what it queues again by it. */
    readonly clock: () => number = Date.now,
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

  /** The e-mails due now, claimed for this instance (a conditional update each: another instance takes none of them). */
  async claimDue(limit: number): Promise<DueMail[]> {
    const at = this.clock();
    const due = await this.db
      .selectFrom('mail_outbox')
      .select(['id', 'email', 'user_id', 'kind', 'dedupe', 'payload', 'booking_id', 'claimed_until'])
      .where('sent_at', 'is', null)
      .where('due_at', '<=', at)
      .orderBy('due_at')
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
