import { SMTPServer } from 'smtp-server';

export interface TestMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback for the tests (the `smtp-server` package): every message it is handed, whole, in
 * `inbox`; `url` is the console's `SMTP_URL`.
 */
export async function startSmtpServer(port = 0) {
  const inbox: TestMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const bound = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    inbox,
    /** The messages to one address, oldest first, their quoted-printable soft breaks undone. */
    to: (email: string) =>
      inbox.filter((m) => m.to.includes(email)).map((m) => m.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')),
    /** The token of the newest one-time link e-mailed to a person, once a mail with one has come (a few seconds). */
    async linkToken(email: string): Promise<string> {
      for (let i = 0; i < 100; i += 1) {
        const mails = inbox
          .filter((m) => m.to.includes(email))
          .map((m) => m.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
          .filter((m) => m.includes('/welcome#'));
        const token = /\/welcome#([\w-]+)/.exec(mails.at(-1) ?? '')?.[1];
        if (token) return token;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no link came for ${email}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
