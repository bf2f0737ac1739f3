import {
  AuditListSchema,
  adminUsersApi,
  authApi,
  type ConsoleUser,
  CreditBalanceResponseSchema,
  IntrospectionSchema,
  type RouteBody,
  SessionStateSchema,
  WalletSchema,
} from '@console/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, call } from '../../../lib/api.ts';
import { ownFactorsQuery } from '../../../lib/prove.ts';

/** The wallet: ['wallet'] is invalidated by every money-moving action anywhere in the console. */
export const walletQuery = queryOptions({
  queryKey: ['wallet'],
  queryFn: ({ signal }) => api('/wallet', { schema: WalletSchema, signal }),
});
export const useWallet = () => useQuery(walletQuery);

export const useCredentials = () =>
  useQuery({
    queryKey: ['admin', 'credentials'],
    queryFn: ({ signal }) => api('/admin/credentials', { schema: IntrospectionSchema, signal }),
  });

export const useSessionState = () =>
  useQuery({
    queryKey: ['admin', 'session'],
    queryFn: ({ signal }) => api('/admin/session', { schema: SessionStateSchema, signal }),
  });

export function useCreditBalance(enabled: boolean) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['admin', 'session', 'credit-balance'],
    queryFn: async ({ signal }) => {
      const balance = await api('/admin/session/credit-balance', {
        schema: CreditBalanceResponseSchema,
        signal,
      });
      // The read may have opened the session: its state is read again (that query only, not this one).
      void client.invalidateQueries({ queryKey: ['admin', 'session'], exact: true });
      return balance;
    },
    enabled,
    retry: false,
  });
}

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('/admin/session/end', { method: 'POST', schema: z.looseObject({}) }),
    // The balance read belonged to the ended session: forgotten, so the next read asks the service again.
    onSuccess: () => client.removeQueries({ queryKey: ['admin', 'session', 'credit-balance'] }),
    onSettled: () => void client.invalidateQueries({ queryKey: ['admin', 'session'], exact: true }),
  });
}

export const usersQuery = queryOptions({
  queryKey: ['admin', 'users'],
  queryFn: ({ signal }) => call(adminUsersApi.list, { signal }),
});
/** A page of the users by email (`after`: the cursor of the page before). */
export const useUsers = (after = '') =>
  useQuery({
    queryKey: [...usersQuery.queryKey, after],
    queryFn: ({ signal }) => call(adminUsersApi.list, { query: { after: after || undefined }, signal }),
    placeholderData: keepPreviousData,
  });

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof adminUsersApi.invite>) => call(adminUsersApi.invite, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: usersQuery.queryKey }),
  });
}

export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ user, change }: { user: ConsoleUser; change: RouteBody<typeof adminUsersApi.update> }) =>
      call(adminUsersApi.update, { params: { id: user.id }, body: change }),
    onSuccess: () => void client.invalidateQueries({ queryKey: usersQuery.queryKey }),
  });
}

/** A password reset: a new one-time link for the person (decision 030). */
export const useResetLink = () =>
  useMutation({
    mutationFn: (id: string) => call(adminUsersApi.resetLink, { params: { id } }),
  });

/** An invitation sent again (decision 041): a new one-time link, the one before dead; a revoked one invited again. */
export function useResendInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(adminUsersApi.resendInvitation, { params: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: usersQuery.queryKey }),
  });
}

/** An invitation revoked (decision 041): its link dead, the person disabled and kept. */
export function useRevokeInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(adminUsersApi.revokeInvitation, { params: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: usersQuery.queryKey }),
  });
}

/** A user's second factors reset (a lost phone). */
export function useResetFactors() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(adminUsersApi.resetFactors, { params: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: usersQuery.queryKey }),
  });
}

export const useAudit = (search: string) =>
  useQuery({
    queryKey: ['admin', 'audit', search],
    queryFn: ({ signal }) => api(`/admin/audit?${search}`, { schema: AuditListSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const useSignInPolicy = () =>
  useQuery({
    queryKey: ['admin', 'sign-in-policy'],
    queryFn: ({ signal }) => call(adminUsersApi.signInPolicy, { signal }),
  });

/** Whether single sign-on is set up on this console (the sign-in page's own question). */
export const useSingleSignOn = () =>
  useQuery({
    queryKey: ['sign-in-options'],
    queryFn: ({ signal }) => call(authApi.options, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Whether the admin has a second step of their own: a policy covering them without one holds them (decision 042). */
export const useOwnFactors = () => useQuery(ownFactorsQuery);

export function useSetSignInPolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof adminUsersApi.setSignInPolicy>) =>
      call(adminUsersApi.setSignInPolicy, { body }),
    onSuccess: (policy) => {
      client.setQueryData(['admin', 'sign-in-policy'], policy);
      // The admin may be covered now: who they are is read again (their next screen may be their account).
      void client.invalidateQueries({ queryKey: ['me'] });
    },
  });
}
