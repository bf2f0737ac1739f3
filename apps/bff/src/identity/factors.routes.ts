import { accountApi, type PasskeyCeremony } from '@console/contract';
import type { MiddlewareHandler } from 'hono';
import { ConsoleError } from '../platform/errors.ts';
import { router } from '../platform/route.ts';
import type { AppEnv } from '../platform/types.ts';
import type { AccountSteps } from './account-steps.ts';
import type { IdentityDeps } from './deps.ts';
import { requireFactorProof } from './guards.ts';
import { requestOrigin } from './sign-in.ts';

/** One's ways in (decisions 029, 031, 035): authenticator apps, passkeys, recovery codes and one's identity at the
 * office's provider, added and taken away with a fresh proof by one's own factor. */
export function factorRoutes(d: IdentityDeps, s: AccountSteps) {
  const { rp, proxies, hasFactor, rotate, toProvider } = s;
  /** A fresh proof by one's factor, asked before the path or the body is read (as it always was for these routes). */
  const proved: MiddlewareHandler<AppEnv> = async (c, next) => {
    await requireFactorProof(c, hasFactor, d.clock);
    await next();
  };
  return (
    router('/account')
      // Adding a way in wants a fresh proof made with one of the person's factors, where they have one (decision 035).
      .handle(accountApi.beginTotp, async (c, { body }) => {
        const { name } = body;
        await requireFactorProof(c, hasFactor, d.clock);
        return c.json(await d.factors.beginTotp(c.get('user'), name), 201);
      })
      .handle(accountApi.confirmTotp, async (c, { params, body }) => {
        const user = c.get('user');
        const { code } = body;
        const confirmed = await d.factors.confirmTotp(user.id, params.id, code);
        if (!confirmed.ok)
          throw new ConsoleError('validation_failed', {
            param: 'code',
            message: 'code: is not the code the app shows now. Check the app’s clock and try the next code.',
          });
        // The office's policy is met now: every session of the person opens up. The person is told, and this session
        // gets a new token, proved by the factor just shown to work.
        await d.sessions.setFactorSetup([user.id], false);
        await d.audit.write(user, { action: 'factor.add.totp' }, 'succeeded', 200, null);
        const added = (await d.factors.list(user.id)).data.find((f) => f.id === params.id);
        await d.notices.record(
          user,
          'factor_added',
          { name: added?.name ?? 'Authenticator app', ...requestOrigin(c, proxies) },
          params.id,
        );
        await rotate(c, 'factor');
        return c.json({ recovery_codes: confirmed.recoveryCodes });
      })
      // A passkey of one's own (decision 031): the browser makes it for this host; the first factor brings recovery codes.
      .handle(accountApi.passkeyOptions, async (c) => {
        await requireFactorProof(c, hasFactor, d.clock);
        const ceremony: PasskeyCeremony = await d.passkeys.registrationOptions(
          c.get('user'),
          rp,
          'passkey.register',
        );
        return c.json(ceremony);
      })
      .handle(accountApi.addPasskey, async (c, { body }) => {
        const user = c.get('user');
        const { ceremony, response, name } = body;
        await requireFactorProof(c, hasFactor, d.clock);
        const hadCodes = (await d.factors.list(user.id)).recovery_codes.total > 0;
        const made = await d.passkeys.register(user.id, ceremony, response, name, 'passkey.register');
        if (!made) {
          await d.audit.write(user, { action: 'factor.add.passkey' }, 'failed', 401, 'invalid_passkey');
          throw new ConsoleError('invalid_passkey');
        }
        await d.sessions.setFactorSetup([user.id], false);
        await d.audit.write(user, { action: 'factor.add.passkey' }, 'succeeded', 201, null);
        await d.notices.record(user, 'factor_added', { name, ...requestOrigin(c, proxies) }, made.id);
        const recoveryCodes = hadCodes ? [] : await d.factors.renewRecoveryCodes(user.id);
        await rotate(c, 'factor');
        return c.json({ id: made.id, recovery_codes: recoveryCodes }, 201);
      })
      // Taking a way in away wants the same proof as adding one (decision 035), and the person is told.
      .handle(accountApi.removeFactor, proved, async (c, { params }) => {
        const user = c.get('user');
        const factor = (await d.factors.list(user.id)).data.find((f) => f.id === params.id);
        if (!factor || !(await d.factors.remove(user.id, factor.id)))
          throw new ConsoleError('resource_not_found', {
            param: 'id',
            message: 'No such factor of yours.',
          });
        await d.audit.write(user, { action: 'factor.remove' }, 'succeeded', 200, null);
        await d.notices.record(user, 'way_in_removed', { name: factor.name, ...requestOrigin(c, proxies) });
        return c.json({ removed: true });
      })
      .handle(accountApi.renewRecoveryCodes, async (c) => {
        const user = c.get('user');
        if (!(await d.factors.has(user.id)))
          throw new ConsoleError('invalid_state', {
            message: 'Add an authenticator app first: recovery codes back it up.',
          });
        await requireFactorProof(c, hasFactor, d.clock);
        const codes = await d.factors.renewRecoveryCodes(user.id);
        await d.audit.write(user, { action: 'factor.recovery_codes.renew' }, 'succeeded', 200, null);
        await d.notices.record(user, 'recovery_codes_renewed', requestOrigin(c, proxies));
        return c.json({ recovery_codes: codes });
      })
      // One's identity at the office's provider, connected by its person (decision 035): signed in, freshly proved here
      // with a factor where they have one, and signing in there again.
      .handle(accountApi.connectSingleSignOn, proved, async (c, { body }) => {
        return toProvider(c, 'connect', body.return_to);
      })
      .handle(accountApi.disconnectSingleSignOn, async (c) => {
        const user = c.get('user');
        await requireFactorProof(c, hasFactor, d.clock);
        const removed = await d.identities.disconnect(user.id);
        await d.audit.write(user, { action: 'identity.disconnect' }, 'succeeded', 200, null);
        if (removed > 0)
          await d.notices.record(user, 'way_in_removed', {
            name: d.oidc?.name ?? 'single sign-on',
            ...requestOrigin(c, proxies),
          });
        return c.json({ removed });
      }).app
  );
}
