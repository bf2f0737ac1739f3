import {
  AccountFactorsSchema,
  ErrorEnvelopeSchema,
  InvitationSchema,
  LinkInfoSchema,
  MeSchema,
  PasskeyCeremonySchema,
  RecoveryCodesSchema,
  SecondFactorNeededSchema,
  SecurityNoticeListSchema,
  TotpEnrolmentSchema,
  UserListSchema,
} from '@console/contract';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type TestConsole } from '../testing/console.ts';
import { startSmtpServer, type TestSmtpServer } from '../testing/smtp.ts';
import { SoftwareAuthenticator } from '../testing/software-authenticator.ts';

/**
 * The sign-in held against an attacker (decision 035). Each test is an attack: the requests an attacker sends, and the
 * answer they must get (each of these answered the attacker's way before). Addresses come through a trusted proxy, as
 * behind a load balancer, so the attacker can rotate them; e-mails go to a real SMTP server.
 */
let t: TestConsole;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startConsole({ TRUSTED_PROXIES: '127.0.0.1', SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Browser = ReturnType<TestConsole['browser']>;
const error = (body: unknown) => ErrorEnvelopeSchema.parse(body).error;
const refusal = (reply: { status: number; body: unknown }) => [reply.status, error(reply.body).code];
const from = (address: string) => ({ 'X-Forwarded-For': address });
const PASSWORD = 'violet tram harbour 42';
const FIVE_MINUTES_AND_MORE = 6 * 60_000;

/** The console's clock, which the tests move: codes are computed for it, as a phone's app would. */
let offset = 0;
const later = (ms: number) => {
  offset += ms;
  t.advanceConsoleClock(ms);
};
/** A fresh code of an app: a step ahead of the last one used (each step is taken once). */
const codeOf = (secret: string) => {
  later(30_000);
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offset });
};

/** The token of the newest link e-mailed to a person. */
async function mailedToken(email: string): Promise<string> {
  await expect.poll(() => smtp.to(email).filter((m) => m.includes('/welcome#')).length).toBeGreaterThan(0);
  const mails = smtp.to(email).filter((m) => m.includes('/welcome#'));
  return /\/welcome#([\w-]+)/.exec(mails.at(-1) ?? '')?.[1] ?? '';
}

let people = 0;
/** A new agent, invited, with their own password, signed in from an address of theirs. */
async function newAgent(label: string) {
  people += 1;
  const email = `${label}.${people}@demo.test`;
  const admin = await t.signedIn('admin');
  const user = await t.invite(admin, { email, name: 'Robin Park', role: 'agent' }, PASSWORD, mailedToken);
  const b = t.browser();
  expect(
    (
      await b.call('POST', '/api/auth/sign-in', {
        body: { email, password: PASSWORD },
        headers: from('192.0.2.1'),
      })
    ).status,
  ).toBe(200);
  return { id: user.id, email, browser: b };
}

/** A new agent with an authenticator app: its key and recovery codes. */
async function agentWithApp(label: string) {
  const agent = await newAgent(label);
  const app = TotpEnrolmentSchema.parse(
    (await agent.browser.post('/account/factors/totp', { name: 'Work phone' })).body,
  );
  const confirmed = await agent.browser.post(`/account/factors/totp/${app.id}/confirm`, {
    code: codeOf(app.secret),
  });
  expect(confirmed.status).toBe(200);
  return { ...agent, secret: app.secret, recovery: RecoveryCodesSchema.parse(confirmed.body).recovery_codes };
}

async function addPasskey(b: Browser, device: SoftwareAuthenticator, reuse?: { id: string }) {
  const begun = await b.post('/account/factors/passkey/options');
  if (begun.status !== 200) return begun;
  const ceremony = PasskeyCeremonySchema.parse(begun.body);
  return b.post('/account/factors/passkey', {
    ceremony: ceremony.ceremony,
    name: 'Attacker key',
    response: device.create(ceremony.options, t.origin, reuse),
  });
}

async function passkeySignIn(b: Browser, device: SoftwareAuthenticator) {
  const begun = PasskeyCeremonySchema.parse((await b.post('/auth/passkey/options')).body);
  return b.post('/auth/passkey', { ceremony: begun.ceremony, response: device.get(begun.options, t.origin) });
}

