import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from './log.ts';
import type { DueMail, MailOutbox } from './outbox.ts';
import type { ScheduledJob } from './scheduler.ts';

/**
 * Whatever may start a new line in a mail client or turn the text that follows around: every control character (CR, LF,
 * NEL U+0085, VT, FF, tab…), the line and paragraph separators (U+2028, U+2029) and the direction overrides.
 */
const BREAKS = /[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]/gu;

/** A value kept to one line: each character that could break it (or turn it around) a space. */
export const oneLine = (value: string) => value.replace(BREAKS, ' ');

/**
 * An e-mail's text from its lines, each kept to one line whatever values were written into it (a name an admin typed,
 * a summary or a reference the service wrote): no value can plant a line of its own ("Open the booking: …").
 */
export const mailText = (lines: readonly string[]) => lines.map(oneLine).join('\n');

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * The console's e-mails (invitations, password resets), through the office's SMTP server (`SMTP_URL`, nodemailer).
 * Without one, nothing is sent: the admin copies the link from the screen. A failed send is logged and said, never
 * a failed invitation: the link is shown all the same.
 */
export class Mailer {
  readonly #transport: Transporter | null;

  constructor(
    url: string | undefined,
    private readonly from: string,
    private readonly log: Logger,
  ) {
    this.#transport = url ? nodemailer.createTransport(url) : null;
  }

  get configured(): boolean {
    return this.#transport !== null;
  }

  /** Whether the mail was handed to the SMTP server. */
  async send(mail: Mail): Promise<boolean> {
    if (!this.#transport) return false;
    try {
      // Last guard for what was queued before these rules: a subject is one line; the text's lines are its only
      // line breaks (a separator other than LF in it is a space).
      await this.#transport.sendMail({
        from: this.from,
        to: mail.to,
        subject: oneLine(mail.subject),
        text: mail.text.split('\n').map(oneLine).join('\n'),
      });
      return true;
    } catch (error) {
      this.log.warn({ err: error, to: mail.to }, 'an e-mail could not be sent');
      return false;
    }
  }
}

/** Where a queued e-mail's person stands now: reachable, disabled since (theirs go to the admins), or wanting none. */
export type MailStanding = 'reachable' | 'disabled' | 'wants_none';

/**
 * The people the outbox's e-mails are for, as the identity domain answers (the users are its table; composed in
 * app.ts): the mail policy asks, and never reads the users itself.
 */
export interface MailPeople {
  /** Each person's standing now, by id; a person who is gone is not in the answer (and wants nothing). */
  standing(userIds: readonly string[]): Promise<ReadonlyMap<string, MailStanding>>;
  /** The office's admins who take e-mails, but the one given. */
  admins(except: string): Promise<{ id: string; email: string }[]>;
}

/** Each e-mail as it went out (to whom, what), for the timeline of the booking it is about (decision 052). */
export type OnSent = (mails: readonly DueMail[]) => Promise<void>;

/** Whether a queued e-mail still tells its reader something to act on (a change handled since is not sent). */
export type StillWanted = (mail: { kind: DueMail['kind']; dedupe: string }) => Promise<boolean>;

/**
 * The mail policy (decision 037): who a queued e-mail goes to, as things are when it is sent. A message to a
 * booking's client goes to the client whoever sent it (`userId` is its sender); any other goes to its person as they
 * are now (a digest queued yesterday goes to whoever the person is at sending time).
 */
async function standingOf(people: MailPeople, mails: readonly DueMail[]): Promise<Map<string, MailStanding>> {
  const standing = await people.standing([...new Set(mails.map((m) => m.userId))]);
  return new Map(
    mails.map((m) => [
      m.id,
      m.kind === 'client_message' ? 'reachable' : (standing.get(m.userId) ?? 'wants_none'),
    ]),
  );
}

/**
 * An e-mail for a person disabled since it was queued goes to the office's admins instead (decision 037), at once,
 * saying whose it was; theirs is dropped. Queued once per admin (its dedupe), whichever instance does it.
 */
async function reroute(outbox: MailOutbox, people: MailPeople, mail: DueMail): Promise<number> {
  const admins = await people.admins(mail.userId);
  let queued = 0;
  for (const admin of admins)
    if (
      await outbox.enqueue({
        dedupe: `${mail.dedupe}:via:${admin.id}`,
        kind: mail.kind,
        user: admin,
        bookingId: mail.bookingId,
        dueAt: outbox.clock(),
        content: {
          subject: mail.content.subject,
          text: `${oneLine(`This was for ${mail.email}, whose account has been disabled since, so it comes to the office's admins.`)}\n\n${mail.content.text}`,
        },
      })
    )
      queued += 1;
  await outbox.drop([mail.id]);
  return queued;
}

/**
 * The scheduled round's sending of the outbox: what is due, grouped per person into one e-mail (a daily digest is
 * many changes due at the same hour), sent through the office's SMTP server. Without one nothing is queued (the
 * console's own lists always have what they tell).
 */
export function sendOutbox({
  outbox,
  mailer,
  people,
  stillWanted = async () => true,
  onSent = async () => undefined,
}: {
  outbox: MailOutbox;
  mailer: Mailer;
  people: MailPeople;
  stillWanted?: StillWanted;
  onSent?: OnSent;
}): ScheduledJob<{ sent: number; failed: number; dropped: number; rerouted: number }> {
  return {
    name: 'mail',
    async run(keep) {
      const figures = { sent: 0, failed: 0, dropped: 0, rerouted: 0 };
      if (!mailer.configured) return figures;
      // What was queued is vetted as things are now: a change handled since, or a person who chose no e-mails since,
      // is not sent; a person disabled since has theirs go to the admins.
      const due: DueMail[] = [];
      const claimed = await outbox.claimDue(200);
      const standing = await standingOf(people, claimed);
      for (const mail of claimed) {
        const person = standing.get(mail.id);
        if (person === 'wants_none' || !(await stillWanted(mail))) {
          await outbox.drop([mail.id]);
          figures.dropped += 1;
        } else if (person === 'disabled') {
          figures.rerouted += await reroute(outbox, people, mail);
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
