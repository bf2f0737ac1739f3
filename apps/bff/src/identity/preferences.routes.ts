import {
  AwayRequestSchema,
  AwaySchema,
  ColleagueListSchema,
  ColleaguesQuerySchema,
  NotificationSettingsSchema,
  TimeZoneSettingSchema,
} from '@console/contract';
import { Hono } from 'hono';
import { ConsoleError } from '../platform/errors.ts';
import { doc } from '../platform/openapi-doc.ts';
import { parseBody, parseQuery } from '../platform/parse.ts';
import type { AppEnv } from '../platform/types.ts';
import type { AccountSteps } from './account-steps.ts';
import type { IdentityDeps } from './deps.ts';

/** How far ahead one may be away (decision 053): a year; longer is a person gone, for an admin to disable. */
const AWAY_DAYS = 366;

/** One's own choices: away and covered by a colleague (decision 053), whom work can go to, how changes are e-mailed
 * (decision 037), one's time zone (decision 049). */
export function preferenceRoutes(d: IdentityDeps, _s: AccountSteps) {
  return (
    new Hono<AppEnv>()
      // Away, covered by a colleague (decision 053): new changes and hold reminders go to the cover meanwhile.
      .get(
        '/away',
        doc({
          summary: 'Whether one is away now, until when, and who covers',
          tag: 'account',
          response: AwaySchema,
        }),
        async (c) => c.json({ away: await d.users.away(c.get('user').id, d.serviceFacts.now()) }),
      )
      .put(
        '/away',
        doc({
          summary:
            'Away until an instant (the service’s clock), covered by an active colleague: one’s new changes and hold reminders go to them meanwhile (audited)',
          tag: 'account',
          body: AwayRequestSchema,
          response: AwaySchema,
        }),
        async (c) => {
          const user = c.get('user');
          const body = await parseBody(c, AwayRequestSchema);
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
        },
      )
      .delete(
        '/away',
        doc({
          summary: 'Back: one’s changes and reminders come to oneself again (audited)',
          tag: 'account',
          response: AwaySchema,
        }),
        async (c) => {
          const user = c.get('user');
          await d.users.setAway(user.id, null);
          await d.audit.write(user, { action: 'account.back' }, 'succeeded', 200, null);
          return c.json({ away: null });
        },
      )
      .get(
        '/colleagues',
        doc({
          summary:
            'Active colleagues by name (names, e-mails and ids only): whom a change can be assigned to, who can cover',
          tag: 'account',
          query: ColleaguesQuerySchema,
          response: ColleagueListSchema,
        }),
        async (c) => c.json(await d.users.colleagues(parseQuery(c, ColleaguesQuerySchema))),
      )
      .get(
        '/notifications',
        doc({
          summary: 'How one hears of one’s bookings’ changes by e-mail: at once, a daily digest, or none',
          tag: 'account',
          response: NotificationSettingsSchema,
        }),
        async (c) => c.json({ change_email: await d.users.changeEmail(c.get('user').id) }),
      )
      .put(
        '/notifications',
        doc({
          summary:
            'Choose how one hears of one’s bookings’ changes by e-mail (the console’s list is always there)',
          tag: 'account',
          body: NotificationSettingsSchema,
          response: NotificationSettingsSchema,
        }),
        async (c) => {
          const { change_email } = await parseBody(c, NotificationSettingsSchema.strict());
          await d.users.setChangeEmail(c.get('user').id, change_email);
          return c.json({ change_email });
        },
      )
      .put(
        '/time-zone',
        doc({
          summary:
            'Choose the time zone the console’s own times are shown in (an IANA name; null: the browser’s own)',
          tag: 'account',
          body: TimeZoneSettingSchema,
          response: TimeZoneSettingSchema,
        }),
        async (c) => {
          const { time_zone } = await parseBody(c, TimeZoneSettingSchema);
          await d.users.setTimeZone(c.get('user').id, time_zone);
          return c.json({ time_zone });
        },
      )
  );
}