/** Signs in with a password and an app's code from an address: the browser, signed in. */
async function signInWithCode(email: string, secret: string, address = '192.0.2.1') {
  const b = t.browser();
  await b.call('POST', '/api/auth/sign-in', { body: { email, password: PASSWORD }, headers: from(address) });
  const done = await b.call('POST', '/api/auth/sign-in/second-factor', {
    body: { method: 'totp', code: codeOf(secret) },
    headers: from(address),
  });
  expect(done.status).toBe(200);
  return b;
}

describe('a stolen session', () => {
  it('cannot add a way in once its proof is past: no passkey, no app, no new recovery codes, no invitation', async () => {
    const victim = await agentWithApp('stolen');
    later(FIVE_MINUTES_AND_MORE);
    const attacker = victim.browser;
    expect(refusal(await addPasskey(attacker, new SoftwareAuthenticator()))).toEqual([
      403,
      'reauthentication_required',
    ]);
    expect(refusal(await attacker.post('/account/factors/totp', { name: 'Mine' }))).toEqual([
      403,
      'reauthentication_required',
    ]);
    expect(refusal(await attacker.post('/account/recovery-codes'))).toEqual([
      403,
      'reauthentication_required',
    ]);
    // The owner's recovery codes still work.
    const b = t.browser();
    await b.signIn(victim.email, PASSWORD);
    expect(
      (await b.post('/auth/sign-in/second-factor', { method: 'recovery_code', code: victim.recovery[0] }))
        .status,
    ).toBe(200);
    // Nor does a password prove it for a person with a factor: their factor does.
    const byPassword = await attacker.post('/account/prove', { password: PASSWORD });
    expect(byPassword.status).toBe(422);
    expect(refusal(await addPasskey(attacker, new SoftwareAuthenticator()))).toEqual([
      403,
      'reauthentication_required',
    ]);
    // An admin's stolen session invites nobody.
    const admin = await t.signedIn('admin');
    later(FIVE_MINUTES_AND_MORE);
    expect(
      refusal(
        await admin.post('/admin/users', { email: 'accomplice@demo.test', name: 'Acc', role: 'agent' }),
      ),
    ).toEqual([403, 'reauthentication_required']);
  });

  it('needs one of the person’s factors, not their password, even within five minutes', async () => {
    const agent = await newAgent('other-session');
    // A second session, proved with the password only, before the person had any factor.
    const other = t.browser();
    expect((await other.signIn(agent.email, PASSWORD)).status).toBe(200);
    const app = TotpEnrolmentSchema.parse(
      (await agent.browser.post('/account/factors/totp', { name: 'Phone' })).body,
    );
    expect(
      (await agent.browser.post(`/account/factors/totp/${app.id}/confirm`, { code: codeOf(app.secret) }))
        .status,
    ).toBe(200);
    // The session that set the app up proved it with the app: it may add a passkey at once.
    expect((await addPasskey(agent.browser, new SoftwareAuthenticator())).status).toBe(201);
    // The other one has only a password behind it.
    expect(refusal(await addPasskey(other, new SoftwareAuthenticator()))).toEqual([
      403,
      'reauthentication_required',
    ]);
    expect((await other.post('/account/prove', { code: codeOf(app.secret) })).status).toBe(200);
    expect((await addPasskey(other, new SoftwareAuthenticator())).status).toBe(201);
  });

  it('is told to its owner: by e-mail and at the next sign-in, and “this was not me” ends every session and the way in', async () => {
    const agent = await agentWithApp('told');
    // The app the person added themselves: told too, and marked "this was me".
    const own = SecurityNoticeListSchema.parse((await agent.browser.get('/account/notices')).body).data;
    expect(own.map((n) => n.kind)).toEqual(['factor_added']);
    expect((await agent.browser.post(`/account/notices/${own[0]?.id}/seen`)).status).toBe(200);
    // The session is taken while its proof is fresh: the attacker adds their passkey.
    const device = new SoftwareAuthenticator();
    expect((await addPasskey(agent.browser, device)).status).toBe(201);
    // The e-mail: what was added, and a link that undoes it.
    await expect.poll(() => smtp.to(agent.email).filter((m) => m.includes('Attacker key')).length).toBe(1);
    const mail = smtp.to(agent.email).find((m) => m.includes('Attacker key')) ?? '';
    expect(mail).toContain('Subject: A new way to sign in to your Booking console account');
    const token = /\/not-me#([\w-]+)/.exec(mail)?.[1] ?? '';
    expect(token.length).toBeGreaterThan(40);
    // At the next sign-in, the person is told there is something to look at.
    const owner = await signInWithCode(agent.email, agent.secret);
    const me = MeSchema.parse((await owner.get('/me')).body);
    expect(me.user.email).toBe(agent.email);
    const notices = SecurityNoticeListSchema.parse((await owner.get('/account/notices')).body);
    expect(notices.data.map((n) => [n.kind, n.summary.includes('Attacker key')])).toEqual([
      ['factor_added', true],
    ]);

    // "This was not me", from the e-mail's link: every session ends and the passkey signs in no more.
    const attacker = t.browser();
    expect((await passkeySignIn(attacker, device)).status).toBe(200);
    expect((await t.browser().post('/auth/not-me', { token })).status).toBe(200);
    for (const b of [agent.browser, owner, attacker]) expect((await b.get('/me')).status).toBe(401);
    expect(refusal(await passkeySignIn(t.browser(), device))).toEqual([401, 'invalid_passkey']);
    // The link works once.
    expect(refusal(await t.browser().post('/auth/not-me', { token }))).toEqual([404, 'link_invalid']);
  });

  it('is counted at the next sign-in: the answer says how many notices wait', async () => {
    const agent = await newAgent('count');
    expect((await addPasskey(agent.browser, new SoftwareAuthenticator())).status).toBe(201);
    const b = t.browser();
    const device = new SoftwareAuthenticator();
    // The person's own passkey (made in the same fresh session) signs them in: two notices wait.
    expect((await addPasskey(agent.browser, device)).status).toBe(201);
    const signedIn = MeSchema.parse((await passkeySignIn(b, device)).body);
    expect(signedIn.security_notices).toBe(2);
  });

  it('ends with “this was not me” on the account page too, the way in removed', async () => {
    const agent = await newAgent('not-me-page');
    const device = new SoftwareAuthenticator();
    expect((await addPasskey(agent.browser, device)).status).toBe(201);
    const notice = SecurityNoticeListSchema.parse((await agent.browser.get('/account/notices')).body).data[0];
    const other = t.browser();
    await other.signIn(agent.email, PASSWORD);
    // Another person's notice is not theirs to answer.
    const stranger = await t.signedIn('agent');
    expect((await stranger.post(`/account/notices/${notice?.id}/not-me`)).status).toBe(404);
    expect((await agent.browser.post(`/account/notices/${notice?.id}/not-me`)).status).toBe(200);
    for (const b of [agent.browser, other]) expect((await b.get('/me')).status).toBe(401);
    const again = t.browser();
    await again.signIn(agent.email, PASSWORD);
    expect(AccountFactorsSchema.parse((await again.get('/account/factors')).body).data).toEqual([]);
  });

  it('gains nothing from its owner’s proof through the old cookie: a rotated token reads, never acts', async () => {
    const victim = await agentWithApp('grace');
    later(FIVE_MINUTES_AND_MORE);
    const stolen = victim.browser.cookie();
    const attacker = t.browser();
    const withStolen = (method: string, path: string, body?: unknown) =>
      attacker.call(method, `/api${path}`, { headers: { Cookie: stolen }, ...(body ? { body } : {}) });
    // The owner proves it with their app: their session gets a new token.
    expect((await victim.browser.post('/account/prove', { code: codeOf(victim.secret) })).status).toBe(200);
    // The old token, within its grace, reads (a request that was on its way) and does nothing else.
    expect((await withStolen('GET', '/me')).status).toBe(200);
    expect((await withStolen('POST', '/account/factors/passkey/options')).status).toBe(401);
    expect((await withStolen('POST', '/account/prove', { code: codeOf(victim.secret) })).status).toBe(401);
    expect((await victim.browser.get('/me')).status).toBe(200);
  });

  it('cannot answer the owner’s notices: “this was not me” and “this was me” want a fresh proof by their factor', async () => {
    const victim = await agentWithApp('notices');
    const notice = SecurityNoticeListSchema.parse((await victim.browser.get('/account/notices')).body)
      .data[0];
    later(FIVE_MINUTES_AND_MORE);
    // The attack: strip the owner's app (and so their second step) with "not me", or hide the notice with "seen".
    expect(refusal(await victim.browser.post(`/account/notices/${notice?.id}/not-me`))).toEqual([
      403,
      'reauthentication_required',
    ]);
    expect(refusal(await victim.browser.post(`/account/notices/${notice?.id}/seen`))).toEqual([
      403,
      'reauthentication_required',
    ]);
    expect(AccountFactorsSchema.parse((await victim.browser.get('/account/factors')).body).data).toHaveLength(
      1,
    );
    // Marked seen by the owner, its e-mail's link still works.
    expect((await victim.browser.post('/account/prove', { code: codeOf(victim.secret) })).status).toBe(200);
    expect((await victim.browser.post(`/account/notices/${notice?.id}/seen`)).status).toBe(200);
    await expect.poll(() => smtp.to(victim.email).some((m) => m.includes('/not-me#'))).toBe(true);
    const token = /\/not-me#([\w-]+)/.exec(
      smtp.to(victim.email).find((m) => m.includes('/not-me#')) ?? '',
    )?.[1];
    expect((await t.browser().post('/auth/not-me', { token })).status).toBe(200);
  });

  it('cannot take a way in away, nor change the password, without a fresh proof by the factor; the owner is told', async () => {
    const victim = await agentWithApp('remove');
    const factors = AccountFactorsSchema.parse((await victim.browser.get('/account/factors')).body).data;
    later(FIVE_MINUTES_AND_MORE);
    expect(refusal(await victim.browser.delete(`/account/factors/${factors[0]?.id}`))).toEqual([
      403,
      'reauthentication_required',
    ]);
    const change = { current_password: PASSWORD, new_password: 'attacker chose this one 42' };
    expect(refusal(await victim.browser.post('/account/password', change))).toEqual([
      403,
      'reauthentication_required',
    ]);
    expect((await victim.browser.post('/account/prove', { code: codeOf(victim.secret) })).status).toBe(200);
    expect((await victim.browser.post('/account/password', change)).status).toBe(200);
    const kinds = SecurityNoticeListSchema.parse(
      (await victim.browser.get('/account/notices')).body,
    ).data.map((n) => n.kind);
    expect(kinds).toContain('password_changed');
  });
});

