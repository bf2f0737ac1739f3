import { type Me, SignInRequestSchema } from '@console/contract';
import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { ConsoleError } from '../lib/errors.ts';
import { sessionCookie } from '../lib/guards.ts';
import { parseBody } from '../lib/parse.ts';
import { clientAddress, trustedProxies } from '../lib/throttle.ts';
import type { AppEnv } from '../lib/types.ts';

/** Sign-in and sign-out: server-side sessions in an HttpOnly, SameSite=Strict cookie (`__Host-` over HTTPS). */
export function authRoutes(d: Deps) {
  const cookie = sessionCookie(d.env.COOKIE_SECURE);
  const proxies = trustedProxies(d.env.TRUSTED_PROXIES);
  return new Hono<AppEnv>()
    .post('/sign-in', async (c) => {
      const { email, password } = await parseBody(c, SignInRequestSchema);
      const address = clientAddress(
        c.env.incoming?.socket.remoteAddress,
        c.req.header('X-Forwarded-For'),
        proxies,
      );
      // Counted before the password is checked, in the shared store: a burst on several instances is limited too.
      const verdict = await d.throttle.attempt(email, address);
      if (!verdict.allowed) {
        d.metrics.signInRefusals.inc();
        c.header('Retry-After', String(verdict.retryAfterSeconds));
        throw new ConsoleError('rate_limited', {
          message: `Too many sign-in attempts. Wait ${Math.ceil(verdict.retryAfterSeconds / 60)} minutes and try again.`,
        });
      }
      const user = await d.accounts.authenticate(email, password);
      if (!user) throw new ConsoleError('invalid_login');
      await d.throttle.succeeded(email, address);
      if (user.disabled === 1) throw new ConsoleError('account_disabled');
      const session = await d.accounts.startSession(user.id);
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
