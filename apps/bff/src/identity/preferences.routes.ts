import { accountApi } from '@console/contract';
import { ConsoleError } from '../platform/errors.ts';
import { router } from '../platform/route.ts';
import type { AccountSteps } from './account-steps.ts';
import type { IdentityDeps } from './deps.ts';

/** How far ahead one may be away (decision 053): a year; longer is a person gone, for an admin to disable. */
const AWAY_DAYS = 366;

/** One's own choices: away and covered by a colleague (decision 053), whom work can go to, how changes are e-mailed
 * (decision 037), one's time zone (decision 049). */
export function preferenceRoutes(d: IdentityDeps, _s: AccountSteps) {
  return (
    router('/account')
      // Away, covered by a colleague (decision 053): new changes and hold reminders go to the cover meanwhile.
      .handle(accountApi.away, async (c) =>
        c.json({ away: await d.users.away(c.get('user').id, d.serviceFacts.now()) }),
      )
      .handle(accountApi.setAway, async (c, { body }) => {
        const user = c.get('user');
        const until = new Date(Date.parse(body.until)).toISOString();
        const now = d.serviceFacts.now();
        if (Date.parse(until) <= now)
          throw new ConsoleError('validation_failed', {
            param: 'until',
            message: `until: ${until.replace('T', ' ').slice(0, 16)} UTC is not ahead: it is ${new Date(now).toISOString().replace('T', ' ').slice(0, 16)} UTC on the service's clock.`,
          });
        if (Date.parse(until) > now + AWAY_DAYS * 86_400_000)
          throw new ConsoleError('validation_failed', {
            param: 'until',
            message: `until: one is away at most a year ahead, until ${new Date(now + AWAY_DAYS * 86_400_000).toISOString().replace('T', ' ').slice(0, 16)} UTC on the service's clock. Choose an earlier time.`,
          });
        if (body.cover_user_id === user.id)
          throw new ConsoleError('validation_failed', {
            param: 'cover_user_id',
            message: 'cover_user_id: you cannot cover for yourself. Choose a colleague.',
          });
        const cover = await d.users.get(body.cover_user_id);
        if (!cover)
          throw new ConsoleError('validation_failed', {
            param: 'cover_user_id',
            message: 'cover_user_id: no colleague has this id. Choose one from the list.',
          });
        if (cover.disabled)
          throw new ConsoleError('validation_failed', {
            param: 'cover_user_id',
            message: `cover_user_id: ${cover.name} (${cover.email}) is disabled and cannot cover. Choose an active colleague.`,
          });
        if (!(await d.users.signsIn(cover.id)))
          throw new ConsoleError('validation_failed', {
            param: 'cover_user_id',
            message: `cover_user_id: ${cover.name} (${cover.email}) has not accepted their invitation yet and cannot cover. Choose an active colleague.`,
          });
        await d.users.setAway(user.id, { until, coverId: cover.id });
        await d.audit.write(user, { action: 'account.away', resourceId: cover.id }, 'succeeded', 200, null);
        return c.json({ away: await d.users.away(user.id, now) });
      })
      .handle(accountApi.back, async (c) => {
        const user = c.get('user');
        await d.users.setAway(user.id, null);
        await d.audit.write(user, { action: 'account.back' }, 'succeeded', 200, null);
        return c.json({ away: null });
      })
      .handle(accountApi.colleagues, async (c, { query }) => c.json(await d.users.colleagues(query)))
      .handle(accountApi.notifications, async (c) =>
        c.json({ change_email: await d.users.changeEmail(c.get('user').id) }),
      )
      .handle(accountApi.setNotifications, async (c, { body }) => {
        const { change_email } = body;
        await d.users.setChangeEmail(c.get('user').id, change_email);
        return c.json({ change_email });
      })
      .handle(accountApi.setTimeZone, async (c, { body }) => {
        const { time_zone } = body;
        await d.users.setTimeZone(c.get('user').id, time_zone);
        return c.json({ time_zone });
      }).app
  );
}
