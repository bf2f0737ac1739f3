import { accountApi } from '@console/contract';
import { ConsoleError } from '../platform/errors.ts';
import { router } from '../platform/route.ts';
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
    router('/account')
      // What changed on one's account (decision 035): newest first, unseen by default.
      .handle(accountApi.notices, async (c, { query }) =>
        c.json(await d.notices.list(c.get('user').id, query)),
      )
      // "This was me". For a way in added, only with a fresh proof by one's factor: a stolen session must not hide
      // from its owner what it added (the e-mail's link works on all the same).
      .handle(accountApi.noticeSeen, async (c, { params }) => {
        const user = c.get('user');
        const kind = await d.notices.kindOf(user.id, params.id);
        if (!kind)
          throw new ConsoleError('resource_not_found', {
            param: 'id',
            message: 'No such notice of yours.',
          });
        if (WAYS_IN.has(kind)) await requireFactorProof(c, hasFactor, d.clock);
        await d.notices.seen(user.id, params.id);
        return c.json({ seen: true });
      })
      // "This was not me": the way in removed, every session (this one too) and waiting sign-in ended. It removes a
      // way in too, so from a session it wants the same proof as that (decision 035); the e-mail's link does not.
      .handle(accountApi.noticeNotMe, async (c, { params }) => {
        const user = c.get('user');
        if (!(await d.notices.kindOf(user.id, params.id)))
          throw new ConsoleError('resource_not_found', {
            param: 'id',
            message: 'No such notice of yours.',
          });
        await requireFactorProof(c, hasFactor, d.clock);
        const ending = await d.notices.notMe({ userId: user.id, id: params.id });
        if (!ending)
          throw new ConsoleError('resource_not_found', {
            param: 'id',
            message: 'No such notice of yours.',
          });
        await takeBack(d, ending, requestOrigin(c, proxies));
        cookie.clear(c);
        return c.json({ signed_out_everywhere: true });
      }).app
  );
}
