import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from './log.ts';

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
