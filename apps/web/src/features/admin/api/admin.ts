import {
  AccountFactorsSchema,
  AccountLinkSchema,
  type ConsoleUser,
  type CreateUserRequest,
  InvitationSchema,
  OfficeUserSchema,
  SignInOptionsSchema,
  SignInPolicySchema,
  type TwoFactorPolicy,
  type UpdateUserRequest,
  UserListSchema,
} from '@console/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api.ts';

export const usersQuery = queryOptions({
  queryKey: ['admin', 'users'],
  queryFn: ({ signal }) => api('/admin/users', { schema: UserListSchema, signal }),
});
/** A page of the users by email (`after`: the cursor of the page before). */
export const useUsers = (after = '') =>
  useQuery({
    queryKey: [...usersQuery.queryKey, after],
    queryFn: ({ signal }) =>
      api(`/admin/users${after ? `?${new URLSearchParams({ after })}` : ''}`, {
        schema: UserListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserRequest) =>
      api('/admin/users', { method: 'POST', body, schema: InvitationSchema }),
    onSuccess: () => void client.invalidateQueries({ queryKey: usersQuery.queryKey }),
  });
}

export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ user, change }: { user: ConsoleUser; change: UpdateUserRequest }) =>
      api(`/admin/users/${encodeURIComponent(user.id)}`, {
        method: 'PATCH',
        body: change,
        schema: OfficeUserSchema,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: usersQuery.queryKey }),
  });
}

/** A password reset: a new one-time link for the person (decision 030). */
export const useResetLink = () =>
  useMutation({
    mutationFn: (id: string) =>
      api(`/admin/users/${encodeURIComponent(id)}/reset-link`, { method: 'POST', schema: AccountLinkSchema }),
  });

/** An invitation sent again (decision 041): a new one-time link, the one before dead; a revoked one invited again. */
export function useResendInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/admin/users/${encodeURIComponent(id)}/invitation/resend`, {
        method: 'POST',
        schema: InvitationSchema,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: usersQuery.queryKey }),
  });
}

/** An invitation revoked (decision 041): its link dead, the person disabled and kept. */
export function useRevokeInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/admin/users/${encodeURIComponent(id)}/invitation/revoke`, {
        method: 'POST',
        schema: OfficeUserSchema,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: usersQuery.queryKey }),
  });
}

/** A user's second factors reset (a lost phone). */
export function useResetFactors() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/admin/users/${encodeURIComponent(id)}/factors/reset`, {
        method: 'POST',
        schema: z.object({ removed: z.number().int() }),
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: usersQuery.queryKey }),
  });
}

export const useSignInPolicy = () =>
  useQuery({
    queryKey: ['admin', 'sign-in-policy'],
    queryFn: ({ signal }) => api('/admin/sign-in-policy', { schema: SignInPolicySchema, signal }),
  });

/** Whether single sign-on is set up on this console (the sign-in page's own question). */
export const useSingleSignOn = () =>
  useQuery({
    queryKey: ['sign-in-options'],
    queryFn: ({ signal }) => api('/auth/options', { schema: SignInOptionsSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Whether the admin has a second step of their own: a policy covering them without one holds them (decision 042). */
export const useOwnFactors = () =>
  useQuery({
    queryKey: ['account', 'factors'],
    queryFn: ({ signal }) => api('/account/factors', { schema: AccountFactorsSchema, signal }),
  });

export function useSetSignInPolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      two_factor: TwoFactorPolicy;
      single_sign_on_creates_agents?: boolean;
      proof_above?: { amount: string; currency: string } | null;
      /** The policy covers the admin saving it, who has no second step: they said they know (decision 042). */
      confirm_covers_me?: boolean;
    }) => api('/admin/sign-in-policy', { method: 'PUT', body, schema: SignInPolicySchema }),
    onSuccess: (policy) => {
      client.setQueryData(['admin', 'sign-in-policy'], policy);
      // The admin may be covered now: who they are is read again (their next screen may be their account).
      void client.invalidateQueries({ queryKey: ['me'] });
    },
  });
}
