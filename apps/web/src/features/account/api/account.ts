import { type AwayRequest, accountApi, type RouteBody } from '@console/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { meQuery } from '../../../lib/me.ts';
import { ownFactorsQuery } from '../../../lib/prove.ts';

/** One's own account: ['account', …] (decision 028). */
export const sessionsQuery = queryOptions({
  queryKey: ['account', 'sessions'],
  queryFn: ({ signal }) => call(accountApi.sessions, { signal }),
});
export const useSessions = () => useQuery(sessionsQuery);

export const useSignIns = () =>
  useQuery({
    queryKey: ['account', 'sign-ins'],
    queryFn: ({ signal }) => call(accountApi.signIns, { signal }),
  });

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(accountApi.endSession, { params: { id } }),
    onSettled: () => void client.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}

export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(accountApi.endOtherSessions, {}),
    onSettled: () => void client.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof accountApi.changePassword>) =>
      call(accountApi.changePassword, { body }),
    // The other sessions ended with the change.
    onSuccess: () => void client.invalidateQueries({ queryKey: ['account'] }),
  });
}

/** One's ways in: the same query the shell's proof dialog reads. */
export const factorsQuery = ownFactorsQuery;
export const useFactors = () => useQuery(factorsQuery);

export const useBeginTotp = () =>
  useMutation({
    mutationFn: (name: string) => call(accountApi.beginTotp, { body: { name } }),
  });

export function useConfirmTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, code }: { id: string; code: string }) =>
      call(accountApi.confirmTotp, { params: { id }, body: { code } }),
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
      const made = await makePasskey(() => call(accountApi.passkeyOptions, {}));
      return call(accountApi.addPasskey, { body: { ...made, name } });
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
    mutationFn: (id: string) => call(accountApi.removeFactor, { params: { id } }),
    onSettled: () => void client.invalidateQueries({ queryKey: factorsQuery.queryKey }),
  });
}

export function useRenewRecoveryCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(accountApi.renewRecoveryCodes, {}),
    onSettled: () => void client.invalidateQueries({ queryKey: factorsQuery.queryKey }),
  });
}

/** What changed on one's account (decision 035): unseen first; all, newest first, on request. */
export const noticesQuery = (state: 'unseen' | 'all') =>
  queryOptions({
    queryKey: ['account', 'notices', state],
    queryFn: ({ signal }) => call(accountApi.notices, { query: { state }, signal }),
  });
export const useNotices = (state: 'unseen' | 'all') => useQuery(noticesQuery(state));

export function useNoticeSeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(accountApi.noticeSeen, { params: { id } }),
    onSettled: () => void client.invalidateQueries({ queryKey: ['account', 'notices'] }),
  });
}

/** "This was not me": the way in removed and every session ended, this one too. */
export const useNotMe = () =>
  useMutation({
    mutationFn: (id: string) => call(accountApi.noticeNotMe, { params: { id } }),
  });

/** To the office's provider to connect one's identity there: the browser goes where the console says. */
export const useConnectSingleSignOn = () =>
  useMutation({
    mutationFn: () => call(accountApi.connectSingleSignOn, { body: { return_to: '/account' } }),
    onSuccess: ({ url }) => window.location.assign(url),
  });

export function useDisconnectSingleSignOn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(accountApi.disconnectSingleSignOn, {}),
    onSettled: () => void client.invalidateQueries({ queryKey: factorsQuery.queryKey }),
  });
}

/** How one hears of one's bookings' changes by e-mail (decision 037). */
export const notificationsQuery = queryOptions({
  queryKey: ['account', 'notifications'],
  queryFn: ({ signal }) => call(accountApi.notifications, { signal }),
});
export const useNotifications = () => useQuery(notificationsQuery);

export function useSetNotifications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof accountApi.setNotifications>) =>
      call(accountApi.setNotifications, { body }),
    onSuccess: (saved) => client.setQueryData(notificationsQuery.queryKey, saved),
  });
}

/** The time zone the console's own times are shown in (decision 049): kept with the person, given in /me. */
export function useSetTimeZone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof accountApi.setTimeZone>) => call(accountApi.setTimeZone, { body }),
    onSuccess: (saved) =>
      client.setQueryData(meQuery.queryKey, (me) =>
        me ? { ...me, user: { ...me.user, time_zone: saved.time_zone } } : me,
      ),
  });
}

/** Away until an instant, covered by a colleague (decision 053): ['account', 'away']. */
const awayQuery = queryOptions({
  queryKey: ['account', 'away'],
  queryFn: ({ signal }) => call(accountApi.away, { signal }),
});
export const useAway = () => useQuery(awayQuery);

export function useSetAway() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AwayRequest | null) =>
      body ? call(accountApi.setAway, { body }) : call(accountApi.back, {}),
    onSuccess: (saved) => client.setQueryData(awayQuery.queryKey, saved),
  });
}
