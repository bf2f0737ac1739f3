import { type Me, SignInRequestSchema } from '@console/contract';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { SIGN_IN } from '../lib/audit.ts';
import { ConsoleError } from '../lib/errors.ts';
import { sessionCookie } from '../lib/guards.ts';
import { parseBody } from '../lib/parse.ts';
import { clientAddress, trustedProxies } from '../lib/throttle.ts';
import type { AppEnv } from '../lib/types.ts';

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
  const proxies = trustedProxies(d.env.TRUSTED_PROXIES);
  return new Hono<AppEnv>()
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
      const session = await d.accounts.startSession(user.id, origin);
      await record('succeeded', 200, null, user.id);
      cookie.write(c, session.token, d.env.SESSION_ABSOLUTE_HOURS * 3600);
      const me: Me = {
        user: { id: user.id, email: user.email, name: user.name, role: user.role },
        environment: d.upstream.service.environment,
        session: {
          expires_at: new Date(session.expiresAt).toISOString(),
          idle_minutes: d.env.SESSION_IDLE_MINUTES,
        },
      };
      return c.json(me);
    })
    .post('/sign-out', async (c) => {
      const token = cookie.read(c);
      if (token) await d.accounts.endSession(token);
      cookie.clear(c);
      return c.json({ signed_out: true });
    });
}
