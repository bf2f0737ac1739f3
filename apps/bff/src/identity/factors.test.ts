import {
  AccountFactorsSchema,
  ErrorEnvelopeSchema,
  MeSchema,
  RecoveryCodesSchema,
  SecondFactorNeededSchema,
  TotpEnrolmentSchema,
  UserListSchema,
} from '@console/contract';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type TestConsole } from '../testing/console.ts';

let t: TestConsole;
/** The console's clock, which the tests move: codes are computed for it, as a phone's app would. */
let offset = 0;
beforeAll(async () => {
  t = await startConsole();
});
afterAll(() => t.close());

const code = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offset });
const later = (seconds: number) => {
  offset += seconds * 1000;
  t.advanceConsoleClock(seconds * 1000);
};
const error = (body: unknown) => ErrorEnvelopeSchema.parse(body).error;

/** A new agent with an authenticator app set up; their password, the app's key and their recovery codes. */
async function agentWithApp(email: string) {
  const admin = await t.signedIn('admin');
  const password = 'violet tram harbour 42';
  await t.invite(admin, { email, name: 'Robin Park', role: 'agent' }, password);
  const b = t.browser();
  expect((await b.signIn(email, password)).status).toBe(200);
  const enrolment = TotpEnrolmentSchema.parse(
    (await b.post('/account/factors/totp', { name: 'Work phone' })).body,
  );
  expect(enrolment.uri).toMatch(/^otpauth:\/\/totp\/Booking%20console:.*secret=/);
  expect(enrolment.qr_svg).toMatch(/^<svg/);
  const wrong = await b.post(`/account/factors/totp/${enrolment.id}/confirm`, {
    code: '000000' === code(enrolment.secret) ? '111111' : '000000',
  });
  expect(error(wrong.body).param).toBe('code');
  const confirmed = await b.post(`/account/factors/totp/${enrolment.id}/confirm`, {
    code: code(enrolment.secret),
  });
  const recovery = RecoveryCodesSchema.parse(confirmed.body).recovery_codes;
  return { email, password, secret: enrolment.secret, recovery, browser: b };
}

describe('an authenticator app', () => {
  it('is set up with a code from it, and lists with ten recovery codes that are shown once', async () => {
    const agent = await agentWithApp('app.setup@demo.test');
    expect(agent.recovery).toHaveLength(10);
    expect(new Set(agent.recovery).size).toBe(10);
    const factors = AccountFactorsSchema.parse((await agent.browser.get('/account/factors')).body);
    expect(factors.data.map((f) => [f.kind, f.name])).toEqual([['totp', 'Work phone']]);
    expect(factors.recovery_codes).toEqual({ total: 10, left: 10 });
    expect(JSON.stringify(factors)).not.toContain(agent.secret);
  });

  it('makes a password alone not enough: the code completes the sign-in; a wrong one, or one used already, is refused', async () => {
    const agent = await agentWithApp('app.signin@demo.test');
    const b = t.browser();
    const first = await b.signIn(agent.email, agent.password);
    expect(SecondFactorNeededSchema.parse(first.body).second_factor.methods).toEqual([
      'totp',
      'recovery_code',
    ]);
    expect((await b.get('/me')).status).toBe(401);

    const wrong = await b.post('/auth/sign-in/second-factor', {
      method: 'totp',
      code: '123456' === code(agent.secret) ? '654321' : '123456',
    });
    expect({ status: wrong.status, code: error(wrong.body).code }).toEqual({
      status: 401,
      code: 'invalid_code',
    });
    // The code of the step the app was confirmed with was taken then: the next step's code signs in.
    later(30);
    const now = code(agent.secret);
    const ok = await b.post('/auth/sign-in/second-factor', { method: 'totp', code: now });
    expect(MeSchema.parse(ok.body).user.email).toBe(agent.email);
    expect((await b.get('/me')).status).toBe(200);

    // The same code again, in another sign-in (another instance would see the same row): refused.
    const again = t.browser();
    await again.signIn(agent.email, agent.password);
    const replay = await again.post('/auth/sign-in/second-factor', { method: 'totp', code: now });
    expect(error(replay.body).code).toBe('invalid_code');
  });

  it('takes each recovery code once, in any case and with or without its dash', async () => {
    const agent = await agentWithApp('app.recovery@demo.test');
    const recovery = agent.recovery[0] ?? '';
    const b = t.browser();
    await b.signIn(agent.email, agent.password);
    const typed = recovery.replace('-', ' ').toLowerCase();
    expect(
      (await b.post('/auth/sign-in/second-factor', { method: 'recovery_code', code: typed })).status,
    ).toBe(200);
    const factors = AccountFactorsSchema.parse((await b.get('/account/factors')).body);
    expect(factors.recovery_codes).toEqual({ total: 10, left: 9 });
    const c = t.browser();
    await c.signIn(agent.email, agent.password);
    const reused = await c.post('/auth/sign-in/second-factor', { method: 'recovery_code', code: recovery });
    expect(error(reused.body).code).toBe('invalid_code');
  });

  it('lets a waiting sign-in lapse after five minutes, or after five wrong codes, and counts wrong codes per person', async () => {
    const agent = await agentWithApp('app.lapse@demo.test');
    const b = t.browser();
    await b.signIn(agent.email, agent.password);
    later(301);
    const lapsed = await b.post('/auth/sign-in/second-factor', { method: 'totp', code: code(agent.secret) });
    expect(error(lapsed.body).code).toBe('second_factor_expired');

    const c = t.browser();
    await c.signIn(agent.email, agent.password);
    const codes: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const reply = await c.post('/auth/sign-in/second-factor', { method: 'totp', code: `00000${i}` });
      codes.push(error(reply.body).code);
    }
    expect(codes.slice(0, 5).every((c) => c === 'invalid_code' || c === 'rate_limited')).toBe(true);
    expect(codes[5]).toBe('second_factor_expired');
  });

  it('is removed by its owner: a password alone signs in again, and the recovery codes go with the last factor', async () => {
    const agent = await agentWithApp('app.remove@demo.test');
    const factors = AccountFactorsSchema.parse((await agent.browser.get('/account/factors')).body);
    expect((await agent.browser.delete(`/account/factors/${factors.data[0]?.id}`)).status).toBe(200);
    expect(AccountFactorsSchema.parse((await agent.browser.get('/account/factors')).body)).toEqual({
      data: [],
      recovery_codes: { total: 0, left: 0 },
      password: true,
      single_sign_on: null,
    });
    expect(MeSchema.parse((await t.browser().signIn(agent.email, agent.password)).body).user.email).toBe(
      agent.email,
    );
  });

  it('is reset by an admin when the phone is lost: a password alone signs in again', async () => {
    const agent = await agentWithApp('app.lost@demo.test');
    const admin = await t.signedIn('admin');
    const users = UserListSchema.parse((await admin.get('/admin/users?q=app.lost')).body);
    expect((await admin.post(`/admin/users/${users.data[0]?.id}/factors/reset`)).body).toEqual({
      removed: 1,
    });
    expect(MeSchema.parse((await t.browser().signIn(agent.email, agent.password)).body).user.email).toBe(
      agent.email,
    );
    // Not for an agent to do.
    expect((await agent.browser.post(`/admin/users/${users.data[0]?.id}/factors/reset`)).status).toBe(403);
  });
});
