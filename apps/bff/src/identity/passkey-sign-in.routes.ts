import { authApi, type PasskeyCeremony } from '@console/contract';
import { SIGN_IN } from '../audit/index.ts';
import { ConsoleError } from '../platform/errors.ts';
import { router } from '../platform/route.ts';
import type { IdentityDeps } from './deps.ts';
import { requestOrigin, type SignInSteps } from './sign-in.ts';

/** A passkey alone signs in (decision 031), and finishes a sign-in waiting for its second step. */
export function passkeySignInRoutes(d: IdentityDeps, s: SignInSteps) {
  const { pending, proxies, rp, signInNow, refuse, finishPending } = s;
  return (
    router('/auth')
      // A passkey alone signs in (decision 031): the browser asks for any of the console's passkeys on this host.
      .handle(authApi.passkeyOptions, async (c) => {
        const ceremony: PasskeyCeremony = await d.passkeys.authenticationOptions(rp, 'passkey.sign_in', null);
        return c.json(ceremony);
      })
      .handle(authApi.passkey, async (c, { body }) => {
        const { ceremony, response } = body;
        const origin = requestOrigin(c, proxies);
        const verdict = await d.throttle.attemptAddress(origin.address);
        if (!verdict.allowed) {
          await d.audit.write(
            { id: '', email: '' },
            { action: SIGN_IN, ...origin, factor: 'passkey' },
            'failed',
            429,
            'rate_limited',
          );
          throw refuse(c, verdict, 'tries');
        }
        const userId = await d.passkeys.authenticate(ceremony, response, 'passkey.sign_in');
        const user = userId ? await d.users.get(userId) : null;
        if (!user || user.disabled) {
          await d.audit.write(
            { id: user?.id ?? '', email: user?.email ?? '' },
            { action: SIGN_IN, ...origin, factor: 'passkey' },
            'failed',
            401,
            user ? 'account_disabled' : 'invalid_passkey',
          );
          throw new ConsoleError('invalid_passkey');
        }
        await d.throttle.succeededAddress(origin.address);
        // A sign-in that waited for its second factor is finished by the passkey too (a link's password with it).
        const token = pending.read(c);
        const waiting = token ? await d.factors.peekSignIn(token) : null;
        if (token && waiting?.userId === user.id) await finishPending(c, token, waiting, user, origin);
        else if (token) {
          await d.factors.endSignIn(token);
          pending.clear(c);
        }
        return c.json(await signInNow(c, user, origin, 'passkey', { with: 'factor' }));
      }).app
  );
}
