import { SecurityNoticeListSchema, SecurityNoticesQuerySchema } from '@console/contract';
import { Hono } from 'hono';
import { z } from 'zod';
import { ConsoleError } from '../platform/errors.ts';
import { doc } from '../platform/openapi-doc.ts';
import { parseQuery, pathId } from '../platform/parse.ts';
import type { AppEnv } from '../platform/types.ts';
import type { AccountSteps } from './account-steps.ts';
import type { IdentityDeps } from './deps.ts';
import { requireFactorProof } from './guards.ts';
import { takeBack } from './not-me.ts';
import { requestOrigin } from './sign-in.ts';

/** The notices of a way in added: answering them wants a proof by one's factor. */
const WAYS_IN = new Set(['factor_added', 'identity_connected', 'recovery_codes_renewed']);

/** What changed on one's account (decision 035): the notices, "this was me" and "this was not me". */
export function noticeRoutes(d: IdentityDeps, s: AccountSteps) {
  const { cookie, proxies, hasFactor } = s;
  return (
    new Hono<AppEnv>()
      // What changed on one's account (decision 035): newest first, unseen by default.
      .get(
        '/notices',
        doc({
          summary:
            'What changed on one’s account (a way in added, many wrong tries), newest first, unseen by default',
          tag: 'account',
          query: SecurityNoticesQuerySchema,
          response: SecurityNoticeListSchema,
        }),
        async (c) =>
          c.json(await d.notices.list(c.get('user').id, parseQuery(c, SecurityNoticesQuerySchema))),
      )
      // "This was me". For a way in added, only with a fresh proof by one's factor: a stolen session must not hide
      // from its owner what it added (the e-mail's link works on all the same).
      .post(
        '/notices/:id/seen',
        doc({
          summary: '“This was me”: the notice is seen',
          tag: 'account',
          response: z.object({ seen: z.literal(true) }),
        }),
        async (c) => {
          const user = c.get('user');
          const kind = await d.notices.kindOf(user.id, pathId(c, 'id'));
          if (!kind)
            throw new ConsoleError('resource_not_found', {
              param: 'id',
              message: 'No such notice of yours.',
            });
          if (WAYS_IN.has(kind)) await requireFactorProof(c, hasFactor, d.clock);
          await d.notices.seen(user.id, pathId(c, 'id'));
          return c.json({ seen: true });
        },
      )
      // "This was not me": the way in removed, every session (this one too) and waiting sign-in ended. It removes a
      // way in too, so from a session it wants the same proof as that (decision 035); the e-mail's link does not.
      .post(
        '/notices/:id/not-me',
        doc({
          summary: '“This was not me”: the way in removed, every session (this one too) ended',
          tag: 'account',
          response: z.object({ signed_out_everywhere: z.literal(true) }),
        }),
        async (c) => {
          const user = c.get('user');
          if (!(await d.notices.kindOf(user.id, pathId(c, 'id'))))
            throw new ConsoleError('resource_not_found', {
              param: 'id',
              message: 'No such notice of yours.',
            });
          await requireFactorProof(c, hasFactor, d.clock);
          const ending = await d.notices.notMe({ userId: user.id, id: pathId(c, 'id') });
          if (!ending)
            throw new ConsoleError('resource_not_found', {
              param: 'id',
              message: 'No such notice of yours.',
            });
          await takeBack(d, ending, requestOrigin(c, proxies));
          cookie.clear(c);
          return c.json({ signed_out_everywhere: true });
        },
      )
  );
}
