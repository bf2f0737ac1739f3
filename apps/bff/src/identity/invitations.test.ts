import {
  AccountLinkSchema,
  AuditListSchema,
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

  it('lasts 72 hours, then is resent; a password reset is a new link, which voids the one before and ends the person’s sessions', async () => {
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

    // A person who never chose a password has none to reset: their invitation is sent again.
    const fresh = await t.signedIn('admin');
    const resent = InvitationSchema.parse(
      (await fresh.post(`/admin/users/${first.user.id}/invitation/resend`)).body,
    );
    expect(resent.link).toMatchObject({ emailed: true, url: null });
    const resentToken = await mailedToken('late@demo.test', 2);
    expect(inbox.filter((m) => m.to.includes('late@demo.test')).at(-1)?.raw).toContain(
      'Subject: Your invitation to the Booking console',
    );
    const person = t.browser();
    await person.post('/auth/links/accept', {
      token: resentToken,
      password: 'violet tram harbour 42',
    });
    expect((await person.get('/me')).status).toBe(200);

    // A reset: the person's sessions end when they use it.
    const reset = AccountLinkSchema.parse(
      (await fresh.post(`/admin/users/${first.user.id}/reset-link`)).body,
    );
    expect(reset).toMatchObject({ emailed: true, url: null });
    const resetToken = await mailedToken('late@demo.test', 3);
    expect(inbox.filter((m) => m.to.includes('late@demo.test')).at(-1)?.raw).toContain(
      'Subject: Choose a new password for the Booking console',
    );
    await t.browser().post('/auth/links/accept', {
      token: resetToken,
      password: 'copper lantern orbit sleet',
    });
    expect((await person.get('/me')).status).toBe(401);
    expect((await t.browser().signIn('late@demo.test', 'copper lantern orbit sleet')).status).toBe(200);
    const users = UserListSchema.parse((await fresh.get('/admin/users?q=late@demo')).body);
    expect(users.data.map((u) => u.email)).toEqual(['late@demo.test']);
  });
});

/** The person as the admin's users screen reads them. */
async function listed(admin: { get: (path: string) => Promise<{ body: unknown }> }, email: string) {
  const page = UserListSchema.parse((await admin.get(`/admin/users?q=${encodeURIComponent(email)}`)).body);
  const user = page.data.find((u) => u.email === email);
  if (!user) throw new Error(`${email} is not listed`);
  return user;
}
/** The audit log's entries of an action about one person (whom), newest first. */
async function audited(
  admin: { get: (path: string) => Promise<{ body: unknown }> },
  action: string,
  whom: string,
) {
  const log = AuditListSchema.parse(
    (await admin.get(`/admin/audit?action=${encodeURIComponent(action)}`)).body,
  );
  return log.data.filter((entry) => entry.resource_id === whom);
}

