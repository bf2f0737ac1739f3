import {
  type AccountFactors,
  AccountFactorsSchema,
  AddPasskeyRequestSchema,
  AuditEntrySchema,
  AwayRequestSchema,
  AwaySchema,
  BeginTotpRequestSchema,
  ChangePasswordRequestSchema,
  ColleagueListSchema,
  ColleaguesQuerySchema,
  ConfirmTotpRequestSchema,
  NotificationSettingsSchema,
  OwnSessionListSchema,
  type PasskeyCeremony,
  PasskeyCeremonySchema,
  ProveRequestSchema,
  RecoveryCodesSchema,
  SecurityNoticeListSchema,
  SecurityNoticesQuerySchema,
  SingleSignOnRedirectRequestSchema,
  SingleSignOnRedirectSchema,
  TimeZoneSettingSchema,
  TotpEnrolmentSchema,
} from '@console/contract';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { trustedProxies } from '../platform/client-address.ts';
import { namedCookie } from '../platform/cookies.ts';
import { ConsoleError } from '../platform/errors.ts';
import { doc } from '../platform/openapi-doc.ts';
import { parseBody, parseQuery, pathId } from '../platform/parse.ts';
import type { AppEnv } from '../platform/types.ts';
import { type ProofKind, publicSessionId } from './accounts.ts';
import { requestOrigin } from './auth.routes.ts';
import type { IdentityDeps } from './deps.ts';
import { requireFactorProof, SSO_COOKIE, sessionCookie } from './guards.ts';
import { takeBack } from './not-me.ts';
import { relyingParty } from './passkeys.ts';
import { passwordProblem } from './password-policy.ts';
import { verifyPassword } from './passwords.ts';
import { waitWords } from './throttle.ts';

/** How many of one's own sign-ins the account page shows. */
const RECENT_SIGN_INS = 20;
/** How far ahead one may be away (decision 053): a year; longer is a person gone, for an admin to disable. */
const AWAY_DAYS = 366;
/** The notices of a way in added: answering them wants a proof by one's factor. */
const WAYS_IN = new Set(['factor_added', 'identity_connected', 'recovery_codes_renewed']);

/**
 * A person's own account (decision 028): their sign-in sessions (listed, "this browser" marked, ended one by one or
 * all the others), their recent sign-ins, and their password, changed with the current one.
 */
