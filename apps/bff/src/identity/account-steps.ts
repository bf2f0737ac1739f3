import type { Context } from 'hono';
import { trustedProxies } from '../platform/client-address.ts';
import { namedCookie } from '../platform/cookies.ts';
import { ConsoleError } from '../platform/errors.ts';
import type { AppEnv } from '../platform/types.ts';
import type { IdentityDeps } from './deps.ts';
import { SSO_COOKIE, sessionCookie } from './guards.ts';
import { relyingParty } from './passkeys.ts';
import type { ProofKind } from './sessions.ts';
import { requestOrigin } from './sign-in.ts';
import { waitWords } from './throttle.ts';

/**
 * What the account's routes share (decision 057): the session's new token after a proof, the count of tries at proving
 * it is oneself, and the way to the office's provider for a proof or a connection.
 */
export function accountSteps(d: IdentityDeps) {
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
    const rotated = await d.sessions.rotate(c.get('user').sessionId, proof);
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
  async function toProvider(c: Context<AppEnv>, purpose: 'prove' | 'connect', return_to: string | undefined) {
    if (!d.oidc) throw new ConsoleError('resource_not_found', { message: 'Single sign-on is not set up.' });
    const { url, token } = await d.oidc.start({
      purpose,
      sessionId: c.get('user').sessionId,
      returnTo: return_to ?? '/account',
    });
    ssoState.write(c, token, 600);
    return c.json({ url });
  }

  return { rp, cookie, proxies, hasFactor, rotate, countProofTry, proofTryRight, toProvider };
}

export type AccountSteps = ReturnType<typeof accountSteps>;
