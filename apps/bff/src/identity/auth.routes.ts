import {
  browserLabel,
  LinkAcceptRequestSchema,
  type LinkInfo,
  LinkInfoSchema,
  LinkLookupRequestSchema,
  type Me,
  MeSchema,
  NotMeRequestSchema,
  PasskeyAnswerSchema,
  type PasskeyCeremony,
  PasskeyCeremonySchema,
  SecondFactorNeededSchema,
  SecondFactorRequestSchema,
  type SignInOptions,
  SignInOptionsSchema,
  SignInRequestSchema,
} from '@console/contract';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { SIGN_IN } from '../audit/index.ts';
import { clientAddress, trustedProxies } from '../platform/client-address.ts';
import { namedCookie } from '../platform/cookies.ts';
import { ConsoleError } from '../platform/errors.ts';
import { doc } from '../platform/openapi-doc.ts';
import { parseBody } from '../platform/parse.ts';
import type { AppEnv } from '../platform/types.ts';
import type { ProofKind } from './accounts.ts';
import type { IdentityDeps } from './deps.ts';
import type { PendingSignIn } from './factors.ts';
import { PENDING_COOKIE, SSO_COOKIE, sessionCookie } from './guards.ts';
import { identityKey } from './identities.ts';
import { takeBack } from './not-me.ts';
import { relyingParty } from './passkeys.ts';
import { passwordProblem } from './password-policy.ts';
import { hashPassword } from './passwords.ts';
import { SignInPolicy } from './sign-in-policy.ts';
import type { ProvidedIdentity, SingleSignOnContext } from './single-sign-on.ts';
import { type ThrottleVerdict, waitWords } from './throttle.ts';

type SecondFactorNeeded = z.infer<typeof SecondFactorNeededSchema>;

/** Where a request comes from: the client's address (through trusted proxies only) and its browser. */
export function requestOrigin(c: Context<AppEnv>, proxies: ReturnType<typeof trustedProxies>) {
  return {
    address: clientAddress(c.env.incoming?.socket.remoteAddress, c.req.header('X-Forwarded-For'), proxies),
    browser: c.req.header('User-Agent')?.slice(0, 300) ?? null,
  };
}
type Origin = ReturnType<typeof requestOrigin>;

/**
 * A console path with one more query parameter (where single sign-on sends the browser back). Only a path of this
 * console: one that would leave it once normalised (`/.//elsewhere`) is the account page instead.
 */
