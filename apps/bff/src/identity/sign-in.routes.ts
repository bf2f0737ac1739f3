import { authApi } from '@console/contract';
import { SIGN_IN } from '../audit/index.ts';
import { ConsoleError } from '../platform/errors.ts';
import { router } from '../platform/route.ts';
import type { IdentityDeps } from './deps.ts';
import { requestOrigin, type SecondFactorNeeded, type SignInSteps } from './sign-in.ts';

/**
 * Signing in with a password, and the second step of a sign-in waiting for one. Every attempt is in the audit log with its address, browser and outcome (decision 028); a
 * disabled account is answered exactly as a wrong password is, after the same work; wrong passwords and codes are
 * limited per account whatever the addresses (decision 035).
 */
export function signInRoutes(d: IdentityDeps, s: SignInSteps) {
  const { pending, proxies, signInNow, refuse, finishPending, knownFor } = s;
  return (
    router('/auth')
      .handle(authApi.signIn, async (c, { body }) => {
        const { email, password } = body;
        const origin = requestOrigin(c, proxies);
        const record = (result: 'failed' | 'unknown', status: number, code: string | null, userId = '') =>
          d.audit.write(
            { id: userId, email },
            { action: SIGN_IN, ...origin, factor: 'password' },
            result,
            status,
            code,
          );
        const account = await d.users.findByEmail(email);
        // Counted before the password is checked, in the shared store: a burst on several instances is limited too.
        const verdict = await d.throttle.attempt(
          'password',
          email,
          origin.address,
          knownFor(c, account?.id ?? null, origin.address),
        );
        if (verdict.struck && account)
          await d.notices.record(account, 'wrong_passwords', {
            ...origin,
            tries: d.throttle.policy.perAccount,
          });
        if (!verdict.allowed) {
          await record('failed', 429, 'rate_limited', account?.id);
          throw refuse(c, verdict, 'sign-in attempts');
        }
        const user = await d.users.authenticate(email, password);
        if (!user) {
          await record('failed', 401, 'invalid_login');
          throw new ConsoleError('invalid_login');
        }
        if (user.disabled === 1) {
          // The same answer as a wrong password: a disabled account does not confirm that its password is right.
          await record('failed', 401, 'account_disabled', user.id);
          throw new ConsoleError('invalid_login');
        }
        await d.throttle.succeeded('password', email, origin.address);
        if (await d.factors.has(user.id)) {
          // The password was right; the session waits for the second factor (decision 029).
          const waiting = await d.factors.beginSignIn(user.id);
          pending.write(c, waiting.token, waiting.maxAgeSeconds);
          // A half-finished sign-in is in the log too: a right password from an address nobody expected tells.
          await record('unknown', 202, 'second_factor_pending', user.id);
          const next: SecondFactorNeeded = { second_factor: { methods: await d.factors.methods(user.id) } };
          return c.json(next);
        }
        return c.json(await signInNow(c, user, origin, 'password', { with: 'password' }));
      })
      // The second step's methods, for a page that arrives at it by a redirect (single sign-on, a link); not a try.
      .handle(authApi.secondFactorMethods, async (c) => {
        const token = pending.read(c);
        const methods = token ? await d.factors.pendingMethods(token) : null;
        if (!methods) throw new ConsoleError('second_factor_expired');
        const next: SecondFactorNeeded = { second_factor: { methods } };
        return c.json(next);
      })
      .handle(authApi.secondFactor, async (c, { body }) => {
        const { method, code } = body;
        const origin = requestOrigin(c, proxies);
        const token = pending.read(c);
        const waiting = token ? await d.factors.pendingUser(token) : null;
        const user = waiting ? await d.users.get(waiting.userId) : null;
        if (!token || !waiting || !user || user.disabled) {
          if (token) await d.factors.endSignIn(token);
          pending.clear(c);
          throw new ConsoleError('second_factor_expired');
        }
        const factor = `${waiting.first}+${method}`;
        // Wrong codes are counted per person whatever the addresses, across sign-ins and instances (decision 035).
        const verdict = await d.throttle.attempt(
          'code',
          user.id,
          origin.address,
          knownFor(c, user.id, origin.address),
        );
        if (verdict.struck)
          await d.notices.record(user, 'wrong_codes', { ...origin, tries: d.throttle.policy.perAccount });
        if (!verdict.allowed) {
          await d.audit.write(user, { action: SIGN_IN, ...origin, factor }, 'failed', 429, 'rate_limited');
          throw refuse(c, verdict, 'wrong codes');
        }
        const ok =
          method === 'totp'
            ? await d.factors.verifyTotp(user.id, code)
            : await d.factors.useRecoveryCode(user.id, code);
        if (!ok) {
          await d.audit.write(user, { action: SIGN_IN, ...origin, factor }, 'failed', 401, 'invalid_code');
          throw new ConsoleError('invalid_code', { param: 'code' });
        }
        await d.throttle.succeeded('code', user.id, origin.address);
        if (!(await finishPending(c, token, waiting, user, origin))) throw new ConsoleError('link_invalid');
        return c.json(await signInNow(c, user, origin, factor, { with: 'factor' }));
      }).app
  );
}