describe('a person’s state, read from what is so', () => {
  it('is "invited" with the link’s expiry until they choose a password, then "active"; no password reset is offered before', async () => {
    const admin = await t.signedIn('admin');
    const invited = InvitationSchema.parse(
      (await admin.post('/admin/users', { email: 'state@demo.test', name: 'Sten Tate', role: 'agent' })).body,
    );
    expect(invited.user).toMatchObject({ state: 'invited', has_password: false });
    expect(await listed(admin, 'state@demo.test')).toMatchObject({
      state: 'invited',
      disabled: false,
      has_password: false,
      invitation: { state: 'pending', expires_at: invited.link.expires_at, revoked_at: null },
    });
    // A reset is for a password the person has: refused, with the reason and what to do instead.
    const reset = await admin.post(`/admin/users/${invited.user.id}/reset-link`);
    expect({ status: reset.status, error: error(reset.body) }).toMatchObject({
      status: 409,
      error: { code: 'invalid_state', message: expect.stringMatching(/not accepted.*resend/i) },
    });
    expect(inbox.filter((m) => m.to.includes('state@demo.test'))).toHaveLength(1);

    const token = await mailedToken('state@demo.test', 1);
    expect(
      (await t.browser().post('/auth/links/accept', { token, password: 'violet tram harbour 42' })).status,
    ).toBe(200);
    expect(await listed(admin, 'state@demo.test')).toMatchObject({
      state: 'active',
      has_password: true,
      invitation: null,
    });
    // Now they have one: a reset is a new link; resending an invitation they accepted is refused.
    expect((await admin.post(`/admin/users/${invited.user.id}/reset-link`)).status).toBe(200);
    const resend = await admin.post(`/admin/users/${invited.user.id}/invitation/resend`);
    expect({ status: resend.status, code: error(resend.body).code }).toEqual({
      status: 409,
      code: 'invalid_state',
    });
    const revoke = await admin.post(`/admin/users/${invited.user.id}/invitation/revoke`);
    expect({ status: revoke.status, code: error(revoke.body).code }).toEqual({
      status: 409,
      code: 'invalid_state',
    });
    // The demo users chose their passwords: active.
    expect(await listed(admin, 'agent@demo.test')).toMatchObject({ state: 'active', invitation: null });
  });

  it('resends an invitation as a new link, e-mailed, the old one dead at once; an expired one reads "expired"; each resend audited', async () => {
    const admin = await t.signedIn('admin');
    const { user } = InvitationSchema.parse(
      (await admin.post('/admin/users', { email: 'resend@demo.test', name: 'Rhea Send', role: 'agent' }))
        .body,
    );
    const old = await mailedToken('resend@demo.test', 1);
    t.advanceConsoleClock(73 * 3_600_000);
    const fresh = await t.signedIn('admin');
    expect((await listed(fresh, 'resend@demo.test')).invitation).toMatchObject({ state: 'expired' });

    const resent = InvitationSchema.parse(
      (await fresh.post(`/admin/users/${user.id}/invitation/resend`)).body,
    );
    expect(resent.link).toMatchObject({ emailed: true, url: null });
    expect(resent.user).toMatchObject({
      state: 'invited',
      invitation: { state: 'pending', expires_at: resent.link.expires_at },
    });
    const token = await mailedToken('resend@demo.test', 2);
    expect(inbox.filter((m) => m.to.includes('resend@demo.test')).at(-1)?.raw).toContain(
      'Subject: Your invitation to the Booking console',
    );
    expect(token).not.toBe(old);
    // A second resend: the link before it no longer works, neither to read whom it is for nor to choose a password.
    expect((await fresh.post(`/admin/users/${user.id}/invitation/resend`)).status).toBe(200);
    const newest = await mailedToken('resend@demo.test', 3);
    expect((await t.browser().post('/auth/links/lookup', { token })).status).toBe(404);
    const dead = await t.browser().post('/auth/links/accept', { token, password: 'violet tram harbour 42' });
    expect(error(dead.body).code).toBe('link_invalid');
    expect((await t.browser().signIn('resend@demo.test', 'violet tram harbour 42')).status).toBe(401);
    expect(
      (await t.browser().post('/auth/links/accept', { token: newest, password: 'violet tram harbour 42' }))
        .status,
    ).toBe(200);

    const entries = await audited(fresh, 'user.invite.resend', user.id);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ user: { email: 'admin@demo.test' }, result: 'succeeded' });
  });

  it('sent again three times at once (a double click, two admins) leaves one link alive, not three', async () => {
    const admin = await t.signedIn('admin');
    const other = await t.signedIn('admin');
    for (let round = 0; round < 4; round += 1) {
      const email = `resent-at-once.${round}@demo.test`;
      const { user } = InvitationSchema.parse(
        (await admin.post('/admin/users', { email, name: 'Ada Once', role: 'agent' })).body,
      );
      await mailedToken(email, 1);
      const resends = await Promise.all([
        admin.post(`/admin/users/${user.id}/invitation/resend`),
        other.post(`/admin/users/${user.id}/invitation/resend`),
        admin.post(`/admin/users/${user.id}/invitation/resend`),
      ]);
      expect(resends.map((r) => r.status)).toEqual([200, 200, 200]);
      await expect.poll(() => inbox.filter((m) => m.to.includes(email)).length).toBe(4);
      const tokens = inbox.filter((m) => m.to.includes(email)).map((m) => linkIn(m.raw).split('#')[1] ?? '');
      const alive: string[] = [];
      for (const token of tokens)
        if ((await t.browser().post('/auth/links/lookup', { token })).status === 200) alive.push(token);
      expect(alive).toHaveLength(1);
    }
  });

  it('revokes an invitation: its link dead, the person disabled and kept with their audit history, read as "revoked"; invited again, they can join', async () => {
    const admin = await t.signedIn('admin');
    const { user } = InvitationSchema.parse(
      (await admin.post('/admin/users', { email: 'revoked@demo.test', name: 'Rev Oked', role: 'agent' }))
        .body,
    );
    const token = await mailedToken('revoked@demo.test', 1);
    const revoked = await admin.post(`/admin/users/${user.id}/invitation/revoke`);
    expect(revoked.status).toBe(200);
    const after = await listed(admin, 'revoked@demo.test');
    expect(after).toMatchObject({ state: 'disabled', disabled: true, invitation: { state: 'revoked' } });
    expect(after.invitation?.revoked_at).toEqual(expect.any(String));

    // The link, taken after the revoke: refused, to read and to choose a password or a passkey; no sign-in.
    expect((await t.browser().post('/auth/links/lookup', { token })).status).toBe(404);
    expect((await t.browser().post('/auth/links/passkey-options', { token })).status).toBe(404);
    const late = t.browser();
    expect(
      error((await late.post('/auth/links/accept', { token, password: 'violet tram harbour 42' })).body).code,
    ).toBe('link_invalid');
    expect((await late.get('/me')).status).toBe(401);
    expect((await t.browser().signIn('revoked@demo.test', 'violet tram harbour 42')).status).toBe(401);
    // Revoked once; again is refused with the reason.
    const twice = await admin.post(`/admin/users/${user.id}/invitation/revoke`);
    expect({ status: twice.status, code: error(twice.body).code }).toEqual({
      status: 409,
      code: 'invalid_state',
    });

    // Their history stays: the invitation and its revoke, by whom.
    expect(await audited(admin, 'user.invite.agent', user.id)).toHaveLength(1);
    expect(await audited(admin, 'user.invite.revoke', user.id)).toEqual([
      expect.objectContaining({
        user: expect.objectContaining({ email: 'admin@demo.test' }),
        result: 'succeeded',
      }),
    ]);

    // Invited again: a live link, the person enabled; the revoked link still dead.
    const again = InvitationSchema.parse(
      (await admin.post(`/admin/users/${user.id}/invitation/resend`)).body,
    );
    expect(again.user).toMatchObject({ state: 'invited', disabled: false, invitation: { state: 'pending' } });
    expect((await t.browser().post('/auth/links/lookup', { token })).status).toBe(404);
    const fresh = await mailedToken('revoked@demo.test', 2);
    expect(
      (await t.browser().post('/auth/links/accept', { token: fresh, password: 'violet tram harbour 42' }))
        .status,
    ).toBe(200);
    expect(await listed(admin, 'revoked@demo.test')).toMatchObject({ state: 'active' });
  });
});

