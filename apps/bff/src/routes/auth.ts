import {
  browserLabel,
  LinkAcceptRequestSchema,
  type LinkInfo,
  LinkLookupRequestSchema,
  type Me,
  type SecondFactorNeededSchema,
  SecondFactorRequestSchema,
  SignInRequestSchema,
} from '@console/contract';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { z } from 'zod';
import type { Deps } from '../deps.ts';
import { SIGN_IN } from '../lib/audit.ts';
import { ConsoleError } from '../lib/errors.ts';
import { namedCookie, PENDING_COOKIE, sessionCookie } from '../lib/guards.ts';
import { parseBody } from '../lib/parse.ts';
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
  const proxies = trustedProxies(d.env.TRUSTED_PROXIES);

  /** Starts the session of a person whose sign-in is complete, and says who they are. */
  async function signInNow(
    c: Context<AppEnv>,
    user: { id: string; email: string; name: string; role: Me['user']['role'] },
    origin: ReturnType<typeof requestOrigin>,
    factor: string,
  ): Promise<Me> {
    // Covered by the office's policy with no second factor yet: the session reaches the account page only.
    const factorSetup =
      SignInPolicy.covers(await d.policy.get(), user.role) && !(await d.factors.has(user.id));
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
      .post('/sign-in', async (c) => {
        const { email, password } = await parseBody(c, SignInRequestSchema);
        const origin = requestOrigin(c, proxies);
        const record = (result: 'succeeded' | 'failed', status: number, code: string | null, userId = '') =>
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
          const next: SecondFactorNeeded = { second_factor: { methods: ['totp', 'recovery_code'] } };
          return c.json(next);
        }
        return c.json(await signInNow(c, user, origin, 'password'));
      })
      .post('/sign-in/second-factor', async (c) => {
        const { method, code } = await parseBody(c, SecondFactorRequestSchema);
        const origin = requestOrigin(c, proxies);
        const token = pending.read(c);
        const userId = token ? await d.factors.pendingUser(token) : null;
        const user = userId ? await d.accounts.get(userId) : null;
        if (!token || !user || user.disabled) {
          if (token) await d.factors.endSignIn(token);
          pending.clear(c);
          throw new ConsoleError('second_factor_expired');
        }
        const factor = method === 'totp' ? 'password+totp' : 'password+recovery_code';
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
      .post('/links/accept', async (c) => {
        const { token, password } = await parseBody(c, LinkAcceptRequestSchema);
        const origin = requestOrigin(c, proxies);
        const link = await d.links.lookup(token);
        const user = link ? await d.accounts.get(link.userId) : null;
        if (!link || !user || user.disabled) throw new ConsoleError('link_invalid');
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
      .post('/sign-out', async (c) => {
        const token = cookie.read(c);
        if (token) await d.accounts.endSession(token);
        cookie.clear(c);
        return c.json({ signed_out: true });
      })
  );
}
