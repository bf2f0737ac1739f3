import { randomBytes } from 'node:crypto';
import { MeSchema, TotpEnrolmentSchema } from '@console/contract';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { freshDatabaseUrl, startConsole } from '../testing/console.ts';

const code = (secret: string, offset = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offset });

describe('authenticator keys at rest', () => {
  it('are sealed with SECRETS_KEY: an app set up before the key was set is sealed at the next start and still works', async () => {
    const url = await freshDatabaseUrl();
    const password = 'quiet harbour lantern 5';
    const before = await startConsole({ DATABASE_URL: url });
    const admin = await before.signedIn('admin');
    await before.invite(admin, { email: 'sealed@demo.test', name: 'Ari Sealed', role: 'agent' }, password);
    const agent = before.browser();
    await agent.signIn('sealed@demo.test', password);
    const app = TotpEnrolmentSchema.parse(
      (await agent.post('/account/factors/totp', { name: 'Phone' })).body,
    );
    await agent.post(`/account/factors/totp/${app.id}/confirm`, { code: code(app.secret) });
    const stored = async (c: typeof before) =>
      (
        await c.console.deps.db
          .selectFrom('user_factors')
          .select('secret')
          .where('id', '=', app.id)
          .executeTakeFirst()
      )?.secret;
    expect(await stored(before)).toBe(app.secret);
    await before.close();

    const after = await startConsole({ DATABASE_URL: url, SECRETS_KEY: randomBytes(32).toString('hex') });
    try {
      const sealed = await stored(after);
      expect(sealed).toMatch(/^v1:/);
      expect(sealed).not.toContain(app.secret);
      const b = after.browser();
      await b.signIn('sealed@demo.test', password);
      const done = await b.post('/auth/sign-in/second-factor', {
        method: 'totp',
        code: code(app.secret, 30_000),
      });
      expect(MeSchema.parse(done.body).user.email).toBe('sealed@demo.test');
      // A new app is sealed as it is made.
      const second = TotpEnrolmentSchema.parse(
        (await b.post('/account/factors/totp', { name: 'Tablet' })).body,
      );
      const row = await after.console.deps.db
        .selectFrom('user_factors')
        .select('secret')
        .where('id', '=', second.id)
        .executeTakeFirst();
      expect(row?.secret).toMatch(/^v1:/);
      expect(
        (await b.post(`/account/factors/totp/${second.id}/confirm`, { code: code(second.secret) })).status,
      ).toBe(200);
    } finally {
      await after.close();
    }
  });
});