describe('resending and revoking, attacked', () => {
  it('refuses an agent (403) and an unknown person (404); an agent’s try changes nothing and sends nothing', async () => {
    const admin = await t.signedIn('admin');
    const { user } = InvitationSchema.parse(
      (await admin.post('/admin/users', { email: 'target@demo.test', name: 'Tara Get', role: 'agent' })).body,
    );
    const token = await mailedToken('target@demo.test', 1);
    const agent = await t.signedIn('agent');
    for (const action of ['resend', 'revoke']) {
      const reply = await agent.post(`/admin/users/${user.id}/invitation/${action}`);
      expect({ action, status: reply.status, code: error(reply.body).code }).toEqual({
        action,
        status: 403,
        code: 'forbidden',
      });
      const unknown = await admin.post(`/admin/users/user_${'0'.repeat(26)}/invitation/${action}`);
      expect({ action, status: unknown.status }).toEqual({ action, status: 404 });
    }
    expect(await listed(admin, 'target@demo.test')).toMatchObject({
      state: 'invited',
      invitation: { state: 'pending' },
    });
    expect(inbox.filter((m) => m.to.includes('target@demo.test'))).toHaveLength(1);
    expect((await t.browser().post('/auth/links/lookup', { token })).status).toBe(200);
  });

  it('wants the admin’s fresh proof to resend (a new way into the office)', async () => {
    const admin = await t.signedIn('admin');
    const { user } = InvitationSchema.parse(
      (await admin.post('/admin/users', { email: 'stale@demo.test', name: 'Stan Ale', role: 'agent' })).body,
    );
    t.advanceConsoleClock(6 * 60_000);
    const stale = await admin.post(`/admin/users/${user.id}/invitation/resend`);
    expect(error(stale.body).code).toBe('reauthentication_required');
    expect(inbox.filter((m) => m.to.includes('stale@demo.test'))).toHaveLength(1);
  });

  it('refuses a link read before the revoke and used after it: no password is set', async () => {
    const admin = await t.signedIn('admin');
    const { user } = InvitationSchema.parse(
      (await admin.post('/admin/users', { email: 'racer@demo.test', name: 'Rae Cer', role: 'agent' })).body,
    );
    const token = await mailedToken('racer@demo.test', 1);
    // Revoked between reading the link and choosing the password: the choice is refused, nothing is set.
    expect((await t.browser().post('/auth/links/lookup', { token })).status).toBe(200);
    expect((await admin.post(`/admin/users/${user.id}/invitation/revoke`)).status).toBe(200);
    const b = t.browser();
    expect(
      error((await b.post('/auth/links/accept', { token, password: 'violet tram harbour 42' })).body).code,
    ).toBe('link_invalid');
    expect((await b.get('/me')).status).toBe(401);
    expect(await listed(admin, 'racer@demo.test')).toMatchObject({ has_password: false, state: 'disabled' });
  });
});
