import { authApi, type SignInOptions, signOutApi } from '@console/contract';
import { ConsoleError } from '../platform/errors.ts';
import { router } from '../platform/route.ts';
import type { IdentityDeps } from './deps.ts';
import { linkRoutes } from './links.routes.ts';
import { takeBack } from './not-me.ts';
import { passkeySignInRoutes } from './passkey-sign-in.routes.ts';
import { signInRoutes } from './sign-in.routes.ts';
import { requestOrigin, signInSteps } from './sign-in.ts';
import { singleSignOnRoutes } from './single-sign-on.routes.ts';

/**
 * Sign-in and sign-out: server-side sessions in an HttpOnly, SameSite=Strict cookie (`__Host-` over HTTPS). Every
 * attempt is in the audit log with its address, browser and outcome (decision 028); a disabled account is answered
 * exactly as a wrong password is, after the same work. Held against an attacker (decision 035): wrong passwords and
 * codes are limited per account whatever the addresses, a link never skips a second step, single sign-on never
 * connects an account by its e-mail alone.
 */
export function authRoutes(d: IdentityDeps) {
  const steps = signInSteps(d);
  const { cookie, proxies } = steps;
  // In the order the OpenAPI document has always listed them.
  const routes = router('/auth');
  // What the sign-in page offers beyond a password (single sign-on when the operator configured it).
  routes.handle(authApi.options, (c) => {
    const options: SignInOptions = {
      single_sign_on: d.oidc ? { name: d.oidc.name, url: '/api/auth/oidc/start' } : null,
    };
    return c.json(options);
  });
  routes.app.route('/', passkeySignInRoutes(d, steps));
  routes.app.route('/', signInRoutes(d, steps));
  routes.app.route('/', linkRoutes(d, steps));
  // "This was not me", from a security notice's e-mail (decision 035): no session needed, the link's token is.
  routes.handle(authApi.notMe, async (c, { body }) => {
    const ending = await d.notices.notMe({ token: body.token });
    if (!ending) throw new ConsoleError('link_invalid');
    await takeBack(d, ending, requestOrigin(c, proxies));
    return c.json({ signed_out_everywhere: true });
  });
  routes.app.route('/', singleSignOnRoutes(d, steps));
  return routes.handle(signOutApi.signOut, async (c) => {
    const token = cookie.read(c);
    if (token) await d.sessions.endSession(token);
    cookie.clear(c);
    return c.json({ signed_out: true });
  }).app;
}
