import { adminUsersApi, authApi, type ConsoleUser, type RouteBody } from '@console/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, call } from '../../../lib/api.ts';
import { ownFactorsQuery } from '../../../lib/prove.ts';

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
