import { authApi, type Me, type RouteBody } from '@console/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { meQuery } from '../../../lib/me.ts';

/** A right password signs in, or, for a person with a second factor, asks for it (decision 029). */
export const signIn = (body: RouteBody<typeof authApi.signIn>) => call(authApi.signIn, { body });
export const secondFactor = (body: RouteBody<typeof authApi.secondFactor>) =>
  call(authApi.secondFactor, { body });

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (answer) => {
      if ('user' in answer) queryClient.setQueryData(meQuery.queryKey, answer);
    },
  });
}

export function useSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: secondFactor,
    onSuccess: (me: Me) => queryClient.setQueryData(meQuery.queryKey, me),
  });
}

/** What the sign-in page offers beyond a password: single sign-on, when the operator set it up (decision 031). */
export const useSignInOptions = () =>
  useQuery({
    queryKey: ['sign-in-options'],
    queryFn: ({ signal }) => call(authApi.options, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The second step's methods of a sign-in that arrived by a redirect (single sign-on). */
export const usePendingSecondStep = (enabled: boolean) =>
  useQuery({
    queryKey: ['second-step'],
    queryFn: ({ signal }) => call(authApi.secondFactorMethods, { signal }),
    enabled,
    retry: false,
  });

/** A passkey alone signs in; it also finishes a sign-in waiting for its second step. */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { signWithPasskey } = await import('../../../lib/passkeys.ts');
      const answer = await signWithPasskey(() => call(authApi.passkeyOptions, {}));
      return call(authApi.passkey, { body: answer });
    },
    onSuccess: (me: Me) => queryClient.setQueryData(meQuery.queryKey, me),
  });
}
