import {
  AddPasskeyRequestSchema,
  BeginTotpRequestSchema,
  ConfirmTotpRequestSchema,
  type PasskeyCeremony,
  PasskeyCeremonySchema,
  RecoveryCodesSchema,
  SingleSignOnRedirectRequestSchema,
  SingleSignOnRedirectSchema,
  TotpEnrolmentSchema,
} from '@console/contract';
import { Hono } from 'hono';
import { z } from 'zod';
import { ConsoleError } from '../platform/errors.ts';
import { doc } from '../platform/openapi-doc.ts';
import { parseBody, pathId } from '../platform/parse.ts';
import type { AppEnv } from '../platform/types.ts';
import type { AccountSteps } from './account-steps.ts';
import type { IdentityDeps } from './deps.ts';
import { requireFactorProof } from './guards.ts';
import { requestOrigin } from './sign-in.ts';

/** One's ways in (decisions 029, 031, 035): authenticator apps, passkeys, recovery codes and one's identity at the
 * office's provider, added and taken away with a fresh proof by one's own factor. */
export function factorRoutes(d: IdentityDeps, s: AccountSteps) {
  const { rp, proxies, hasFactor, rotate, toProvider } = s;
  return (
    new Hono<AppEnv>()
      // Adding a way in wants a fresh proof made with one of the person's factors, where they have one (decision 035).
      .post(
        '/factors/totp',
        doc({
          summary: 'Start adding an authenticator app: its key as text, URI and QR code, shown once',
          tag: 'account',
          body: BeginTotpRequestSchema,
          response: TotpEnrolmentSchema,
          status: 201,
        }),
        async (c) => {
          const { name } = await parseBody(c, BeginTotpRequestSchema);
          await requireFactorProof(c, hasFactor, d.clock);
          return c.json(await d.factors.beginTotp(c.get('user'), name), 201);
        },
      )
      .post(
        '/factors/totp/:id/confirm',
        doc({
          summary:
            'Confirm an authenticator app with a code from it; the first factor comes with ten recovery codes, shown once (audited)',
          tag: 'account',
          body: ConfirmTotpRequestSchema,
          response: RecoveryCodesSchema,
        }),
        async (c) => {
          const user = c.get('user');
          const { code } = await parseBody(c, ConfirmTotpRequestSchema);
          const confirmed = await d.factors.confirmTotp(user.id, pathId(c, 'id'), code);
          if (!confirmed.ok)
            throw new ConsoleError('validation_failed', {
              param: 'code',
              message:
                'code: is not the code the app shows now. Check the app’s clock and try the next code.',
            });
          // The office's policy is met now: every session of the person opens up. The person is told, and this session
          // gets a new token, proved by the factor just shown to work.
          await d.sessions.setFactorSetup([user.id], false);
          await d.audit.write(user, { action: 'factor.add.totp' }, 'succeeded', 200, null);
          const added = (await d.factors.list(user.id)).data.find((f) => f.id === pathId(c, 'id'));
          await d.notices.record(
            user,
            'factor_added',
            { name: added?.name ?? 'Authenticator app', ...requestOrigin(c, proxies) },
            pathId(c, 'id'),
          );
          await rotate(c, 'factor');
          return c.json({ recovery_codes: confirmed.recoveryCodes });
        },
      )
      // A passkey of one's own (decision 031): the browser makes it for this host; the first factor brings recovery codes.
      .post(
        '/factors/passkey/options',
        doc({
          summary:
            'Begin making a passkey of one’s own: WebAuthn options for the browser, and the ceremony’s token',
          tag: 'account',
          response: PasskeyCeremonySchema,
        }),
        async (c) => {
          await requireFactorProof(c, hasFactor, d.clock);
          const ceremony: PasskeyCeremony = await d.passkeys.registrationOptions(
            c.get('user'),
            rp,
            'passkey.register',
          );
          return c.json(ceremony);
        },
      )
      .post(
        '/factors/passkey',
        doc({
          summary:
            'Keep the browser’s new passkey under a name; the first factor comes with ten recovery codes, shown once (audited)',
          tag: 'account',
          body: AddPasskeyRequestSchema,
          response: RecoveryCodesSchema.extend({ id: z.string() }),
          status: 201,
        }),
        async (c) => {
          const user = c.get('user');
          const { ceremony, response, name } = await parseBody(c, AddPasskeyRequestSchema);
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
        },
      )
      // Taking a way in away wants the same proof as adding one (decision 035), and the person is told.
      .delete(
        '/factors/:id',
        doc({
          summary: 'Remove one of one’s passkeys or authenticator apps (audited)',
          tag: 'account',
          response: z.object({ removed: z.literal(true) }),
        }),
        async (c) => {
          const user = c.get('user');
          await requireFactorProof(c, hasFactor, d.clock);
          const factor = (await d.factors.list(user.id)).data.find((f) => f.id === pathId(c, 'id'));
          if (!factor || !(await d.factors.remove(user.id, factor.id)))
            throw new ConsoleError('resource_not_found', {
              param: 'id',
              message: 'No such factor of yours.',
            });
          await d.audit.write(user, { action: 'factor.remove' }, 'succeeded', 200, null);
          await d.notices.record(user, 'way_in_removed', { name: factor.name, ...requestOrigin(c, proxies) });
          return c.json({ removed: true });
        },
      )
      .post(
        '/recovery-codes',
        doc({
          summary:
            'Ten new recovery codes, the old ones void, shown once (audited); wants a fresh proof with one’s factor',
          tag: 'account',
          response: RecoveryCodesSchema,
        }),
        async (c) => {
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
        },
      )
      // One's identity at the office's provider, connected by its person (decision 035): signed in, freshly proved here
      // with a factor where they have one, and signing in there again.
      .post(
        '/single-sign-on',
        doc({
          summary:
            'Connect one’s identity at the office’s provider (a fresh proof with one’s factor first): where to send the browser',
          tag: 'account',
          body: SingleSignOnRedirectRequestSchema,
          response: SingleSignOnRedirectSchema,
        }),
        async (c) => {
          await requireFactorProof(c, hasFactor, d.clock);
          return toProvider(c, 'connect');
        },
      )
      .delete(
        '/single-sign-on',
        doc({
          summary: 'Disconnect one’s identity at the office’s provider (a fresh proof first)',
          tag: 'account',
          response: z.object({ removed: z.number().int() }),
        }),
        async (c) => {
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
        },
      )
  );
}
