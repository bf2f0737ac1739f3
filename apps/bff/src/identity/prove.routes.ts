import { accountApi, type PasskeyCeremony, proofApi } from '@console/contract';
import { ConsoleError } from '../platform/errors.ts';
import { router } from '../platform/route.ts';
import type { AccountSteps } from './account-steps.ts';
import type { IdentityDeps } from './deps.ts';
import { requireFactorProof } from './guards.ts';
import { passwordProblem } from './password-policy.ts';
import { verifyPassword } from './passwords.ts';
import { requestOrigin } from './sign-in.ts';

/** Proving it is oneself again (decisions 029, 031, 035), and a new password with the current one. */
export function proveRoutes(d: IdentityDeps, s: AccountSteps) {
  const { rp, proxies, hasFactor, rotate, countProofTry, proofTryRight, toProvider } = s;
  return (
    router('/account')
      // Proving it is oneself again with a passkey: the browser may offer only this person's passkeys.
      .handle(proofApi.provePasskeyOptions, async (c) => {
        const ceremony: PasskeyCeremony = await d.passkeys.authenticationOptions(
          rp,
          'passkey.prove',
          c.get('user').id,
        );
        return c.json(ceremony);
      })
      // Or at the office's provider, for a person it signs in: the provider asks them to sign in there again.
      .handle(proofApi.proveSingleSignOn, async (c, { body }) => toProvider(c, 'prove', body.return_to))
      // Proving it is oneself again (decisions 029, 031): the strongest factor one has — a passkey or an app's code
      // for a person with factors, the password for one without.
      .handle(proofApi.prove, async (c, { body }) => {
        const user = c.get('user');
        const kinds = await d.factors.kinds(user.id);
        const factor =
          body.passkey && kinds.has('passkey') ? 'passkey' : kinds.size > 0 ? 'totp' : 'password';
        // Each person's tries are their own (decision 035): one person's wrong tries never hold back another. A
        // password is also one of the account's (decision 042).
        const counted = factor === 'password' ? 'password' : 'code';
        await countProofTry(c, 'reauthenticate', counted);
        const ok =
          factor === 'passkey'
            ? body.passkey !== undefined &&
              (await d.passkeys.authenticate(
                body.passkey.ceremony,
                body.passkey.response,
                'passkey.prove',
              )) === user.id
            : factor === 'totp'
              ? body.code !== undefined &&
                kinds.has('totp') &&
                (await d.factors.verifyTotp(user.id, body.code))
              : body.password !== undefined &&
                (await verifyPassword(body.password, (await d.users.passwordHashOf(user.id)) ?? ''));
        await d.audit.write(
          user,
          { action: 'reauthenticate', factor },
          ok ? 'succeeded' : 'failed',
          ok ? 200 : 422,
          ok ? null : 'validation_failed',
        );
        if (!ok && factor === 'passkey') throw new ConsoleError('invalid_passkey');
        if (!ok)
          throw new ConsoleError('validation_failed', {
            param: factor === 'totp' ? 'code' : 'password',
            message:
              factor === 'password'
                ? 'password: is not your password.'
                : kinds.has('totp')
                  ? 'code: is not the code your app shows now, or it was used already.'
                  : 'code: use your passkey to confirm it is you.',
          });
        await proofTryRight(user, counted);
        await rotate(c, factor === 'password' ? 'password' : 'factor');
        return c.json({ proved: true, method: factor });
      })
      // A new password: with the current one, and, for a person with a factor, a fresh proof by it (decision 035): a
      // phished password and a stolen session do not take the account over.
      .handle(accountApi.changePassword, async (c, { body }) => {
        const user = c.get('user');
        // A person without a factor proves it with the current password itself, checked below.
        if (await d.factors.has(user.id)) await requireFactorProof(c, hasFactor, d.clock);
        // The current password is a proof and a password at the account: counted in both, before it is checked
        // (decision 042), so a stolen session cannot guess it beyond either limit.
        await countProofTry(c, 'password.change', 'password');
        const stored = await d.users.passwordHashOf(user.id);
        if (!stored || !(await verifyPassword(body.current_password, stored))) {
          await d.audit.write(user, { action: 'password.change' }, 'failed', 422, 'validation_failed');
          throw new ConsoleError('validation_failed', {
            param: 'current_password',
            message: 'current_password: is not your current password.',
          });
        }
        await proofTryRight(user, 'password');
        const problem = passwordProblem(body.new_password, [
          user.name,
          ...user.name.split(/\s+/),
          user.email.split('@')[0] ?? '',
        ]);
        if (problem)
          throw new ConsoleError('validation_failed', {
            param: 'new_password',
            message: `new_password: ${problem}.`,
          });
        await d.users.setOwnPassword(user.id, body.new_password, user.sessionId);
        await d.audit.write(user, { action: 'password.change' }, 'succeeded', 200, null);
        await d.notices.record(user, 'password_changed', requestOrigin(c, proxies));
        return c.json({ changed: true });
      }).app
  );
}
