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
    /**
     * The messages to one address, oldest first, as their reader sees them: quoted-printable undone to UTF-8 (a line
     * or paragraph separator in the text shows as itself, not as =E2=80=A8).
     */
    texts: (email: string) => inbox.filter((m) => m.to.includes(email)).map((m) => quotedPrintable(m.raw)),
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
/** A message's quoted-printable text decoded: soft breaks joined, each =XX a byte, the bytes read as UTF-8. */
function quotedPrintable(raw: string): string {
  const chars = Array.from(raw.replace(/=\r?\n/g, ''));
  const bytes: number[] = [];
  for (let i = 0; i < chars.length; i += 1) {
    const hex = `${chars[i + 1] ?? ''}${chars[i + 2] ?? ''}`;
    if (chars[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(chars[i] ?? '', 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