describe('guessing', () => {
  it('stops at 30 wrong codes for one account from any number of addresses; the owner’s own address still signs in', async () => {
    const victim = await agentWithApp('codes');
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const attacker = t.browser();
      const address = `198.18.${Math.floor(i / 200)}.${(i % 200) + 1}`;
      await attacker.call('POST', '/api/auth/sign-in', {
        body: { email: victim.email, password: PASSWORD },
        headers: from(address),
      });
      const guess = await attacker.call('POST', '/api/auth/sign-in/second-factor', {
        body: { method: 'totp', code: '000000' },
        headers: from(address),
      });
      statuses.push(guess.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(new Set(statuses.slice(30))).toEqual(new Set([429]));
    // The owner, from the address they signed in from before, is not kept out.
    expect((await signInWithCode(victim.email, victim.secret, '192.0.2.1')).cookie()).not.toBe('');
    // And is told: by e-mail, and on their account page.
    await expect
      .poll(() => smtp.to(victim.email).some((m) => m.includes('Wrong sign-in attempts')))
      .toBe(true);
    const notices = SecurityNoticeListSchema.parse((await victim.browser.get('/account/notices')).body);
    expect(notices.data.map((n) => n.kind)).toContain('wrong_codes');
  });

  it('counts an IPv6 network by its /64: addresses rotated inside one prefix are one address', async () => {
    const victim = await agentWithApp('ipv6');
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const address = `2001:db8:1:2:${(i + 1).toString(16)}::${(i * 7 + 3).toString(16)}`;
      const attacker = t.browser();
      await attacker.call('POST', '/api/auth/sign-in', {
        body: { email: victim.email, password: PASSWORD },
        headers: from(address),
      });
      statuses.push(
        (
          await attacker.call('POST', '/api/auth/sign-in/second-factor', {
            body: { method: 'totp', code: '000000' },
            headers: from(address),
          })
        ).status,
      );
    }
    // Ten tries for one account from one network, as from one address.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.at(-1)).toBe(429);
  });

  it('stops at 30 wrong passwords for one account from 60 addresses, with a back-off that grows; the owner’s browser still signs in', async () => {
    const victim = await newAgent('passwords');
    const ownerBrowser = victim.browser;
    const guesses = async (count: number, base: number) => {
      const statuses: number[] = [];
      for (let i = 0; i < count; i += 1)
        statuses.push(
          (
            await t.browser().call('POST', '/api/auth/sign-in', {
              body: { email: victim.email, password: `guess-${base + i}` },
              headers: from(`203.0.${Math.floor((base + i) / 250)}.${((base + i) % 250) + 1}`),
            })
          ).status,
        );
      return statuses;
    };
    const first = await guesses(60, 0);
    expect(first.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(new Set(first.slice(30))).toEqual(new Set([429]));
    // Even the right password from a new address waits: the answer does not say it was right.
    const stranger = await t.browser().call('POST', '/api/auth/sign-in', {
      body: { email: victim.email, password: PASSWORD },
      headers: from('198.51.100.200'),
    });
    expect(refusal(stranger)).toEqual([429, 'rate_limited']);
    const firstWait = Number(stranger.headers.get('Retry-After'));
    expect(firstWait).toBeGreaterThan(10 * 60);
    // The owner, in the browser they signed in from before (another address now), signs in.
    const owner = await ownerBrowser.call('POST', '/api/auth/sign-in', {
      body: { email: victim.email, password: PASSWORD },
      headers: from('198.51.100.201'),
    });
    expect(owner.status).toBe(200);

    // Past the first back-off, the next burst is held back twice as long.
    later(16 * 60_000);
    const second = await guesses(31, 100);
    expect(second.at(-1)).toBe(429);
    const longer = await t.browser().call('POST', '/api/auth/sign-in', {
      body: { email: victim.email, password: 'guess-x' },
      headers: from('198.51.100.202'),
    });
    expect(Number(longer.headers.get('Retry-After'))).toBeGreaterThan(25 * 60);
    later(31 * 60_000);
  });

  it('keeps each person’s “confirm it is you” tries their own: one agent’s wrong tries never lock out the admin', async () => {
    const agent = await newAgent('prove');
    const statuses: number[] = [];
    for (let i = 0; i < 52; i += 1)
      statuses.push((await agent.browser.post('/account/prove', { password: `wrong-${i}` })).status);
    expect(statuses.at(-1)).toBe(429);
    const admin = await t.signedIn('admin');
    expect((await admin.post('/account/prove', { password: 'demo-admin' })).status).toBe(200);
  });

  it('holds a person’s own proofs back longer at each new run of wrong tries', async () => {
    const agent = await newAgent('prove-backoff');
    const wrong = () => agent.browser.post('/account/prove', { password: 'not it' });
    for (let i = 0; i < 10; i += 1) expect((await wrong()).status).toBe(422);
    const first = await wrong();
    expect(first.status).toBe(429);
    expect(Number(first.headers.get('Retry-After'))).toBeGreaterThan(10 * 60);
    later(16 * 60_000);
    for (let i = 0; i < 10; i += 1) await wrong();
    const second = await wrong();
    expect(Number(second.headers.get('Retry-After'))).toBeGreaterThan(25 * 60);
    later(31 * 60_000);
  });
});

/** The session cookie alone, as a thief copies it: not the browser's own (known-browser) cookie. */
function stolenSession(b: Browser, address: string) {
  const session = b
    .cookie()
    .split('; ')
    .find((pair) => pair.startsWith('console_session=') || pair.startsWith('__Host-console_session='));
  const headers = { Cookie: session ?? '', ...from(address) };
  return {
    changePassword: (current: string) =>
      b.call('POST', '/api/account/password', {
        body: { current_password: current, new_password: 'attacker chose this one 42' },
        headers,
      }),
    prove: (password: string) => b.call('POST', '/api/account/prove', { body: { password }, headers }),
  };
}

describe('a stolen session guessing the password', () => {
  it('at the password change stops at the “confirm it is you” cap, then refuses even the right one; the owner is told', async () => {
    const victim = await newAgent('change-guess');
    const thief = stolenSession(victim.browser, '198.51.100.77');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await thief.changePassword(`guess-${i}`)).status);
    // The same cap as "confirm it is you": ten wrong, then 429.
    expect(statuses).toEqual([...Array(10).fill(422), 429, 429]);
    const right = await thief.changePassword(PASSWORD);
    // The answer says no more than the sign-in's: limited, and for how long; not whether it was right.
    expect(ErrorEnvelopeSchema.parse(right.body).error).toMatchObject({ code: 'rate_limited', param: null });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('Retry-After'))).toBeGreaterThan(10 * 60);
    // One count: "confirm it is you" is held back as well.
    expect(refusal(await thief.prove(PASSWORD))).toEqual([429, 'rate_limited']);
    // The owner is told, by e-mail and on the account page.
    await expect
      .poll(() => smtp.to(victim.email).some((m) => m.includes('when asked to confirm it was you')))
      .toBe(true);
    const notices = SecurityNoticeListSchema.parse((await victim.browser.get('/account/notices')).body);
    expect(notices.data.map((n) => n.kind)).toContain('wrong_passwords');
    // The password was not changed: the owner signs in with it.
    expect(
      (
        await t.browser().call('POST', '/api/auth/sign-in', {
          body: { email: victim.email, password: PASSWORD },
          headers: from('192.0.2.1'),
        })
      ).status,
    ).toBe(200);
    later(31 * 60_000);
  });

  it('adds up with wrong passwords at sign-in: the account’s 30 wrong passwords are both together', async () => {
    const victim = await newAgent('change-shared');
    for (let i = 0; i < 25; i += 1)
      expect(
        (
          await t.browser().call('POST', '/api/auth/sign-in', {
            body: { email: victim.email, password: `guess-${i}` },
            headers: from(`203.0.113.${i + 1}`),
          })
        ).status,
      ).toBe(401);
    const thief = stolenSession(victim.browser, '198.51.100.78');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await thief.changePassword(`guess-again-${i}`)).status);
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    expect(refusal(await thief.changePassword(PASSWORD))).toEqual([429, 'rate_limited']);
    // The sign-in from an address the person never used waits too, even with the right password.
    expect(
      refusal(
        await t.browser().call('POST', '/api/auth/sign-in', {
          body: { email: victim.email, password: PASSWORD },
          headers: from('203.0.113.200'),
        }),
      ),
    ).toEqual([429, 'rate_limited']);
    await expect
      .poll(() => smtp.to(victim.email).some((m) => m.includes('Wrong sign-in attempts')))
      .toBe(true);
    // The owner's own browser still signs in.
    expect(
      (
        await victim.browser.call('POST', '/api/auth/sign-in', {
          body: { email: victim.email, password: PASSWORD },
          headers: from('192.0.2.1'),
        })
      ).status,
    ).toBe(200);
    later(31 * 60_000);
  });

  it('held at its cap, adds nothing more to the account’s count: it cannot keep the owner from signing in on a new browser', async () => {
    const victim = await newAgent('change-flood');
    const thief = stolenSession(victim.browser, '198.51.100.79');
    const statuses: number[] = [];
    // From one address, as many tries as the thief likes: past the cap of ten, each one is refused unchecked.
    for (let i = 0; i < 40; i += 1) statuses.push((await thief.changePassword(`flood-${i}`)).status);
    expect(statuses).toEqual([...Array(10).fill(422), ...Array(30).fill(429)]);
    // The refused tries were never passwords tried: the account is not past its 30 wrong passwords, so the owner signs
    // in from a browser and an address they never used (a new laptop), as one address at the sign-in could not stop.
    expect(
      (
        await t.browser().call('POST', '/api/auth/sign-in', {
          body: { email: victim.email, password: PASSWORD },
          headers: from('203.0.113.201'),
        })
      ).status,
    ).toBe(200);
    later(31 * 60_000);
  });
});

