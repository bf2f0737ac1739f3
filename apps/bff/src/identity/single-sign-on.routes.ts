import { authApi } from '@console/contract';
import type { Context } from 'hono';
import { SIGN_IN } from '../audit/index.ts';
import { namedCookie } from '../platform/cookies.ts';
import { ConsoleError } from '../platform/errors.ts';
import { router } from '../platform/route.ts';
import type { AppEnv } from '../platform/types.ts';
import type { IdentityDeps } from './deps.ts';
import { SSO_COOKIE } from './guards.ts';
import { identityKey } from './identities.ts';
import { type Origin, requestOrigin, type SignInSteps } from './sign-in.ts';
import type { ProvidedIdentity, SingleSignOnContext } from './single-sign-on.ts';

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
 * Single sign-on (decision 031): to the office's provider and back, for a sign-in, a proof or a connection. It never
 * connects an account by its e-mail alone.
 */
export function singleSignOnRoutes(d: IdentityDeps, s: SignInSteps) {
  const { cookie, pending, proxies, signInNow } = s;
  const ssoState = namedCookie(SSO_COOKIE, d.env.COOKIE_SECURE, 'Lax');

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
      const sessionId = context.sessionId ? await d.sessions.currentSessionId(context.sessionId) : null;
      const owner = sessionId ? await d.sessions.sessionOwner(sessionId) : null;
      const user = owner ? await d.users.get(owner) : null;
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
        const rotated = await d.sessions.rotate(
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
    router('/auth')
      // Single sign-on (decision 031): to the office's provider and back. The state cookie is SameSite=Lax, as the
      // provider's redirect back is a cross-site navigation that a Strict cookie would not ride.
      .handle(authApi.oidcStart, async (c) => {
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
      .handle(authApi.oidcCallback, async (c) => {
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
      }).app
  );
}
