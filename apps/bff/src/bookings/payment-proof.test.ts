import { ErrorEnvelopeSchema, TotpEnrolmentSchema } from '@console/contract';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdFlightOrder, passenger, startConsole, type TestConsole } from '../testing/console.ts';

/** The embedded sandbox with its LIVE demo credential: what an office spending real money has. */
let t: TestConsole;
beforeAll(async () => {
  t = await startConsole({ SANDBOX_ENVIRONMENT: 'live' });
});
afterAll(() => t.close());

const code = (body: unknown) => ErrorEnvelopeSchema.parse(body).error.code;

describe('a LIVE payment above the office’s amount', () => {
  it('asks the agent to prove it is them when their last proof is over five minutes old, and not below it', async () => {
    // LIVE: everyone must have a second factor until the admin says otherwise; the admin adds an app first.
    const admin = await t.signedIn('admin');
    expect(code((await admin.get('/wallet')).body)).toBe('second_factor_setup_required');
    const app = TotpEnrolmentSchema.parse(
      (await admin.post('/account/factors/totp', { name: 'Phone' })).body,
    );
    const now = TOTP.generate({ secret: Secret.fromBase32(app.secret) });
    expect((await admin.post(`/account/factors/totp/${app.id}/confirm`, { code: now })).status).toBe(200);

    expect((await admin.put('/admin/sign-in-policy', { two_factor: 'nobody' })).status).toBe(200);
    const agent = t.browser();
    await agent.signIn('agent@demo.test', 'demo-agent');
    const small = await holdFlightOrder(agent, { clientReference: 'LIVE-SMALL' });
    const large = await holdFlightOrder(agent, {
      clientReference: 'LIVE-LARGE',
      passengers: [
        passenger,
        { ...passenger, given_name: 'Oliver', date_of_birth: '1983-02-01', gender: 'male' },
      ],
    });
    const [cheap, dear] = [small, large].sort((a, b) => Number(a.total.amount) - Number(b.total.amount));
    if (!cheap || !dear || cheap.total.amount === dear.total.amount) throw new Error('two prices are needed');
    const policy = await admin.put('/admin/sign-in-policy', {
      two_factor: 'nobody',
      proof_above: { amount: cheap.total.amount, currency: cheap.total.currency },
    });
    expect(policy.body).toMatchObject({ proof_above: { amount: cheap.total.amount } });

    // Within five minutes of signing in, nothing asks.
    t.advanceConsoleClock(6 * 60_000);
    expect((await agent.post(`/flights/orders/${cheap.id}/ticket`)).status).toBe(200);
    const refused = await agent.post(`/flights/orders/${dear.id}/ticket`);
    expect({ status: refused.status, code: code(refused.body) }).toEqual({
      status: 403,
      code: 'reauthentication_required',
    });
    expect(ErrorEnvelopeSchema.parse(refused.body).error.message).toContain(cheap.total.amount);
    expect((await agent.post('/account/prove', { password: 'demo-agent' })).body).toMatchObject({
      proved: true,
    });
    expect((await agent.post(`/flights/orders/${dear.id}/ticket`)).status).toBe(200);
  });
});