function withParam(path: string, name: string, value: string): string {
  const base = 'http://console.invalid';
  let url = new URL(path, base);
  if (url.origin !== base || url.pathname.startsWith('//') || url.pathname.includes('\\'))
    url = new URL('/account', base);
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}`;
}

/**
 * Sign-in and sign-out: server-side sessions in an HttpOnly, SameSite=Strict cookie (`__Host-` over HTTPS). Every
 * attempt is in the audit log with its address, browser and outcome (decision 028); a disabled account is answered
 * exactly as a wrong password is, after the same work. Held against an attacker (decision 035): wrong passwords and
 * codes are limited per account whatever the addresses, a link never skips a second step, single sign-on never
 * connects an account by its e-mail alone.
 */
export function authRoutes(d: IdentityDeps) {
  const cookie = sessionCookie(d.env.COOKIE_SECURE);
  const pending = namedCookie(PENDING_COOKIE, d.env.COOKIE_SECURE);
  const ssoState = namedCookie(SSO_COOKIE, d.env.COOKIE_SECURE, 'Lax');
  const proxies = trustedProxies(d.env.TRUSTED_PROXIES);
  const rp = relyingParty(d.publicUrl);

  /** Starts the session of a person whose sign-in is complete, and says who they are. */
  async function signInNow(
    c: Context<AppEnv>,
    user: { id: string; email: string; name: string; role: Me['user']['role'] },
    origin: Origin,
    factor: string,
    proof: { with: ProofKind; at?: number; providerSecondFactor?: boolean },
  ): Promise<Me> {
    // Covered by the office's policy with no second factor yet: the session reaches the account page only — unless
    // the office's identity provider did a second step of its own for this sign-in (decision 031).
    const factorSetup =
      !proof.providerSecondFactor &&
      SignInPolicy.covers(await d.policy.get(), user.role) &&
      !(await d.factors.has(user.id));
    // A session this browser had before ends: a sign-in always starts a new one (decision 035).
    const before = cookie.read(c);
    if (before) await d.accounts.endSession(before);
    const session = await d.accounts.startSession(user.id, {
      ...origin,
      factorSetup,
      provedWith: proof.with,
      ...(proof.at !== undefined ? { provedAt: proof.at } : {}),
    });
    const previous = await previousFromNewBrowser(user.email);
    await d.audit.write(user, { action: SIGN_IN, ...origin, factor }, 'succeeded', 200, null);
    cookie.write(c, session.token, d.env.SESSION_ABSOLUTE_HOURS * 3600);
    await d.knownBrowsers.remember(c, user.id, origin.address);
    const notices = await d.notices.unseenCount(user.id);
    return {
      user: { id: user.id, email: user.email, name: user.name, role: user.role },
      environment: d.upstream.service.environment,
      session: {
        expires_at: new Date(session.expiresAt).toISOString(),
        idle_minutes: d.env.SESSION_IDLE_MINUTES,
        factor_setup_required: factorSetup,
      },
      ...(previous ? { previous_sign_in: previous } : {}),
      ...(notices > 0 ? { security_notices: notices } : {}),
    };
  }

  /**
   * The person's previous sign-in, when it came from a browser (family and system, any version) that none of their
   * sign-ins before it had used; null otherwise. Read from their last 50 attempts (their own index).
   */
  async function previousFromNewBrowser(email: string) {
    const succeeded = (await d.audit.signInsOf(email, 50)).filter((entry) => entry.result === 'succeeded');
    const [last, ...before] = succeeded;
    if (!last || before.length === 0) return null;
    const family = browserLabel(last.browser, false);
    if (before.some((entry) => browserLabel(entry.browser, false) === family)) return null;
    return { at: last.at, address: last.address ?? null, browser: last.browser ?? null };
  }

  /** A refusal by the throttle: 429 with when to try again. */
  function refuse(c: Context<AppEnv>, verdict: Extract<ThrottleVerdict, { allowed: false }>, what: string) {
    d.metrics.signInRefusals.inc();
    c.header('Retry-After', String(verdict.retryAfterSeconds));
    return new ConsoleError('rate_limited', {
      message: `Too many ${what}. Wait ${waitWords(verdict.retryAfterSeconds)} and try again.`,
    });
  }

  /**
   * A sign-in waiting for its second step is over. When it carried a password chosen through a one-time link, the
   * link is taken now and the password set (every other session and waiting sign-in of the person ends); false when
   * the link no longer works.
   */
  async function finishPending(
    c: Context<AppEnv>,
    token: string,
    waiting: PendingSignIn,
    user: { id: string; email: string },
    origin: Origin,
  ): Promise<boolean> {
    await d.factors.endSignIn(token);
    pending.clear(c);
    if (!waiting.linkId || !waiting.newPasswordHash) return true;
    const purpose = await d.links.useById(waiting.linkId);
    if (!purpose) return false;
    await d.accounts.setPasswordHash(user.id, waiting.newPasswordHash);
    await d.audit.write(user, { action: `user.link.${purpose}`, ...origin }, 'succeeded', 200, null);
    return true;
  }

  /** Whether the browser or address is one the person signed in from before (asked only past a per-account limit). */
  const knownFor = (c: Context<AppEnv>, userId: string | null, address: string) => async () =>
    userId !== null && (await d.knownBrowsers.knows(c, userId, address));

  /** What single sign-on came back with, for what it was begun: a sign-in, a proof, a connection. */
  async function afterSingleSignOn(
    c: Context<AppEnv>,
    identity: ProvidedIdentity,
    context: SingleSignOnContext,
    origin: Origin,
  ): Promise<Response> {
    const oidc = d.oidc;
    if (!oidc) throw new ConsoleError('resource_not_found', { message: 'Single sign-on is not set up.' });
    const back = context.returnTo ?? '/account';
    if (context.purpose !== 'sign_in') {
      // A proof or a connection is for the session that began it, which must still be alive.
      const sessionId = context.sessionId ? await d.accounts.currentSessionId(context.sessionId) : null;
      const owner = sessionId ? await d.accounts.sessionOwner(sessionId) : null;
      const user = owner ? await d.accounts.get(owner) : null;
      if (!sessionId || !user || user.disabled) return c.redirect('/sign-in?expired=1', 302);
      if (context.purpose === 'prove') {
        const resolved = await d.identities.resolve(identity, false, (email) => oidc.allows(email));
        const ok = resolved !== null && 'user' in resolved && resolved.user.id === user.id;
        await d.audit.write(
          user,
          { action: 'reauthenticate', factor: 'single_sign_on', ...origin },
          ok ? 'succeeded' : 'failed',
          ok ? 200 : 403,
          ok ? null : 'unknown_identity',
        );
        if (!ok) return c.redirect(withParam(back, 'sso', 'unknown_identity'), 302);
        // The provider's single factor is a proof of the provider's strength only (decision 035).
        const rotated = await d.accounts.rotate(
          sessionId,
          identity.secondFactor ? 'provider_mfa' : 'provider',
        );
        if (!rotated) return c.redirect('/sign-in?expired=1', 302);
        cookie.write(c, rotated.token, (rotated.expiresAt - d.clock()) / 1000);
        return c.redirect(withParam(back, 'sso', 'proved'), 302);
      }
      if (!identity.email || !identity.emailVerified || !oidc.allows(identity.email))
        return c.redirect(withParam(back, 'sso', 'unknown_identity'), 302);
      const outcome = await d.identities.connect(user.id, identity);
      await d.audit.write(
        user,
        { action: 'identity.connect', factor: 'single_sign_on', ...origin },
        outcome === 'taken' ? 'failed' : 'succeeded',
        outcome === 'taken' ? 409 : 200,
        outcome === 'taken' ? 'identity_in_use' : null,
      );
      if (outcome === 'taken') return c.redirect(withParam(back, 'sso', 'identity_in_use'), 302);
      if (outcome === 'connected')
        await d.notices.record(
          user,
          'identity_connected',
          { name: oidc.name, ...origin },
          identityKey(identity),
        );
      return c.redirect(withParam(back, 'sso', 'connected'), 302);
    }

    const failed = async (
      code: 'unknown_identity' | 'account_disabled' | 'identity_not_connected',
      email = '',
      id = '',
    ) => {
      await d.audit.write(
        { id, email },
        { action: SIGN_IN, ...origin, factor: 'single_sign_on' },
        'failed',
        403,
        code,
      );
      // A disabled account is told as an unknown one: single sign-on confirms nothing about it either.
      return c.redirect(`/sign-in?sso=${code === 'account_disabled' ? 'unknown_identity' : code}`, 302);
    };
    const resolved = await d.identities.resolve(
      identity,
      await d.policy.singleSignOnCreatesAgents(),
      (email) => oidc.allows(email),
    );
    if (!resolved) return failed('unknown_identity', identity.email ?? '');
    // An account with this e-mail that its person has not connected: never connected by the e-mail alone.
    if ('unconnected' in resolved) return failed('identity_not_connected', identity.email ?? '');
    const { user } = resolved;
    if (resolved.created)
      await d.audit.write(user, { action: 'user.create.single_sign_on', ...origin }, 'succeeded', 201, null);
    if (user.disabled) return failed('account_disabled', user.email, user.id);
    // The provider's explicit multi-factor claim counts; otherwise the console asks for its own second step.
    if (!identity.secondFactor && (await d.factors.has(user.id))) {
      const waiting = await d.factors.beginSignIn(user.id, 'single_sign_on');
      pending.write(c, waiting.token, waiting.maxAgeSeconds);
      await d.audit.write(
        user,
        { action: SIGN_IN, ...origin, factor: 'single_sign_on' },
        'unknown',
        202,
        'second_factor_pending',
      );
      return c.redirect('/sign-in?step=second-factor', 302);
    }
    await signInNow(c, user, origin, identity.secondFactor ? 'single_sign_on+mfa' : 'single_sign_on', {
      with: identity.secondFactor ? 'provider_mfa' : 'provider',
      // A sign-in the provider remembered from earlier is a proof of then, not of now.
      at: identity.authTime ?? 0,
      providerSecondFactor: identity.secondFactor,
    });
    return c.redirect('/', 302);
  }

  return (
    new Hono<AppEnv>()
      // What the sign-in page offers beyond a password (single sign-on when the operator configured it).
      .get(
        '/options',
        doc({
          summary:
            'What the sign-in page offers beyond a password: single sign-on with the office’s provider, when set up',
          tag: 'console',
          response: SignInOptionsSchema,
          open: true,
        }),
        (c) => {
          const options: SignInOptions = {
            single_sign_on: d.oidc ? { name: d.oidc.name, url: '/api/auth/oidc/start' } : null,
          };
          return c.json(options);
        },
      )
      // A passkey alone signs in (decision 031): the browser asks for any of the console's passkeys on this host.
      .post(
        '/passkey/options',
        doc({
          summary:
            'Begin a sign-in with a passkey: WebAuthn options for the browser, and the ceremony’s token',
          tag: 'console',
          response: PasskeyCeremonySchema,
          open: true,
        }),
        async (c) => {
          const ceremony: PasskeyCeremony = await d.passkeys.authenticationOptions(
            rp,
            'passkey.sign_in',
            null,
          );
          return c.json(ceremony);
        },
      )
      .post(
        '/passkey',
        doc({
          summary:
            'Sign in with a passkey alone (it also finishes a sign-in waiting for its second step); audited',
          tag: 'console',
          body: PasskeyAnswerSchema,
          response: MeSchema,
          open: true,
        }),
        async (c) => {
          const { ceremony, response } = await parseBody(c, PasskeyAnswerSchema);
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
          const user = userId ? await d.accounts.get(userId) : null;
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
        },
      )
      .post(
        '/sign-in',
        doc({
          summary:
            'Sign in; sets the session cookie, or, for a person with a second factor, asks for it (a five-minute cookie)',
          tag: 'console',
          body: SignInRequestSchema,
          response: z.union([MeSchema, SecondFactorNeededSchema]),
          open: true,
        }),
        async (c) => {
          const { email, password } = await parseBody(c, SignInRequestSchema);
          const origin = requestOrigin(c, proxies);
          const record = (result: 'failed' | 'unknown', status: number, code: string | null, userId = '') =>
            d.audit.write(
              { id: userId, email },
              { action: SIGN_IN, ...origin, factor: 'password' },
              result,
              status,
              code,
            );
          const account = await d.accounts.findByEmail(email);
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
          const user = await d.accounts.authenticate(email, password);
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
        },
      )
      // The second step's methods, for a page that arrives at it by a redirect (single sign-on, a link); not a try.
      .get(
        '/sign-in/second-factor',
        doc({
          summary:
            'The second step’s methods for the sign-in waiting in this browser (after single sign-on); not a try',
          tag: 'console',
          response: SecondFactorNeededSchema,
          open: true,
        }),
        async (c) => {
          const token = pending.read(c);
          const methods = token ? await d.factors.pendingMethods(token) : null;
          if (!methods) throw new ConsoleError('second_factor_expired');
          const next: SecondFactorNeeded = { second_factor: { methods } };
          return c.json(next);
        },
      )
      .post(
        '/sign-in/second-factor',
        doc({
          summary:
            'The second step of a sign-in: a code from an authenticator app, or a recovery code; sets the session cookie',
          tag: 'console',
          body: SecondFactorRequestSchema,
          response: MeSchema,
          open: true,
        }),
        async (c) => {
          const { method, code } = await parseBody(c, SecondFactorRequestSchema);
          const origin = requestOrigin(c, proxies);
          const token = pending.read(c);
          const waiting = token ? await d.factors.pendingUser(token) : null;
          const user = waiting ? await d.accounts.get(waiting.userId) : null;
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
        },
      )
      // One-time links (decision 030): whom a link is for, and choosing one's password through it, which signs in.
      .post(
        '/links/lookup',
        doc({
          summary: "Whom a one-time link is for (the token from the link's fragment, in the body)",
          tag: 'console',
          body: LinkLookupRequestSchema,
          response: LinkInfoSchema,
          open: true,
        }),
        async (c) => {
          const { token } = await parseBody(c, LinkLookupRequestSchema);
          const link = await d.links.lookup(token);
          const user = link ? await d.accounts.get(link.userId) : null;
          if (!link || !user || user.disabled) throw new ConsoleError('link_invalid');
          const info: LinkInfo = {
            purpose: link.purpose,
            email: user.email,
            name: user.name,
            expires_at: new Date(link.expiresAt).toISOString(),
            second_factor: await d.factors.has(user.id),
          };
          return c.json(info);
        },
      )
      // Or a passkey made through the link, in place of a password (decision 031), for a person with no factor yet:
      // one who has a factor gives it at their second step, and adds passkeys from their account page (decision 035).
      .post(
        '/links/passkey-options',
        doc({
          summary: 'Begin making a passkey through a one-time link, in place of a password',
          tag: 'console',
          body: LinkLookupRequestSchema,
          response: PasskeyCeremonySchema,
          open: true,
        }),
        async (c) => {
          const { token } = await parseBody(c, LinkLookupRequestSchema);
          const link = await d.links.lookup(token);
          const user = link ? await d.accounts.get(link.userId) : null;
          if (!link || !user || user.disabled) throw new ConsoleError('link_invalid');
          if (await d.factors.has(user.id)) throw linkWantsSecondStep();
          const ceremony: PasskeyCeremony = await d.passkeys.registrationOptions(user, rp, 'passkey.link');
          return c.json(ceremony);
        },
      )
      .post(
        '/links/accept',
        doc({
          summary:
            'Choose one’s password through a one-time link (once, within 72 hours); signs in, or, for a person with a second factor, asks for it first',
          tag: 'console',
          body: LinkAcceptRequestSchema,
          response: z.union([MeSchema, SecondFactorNeededSchema]),
          open: true,
        }),
        async (c) => {
          const { token, password, passkey } = await parseBody(c, LinkAcceptRequestSchema);
          const origin = requestOrigin(c, proxies);
          const link = await d.links.lookup(token);
          const user = link ? await d.accounts.get(link.userId) : null;
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
              await d.accounts.voidPassword(user.id);
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
          await d.accounts.setPassword(user.id, password);
          await d.audit.write(
            user,
            { action: `user.link.${link.purpose}`, ...origin },
            'succeeded',
            200,
            null,
          );
          return c.json(await signInNow(c, user, origin, 'password', { with: 'password' }));
        },
      )
      // "This was not me", from a security notice's e-mail (decision 035): no session needed, the link's token is.
      .post(
        '/not-me',
        doc({
          summary:
            '“This was not me” from a notice’s e-mail (its one-time token): the way in removed, every session ended',
          tag: 'console',
          body: NotMeRequestSchema,
          response: z.object({ signed_out_everywhere: z.literal(true) }),
          open: true,
        }),
        async (c) => {
          const { token } = await parseBody(c, NotMeRequestSchema);
          const ending = await d.notices.notMe({ token });
          if (!ending) throw new ConsoleError('link_invalid');
          await takeBack(d, ending, requestOrigin(c, proxies));
          return c.json({ signed_out_everywhere: true });
        },
      )
      // Single sign-on (decision 031): to the office's provider and back. The state cookie is SameSite=Lax, as the
      // provider's redirect back is a cross-site navigation that a Strict cookie would not ride.
      .get(
        '/oidc/start',
        doc({
          summary:
            'Single sign-on: redirects to the office’s OpenID provider (PKCE, state and nonce kept for this browser)',
          tag: 'console',
          status: 302,
          open: true,
        }),
        async (c) => {
          if (!d.oidc)
            throw new ConsoleError('resource_not_found', { message: 'Single sign-on is not set up.' });
          try {
            const { url, token } = await d.oidc.start();
            ssoState.write(c, token, 600);
            return c.redirect(url, 302);
          } catch {
            return c.redirect('/sign-in?sso=single_sign_on_failed', 302);
          }
        },
      )
      .get(
        '/oidc/callback',
        doc({
          summary:
            'Single sign-on: the provider’s redirect back; signs in and redirects to the console, or to the sign-in page with ?sso=<code> or ?step=second-factor',
          tag: 'console',
          status: 302,
          open: true,
        }),
        async (c) => {
          if (!d.oidc)
            throw new ConsoleError('resource_not_found', { message: 'Single sign-on is not set up.' });
          const origin = requestOrigin(c, proxies);
          const token = ssoState.read(c);
          ssoState.clear(c);
          let finished: Awaited<ReturnType<NonNullable<IdentityDeps['oidc']>['finish']>>;
          try {
            if (!token) throw new Error('no state cookie');
            finished = await d.oidc.finish(token, new URL(c.req.url).search);
          } catch (error) {
            d.log.info({ err: error }, 'single sign-on: the provider answer was refused');
            await d.audit.write(
              { id: '', email: '' },
              { action: SIGN_IN, ...origin, factor: 'single_sign_on' },
              'failed',
              401,
              'single_sign_on_failed',
            );
            return c.redirect('/sign-in?sso=single_sign_on_failed', 302);
          }
          return afterSingleSignOn(c, finished.identity, finished.context, origin);
        },
      )
      .post(
        '/sign-out',
        doc({
          summary: 'Sign out; clears the session cookie',
          tag: 'console',
          response: z.object({ signed_out: z.boolean() }),
          open: true,
        }),
        async (c) => {
          const token = cookie.read(c);
          if (token) await d.accounts.endSession(token);
          cookie.clear(c);
          return c.json({ signed_out: true });
        },
      )
  );
}

/** A link for a person with a second factor takes a password, then that factor (decision 035). */
const linkWantsSecondStep = () =>
  new ConsoleError('invalid_state', {
    message:
      'You have a second factor: choose a password here, then give your second step. Add passkeys from your account page after.',
  });
