import {
  browserLabel,
  LinkAcceptRequestSchema,
  type LinkInfo,
  LinkLookupRequestSchema,
  type Me,
  PasskeyAnswerSchema,
  type PasskeyCeremony,
  type SecondFactorNeededSchema,
  SecondFactorRequestSchema,
  type SignInOptions,
  SignInRequestSchema,
} from '@console/contract';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { z } from 'zod';
import type { Deps } from '../deps.ts';
import { SIGN_IN } from '../lib/audit.ts';
import { ConsoleError } from '../lib/errors.ts';
import { namedCookie, PENDING_COOKIE, SSO_COOKIE, sessionCookie } from '../lib/guards.ts';
import { parseBody } from '../lib/parse.ts';
import { relyingPartyOf } from '../lib/passkeys.ts';
import { passwordProblem } from '../lib/password-policy.ts';
import { SignInPolicy } from '../lib/sign-in-policy.ts';
import { clientAddress, trustedProxies } from '../lib/throttle.ts';
import type { AppEnv } from '../lib/types.ts';

type SecondFactorNeeded = z.infer<typeof SecondFactorNeededSchema>;

/** Where a request comes from: the client's address (through trusted proxies only) and its browser. */
export function requestOrigin(c: Context<AppEnv>, proxies: ReturnType<typeof trustedProxies>) {
  return {
    address: clientAddress(c.env.incoming?.socket.remoteAddress, c.req.header('X-Forwarded-For'), proxies),
    browser: c.req.header('User-Agent')?.slice(0, 300) ?? null,
  };
}

/**
 * Sign-in and sign-out: server-side sessions in an HttpOnly, SameSite=Strict cookie (`__Host-` over HTTPS). Every
 * attempt is in the audit log with its address, browser and outcome (decision 028); a disabled account is answered
 * exactly as a wrong password is, after the same work.
 */
