import { type AccountFactors, accountApi, proofApi } from '@console/contract';
import { ConsoleError } from '../platform/errors.ts';
import { router } from '../platform/route.ts';
import type { AccountSteps } from './account-steps.ts';
import type { IdentityDeps } from './deps.ts';
import { publicSessionId } from './sessions.ts';

/** How many of one's own sign-ins the account page shows. */
const RECENT_SIGN_INS = 20;

/** One's own sign-in sessions (decision 028): listed with "this browser" marked, ended one by one or all the others;
 * one's recent sign-ins. */
export function ownSessionRoutes(d: IdentityDeps, s: AccountSteps) {
  const { cookie } = s;
  return router('/account')
    .handle(accountApi.sessions, async (c) => {
      const user = c.get('user');
      return c.json({ data: await d.sessions.sessionsOf(user.id, user.sessionId) });
    })
    .handle(accountApi.endSession, async (c, { params }) => {
      const user = c.get('user');
      const ended = await d.sessions.endOwnSession(user.id, params.id);
      if (!ended)
        throw new ConsoleError('resource_not_found', {
          param: 'id',
          message: 'No such session of yours.',
        });
      await d.audit.write(user, { action: 'session.end' }, 'succeeded', 200, null);
      // This browser's own session: its cookies go with it.
      if (params.id === publicSessionId(user.sessionId)) cookie.clear(c);
      return c.json({ ended: 1 });
    })
    .handle(accountApi.endOtherSessions, async (c) => {
      const user = c.get('user');
      const ended = await d.sessions.endSessionsOf(user.id, user.sessionId);
      await d.audit.write(user, { action: 'session.end_others' }, 'succeeded', 200, null);
      return c.json({ ended });
    })
    .handle(accountApi.signIns, async (c) =>
      c.json({ data: await d.audit.signInsOf(c.get('user').email, RECENT_SIGN_INS) }),
    )
    .handle(proofApi.factors, async (c) => {
      const user = c.get('user');
      const factors: AccountFactors = {
        ...(await d.factors.list(user.id)),
        password: await d.users.hasPassword(user.id),
        single_sign_on: d.oidc
          ? { name: d.oidc.name, connected: await d.identities.connected(user.id) }
          : null,
      };
      return c.json(factors);
    }).app;
}