describe('a one-time link', () => {
  it('for a person with a second factor leads to that step before any session; the password is set only then', async () => {
    const victim = await agentWithApp('reset');
    const admin = await t.signedIn('admin');
    const link = (await admin.post(`/admin/users/${victim.id}/reset-link`)).body as { url: string | null };
    expect(link.url).toBeNull();
    await expect.poll(() => smtp.to(victim.email).filter((m) => m.includes('/welcome#')).length).toBe(2);
    const token = await mailedToken(victim.email);
    const holder = t.browser();
    expect(
      LinkInfoSchema.parse((await holder.post('/auth/links/lookup', { token })).body).second_factor,
    ).toBe(true);
    // The attack: the link alone, with a new password. The answer is the second step, not a session.
    const taken = await holder.post('/auth/links/accept', { token, password: 'copper lantern orbit sleet' });
    expect(SecondFactorNeededSchema.parse(taken.body).second_factor.methods).toContain('totp');
    expect((await holder.get('/me')).status).toBe(401);
    // Nothing changed yet: the old password still signs in (with its code), the new one does not.
    expect((await t.browser().signIn(victim.email, 'copper lantern orbit sleet')).status).toBe(401);
    // Nor can the link's holder make a passkey instead.
    expect(refusal(await holder.post('/auth/links/passkey-options', { token }))).toEqual([
      409,
      'invalid_state',
    ]);
    // The person gives their code: the password is set, every other session ends, and they are signed in.
    const done = await holder.post('/auth/sign-in/second-factor', {
      method: 'totp',
      code: codeOf(victim.secret),
    });
    expect(done.status).toBe(200);
    expect((await holder.get('/me')).status).toBe(200);
    expect((await victim.browser.get('/me')).status).toBe(401);
    expect(
      SecondFactorNeededSchema.safeParse(
        (await t.browser().signIn(victim.email, 'copper lantern orbit sleet')).body,
      ).success,
    ).toBe(true);
    expect(
      (await t.browser().post('/auth/links/accept', { token, password: 'another tram orbit 9' })).status,
    ).toBe(404);
  });

  it('taken with a passkey ends every session and waiting sign-in, and voids the old password', async () => {
    const victim = await newAgent('reset-passkey');
    const waiting = t.browser();
    const admin = await t.signedIn('admin');
    const link = (await admin.post(`/admin/users/${victim.id}/reset-link`)).body as { url: string | null };
    await expect.poll(() => smtp.to(victim.email).filter((m) => m.includes('/welcome#')).length).toBe(2);
    const token = await mailedToken(victim.email);
    expect(link.url).toBeNull();
    const holder = t.browser();
    const device = new SoftwareAuthenticator();
    const begun = PasskeyCeremonySchema.parse(
      (await holder.post('/auth/links/passkey-options', { token })).body,
    );
    const accepted = await holder.post('/auth/links/accept', {
      token,
      passkey: {
        ceremony: begun.ceremony,
        name: 'New key',
        response: device.create(begun.options, t.origin),
      },
    });
    expect(accepted.status).toBe(200);
    expect((await victim.browser.get('/me')).status).toBe(401);
    expect((await waiting.signIn(victim.email, PASSWORD)).status).toBe(401);
    expect((await passkeySignIn(t.browser(), device)).status).toBe(200);
  });
});

