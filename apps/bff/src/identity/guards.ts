import { SIGNED_IN_HINT_COOKIE } from '@console/contract';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { namedCookie } from '../platform/cookies.ts';
import { ConsoleError } from '../platform/errors.ts';
import type { AppEnv, SignedInUser } from '../platform/types.ts';
import type { Sessions } from './sessions.ts';

export const SESSION_COOKIE = 'console_session';

/**
 * The sign-in session's cookie: HttpOnly, SameSite=Strict, path /. Over HTTPS (COOKIE_SECURE) it is Secure and named
 * `__Host-console_session`, which a browser keeps only for this exact host (no Domain, so no sibling subdomain can
 * set or shadow it).
 */
export function sessionCookie(secure: boolean) {
  const session = namedCookie(SESSION_COOKIE, secure);
  // Written and cleared with it: the page's script reads only that there is a sign-in (no secret, no token).
  const hint = namedCookie(SIGNED_IN_HINT_COOKIE, secure, 'Strict', true);
  return {
    ...session,
    write: (c: Context, token: string, maxAgeSeconds: number) => {
      const seconds = Math.max(1, Math.floor(maxAgeSeconds));
      session.write(c, token, seconds);
      hint.write(c, '1', seconds);
    },
    clear: (c: Context) => {
      session.clear(c);
      hint.clear(c);
    },
    /** Sets the hint alone, for a live session whose browser lacks it (signed in before it existed). */
    hint: (c: Context, maxAgeSeconds: number) => {
      if (hint.read(c) !== '1') hint.write(c, '1', Math.max(1, Math.floor(maxAgeSeconds)));
    },
  };
}

/** The cookie of a sign-in waiting for its second factor (decision 029): five minutes, HttpOnly like the session's. */
export const PENDING_COOKIE = 'console_pending';

/** The cookie naming a single sign-on under way (decision 031): ten minutes, SameSite=Lax to ride the way back. */
export const SSO_COOKIE = 'console_sso';

export type SessionCookie = ReturnType<typeof sessionCookie>;
/** The agent or admin whose session the request's cookie is (which keeps the session alive), or null. */
export async function sessionUser(
  c: Context,
  sessions: Sessions,
  cookie: SessionCookie,
): Promise<SignedInUser | null> {
  const token = cookie.read(c);
  // The token of a session rotated a moment ago serves reads only (requests already on their way).
  return token ? sessions.resume(token, c.req.method === 'GET' || c.req.method === 'HEAD') : null;
}

/**
 * What a session that must set a second factor up first may reach: who it is, adding a factor, and proving it is
 * them again (adding one wants a fresh proof: decision 035).
 */
const FACTOR_SETUP_ONLY = /^\/api\/(me|account\/(factors|prove)(\/.*)?)$/;

/** A signed-in agent or admin, from the session cookie; 401 otherwise. */
export function signedIn(sessions: Sessions, cookie: SessionCookie) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = await sessionUser(c, sessions, cookie);
    if (!user) throw new ConsoleError('unauthenticated');
    if (user.factorSetup && !FACTOR_SETUP_ONLY.test(c.req.path))
      throw new ConsoleError('second_factor_setup_required');
    c.set('user', user);
    await next();
  });
}

/** How long a proof lasts for what is sensitive (OWASP ASVS 7.5): five minutes. */
export const PROOF_MS = 5 * 60_000;

/**
 * What is sensitive (making or promoting an admin, another's password, the office's policy, one's own factor, the
 * session-based interface's session) wants the person to have proved it was them in the last five minutes: a
 * sign-in, or `POST /api/account/prove`. Otherwise 403 `reauthentication_required`, and the SPA asks.
 */
export function requireRecentProof(c: Context<AppEnv>, now: () => number = Date.now): void {
  if (now() - c.get('user').provedAt > PROOF_MS) throw new ConsoleError('reauthentication_required');
}

/**
 * A fresh proof as strong as the person's strongest way in (decision 035): for a person with a factor, made with it (or
 * at the office's provider with its second factor); a password, or the provider's single factor, does not stand in
 * for it. For changing who can spend the office's money or sign in (admins, office-wide access, invitations, resets,
 * the policy).
 */
export async function requireStrongProof(
  c: Context<AppEnv>,
  hasFactor: (userId: string) => Promise<boolean>,
  now: () => number = Date.now,
): Promise<void> {
  requireRecentProof(c, now);
  const user = c.get('user');
  if (user.provedWith !== 'factor' && user.provedWith !== 'provider_mfa' && (await hasFactor(user.id)))
    throw new ConsoleError('reauthentication_required', {
      message: 'Confirm it is you with your passkey or your authenticator app first.',
    });
}

/**
 * Adding a way in (a passkey, an authenticator app, recovery codes, one's identity at the office's provider), or
 * taking one away, wants a proof made in the last five minutes with one of the person's own factors, where they have
 * one (decision 035): a session alone, a password or the provider are not enough, so a stolen session cannot become a
 * way in of its own, nor strip the owner's.
 */
export async function requireFactorProof(
  c: Context<AppEnv>,
  hasFactor: (userId: string) => Promise<boolean>,
  now: () => number = Date.now,
): Promise<void> {
  requireRecentProof(c, now);
  const user = c.get('user');
  if (user.provedWith !== 'factor' && (await hasFactor(user.id)))
    throw new ConsoleError('reauthentication_required', {
      message: 'Confirm it is you with your passkey or your authenticator app first.',
    });
}
