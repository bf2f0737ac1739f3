/**
 * The test mail server as a process, for the browser journeys (e2e/playwright.config.ts starts it beside the console):
 * a real SMTP server on SMTP_CATCHER_PORT, whose messages the journeys read over HTTP on SMTP_CATCHER_HTTP_PORT
 * (`GET /messages?to=<address>`: the messages to that address, oldest first, their quoted-printable undone).
 */
import { createServer } from 'node:http';
import { startSmtpServer } from './smtp.ts';

const need = (name: string) => {
  const value = Number(process.env[name]);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} is required`);
  return value;
};
const smtp = await startSmtpServer(need('SMTP_CATCHER_PORT'));

/** Quoted-printable undone (soft breaks, and the bytes of UTF-8 text), so a journey reads the mail as written. */
function readable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  return joined.replace(/(?:=[0-9A-F]{2})+/g, (run) => {
    const bytes = Buffer.from(
      run
        .split('=')
        .slice(1)
        .map((hex) => Number.parseInt(hex, 16)),
    );
    return bytes.toString('utf8');
  });
}

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/health') {
    response.writeHead(200).end('ok');
    return;
  }
  if (url.pathname === '/messages') {
    const to = url.searchParams.get('to') ?? '';
    const messages = smtp.inbox.filter((m) => !to || m.to.includes(to)).map((m) => readable(m.raw));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(messages));
    return;
  }
  response.writeHead(404).end();
});
http.listen(need('SMTP_CATCHER_HTTP_PORT'), '127.0.0.1', () =>
  process.stdout.write(`test mail server at ${smtp.url}\n`),
);
const stop = () => {
  http.close();
  void smtp.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
