import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from './log.ts';

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
      await this.#transport.sendMail({ from: this.from, ...mail });
      return true;
    } catch (error) {
      this.log.warn({ err: error, to: mail.to }, 'an e-mail could not be sent');
      return false;
    }
  }
}
