import { adminUsersApi } from '@console/contract';
import { ConsoleError } from '../platform/errors.ts';
import { requireRole } from '../platform/roles.ts';
import { router } from '../platform/route.ts';
import type { IdentityDeps } from './deps.ts';
import { requireStrongProof } from './guards.ts';
import { SignInPolicy } from './sign-in-policy.ts';

/**
 * Admins only: the office's sign-in policy (decision 029): who must have a second factor, whether single sign-on makes
 * agents, the LIVE amount above which a payment asks to prove it again. Changing it wants a strong proof (decision
 * 035); every change is in the audit log.
 */
export function policyRoutes(d: IdentityDeps) {
  const hasFactor = (userId: string) => d.factors.has(userId);
  // Every /admin route is for admins only, whichever router it is on (a refused caller learns nothing more).
  const routes = router('/admin');
  routes.app.use('*', requireRole('admin'));
  return routes
    .handle(adminUsersApi.signInPolicy, async (c) =>
      c.json({
        two_factor: await d.policy.get(),
        single_sign_on_creates_agents: await d.policy.singleSignOnCreatesAgents(),
        proof_above: await d.policy.proofAbove(),
      }),
    )
    .handle(adminUsersApi.setSignInPolicy, async (c, { body }) => {
      const { two_factor, single_sign_on_creates_agents, proof_above, confirm_covers_me } = body;
      await requireStrongProof(c, hasFactor, d.clock);
      // A policy that would hold the admin saving it to their account page is never a surprise (decision 042):
      // nothing is saved until they say they know, whatever the client.
      const admin = c.get('user');
      if (
        !confirm_covers_me &&
        SignInPolicy.covers(two_factor, admin.role) &&
        !(await d.factors.has(admin.id))
      )
        throw new ConsoleError('policy_covers_you', {
          param: 'two_factor',
          message:
            'This policy covers you, and you have no second step yet: once saved, you reach only your account page until you add a passkey or an authenticator app. Add one first, or save again confirming it (confirm_covers_me).',
        });
      await d.policy.set(two_factor, c.get('user'));
      if (single_sign_on_creates_agents !== undefined)
        await d.policy.setSingleSignOnCreatesAgents(single_sign_on_creates_agents, c.get('user'));
      if (proof_above !== undefined) await d.policy.setProofAbove(proof_above, c.get('user'));
      // The people the policy covers now who have no second factor: their sessions reach their account only.
      await d.users.holdToFactorSetup((role) => SignInPolicy.covers(two_factor, role));
      await d.audit.write(
        c.get('user'),
        { action: `policy.two_factor.${two_factor}` },
        'succeeded',
        200,
        null,
      );
      if (single_sign_on_creates_agents !== undefined)
        await d.audit.write(
          c.get('user'),
          { action: `policy.single_sign_on_creates_agents.${single_sign_on_creates_agents}` },
          'succeeded',
          200,
          null,
        );
      if (proof_above !== undefined)
        await d.audit.write(
          c.get('user'),
          {
            action: 'policy.proof_above',
            ...(proof_above ? { amount: proof_above } : {}),
          },
          'succeeded',
          200,
          null,
        );
      return c.json({
        two_factor,
        single_sign_on_creates_agents: await d.policy.singleSignOnCreatesAgents(),
        proof_above: await d.policy.proofAbove(),
      });
    }).app;
}