describe('smaller holes', () => {
  it('wants a fresh proof to demote, disable or enable an admin, and to give or take office-wide access', async () => {
    const admin = await t.signedIn('admin');
    const other = InvitationSchema.parse(
      (await admin.post('/admin/users', { email: 'second.admin@demo.test', name: 'Second', role: 'admin' }))
        .body,
    ).user;
    const agents = UserListSchema.parse((await admin.get('/admin/users?q=agent@demo.test')).body).data;
    later(FIVE_MINUTES_AND_MORE);
    for (const change of [{ role: 'agent' }, { disabled: true }])
      expect(refusal(await admin.patch(`/admin/users/${other.id}`, change))).toEqual([
        403,
        'reauthentication_required',
      ]);
    expect(refusal(await admin.patch(`/admin/users/${agents[0]?.id}`, { office_wide: true }))).toEqual([
      403,
      'reauthentication_required',
    ]);
    expect((await admin.post('/account/prove', { password: 'demo-admin' })).status).toBe(200);
    expect((await admin.patch(`/admin/users/${other.id}`, { disabled: true })).status).toBe(200);
    later(FIVE_MINUTES_AND_MORE);
    expect(refusal(await admin.patch(`/admin/users/${other.id}`, { disabled: false }))).toEqual([
      403,
      'reauthentication_required',
    ]);
  });

  it('never reports a passkey the console keeps already as a new one', async () => {
    const owner = await newAgent('dup-owner');
    const device = new SoftwareAuthenticator();
    expect((await addPasskey(owner.browser, device)).status).toBe(201);
    const id = (device.credentials[0]?.id ?? Buffer.alloc(0)).toString('base64url');
    const other = await newAgent('dup-other');
    const again = await addPasskey(other.browser, new SoftwareAuthenticator(), { id });
    expect(refusal(again)).toEqual([401, 'invalid_passkey']);
    // No factor, so no recovery codes and no escape from the office's policy.
    expect(AccountFactorsSchema.parse((await other.browser.get('/account/factors')).body)).toMatchObject({
      data: [],
      recovery_codes: { total: 0 },
    });
  });

  it('gives recovery codes of at least 112 bits, stored as nothing a search of every user could find', async () => {
    const agent = await agentWithApp('codes-size');
    for (const code of agent.recovery) expect(code).toMatch(/^([2-9A-HJKMNP-Z]{4}-){5}[2-9A-HJKMNP-Z]{4}$/);
    // 24 characters of 31: log2(31^24) ≈ 118.9 bits.
    expect(24 * Math.log2(31)).toBeGreaterThan(112);
    const rows = await t.console.deps.db
      .selectFrom('recovery_codes')
      .select('id')
      .where('user_id', '=', agent.id)
      .execute();
    const { createHash } = await import('node:crypto');
    const plain = agent.recovery.map((c) => createHash('sha256').update(c.replace(/-/g, '')).digest('hex'));
    expect(rows.map((r) => r.id).filter((id) => plain.includes(id))).toEqual([]);
  });

  it('gives a new session token on proof and on a completed set-up; the old one stops working', async () => {
    const agent = await newAgent('rotate');
    const before = agent.browser.cookie();
    const stolen = t.browser();
    const app = TotpEnrolmentSchema.parse(
      (await agent.browser.post('/account/factors/totp', { name: 'Phone' })).body,
    );
    await agent.browser.post(`/account/factors/totp/${app.id}/confirm`, { code: codeOf(app.secret) });
    const afterSetup = agent.browser.cookie();
    expect(afterSetup).not.toBe(before);
    // A copy of the cookie from before the set-up (a fixation, a theft): void once the grace for requests on their
    // way has passed.
    const old = await stolen.call('GET', '/api/me', { headers: { Cookie: before } });
    expect(old.status).toBe(200);
    later(31_000);
    expect((await stolen.call('GET', '/api/me', { headers: { Cookie: before } })).status).toBe(401);
    expect((await agent.browser.get('/me')).status).toBe(200);
    expect((await agent.browser.post('/account/prove', { code: codeOf(app.secret) })).status).toBe(200);
    expect(agent.browser.cookie()).not.toBe(afterSetup);
    later(31_000);
    expect((await stolen.call('GET', '/api/me', { headers: { Cookie: afterSetup } })).status).toBe(401);
  });

  it('ends a sign-in waiting for its second step with the person’s sessions', async () => {
    const agent = await agentWithApp('pending');
    const attacker = t.browser();
    await attacker.signIn(agent.email, PASSWORD);
    const admin = await t.signedIn('admin');
    expect((await admin.post(`/admin/users/${agent.id}/sessions/end`)).status).toBe(200);
    const late = await attacker.post('/auth/sign-in/second-factor', {
      method: 'totp',
      code: codeOf(agent.secret),
    });
    expect(refusal(late)).toEqual([401, 'second_factor_expired']);
  });

  it('sends the browser back only to a path of the console after the provider', async () => {
    const agent = await newAgent('redirect');
    for (const return_to of [
      '/.//evil.example/x',
      '/%2e%2e//evil.example',
      '//evil.example',
      '/\\evil.example',
    ])
      expect((await agent.browser.post('/account/prove/single-sign-on', { return_to })).status).toBe(422);
  });

  it('binds passkeys to PUBLIC_URL alone, whatever Host and Origin a request names', async () => {
    // fetch() keeps its own Host: a raw request names another host, as a forged one would.
    const { request } = await import('node:http');
    const url = new URL(t.origin);
    const body = await new Promise<string>((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: '/api/auth/passkey/options',
          method: 'POST',
          headers: { Host: 'console.evil.test', Origin: 'http://console.evil.test', 'X-Console-Csrf': '1' },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => {
            text += chunk.toString('utf8');
          });
          res.on('end', () => resolve(text));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(PasskeyCeremonySchema.parse(JSON.parse(body)).options.rpId).toBe('127.0.0.1');
  });
});
