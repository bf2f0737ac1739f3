import { ErrorEnvelopeSchema } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type TestConsole } from '../testing/console.ts';

let t: TestConsole;
beforeAll(async () => {
  t = await startConsole();
});
afterAll(() => t.close());

const error = (body: unknown) => ErrorEnvelopeSchema.parse(body).error;

describe('proving it again', () => {
  it('is asked before making an admin, resetting a password, changing the policy or ending the session-based session, once the sign-in is over five minutes old', async () => {
    const admin = await t.signedIn('admin');
    // Just signed in: the sign-in is the proof.
    expect(
      (
        await admin.post('/admin/users', {
          email: 'fresh.admin@demo.test',
          name: 'Fresh',
          role: 'admin',
        })
      ).status,
    ).toBe(201);

    t.advanceConsoleClock(6 * 60_000);
    const asked = [
      await admin.post('/admin/users', {
        email: 'late.admin@demo.test',
        name: 'Late',
        role: 'admin',
      }),
      await admin.put('/admin/sign-in-policy', { two_factor: 'admins' }),
      await admin.post('/admin/session/end'),
    ];
    expect(asked.map((r) => [r.status, error(r.body).code])).toEqual([
      [403, 'reauthentication_required'],
      [403, 'reauthentication_required'],
      [403, 'reauthentication_required'],
    ]);
    // What is not sensitive goes on: an agent renamed, the audit log read.
    const agents = (await admin.get('/admin/users?q=agent@demo.test')).body as {
      data: Array<{ id: string }>;
    };
    expect((await admin.patch(`/admin/users/${agents.data[0]?.id}`, { name: 'Demo Agent' })).status).toBe(
      200,
    );
    expect((await admin.get('/admin/audit')).status).toBe(200);

    const wrong = await admin.post('/account/prove', { password: 'not-it' });
    expect({ status: wrong.status, param: error(wrong.body).param }).toEqual({
      status: 422,
      param: 'password',
    });
    expect((await admin.post('/account/prove', { password: 'demo-admin' })).body).toEqual({
      proved: true,
      method: 'password',
    });
    expect(
      (
        await admin.post('/admin/users', {
          email: 'late.admin@demo.test',
          name: 'Late',
          role: 'admin',
        })
      ).status,
    ).toBe(201);

    // Five minutes later it is asked again.
    t.advanceConsoleClock(6 * 60_000);
    expect(error((await admin.post('/admin/session/end')).body).code).toBe('reauthentication_required');
  });
});
