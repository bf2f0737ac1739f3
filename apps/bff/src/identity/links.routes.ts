import { authApi, type LinkInfo, type PasskeyCeremony } from '@console/contract';
import { SIGN_IN } from '../audit/index.ts';
import { ConsoleError } from '../platform/errors.ts';
import { router } from '../platform/route.ts';
import type { IdentityDeps } from './deps.ts';
import { passwordProblem } from './password-policy.ts';
import { hashPassword } from './passwords.ts';
import { requestOrigin, type SecondFactorNeeded, type SignInSteps } from './sign-in.ts';

/** One-time links (decision 030): whom a link is for, and choosing one's password or a passkey through it. A link
 * never skips a second step (decision 035). */
export function linkRoutes(d: IdentityDeps, s: SignInSteps) {
  const { pending, proxies, rp, signInNow } = s;
  return (
    router('/auth')
      // One-time links (decision 030): whom a link is for, and choosing one's password through it, which signs in.
      .handle(authApi.linkLookup, async (c, { body }) => {
        const { token } = body;
        const link = await d.links.lookup(token);
        const user = link ? await d.users.get(link.userId) : null;
        if (!link || !user || user.disabled) throw new ConsoleError('link_invalid');
        const info: LinkInfo = {
          purpose: link.purpose,
          email: user.email,
          name: user.name,
          expires_at: new Date(link.expiresAt).toISOString(),
          second_factor: await d.factors.has(user.id),
        };
        return c.json(info);
      })
      // Or a passkey made through the link, in place of a password (decision 031), for a person with no factor yet:
      // one who has a factor gives it at their second step, and adds passkeys from their account page (decision 035).
      .handle(authApi.linkPasskeyOptions, async (c, { body }) => {
        const { token } = body;
        const link = await d.links.lookup(token);
        const user = link ? await d.users.get(link.userId) : null;
        if (!link || !user || user.disabled) throw new ConsoleError('link_invalid');
        if (await d.factors.has(user.id)) throw linkWantsSecondStep();
        const ceremony: PasskeyCeremony = await d.passkeys.registrationOptions(user, rp, 'passkey.link');
        return c.json(ceremony);
      })
      .handle(authApi.linkAccept, async (c, { body }) => {
        const { token, password, passkey } = body;
        const origin = requestOrigin(c, proxies);
        const link = await d.links.lookup(token);
        const user = link ? await d.users.get(link.userId) : null;
        if (!link || !user || user.disabled) throw new ConsoleError('link_invalid');
        const hasFactor = await d.factors.has(user.id);
        if (passkey) {
          if (hasFactor) throw linkWantsSecondStep();
          const made = await d.passkeys.register(
            user.id,
            passkey.ceremony,
            passkey.response,
            passkey.name,
            'passkey.link',
          );
          if (!made) throw new ConsoleError('invalid_passkey');
          // Taken once: a second request with the same link keeps nothing it made.
          if (!(await d.links.use(token))) {
            await d.factors.remove(user.id, made.id);
            throw new ConsoleError('link_invalid');
          }
          // A reset taken with a passkey: the old password no longer signs in, and every session ends (decision 035).
          if (link.purpose === 'reset') {
            await d.users.voidPassword(user.id);
            await d.notices.record(user, 'factor_added', { name: passkey.name, ...origin }, made.id);
          }
          await d.audit.write(
            user,
            { action: `user.link.${link.purpose}`, ...origin, factor: 'passkey' },
            'succeeded',
            200,
            null,
          );
          await d.audit.write(user, { action: 'factor.add.passkey' }, 'succeeded', 200, null);
          return c.json(await signInNow(c, user, origin, 'passkey', { with: 'factor' }));
        }
        if (password === undefined) throw new ConsoleError('validation_failed', { param: 'password' });
        const problem = passwordProblem(password, [
          user.name,
          ...user.name.split(/\s+/),
          user.email.split('@')[0] ?? '',
        ]);
        if (problem)
          throw new ConsoleError('validation_failed', {
            param: 'password',
            message: `password: ${problem}.`,
          });
        if (hasFactor) {
          // A person with a second factor gives it before any session: the link and the password wait for it, and
          // are taken only then (decision 035). A link in the wrong hands changes nothing without the factor.
          const waiting = await d.factors.beginSignIn(user.id, 'link', {
            id: link.id,
            passwordHash: await hashPassword(password),
          });
          pending.write(c, waiting.token, waiting.maxAgeSeconds);
          await d.audit.write(
            user,
            { action: SIGN_IN, ...origin, factor: 'link' },
            'unknown',
            202,
            'second_factor_pending',
          );
          const next: SecondFactorNeeded = { second_factor: { methods: await d.factors.methods(user.id) } };
          return c.json(next);
        }
        // Taken once: two requests with the same link, one sets the password.
        if (!(await d.links.use(token))) throw new ConsoleError('link_invalid');
        await d.users.setPassword(user.id, password);
        await d.audit.write(user, { action: `user.link.${link.purpose}`, ...origin }, 'succeeded', 200, null);
        return c.json(await signInNow(c, user, origin, 'password', { with: 'password' }));
      }).app
  );
}

/** A link for a person with a second factor takes a password, then that factor (decision 035). */
const linkWantsSecondStep = () =>
  new ConsoleError('invalid_state', {
    message:
      'You have a second factor: choose a password here, then give your second step. Add passkeys from your account page after.',
  });
