import { z } from 'zod';
import {
  AddPasskeyRequestSchema,
  BeginTotpRequestSchema,
  ChangePasswordRequestSchema,
  ConfirmTotpRequestSchema,
  OwnSessionListSchema,
  PasskeyCeremonySchema,
  RecoveryCodesSchema,
  SecurityNoticeListSchema,
  SecurityNoticesQuerySchema,
  SingleSignOnRedirectRequestSchema,
  SingleSignOnRedirectSchema,
  TimeZoneSettingSchema,
  TotpEnrolmentSchema,
} from '../account.ts';
import { NotificationSettingsSchema } from '../changes.ts';
import { AuditEntrySchema } from '../console-admin.ts';
import { consoleRoute } from '../console-route.ts';
import { AwayRequestSchema, AwaySchema, ColleagueListSchema, ColleaguesQuerySchema } from '../queue.ts';

const ended = z.object({ ended: z.number().int() });

/** One's own account (decisions 028–037, 049, 053), in the order the document lists them. */
export const away = consoleRoute({
  method: 'GET',
  path: '/account/away',
  summary: 'Whether one is away now, until when, and who covers',
  tag: 'account',
  response: AwaySchema,
});

export const setAway = consoleRoute({
  method: 'PUT',
  path: '/account/away',
  summary:
    'Away until an instant (the service’s clock), covered by an active colleague: one’s new changes and hold reminders go to them meanwhile (audited)',
  tag: 'account',
  body: AwayRequestSchema,
  response: AwaySchema,
});

export const back = consoleRoute({
  method: 'DELETE',
  path: '/account/away',
  summary: 'Back: one’s changes and reminders come to oneself again (audited)',
  tag: 'account',
  response: AwaySchema,
});

export const colleagues = consoleRoute({
  method: 'GET',
  path: '/account/colleagues',
  summary:
    'Active colleagues by name (names, e-mails and ids only): whom a change can be assigned to, who can cover',
  tag: 'account',
  query: ColleaguesQuerySchema,
  response: ColleagueListSchema,
});

export const notifications = consoleRoute({
  method: 'GET',
  path: '/account/notifications',
  summary: 'How one hears of one’s bookings’ changes by e-mail: at once, a daily digest, or none',
  tag: 'account',
  response: NotificationSettingsSchema,
});

export const setNotifications = consoleRoute({
  method: 'PUT',
  path: '/account/notifications',
  summary: 'Choose how one hears of one’s bookings’ changes by e-mail (the console’s list is always there)',
  tag: 'account',
  body: NotificationSettingsSchema.strict(),
  response: NotificationSettingsSchema,
});

export const setTimeZone = consoleRoute({
  method: 'PUT',
  path: '/account/time-zone',
  summary:
    'Choose the time zone the console’s own times are shown in (an IANA name; null: the browser’s own)',
  tag: 'account',
  body: TimeZoneSettingSchema,
  response: TimeZoneSettingSchema,
});

export const sessions = consoleRoute({
  method: 'GET',
  path: '/account/sessions',
  summary: "One's own sign-in sessions: where and in what each began, this browser marked",
  tag: 'account',
  response: OwnSessionListSchema,
});

export const endSession = consoleRoute({
  method: 'DELETE',
  path: '/account/sessions/{id}',
  summary: 'Sign one of one’s own other sessions out (audited)',
  tag: 'account',
  response: ended,
});

export const endOtherSessions = consoleRoute({
  method: 'POST',
  path: '/account/sessions/end-others',
  summary: 'Sign every other session of one’s own out (audited)',
  tag: 'account',
  response: ended,
});

export const signIns = consoleRoute({
  method: 'GET',
  path: '/account/sign-ins',
  summary: "One's own recent sign-in attempts, newest first",
  tag: 'account',
  response: z.object({ data: z.array(AuditEntrySchema) }),
});

export const beginTotp = consoleRoute({
  method: 'POST',
  path: '/account/factors/totp',
  summary: 'Start adding an authenticator app: its key as text, URI and QR code, shown once',
  tag: 'account',
  body: BeginTotpRequestSchema,
  response: TotpEnrolmentSchema,
  status: 201,
});

export const confirmTotp = consoleRoute({
  method: 'POST',
  path: '/account/factors/totp/{id}/confirm',
  summary:
    'Confirm an authenticator app with a code from it; the first factor comes with ten recovery codes, shown once (audited)',
  tag: 'account',
  body: ConfirmTotpRequestSchema,
  response: RecoveryCodesSchema,
});

export const passkeyOptions = consoleRoute({
  method: 'POST',
  path: '/account/factors/passkey/options',
  summary: 'Begin making a passkey of one’s own: WebAuthn options for the browser, and the ceremony’s token',
  tag: 'account',
  response: PasskeyCeremonySchema,
});

export const addPasskey = consoleRoute({
  method: 'POST',
  path: '/account/factors/passkey',
  summary:
    'Keep the browser’s new passkey under a name; the first factor comes with ten recovery codes, shown once (audited)',
  tag: 'account',
  body: AddPasskeyRequestSchema,
  response: RecoveryCodesSchema.extend({ id: z.string() }),
  status: 201,
});

export const removeFactor = consoleRoute({
  method: 'DELETE',
  path: '/account/factors/{id}',
  summary: 'Remove one of one’s passkeys or authenticator apps (audited)',
  tag: 'account',
  response: z.object({ removed: z.literal(true) }),
});

export const renewRecoveryCodes = consoleRoute({
  method: 'POST',
  path: '/account/recovery-codes',
  summary:
    'Ten new recovery codes, the old ones void, shown once (audited); wants a fresh proof with one’s factor',
  tag: 'account',
  response: RecoveryCodesSchema,
});

export const connectSingleSignOn = consoleRoute({
  method: 'POST',
  path: '/account/single-sign-on',
  summary:
    'Connect one’s identity at the office’s provider (a fresh proof with one’s factor first): where to send the browser',
  tag: 'account',
  body: SingleSignOnRedirectRequestSchema,
  response: SingleSignOnRedirectSchema,
});

export const disconnectSingleSignOn = consoleRoute({
  method: 'DELETE',
  path: '/account/single-sign-on',
  summary: 'Disconnect one’s identity at the office’s provider (a fresh proof first)',
  tag: 'account',
  response: z.object({ removed: z.number().int() }),
});

export const notices = consoleRoute({
  method: 'GET',
  path: '/account/notices',
  summary:
    'What changed on one’s account (a way in added, many wrong tries), newest first, unseen by default',
  tag: 'account',
  query: SecurityNoticesQuerySchema,
  response: SecurityNoticeListSchema,
});

export const noticeSeen = consoleRoute({
  method: 'POST',
  path: '/account/notices/{id}/seen',
  summary: '“This was me”: the notice is seen',
  tag: 'account',
  response: z.object({ seen: z.literal(true) }),
});

export const noticeNotMe = consoleRoute({
  method: 'POST',
  path: '/account/notices/{id}/not-me',
  summary: '“This was not me”: the way in removed, every session (this one too) ended',
  tag: 'account',
  response: z.object({ signed_out_everywhere: z.literal(true) }),
});

export const changePassword = consoleRoute({
  method: 'POST',
  path: '/account/password',
  summary: 'Change one’s own password with the current one; other sessions end (audited)',
  tag: 'account',
  body: ChangePasswordRequestSchema,
  response: z.object({ changed: z.literal(true) }),
});