export function accountRoutes(d: IdentityDeps) {
  const rp = relyingParty(d.publicUrl);
  const cookie = sessionCookie(d.env.COOKIE_SECURE);
  const ssoState = namedCookie(SSO_COOKIE, d.env.COOKIE_SECURE, 'Lax');
  const proxies = trustedProxies(d.env.TRUSTED_PROXIES);
  const hasFactor = (userId: string) => d.factors.has(userId);

  /**
   * The session gets a new token (decision 035): after a proof, which it records, and after a set-up completed. The
   * browser's cookie is the new one; the old one is still taken for a few seconds, for requests on their way.
   */
  async function rotate(c: Context<AppEnv>, proof?: ProofKind) {
    const rotated = await d.accounts.rotate(c.get('user').sessionId, proof);
    // The session's end does not move: the new cookie lasts what is left of it.
    if (rotated) cookie.write(c, rotated.token, (rotated.expiresAt - d.clock()) / 1000);
  }

  /**
   * One try at proving it is oneself (decision 042): counted, before the secret is checked, in the person's own
   * "confirm it is you" count, and a password also in the account's wrong-password count that sign-ins add to (past
   * it, only the person's known browsers and addresses may try, as at a sign-in) while the person's own count lets it
   * through. Past either: 429, whatever the secret, and the person is told once. The answer says no more than a
   * sign-in's.
   */
  async function countProofTry(c: Context<AppEnv>, action: string, factor: 'password' | 'code') {
    const user = c.get('user');
    const origin = requestOrigin(c, proxies);
    const verdicts = [await d.throttle.attemptProof(user.id)];
    // A try the person's own cap refuses is never checked, so it is no password tried at the account: counting it there
    // would let one stolen session, from one address, keep the owner from signing in anywhere new (as the sign-in's
    // per-address limits never let one address do).
    if (factor === 'password' && verdicts[0]?.allowed)
      verdicts.push(
        await d.throttle.attemptAccount('password', user.email, () =>
          d.knownBrowsers.knows(c, user.id, origin.address),
        ),
      );
    const [proof, account] = verdicts;
    if (account?.struck)
      await d.notices.record(user, 'wrong_passwords', { ...origin, tries: d.throttle.policy.perAccount });
    else if (proof?.struck)
      await d.notices.record(user, factor === 'password' ? 'wrong_passwords' : 'wrong_codes', {
        ...origin,
        tries: d.throttle.policy.provesPerPerson,
        session: true,
      });
    const waits = verdicts.flatMap((v) => (v.allowed ? [] : [v.retryAfterSeconds]));
    if (waits.length === 0) return;
    const seconds = Math.max(...waits);
    await d.audit.write(user, { action, ...origin }, 'failed', 429, 'rate_limited');
    d.metrics.signInRefusals.inc();
    c.header('Retry-After', String(seconds));
    throw new ConsoleError('rate_limited', {
      message: `Too many wrong tries. Wait ${waitWords(seconds)} and try again.`,
    });
  }

  /** A right password or code: the person's tries start afresh, and the account gets its try back. */
  async function proofTryRight(user: { id: string; email: string }, factor: 'password' | 'code') {
    await d.throttle.succeededProof(user.id);
    if (factor === 'password') await d.throttle.succeededAccount('password', user.email);
  }

  /** To the office's provider for a proof or a connection: the state in its cookie, the URL for the browser. */
  async function toProvider(c: Context<AppEnv>, purpose: 'prove' | 'connect') {
    const { return_to } = await parseBody(c, SingleSignOnRedirectRequestSchema);
    if (!d.oidc) throw new ConsoleError('resource_not_found', { message: 'Single sign-on is not set up.' });
    const { url, token } = await d.oidc.start({
      purpose,
      sessionId: c.get('user').sessionId,
      returnTo: return_to ?? '/account',
    });
    ssoState.write(c, token, 600);
    return c.json({ url });
  }

  return (
    new Hono<AppEnv>()
      // Away, covered by a colleague (decision 053): new changes and hold reminders go to the cover meanwhile.
      .get(
        '/away',
        doc({
          summary: 'Whether one is away now, until when, and who covers',
          tag: 'account',
          response: AwaySchema,
        }),
        async (c) => c.json({ away: await d.accounts.away(c.get('user').id, d.upstream.clock.now()) }),
      )
      .put(
        '/away',
        doc({
          summary:
            'Away until an instant (the service’s clock), covered by an active colleague: one’s new changes and hold reminders go to them meanwhile (audited)',
          tag: 'account',
          body: AwayRequestSchema,
          response: AwaySchema,
        }),
        async (c) => {
          const user = c.get('user');
          const body = await parseBody(c, AwayRequestSchema);
          const until = new Date(Date.parse(body.until)).toISOString();
          const now = d.upstream.clock.now();
          if (Date.parse(until) <= now)
            throw new ConsoleError('validation_failed', {
              param: 'until',
              message: `until: ${until.replace('T', ' ').slice(0, 16)} UTC is not ahead: it is ${new Date(now).toISOString().replace('T', ' ').slice(0, 16)} UTC on the service's clock.`,
            });
          if (Date.parse(until) > now + AWAY_DAYS * 86_400_000)
            throw new ConsoleError('validation_failed', {
              param: 'until',
              message: `until: one is away at most a year ahead, until ${new Date(now + AWAY_DAYS * 86_400_000).toISOString().replace('T', ' ').slice(0, 16)} UTC on the service's clock. Choose an earlier time.`,
            });
          if (body.cover_user_id === user.id)
            throw new ConsoleError('validation_failed', {
              param: 'cover_user_id',
              message: 'cover_user_id: you cannot cover for yourself. Choose a colleague.',
            });
          const cover = await d.accounts.get(body.cover_user_id);
          if (!cover)
            throw new ConsoleError('validation_failed', {
              param: 'cover_user_id',
              message: 'cover_user_id: no colleague has this id. Choose one from the list.',
            });
          if (cover.disabled)
            throw new ConsoleError('validation_failed', {
              param: 'cover_user_id',
              message: `cover_user_id: ${cover.name} (${cover.email}) is disabled and cannot cover. Choose an active colleague.`,
            });
          if (!(await d.accounts.signsIn(cover.id)))
            throw new ConsoleError('validation_failed', {
              param: 'cover_user_id',
              message: `cover_user_id: ${cover.name} (${cover.email}) has not accepted their invitation yet and cannot cover. Choose an active colleague.`,
            });
          await d.accounts.setAway(user.id, { until, coverId: cover.id });
          await d.audit.write(user, { action: 'account.away', resourceId: cover.id }, 'succeeded', 200, null);
          return c.json({ away: await d.accounts.away(user.id, now) });
        },
      )
      .delete(
        '/away',
        doc({
          summary: 'Back: one’s changes and reminders come to oneself again (audited)',
          tag: 'account',
          response: AwaySchema,
        }),
        async (c) => {
          const user = c.get('user');
          await d.accounts.setAway(user.id, null);
          await d.audit.write(user, { action: 'account.back' }, 'succeeded', 200, null);
          return c.json({ away: null });
        },
      )
      .get(
        '/colleagues',
        doc({
          summary:
            'Active colleagues by name (names, e-mails and ids only): whom a change can be assigned to, who can cover',
          tag: 'account',
          query: ColleaguesQuerySchema,
          response: ColleagueListSchema,
        }),
        async (c) => c.json(await d.accounts.colleagues(parseQuery(c, ColleaguesQuerySchema))),
      )
      .get(
        '/notifications',
        doc({
          summary: 'How one hears of one’s bookings’ changes by e-mail: at once, a daily digest, or none',
          tag: 'account',
          response: NotificationSettingsSchema,
        }),
        async (c) => c.json({ change_email: await d.accounts.changeEmail(c.get('user').id) }),
      )
      .put(
        '/notifications',
        doc({
          summary:
            'Choose how one hears of one’s bookings’ changes by e-mail (the console’s list is always there)',
          tag: 'account',
          body: NotificationSettingsSchema,
          response: NotificationSettingsSchema,
        }),
        async (c) => {
          const { change_email } = await parseBody(c, NotificationSettingsSchema.strict());
          await d.accounts.setChangeEmail(c.get('user').id, change_email);
          return c.json({ change_email });
        },
      )
      .put(
        '/time-zone',
        doc({
          summary:
            'Choose the time zone the console’s own times are shown in (an IANA name; null: the browser’s own)',
          tag: 'account',
          body: TimeZoneSettingSchema,
          response: TimeZoneSettingSchema,
        }),
        async (c) => {
          const { time_zone } = await parseBody(c, TimeZoneSettingSchema);
          await d.accounts.setTimeZone(c.get('user').id, time_zone);
          return c.json({ time_zone });
        },
      )
      .get(
        '/sessions',
        doc({
          summary: "One's own sign-in sessions: where and in what each began, this browser marked",
          tag: 'account',
          response: OwnSessionListSchema,
        }),
        async (c) => {
          const user = c.get('user');
          return c.json({ data: await d.accounts.sessionsOf(user.id, user.sessionId) });
        },
      )
      .delete(
        '/sessions/:id',
        doc({
          summary: 'Sign one of one’s own other sessions out (audited)',
          tag: 'account',
          response: z.object({ ended: z.number().int() }),
        }),
        async (c) => {
          const user = c.get('user');
          const ended = await d.accounts.endOwnSession(user.id, pathId(c, 'id'));
          if (!ended)
            throw new ConsoleError('resource_not_found', {
              param: 'id',
              message: 'No such session of yours.',
            });
          await d.audit.write(user, { action: 'session.end' }, 'succeeded', 200, null);
          // This browser's own session: its cookies go with it.
          if (pathId(c, 'id') === publicSessionId(user.sessionId)) cookie.clear(c);
          return c.json({ ended: 1 });
        },
      )
      .post(
        '/sessions/end-others',
        doc({
          summary: 'Sign every other session of one’s own out (audited)',
          tag: 'account',
          response: z.object({ ended: z.number().int() }),
        }),
        async (c) => {
          const user = c.get('user');
          const ended = await d.accounts.endSessionsOf(user.id, user.sessionId);
          await d.audit.write(user, { action: 'session.end_others' }, 'succeeded', 200, null);
          return c.json({ ended });
        },
      )
      .get(
        '/sign-ins',
        doc({
          summary: "One's own recent sign-in attempts, newest first",
          tag: 'account',
          response: z.object({ data: z.array(AuditEntrySchema) }),
        }),
        async (c) => c.json({ data: await d.audit.signInsOf(c.get('user').email, RECENT_SIGN_INS) }),
      )
      .get(
        '/factors',
        doc({
          summary: "One's second factors, and how many recovery codes are left",
          tag: 'account',
          response: AccountFactorsSchema,
        }),
        async (c) => {
          const user = c.get('user');
          const factors: AccountFactors = {
            ...(await d.factors.list(user.id)),
            password: await d.accounts.hasPassword(user.id),
            single_sign_on: d.oidc
              ? { name: d.oidc.name, connected: await d.identities.connected(user.id) }
              : null,
          };
          return c.json(factors);
        },
      )
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
          await d.accounts.setFactorSetup([user.id], false);
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
          await d.accounts.setFactorSetup([user.id], false);
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
      // What changed on one's account (decision 035): newest first, unseen by default.
      .get(
        '/notices',
        doc({
          summary:
            'What changed on one’s account (a way in added, many wrong tries), newest first, unseen by default',
          tag: 'account',
          query: SecurityNoticesQuerySchema,
          response: SecurityNoticeListSchema,
        }),
        async (c) =>
          c.json(await d.notices.list(c.get('user').id, parseQuery(c, SecurityNoticesQuerySchema))),
      )
      // "This was me". For a way in added, only with a fresh proof by one's factor: a stolen session must not hide
      // from its owner what it added (the e-mail's link works on all the same).
      .post(
        '/notices/:id/seen',
        doc({
          summary: '“This was me”: the notice is seen',
          tag: 'account',
          response: z.object({ seen: z.literal(true) }),
        }),
        async (c) => {
          const user = c.get('user');
          const kind = await d.notices.kindOf(user.id, pathId(c, 'id'));
          if (!kind)
            throw new ConsoleError('resource_not_found', {
              param: 'id',
              message: 'No such notice of yours.',
            });
          if (WAYS_IN.has(kind)) await requireFactorProof(c, hasFactor, d.clock);
          await d.notices.seen(user.id, pathId(c, 'id'));
          return c.json({ seen: true });
        },
      )
      // "This was not me": the way in removed, every session (this one too) and waiting sign-in ended. It removes a
      // way in too, so from a session it wants the same proof as that (decision 035); the e-mail's link does not.
      .post(
        '/notices/:id/not-me',
        doc({
          summary: '“This was not me”: the way in removed, every session (this one too) ended',
          tag: 'account',
          response: z.object({ signed_out_everywhere: z.literal(true) }),
        }),
        async (c) => {
          const user = c.get('user');
          if (!(await d.notices.kindOf(user.id, pathId(c, 'id'))))
            throw new ConsoleError('resource_not_found', {
              param: 'id',
              message: 'No such notice of yours.',
            });
          await requireFactorProof(c, hasFactor, d.clock);
          const ending = await d.notices.notMe({ userId: user.id, id: pathId(c, 'id') });
          if (!ending)
            throw new ConsoleError('resource_not_found', {
              param: 'id',
              message: 'No such notice of yours.',
            });
          await takeBack(d, ending, requestOrigin(c, proxies));
          cookie.clear(c);
          return c.json({ signed_out_everywhere: true });
        },
      )
      // Proving it is oneself again with a passkey: the browser may offer only this person's passkeys.
      .post(
        '/prove/passkey-options',
        doc({
          summary: 'Begin proving it is oneself again with one of one’s passkeys',
          tag: 'account',
          response: PasskeyCeremonySchema,
        }),
        async (c) => {
          const ceremony: PasskeyCeremony = await d.passkeys.authenticationOptions(
            rp,
            'passkey.prove',
            c.get('user').id,
          );
          return c.json(ceremony);
        },
      )
      // Or at the office's provider, for a person it signs in: the provider asks them to sign in there again.
      .post(
        '/prove/single-sign-on',
        doc({
          summary:
            'Prove it is oneself again at the office’s provider: where to send the browser (the provider asks to sign in again)',
          tag: 'account',
          body: SingleSignOnRedirectRequestSchema,
          response: SingleSignOnRedirectSchema,
        }),
        async (c) => toProvider(c, 'prove'),
      )
      // Proving it is oneself again (decisions 029, 031): the strongest factor one has — a passkey or an app's code
      // for a person with factors, the password for one without.
      .post(
        '/prove',
        doc({
          summary:
            'Prove it is oneself again before something sensitive: a passkey or a code from one’s app, else the password (audited)',
          tag: 'account',
          body: ProveRequestSchema,
          response: z.object({ proved: z.literal(true), method: z.enum(['passkey', 'totp', 'password']) }),
        }),
        async (c) => {
          const user = c.get('user');
          const body = await parseBody(c, ProveRequestSchema);
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
          await proofTryRight(user, counted);
          await rotate(c, factor === 'password' ? 'password' : 'factor');
          return c.json({ proved: true, method: factor });
        },
      )
      // A new password: with the current one, and, for a person with a factor, a fresh proof by it (decision 035): a
      // phished password and a stolen session do not take the account over.
      .post(
        '/password',
        doc({
          summary: 'Change one’s own password with the current one; other sessions end (audited)',
          tag: 'account',
          body: ChangePasswordRequestSchema,
          response: z.object({ changed: z.literal(true) }),
        }),
        async (c) => {
          const user = c.get('user');
          const body = await parseBody(c, ChangePasswordRequestSchema);
          // A person without a factor proves it with the current password itself, checked below.
          if (await d.factors.has(user.id)) await requireFactorProof(c, hasFactor, d.clock);
          // The current password is a proof and a password at the account: counted in both, before it is checked
          // (decision 042), so a stolen session cannot guess it beyond either limit.
          await countProofTry(c, 'password.change', 'password');
          const stored = await d.accounts.passwordHashOf(user.id);
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
          await d.accounts.setOwnPassword(user.id, body.new_password, user.sessionId);
          await d.audit.write(user, { action: 'password.change' }, 'succeeded', 200, null);
          await d.notices.record(user, 'password_changed', requestOrigin(c, proxies));
          return c.json({ changed: true });
        },
      )
  );
}
