import { SetSignInPolicyRequestSchema, SignInPolicySchema } from '@console/contract';
import { Hono } from 'hono';
import { ConsoleError } from '../platform/errors.ts';
import { doc } from '../platform/openapi-doc.ts';
import { parseBody } from '../platform/parse.ts';
import { requireRole } from '../platform/roles.ts';
import type { AppEnv } from '../platform/types.ts';
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
  return new Hono<AppEnv>()
    .use('*', requireRole('admin'))
    .get(
      '/sign-in-policy',
      doc({
        summary: 'Who must sign in with a second factor: nobody, admins or everyone',
        tag: 'admin',
        response: SignInPolicySchema,
        admin: true,
      }),
      async (c) =>
        c.json({
          two_factor: await d.policy.get(),
          single_sign_on_creates_agents: await d.policy.singleSignOnCreatesAgents(),
          proof_above: await d.policy.proofAbove(),
        }),
    )
    .put(
      '/sign-in-policy',
      doc({
        summary:
          'Set who must sign in with a second factor; people it covers without one reach only their account (audited). One that covers the admin saving it, who has none, is refused (409 policy_covers_you) unless confirmed',
        tag: 'admin',
        body: SetSignInPolicyRequestSchema,
        response: SignInPolicySchema,
        admin: true,
      }),
      async (c) => {
        const { two_factor, single_sign_on_creates_agents, proof_above, confirm_covers_me } = await parseBody(
          c,
          SetSignInPolicyRequestSchema,
        );
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
      },
    );
}
