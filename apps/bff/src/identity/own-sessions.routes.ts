import {
  type AccountFactors,
  AccountFactorsSchema,
  AuditEntrySchema,
  OwnSessionListSchema,
} from '@console/contract';
import { Hono } from 'hono';
import { z } from 'zod';
import { ConsoleError } from '../platform/errors.ts';
import { doc } from '../platform/openapi-doc.ts';
import { pathId } from '../platform/parse.ts';
import type { AppEnv } from '../platform/types.ts';
import type { AccountSteps } from './account-steps.ts';
import type { IdentityDeps } from './deps.ts';
import { publicSessionId } from './sessions.ts';

/** How many of one's own sign-ins the account page shows. */
const RECENT_SIGN_INS = 20;

/** One's own sign-in sessions (decision 028): listed with "this browser" marked, ended one by one or all the others;
 * one's recent sign-ins. */
export function ownSessionRoutes(d: IdentityDeps, s: AccountSteps) {
  const { cookie } = s;
  return new Hono<AppEnv>()
    .get(
      '/sessions',
      doc({
        summary: "One's own sign-in sessions: where and in what each began, this browser marked",
        tag: 'account',
        response: OwnSessionListSchema,
      }),
      async (c) => {
        const user = c.get('user');
        return c.json({ data: await d.sessions.sessionsOf(user.id, user.sessionId) });
      },
    )
    .delete(
      '/sessions/:id',
      doc({
        summary: 'Sign one of one’s own other sessions out (audited)',
        tag: 'account',
        response: z.object({ ended: z.number().int() }),
      }),
      async (c) => {
        const user = c.get('user');
        const ended = await d.sessions.endOwnSession(user.id, pathId(c, 'id'));
        if (!ended)
          throw new ConsoleError('resource_not_found', {
            param: 'id',
            message: 'No such session of yours.',
          });
        await d.audit.write(user, { action: 'session.end' }, 'succeeded', 200, null);
        // This browser's own session: its cookies go with it.
        if (pathId(c, 'id') === publicSessionId(user.sessionId)) cookie.clear(c);
        return c.json({ ended: 1 });
      },
    )
    .post(
      '/sessions/end-others',
      doc({
        summary: 'Sign every other session of one’s own out (audited)',
        tag: 'account',
        response: z.object({ ended: z.number().int() }),
      }),
      async (c) => {
        const user = c.get('user');
        const ended = await d.sessions.endSessionsOf(user.id, user.sessionId);
        await d.audit.write(user, { action: 'session.end_others' }, 'succeeded', 200, null);
        return c.json({ ended });
      },
    )
    .get(
      '/sign-ins',
      doc({
        summary: "One's own recent sign-in attempts, newest first",
        tag: 'account',
        response: z.object({ data: z.array(AuditEntrySchema) }),
      }),
      async (c) => c.json({ data: await d.audit.signInsOf(c.get('user').email, RECENT_SIGN_INS) }),
    )
    .get(
      '/factors',
      doc({
        summary: "One's second factors, and how many recovery codes are left",
        tag: 'account',
        response: AccountFactorsSchema,
      }),
      async (c) => {
        const user = c.get('user');
        const factors: AccountFactors = {
          ...(await d.factors.list(user.id)),
          password: await d.users.hasPassword(user.id),
          single_sign_on: d.oidc
            ? { name: d.oidc.name, connected: await d.identities.connected(user.id) }
            : null,
        };
        return c.json(factors);
      },
    );
}