export function authRoutes(d: Deps) {
  const cookie = sessionCookie(d.env.COOKIE_SECURE);
  const pending = namedCookie(PENDING_COOKIE, d.env.COOKIE_SECURE);
  const ssoState = namedCookie(SSO_COOKIE, d.env.COOKIE_SECURE, 'Lax');
  const proxies = trustedProxies(d.env.TRUSTED_PROXIES);
  const rpOf = (c: Context<AppEnv>) => relyingPartyOf(c, d.env.PUBLIC_URL);

  /** Starts the session of a person whose sign-in is complete, and says who they are. */
  async function signInNow(
    c: Context<AppEnv>,
    user: { id: string; email: string; name: string; role: Me['user']['role'] },
    origin: ReturnType<typeof requestOrigin>,
    factor: string,
    providerSecondFactor = false,
  ): Promise<Me> {
    // Covered by the office's policy with no second factor yet: the session reaches the account page only — unless
    // the office's identity provider did a second step of its own for this sign-in (decision 031).
    const factorSetup =
      !providerSecondFactor &&
      SignInPolicy.covers(await d.policy.get(), user.role) &&
      !(await d.factors.has(user.id));
    const session = await d.accounts.startSession(user.id, { ...origin, factorSetup });
    const previous = await previousFromNewBrowser(user.email);
    await d.audit.write(user, { action: SIGN_IN, ...origin, factor }, 'succeeded', 200, null);
    cookie.write(c, session.token, d.env.SESSION_ABSOLUTE_HOURS * 3600);
    return {
      user: { id: user.id, email: user.email, name: user.name, role: user.role },
      environment: d.upstream.service.environment,
      session: {
        expires_at: new Date(session.expiresAt).toISOString(),
        idle_minutes: d.env.SESSION_IDLE_MINUTES,
        factor_setup_required: factorSetup,
      },
      ...(previous ? { previous_sign_in: previous } : {}),
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

  return (
    new Hono<AppEnv>()
      // What the sign-in page offers beyond a password (single sign-on when the operator configured it).
      .get('/options', (c) => {
        const options: SignInOptions = {
          single_sign_on: d.oidc ? { name: d.oidc.name, url: '/api/auth/oidc/start' } : null,
        };
        return c.json(options);
      })
      // A passkey alone signs in (decision 031): the browser asks for any of the console's passkeys on this host.
      .post('/passkey/options', async (c) => {
        const ceremony: PasskeyCeremony = await d.passkeys.authenticationOptions(
          rpOf(c),
          'passkey.sign_in',
          null,
        );
        return c.json(ceremony);
      })
      .post('/passkey', async (c) => {
        const { ceremony, response } = await parseBody(c, PasskeyAnswerSchema);
        const origin = requestOrigin(c, proxies);
        const verdict = await d.throttle.attempt('passkey', origin.address);
        if (!verdict.allowed) {
          await d.audit.write(
            { id: '', email: '' },
            { action: SIGN_IN, ...origin, factor: 'passkey' },
            'failed',
            429,
            'rate_limited',
          );
          c.header('Retry-After', String(verdict.retryAfterSeconds));
          throw new ConsoleError('rate_limited', {
            message: 'Too many tries. Wait a few minutes and try again.',
          });
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
        await d.throttle.succeeded('passkey', origin.address);
        // A sign-in that waited for its second factor is finished by the passkey too.
        const waiting = pending.read(c);
        if (waiting) {
          await d.factors.endSignIn(waiting);
          pending.clear(c);
        }
        return c.json(await signInNow(c, user, origin, 'passkey'));
      })
      .post('/sign-in', async (c) => {
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
        // Counted before the password is checked, in the shared store: a burst on several instances is limited too.
        const verdict = await d.throttle.attempt(email, origin.address);
        if (!verdict.allowed) {
          d.metrics.signInRefusals.inc();
          await record('failed', 429, 'rate_limited');
          c.header('Retry-After', String(verdict.retryAfterSeconds));
          const wait = verdict.retryAfterSeconds;
          throw new ConsoleError('rate_limited', {
            message: `Too many sign-in attempts. Wait ${wait < 120 ? `${wait} seconds` : `${Math.ceil(wait / 60)} minutes`} and try again.`,
          });
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
        await d.throttle.succeeded(email, origin.address);
        if (await d.factors.has(user.id)) {
          // The password was right; the session waits for the second factor (decision 029).
          const waiting = await d.factors.beginSignIn(user.id);
          pending.write(c, waiting.token, waiting.maxAgeSeconds);
          // A half-finished sign-in is in the log too: a right password from an address nobody expected tells.
          await record('unknown', 202, 'second_factor_pending', user.id);
          const next: SecondFactorNeeded = { second_factor: { methods: await d.factors.methods(user.id) } };
          return c.json(next);
        }
        return c.json(await signInNow(c, user, origin, 'password'));
      })
      // The second step's methods, for a page that arrives at it by a redirect (single sign-on); not a try.
      .get('/sign-in/second-factor', async (c) => {
        const token = pending.read(c);
        const methods = token ? await d.factors.pendingMethods(token) : null;
        if (!methods) throw new ConsoleError('second_factor_expired');
        const next: SecondFactorNeeded = { second_factor: { methods } };
        return c.json(next);
      })
      .post('/sign-in/second-factor', async (c) => {
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
        // Wrong codes are counted per person, across sign-ins and instances: a right password does not buy more tries.
        const verdict = await d.throttle.attempt(`code:${user.id}`, origin.address);
        if (!verdict.allowed) {
          await d.audit.write(user, { action: SIGN_IN, ...origin, factor }, 'failed', 429, 'rate_limited');
          c.header('Retry-After', String(verdict.retryAfterSeconds));
          throw new ConsoleError('rate_limited', {
            message: 'Too many wrong codes. Wait a few minutes and sign in again.',
          });
        }
        const ok =
          method === 'totp'
            ? await d.factors.verifyTotp(user.id, code)
            : await d.factors.useRecoveryCode(user.id, code);
        if (!ok) {
          await d.audit.write(user, { action: SIGN_IN, ...origin, factor }, 'failed', 401, 'invalid_code');
          throw new ConsoleError('invalid_code', { param: 'code' });
        }
        await d.throttle.succeeded(`code:${user.id}`, origin.address);
        await d.factors.endSignIn(token);
        pending.clear(c);
        return c.json(await signInNow(c, user, origin, factor));
      })
      // One-time links (decision 030): whom a link is for, and choosing one's password through it, which signs in.
      .post('/links/lookup', async (c) => {
        const { token } = await parseBody(c, LinkLookupRequestSchema);
        const link = await d.links.lookup(token);
        const user = link ? await d.accounts.get(link.userId) : null;
        if (!link || !user || user.disabled) throw new ConsoleError('link_invalid');
        const info: LinkInfo = {
          purpose: link.purpose,
          email: user.email,
          name: user.name,
          expires_at: new Date(link.expiresAt).toISOString(),
        };
        return c.json(info);
      })
      // Or a passkey made through the link, in place of a password (decision 031).
      .post('/links/passkey-options', async (c) => {
        const { token } = await parseBody(c, LinkLookupRequestSchema);
        const link = await d.links.lookup(token);
        const user = link ? await d.accounts.get(link.userId) : null;
        if (!link || !user || user.disabled) throw new ConsoleError('link_invalid');
        const ceremony: PasskeyCeremony = await d.passkeys.registrationOptions(user, rpOf(c), 'passkey.link');
        return c.json(ceremony);
      })
      .post('/links/accept', async (c) => {
        const { token, password, passkey } = await parseBody(c, LinkAcceptRequestSchema);
        const origin = requestOrigin(c, proxies);
        const link = await d.links.lookup(token);
        const user = link ? await d.accounts.get(link.userId) : null;
        if (!link || !user || user.disabled) throw new ConsoleError('link_invalid');
        if (passkey) {
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
          await d.accounts.setFactorSetup([user.id], false);
          await d.audit.write(
            user,
            { action: `user.link.${link.purpose}`, ...origin, factor: 'passkey' },
            'succeeded',
            200,
            null,
          );
          await d.audit.write(user, { action: 'factor.add.passkey' }, 'succeeded', 200, null);
          return c.json(await signInNow(c, user, origin, 'passkey'));
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
        // Taken once: two requests with the same link, one sets the password.
        if (!(await d.links.use(token))) throw new ConsoleError('link_invalid');
        await d.accounts.setPassword(user.id, password);
        await d.audit.write(user, { action: `user.link.${link.purpose}`, ...origin }, 'succeeded', 200, null);
        return c.json(await signInNow(c, user, origin, 'password'));
      })
      // Single sign-on (decision 031): to the office's provider and back. The state cookie is SameSite=Lax, as the
      // provider's redirect back is a cross-site navigation that a Strict cookie would not ride.
      .get('/oidc/start', async (c) => {
        if (!d.oidc)
          throw new ConsoleError('resource_not_found', { message: 'Single sign-on is not set up.' });
        try {
          const { url, token } = await d.oidc.start();
          ssoState.write(c, token, 600);
          return c.redirect(url, 302);
        } catch {
          return c.redirect('/sign-in?sso=single_sign_on_failed', 302);
        }
      })
      .get('/oidc/callback', async (c) => {
        if (!d.oidc)
          throw new ConsoleError('resource_not_found', { message: 'Single sign-on is not set up.' });
        const origin = requestOrigin(c, proxies);
        const token = ssoState.read(c);
        ssoState.clear(c);
        const refuse = async (
          code: 'single_sign_on_failed' | 'unknown_identity' | 'account_disabled',
          email = '',
          id = '',
        ) => {
          await d.audit.write(
            { id, email },
            { action: SIGN_IN, ...origin, factor: 'single_sign_on' },
            'failed',
            code === 'single_sign_on_failed' ? 401 : 403,
            code,
          );
          // A disabled account is told as an unknown one: single sign-on confirms nothing about it either.
          return c.redirect(`/sign-in?sso=${code === 'account_disabled' ? 'unknown_identity' : code}`, 302);
        };
        let identity: Awaited<ReturnType<NonNullable<Deps['oidc']>['finish']>>;
        try {
          if (!token) throw new Error('no state cookie');
          identity = await d.oidc.finish(token, new URL(c.req.url).search);
        } catch (error) {
          d.log.info({ err: error }, 'single sign-on: the provider answer was refused');
          return refuse('single_sign_on_failed');
        }
        const resolved = await d.identities.resolve(identity, await d.policy.singleSignOnCreatesAgents());
        if (!resolved) return refuse('unknown_identity', identity.email ?? '');
        const { user } = resolved;
        if (resolved.created)
          await d.audit.write(
            user,
            { action: 'user.create.single_sign_on', ...origin },
            'succeeded',
            201,
            null,
          );
        if (user.disabled) return refuse('account_disabled', user.email, user.id);
        // The provider's own second factor counts (its amr says so); otherwise the console asks for its own.
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
        await signInNow(
          c,
          user,
          origin,
          identity.secondFactor ? 'single_sign_on+mfa' : 'single_sign_on',
          identity.secondFactor,
        );
        return c.redirect('/', 302);
      })
      .post('/sign-out', async (c) => {
        const token = cookie.read(c);
        if (token) await d.accounts.endSession(token);
        cookie.clear(c);
        return c.json({ signed_out: true });
      })
  );
}
