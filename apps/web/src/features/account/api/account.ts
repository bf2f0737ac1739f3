import {
  AccountFactorsSchema,
  AuditEntrySchema,
  type AwayRequest,
  AwaySchema,
  type ChangePasswordRequest,
  type NotificationSettings,
  NotificationSettingsSchema,
  OwnSessionListSchema,
  RecoveryCodesSchema,
  SecurityNoticeListSchema,
  SingleSignOnRedirectSchema,
  type TimeZoneSetting,
  TimeZoneSettingSchema,
  TotpEnrolmentSchema,
} from '@console/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api.ts';
import { meQuery } from '../../../lib/me.ts';

/** One's own account: ['account', …] (decision 028). */
export const sessionsQuery = queryOptions({
  queryKey: ['account', 'sessions'],
  queryFn: ({ signal }) => api('/account/sessions', { schema: OwnSessionListSchema, signal }),
});
export const useSessions = () => useQuery(sessionsQuery);

export const useSignIns = () =>
  useQuery({
    queryKey: ['account', 'sign-ins'],
    queryFn: ({ signal }) =>
      api('/account/sign-ins', { schema: z.object({ data: z.array(AuditEntrySchema) }), signal }),
  });

const Ended = z.object({ ended: z.number().int() });

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE', schema: Ended }),
    onSettled: () => void client.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}

export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('/account/sessions/end-others', { method: 'POST', schema: Ended }),
    onSettled: () => void client.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) =>
      api('/account/password', { method: 'POST', body, schema: z.object({ changed: z.literal(true) }) }),
    // The other sessions ended with the change.
    onSuccess: () => void client.invalidateQueries({ queryKey: ['account'] }),
  });
}

export const factorsQuery = queryOptions({
  queryKey: ['account', 'factors'],
  queryFn: ({ signal }) => api('/account/factors', { schema: AccountFactorsSchema, signal }),
});
export const useFactors = () => useQuery(factorsQuery);

export const useBeginTotp = () =>
  useMutation({
    mutationFn: (name: string) =>
      api('/account/factors/totp', { method: 'POST', body: { name }, schema: TotpEnrolmentSchema }),
  });

export function useConfirmTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, code }: { id: string; code: string }) =>
      api(`/account/factors/totp/${encodeURIComponent(id)}/confirm`, {
        method: 'POST',
        body: { code },
        schema: RecoveryCodesSchema,
      }),
    // Who one is is read again too: a session the office's policy held to the account page opens up.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: factorsQuery.queryKey });
      void client.invalidateQueries({ queryKey: meQuery.queryKey });
    },
  });
}

/** A passkey made by this browser (decision 031), kept under a name; the first factor brings recovery codes. */
export function useAddPasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const { makePasskey } = await import('../../../lib/passkeys.ts');
      const made = await makePasskey('/account/factors/passkey/options');
      return api('/account/factors/passkey', {
        method: 'POST',
        body: { ...made, name },
        schema: RecoveryCodesSchema.extend({ id: z.string() }),
      });
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: factorsQuery.queryKey });
      void client.invalidateQueries({ queryKey: meQuery.queryKey });
    },
  });
}

export function useRemoveFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/account/factors/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        schema: z.object({ removed: z.literal(true) }),
      }),
    onSettled: () => void client.invalidateQueries({ queryKey: factorsQuery.queryKey }),
  });
}

export function useRenewRecoveryCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('/account/recovery-codes', { method: 'POST', schema: RecoveryCodesSchema }),
    onSettled: () => void client.invalidateQueries({ queryKey: factorsQuery.queryKey }),
  });
}

/** What changed on one's account (decision 035): unseen first; all, newest first, on request. */
export const noticesQuery = (state: 'unseen' | 'all') =>
  queryOptions({
    queryKey: ['account', 'notices', state],
    queryFn: ({ signal }) =>
      api(`/account/notices?state=${state}`, { schema: SecurityNoticeListSchema, signal }),
  });
export const useNotices = (state: 'unseen' | 'all') => useQuery(noticesQuery(state));

export function useNoticeSeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/account/notices/${encodeURIComponent(id)}/seen`, {
        method: 'POST',
        schema: z.object({ seen: z.literal(true) }),
      }),
    onSettled: () => void client.invalidateQueries({ queryKey: ['account', 'notices'] }),
  });
}

/** "This was not me": the way in removed and every session ended, this one too. */
export const useNotMe = () =>
  useMutation({
    mutationFn: (id: string) =>
      api(`/account/notices/${encodeURIComponent(id)}/not-me`, {
        method: 'POST',
        schema: z.object({ signed_out_everywhere: z.literal(true) }),
      }),
  });

/** To the office's provider to connect one's identity there: the browser goes where the console says. */
export const useConnectSingleSignOn = () =>
  useMutation({
    mutationFn: () =>
      api('/account/single-sign-on', {
        method: 'POST',
        body: { return_to: '/account' },
        schema: SingleSignOnRedirectSchema,
      }),
    onSuccess: ({ url }) => window.location.assign(url),
  });

export function useDisconnectSingleSignOn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api('/account/single-sign-on', { method: 'DELETE', schema: z.object({ removed: z.number().int() }) }),
    onSettled: () => void client.invalidateQueries({ queryKey: factorsQuery.queryKey }),
  });
}

/** How one hears of one's bookings' changes by e-mail (decision 037). */
export const notificationsQuery = queryOptions({
  queryKey: ['account', 'notifications'],
  queryFn: ({ signal }) => api('/account/notifications', { schema: NotificationSettingsSchema, signal }),
});
export const useNotifications = () => useQuery(notificationsQuery);

export function useSetNotifications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettings) =>
      api('/account/notifications', { method: 'PUT', body, schema: NotificationSettingsSchema }),
    onSuccess: (saved) => client.setQueryData(notificationsQuery.queryKey, saved),
  });
}

/** The time zone the console's own times are shown in (decision 049): kept with the person, given in /me. */
export function useSetTimeZone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TimeZoneSetting) =>
      api('/account/time-zone', { method: 'PUT', body, schema: TimeZoneSettingSchema }),
    onSuccess: (saved) =>
      client.setQueryData(meQuery.queryKey, (me) =>
        me ? { ...me, user: { ...me.user, time_zone: saved.time_zone } } : me,
      ),
  });
}

/** Away until an instant, covered by a colleague (decision 053): ['account', 'away']. */
const awayQuery = queryOptions({
  queryKey: ['account', 'away'],
  queryFn: ({ signal }) => api('/account/away', { schema: AwaySchema, signal }),
});
export const useAway = () => useQuery(awayQuery);

export function useSetAway() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AwayRequest | null) =>
      body
        ? api('/account/away', { method: 'PUT', body, schema: AwaySchema })
        : api('/account/away', { method: 'DELETE', schema: AwaySchema }),
    onSuccess: (saved) => client.setQueryData(awayQuery.queryKey, saved),
  });
}
