import {
  AddPasskeyRequestSchema,
  BeginTotpRequestSchema,
  ChangePasswordRequestSchema,
  ConfirmTotpRequestSchema,
  type PasskeyCeremony,
  ProveRequestSchema,
} from '@console/contract';
import { type Context, Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { ConsoleError } from '../lib/errors.ts';
import { requireRecentProof } from '../lib/guards.ts';
import { parseBody, pathId } from '../lib/parse.ts';
import { relyingPartyOf } from '../lib/passkeys.ts';
import { passwordProblem } from '../lib/password-policy.ts';
import { verifyPassword } from '../lib/passwords.ts';
import type { AppEnv } from '../lib/types.ts';

/** How many of one's own sign-ins the account page shows. */
const RECENT_SIGN_INS = 20;

/**
 * A person's own account (decision 028): their sign-in sessions (listed, "this browser" marked, ended one by one or
 * all the others), their recent sign-ins, and their password, changed with the current one.
 */
export function accountRoutes(d: Deps) {
  const rpOf = (c: Context<AppEnv>) => relyingPartyOf(c, d.env.PUBLIC_URL);
  return (
    new Hono<AppEnv>()
      .get('/sessions', async (c) => {
        const user = c.get('user');
        return c.json({ data: await d.accounts.sessionsOf(user.id, user.sessionId) });
      })
      .delete('/sessions/:id', async (c) => {
        const user = c.get('user');
        const ended = await d.accounts.endOwnSession(user.id, pathId(c, 'id'));
        if (!ended)
          throw new ConsoleError('resource_not_found', { param: 'id', message: 'No such session of yours.' });
        await d.audit.write(user, { action: 'session.end' }, 'succeeded', 200, null);
        return c.json({ ended: 1 });
      })
      .post('/sessions/end-others', async (c) => {
        const user = c.get('user');
        const ended = await d.accounts.endSessionsOf(user.id, user.sessionId);
        await d.audit.write(user, { action: 'session.end_others' }, 'succeeded', 200, null);
        return c.json({ ended });
      })
      .get('/sign-ins', async (c) =>
        c.json({ data: await d.audit.signInsOf(c.get('user').email, RECENT_SIGN_INS) }),
      )
      .get('/factors', async (c) => c.json(await d.factors.list(c.get('user').id)))
      .post('/factors/totp', async (c) => {
        const { name } = await parseBody(c, BeginTotpRequestSchema);
        return c.json(await d.factors.beginTotp(c.get('user'), name), 201);
      })
      .post('/factors/totp/:id/confirm', async (c) => {
        const user = c.get('user');
        const { code } = await parseBody(c, ConfirmTotpRequestSchema);
        const confirmed = await d.factors.confirmTotp(user.id, pathId(c, 'id'), code);
        if (!confirmed.ok)
          throw new ConsoleError('validation_failed', {
            param: 'code',
            message: 'code: is not the code the app shows now. Check the app’s clock and try the next code.',
          });
        // The office's policy is met now: every session of the person opens up.
        await d.accounts.setFactorSetup([user.id], false);
        await d.audit.write(user, { action: 'factor.add.totp' }, 'succeeded', 200, null);
        return c.json({ recovery_codes: confirmed.recoveryCodes });
      })
      // A passkey of one's own (decision 031): the browser makes it for this host; the first factor brings recovery codes.
      .post('/factors/passkey/options', async (c) => {
        const ceremony: PasskeyCeremony = await d.passkeys.registrationOptions(
          c.get('user'),
          rpOf(c),
          'passkey.register',
        );
        return c.json(ceremony);
      })
      .post('/factors/passkey', async (c) => {
        const user = c.get('user');
        const { ceremony, response, name } = await parseBody(c, AddPasskeyRequestSchema);
        const hadCodes = (await d.factors.list(user.id)).recovery_codes.total > 0;
        const made = await d.passkeys.register(user.id, ceremony, response, name, 'passkey.register');
        if (!made) {
          await d.audit.write(user, { action: 'factor.add.passkey' }, 'failed', 401, 'invalid_passkey');
          throw new ConsoleError('invalid_passkey');
        }
        await d.accounts.setFactorSetup([user.id], false);
        await d.audit.write(user, { action: 'factor.add.passkey' }, 'succeeded', 201, null);
        const recoveryCodes = hadCodes ? [] : await d.factors.renewRecoveryCodes(user.id);
        return c.json({ id: made.id, recovery_codes: recoveryCodes }, 201);
      })
      .delete('/factors/:id', async (c) => {
        const user = c.get('user');
        requireRecentProof(c, d.clock);
        if (!(await d.factors.remove(user.id, pathId(c, 'id'))))
          throw new ConsoleError('resource_not_found', { param: 'id', message: 'No such factor of yours.' });
        await d.audit.write(user, { action: 'factor.remove' }, 'succeeded', 200, null);
        return c.json({ removed: true });
      })
      .post('/recovery-codes', async (c) => {
        const user = c.get('user');
        if (!(await d.factors.has(user.id)))
          throw new ConsoleError('invalid_state', {
            message: 'Add an authenticator app first: recovery codes back it up.',
          });
        const codes = await d.factors.renewRecoveryCodes(user.id);
        await d.audit.write(user, { action: 'factor.recovery_codes.renew' }, 'succeeded', 200, null);
        return c.json({ recovery_codes: codes });
      })
      // Proving it is oneself again with a passkey: the browser may offer only this person's passkeys.
      .post('/prove/passkey-options', async (c) => {
        const ceremony: PasskeyCeremony = await d.passkeys.authenticationOptions(
          rpOf(c),
          'passkey.prove',
          c.get('user').id,
        );
        return c.json(ceremony);
      })
      // Proving it is oneself again (decisions 029, 031): the strongest factor one has — a passkey or an app's code
      // for a person with factors, the password for one without.
      .post('/prove', async (c) => {
        const user = c.get('user');
        const body = await parseBody(c, ProveRequestSchema);
        const verdict = await d.throttle.attempt(`prove:${user.id}`, 'any');
        if (!verdict.allowed) {
          c.header('Retry-After', String(verdict.retryAfterSeconds));
          throw new ConsoleError('rate_limited', { message: 'Too many wrong tries. Wait a few minutes.' });
        }
        const kinds = await d.factors.kinds(user.id);
        const factor =
          body.passkey && kinds.has('passkey') ? 'passkey' : kinds.size > 0 ? 'totp' : 'password';
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
                (await verifyPassword(body.password, (await d.accounts.passwordHashOf(user.id)) ?? ''));
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
        await d.throttle.succeeded(`prove:${user.id}`, 'any');
        await d.accounts.proved(user.sessionId);
        return c.json({ proved: true, method: factor });
      })
      .post('/password', async (c) => {
        const user = c.get('user');
        const body = await parseBody(c, ChangePasswordRequestSchema);
        const stored = await d.accounts.passwordHashOf(user.id);
        if (!stored || !(await verifyPassword(body.current_password, stored))) {
          await d.audit.write(user, { action: 'password.change' }, 'failed', 422, 'validation_failed');
          throw new ConsoleError('validation_failed', {
            param: 'current_password',
            message: 'current_password: is not your current password.',
          });
        }
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
        await d.accounts.setOwnPassword(user.id, body.new_password, user.sessionId);
        await d.audit.write(user, { action: 'password.change' }, 'succeeded', 200, null);
        return c.json({ changed: true });
      })
  );
}
