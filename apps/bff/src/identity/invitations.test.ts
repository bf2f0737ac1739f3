import {
  AccountLinkSchema,
  ErrorEnvelopeSchema,
  InvitationSchema,
  LinkInfoSchema,
  MeSchema,
  UserListSchema,
} from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type TestConsole } from '../testing/console.ts';
import { startSmtpServer, type TestMail, type TestSmtpServer } from '../testing/smtp.ts';

/** A real SMTP server on loopback, started by the test: every message it is handed, whole. */
let smtp: TestSmtpServer;
let inbox: TestMail[];
let t: TestConsole;

beforeAll(async () => {
  smtp = await startSmtpServer();
  inbox = smtp.inbox;
  t = await startConsole({
    SMTP_URL: smtp.url,
    SMTP_FROM: 'Booking console <console@office.example>',
    PUBLIC_URL: 'https://console.office.example',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const error = (body: unknown) => ErrorEnvelopeSchema.parse(body).error;
/** The link in a mail, as the person would click it (quoted-printable soft breaks undone). */
const linkIn = (raw: string) =>
  /https:\/\/console\.office\.example\/welcome#[\w-]+/.exec(raw.replace(/=\r?\n/g, ''))?.[0] ?? '';
/** The token of the newest link e-mailed to a person, once its mail (the `count`th to them) has come. */
async function mailedToken(email: string, count: number): Promise<string> {
  await expect.poll(() => inbox.filter((m) => m.to.includes(email)).length).toBe(count);
  return linkIn(inbox.filter((m) => m.to.includes(email)).at(-1)?.raw ?? '').split('#')[1] ?? '';
}

describe('an invitation', () => {
  it('is e-mailed with a one-time link through the office’s SMTP server; the person chooses a password (a well-known one refused) and is signed in', async () => {
    const admin = await t.signedIn('admin');
    const invited = InvitationSchema.parse(
      (await admin.post('/admin/users', { email: 'invited@demo.test', name: 'Ines Varga', role: 'agent' }))
        .body,
    );
    // The link goes to its person alone: the admin is told it was e-mailed, not shown it.
    expect(invited.link).toMatchObject({ emailed: true, url: null });
    expect(JSON.stringify(invited)).not.toContain('/welcome#');
    await expect.poll(() => inbox.filter((m) => m.to.includes('invited@demo.test')).length).toBe(1);
    const mail = inbox.find((m) => m.to.includes('invited@demo.test'))?.raw ?? '';
    expect(mail).toContain('Subject: Your invitation to the Booking console');
    expect(linkIn(mail)).toMatch(/^https:\/\/console\.office\.example\/welcome#[\w-]{40,}$/);
    const token = linkIn(mail).split('#')[1] ?? '';

    // No password signs the invited person in until they choose one.
    expect((await t.browser().signIn('invited@demo.test', '')).status).toBe(422);
    const b = t.browser();
    expect(LinkInfoSchema.parse((await b.post('/auth/links/lookup', { token })).body)).toMatchObject({
      purpose: 'invite',
      email: 'invited@demo.test',
      name: 'Ines Varga',
    });
    const weak = await b.post('/auth/links/accept', { token, password: 'password123456' });
    expect({ status: weak.status, param: error(weak.body).param }).toEqual({
      status: 422,
      param: 'password',
    });
    const me = MeSchema.parse(
      (await b.post('/auth/links/accept', { token, password: 'violet tram harbour 42' })).body,
    );
    expect(me.user.email).toBe('invited@demo.test');
    expect((await b.get('/me')).status).toBe(200);

    // Once only.
    const again = await t.browser().post('/auth/links/accept', { token, password: 'another harbour tram 7' });
    expect(error(again.body).code).toBe('link_invalid');
    expect((await t.browser().post('/auth/links/lookup', { token })).status).toBe(404);
  });

  it('lasts 72 hours; a password reset is a new link, which voids the one before and ends the person’s sessions', async () => {
    const admin = await t.signedIn('admin');
    const first = InvitationSchema.parse(
      (await admin.post('/admin/users', { email: 'late@demo.test', name: 'Lars Moe', role: 'agent' })).body,
    );
    const invitation = await mailedToken('late@demo.test', 1);
    t.advanceConsoleClock(73 * 3_600_000);
    const lapsed = await t.browser().post('/auth/links/accept', {
      token: invitation,
      password: 'violet tram harbour 42',
    });
    expect(error(lapsed.body).code).toBe('link_invalid');

    const fresh = await t.signedIn('admin');
    const reset = AccountLinkSchema.parse(
      (await fresh.post(`/admin/users/${first.user.id}/reset-link`)).body,
    );
    expect(reset).toMatchObject({ emailed: true, url: null });
    const resetToken = await mailedToken('late@demo.test', 2);
    expect(inbox.filter((m) => m.to.includes('late@demo.test')).at(-1)?.raw).toContain(
      'Subject: Choose a new password for the Booking console',
    );
    const person = t.browser();
    await person.post('/auth/links/accept', {
      token: resetToken,
      password: 'violet tram harbour 42',
    });
    expect((await person.get('/me')).status).toBe(200);

    // Another reset: the person's sessions end when they use it.
    expect((await fresh.post(`/admin/users/${first.user.id}/reset-link`)).status).toBe(200);
    await t.browser().post('/auth/links/accept', {
      token: await mailedToken('late@demo.test', 3),
      password: 'copper lantern orbit sleet',
    });
    expect((await person.get('/me')).status).toBe(401);
    expect((await t.browser().signIn('late@demo.test', 'copper lantern orbit sleet')).status).toBe(200);
    const users = UserListSchema.parse((await fresh.get('/admin/users?q=late@demo')).body);
    expect(users.data.map((u) => u.email)).toEqual(['late@demo.test']);
  });
});
