import { browserLabel, type Me, type SecondFactorNeededSchema } from '@console/contract';
import type { Context } from 'hono';
import type { z } from 'zod';
import { SIGN_IN } from '../audit/index.ts';
import { clientAddress, trustedProxies } from '../platform/client-address.ts';
import { namedCookie } from '../platform/cookies.ts';
import { ConsoleError } from '../platform/errors.ts';
import type { AppEnv } from '../platform/types.ts';
import type { IdentityDeps } from './deps.ts';
import type { PendingSignIn } from './factors.ts';
import { PENDING_COOKIE, SSO_COOKIE, sessionCookie } from './guards.ts';
import { relyingParty } from './passkeys.ts';
import type { ProofKind } from './sessions.ts';
import { SignInPolicy } from './sign-in-policy.ts';
import { type ThrottleVerdict, waitWords } from './throttle.ts';

type SecondFactorNeeded = z.infer<typeof SecondFactorNeededSchema>;

export type { SecondFactorNeeded };

/** Where a request comes from: the client's address (through trusted proxies only) and its browser. */
export function requestOrigin(c: Context<AppEnv>, proxies: ReturnType<typeof trustedProxies>) {
  return {
    address: clientAddress(c.env.incoming?.socket.remoteAddress, c.req.header('X-Forwarded-For'), proxies),
    browser: c.req.header('User-Agent')?.slice(0, 300) ?? null,
  };
}
export type Origin = ReturnType<typeof requestOrigin>;

/**
 * What every way of signing in shares (decision 057): the cookies, the session a finished sign-in starts and the answer
 * saying who signed in, the throttle's refusal, the end of a sign-in that waited for its second step.
 */
export function signInSteps(d: IdentityDeps) {
  const cookie = sessionCookie(d.env.COOKIE_SECURE);
  const pending = namedCookie(PENDING_COOKIE, d.env.COOKIE_SECURE);
  const _ssoState = namedCookie(SSO_COOKIE, d.env.COOKIE_SECURE, 'Lax');
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
    if (before) await d.sessions.endSession(before);
    const session = await d.sessions.startSession(user.id, {
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
      environment: d.serviceFacts.environment(),
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
    await d.users.setPasswordHash(user.id, waiting.newPasswordHash);
    await d.audit.write(user, { action: `user.link.${purpose}`, ...origin }, 'succeeded', 200, null);
    return true;
  }

  /** Whether the browser or address is one the person signed in from before (asked only past a per-account limit). */
  const knownFor = (c: Context<AppEnv>, userId: string | null, address: string) => async () =>
    userId !== null && (await d.knownBrowsers.knows(c, userId, address));

  return { cookie, pending, proxies, rp, signInNow, refuse, finishPending, knownFor };
}

export type SignInSteps = ReturnType<typeof signInSteps>;
