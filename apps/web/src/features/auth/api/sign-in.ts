import { MeSchema, type SignInRequest } from '@console/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api.ts';
import { meQuery } from '../../../lib/me.ts';

export const signIn = (body: SignInRequest) =>
  api('/auth/sign-in', { method: 'POST', body, schema: MeSchema });
export const signOut = () =>
  api('/auth/sign-out', { method: 'POST', schema: z.object({ signed_out: z.literal(true) }) });

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (me) => queryClient.setQueryData(meQuery.queryKey, me),
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => queryClient.clear(),
  });
}
