import { ErrorEnvelopeSchema, MeSchema, SignInPolicySchema, TotpEnrolmentSchema } from '@console/contract';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type TestConsole } from '../testing/console.ts';

let t: TestConsole;
beforeAll(async () => {
  t = await startConsole();
});
afterAll(() => t.close());

const code = (body: unknown) => ErrorEnvelopeSchema.parse(body).error.code;

async function addApp(b: ReturnType<TestConsole['browser']>) {
  const enrolment = TotpEnrolmentSchema.parse(
    (await b.post('/account/factors/totp', { name: 'Phone' })).body,
  );
  const now = TOTP.generate({ secret: Secret.fromBase32(enrolment.secret) });
  expect((await b.post(`/account/factors/totp/${enrolment.id}/confirm`, { code: now })).status).toBe(200);
}

describe('the office’s two-step sign-in policy', () => {
  it('is nobody on a TEST credential until an admin says otherwise, and only admins may read or change it', async () => {
    const admin = await t.signedIn('admin');
    expect(SignInPolicySchema.parse((await admin.get('/admin/sign-in-policy')).body)).toEqual({
      two_factor: 'nobody',
      single_sign_on_creates_agents: false,
      proof_above: null,
    });
    const agent = await t.signedIn('agent');
    expect((await agent.put('/admin/sign-in-policy', { two_factor: 'nobody' })).status).toBe(403);
    expect((await admin.put('/admin/sign-in-policy', { two_factor: 'sometimes' })).status).toBe(422);
  });

  it('that would cover the admin saving it, who has no second step, is refused until they confirm it; nothing changes before', async () => {
    const admin = await t.signedIn('admin');
    for (const two_factor of ['admins', 'everyone'] as const) {
      const refused = await admin.put('/admin/sign-in-policy', { two_factor, proof_above: null });
      const error = ErrorEnvelopeSchema.parse(refused.body).error;
      expect({ status: refused.status, code: error.code, param: error.param }).toEqual({
        status: 409,
        code: 'policy_covers_you',
        param: 'two_factor',
      });
      expect(error.message).toContain('second step');
    }
    // Nothing was saved, and the admin's session still reaches everything.
    expect(SignInPolicySchema.parse((await admin.get('/admin/sign-in-policy')).body).two_factor).toBe(
      'nobody',
    );
    expect((await admin.get('/wallet')).status).toBe(200);
    // A policy that does not cover them needs no word.
    expect((await admin.put('/admin/sign-in-policy', { two_factor: 'nobody' })).status).toBe(200);
  });

  it('for admins leaves agents alone; for everyone leads a person without a factor to set one up, and nothing else opens until then', async () => {
    const admin = await t.signedIn('admin');
    const agent = await t.signedIn('agent');
    // Confirmed, it is saved, and the admin's own session is held to their account page.
    expect(
      (await admin.put('/admin/sign-in-policy', { two_factor: 'admins', confirm_covers_me: true })).body,
    ).toEqual({ two_factor: 'admins', single_sign_on_creates_agents: false, proof_above: null });
    expect((await agent.get('/bookings')).status).toBe(200);
    // The admin who set it has no factor: their session now reaches their account only.
    expect(code((await admin.get('/wallet')).body)).toBe('second_factor_setup_required');
    expect(MeSchema.parse((await admin.get('/me')).body).session.factor_setup_required).toBe(true);
    await addApp(admin);
    expect((await admin.get('/wallet')).status).toBe(200);

    expect((await admin.put('/admin/sign-in-policy', { two_factor: 'everyone' })).status).toBe(200);
    // The agent signed in before the change is covered at once; so is a new sign-in.
    const refused = await agent.get('/bookings');
    expect({ status: refused.status, code: code(refused.body) }).toEqual({
      status: 403,
      code: 'second_factor_setup_required',
    });
    const fresh = t.browser();
    const me = MeSchema.parse((await fresh.signIn('agent@demo.test', 'demo-agent')).body);
    expect(me.session.factor_setup_required).toBe(true);
    expect((await fresh.get('/account/factors')).status).toBe(200);
    expect((await fresh.get('/account/sessions')).status).toBe(403);
    await addApp(fresh);
    expect((await fresh.get('/bookings')).status).toBe(200);
    expect((await agent.get('/bookings')).status).toBe(200);
    expect(MeSchema.parse((await agent.get('/me')).body).session.factor_setup_required).toBe(false);
  });
});
