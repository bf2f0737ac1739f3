import {
  type Me,
  MeSchema,
  SecondFactorNeededSchema,
  type SecondFactorRequest,
  type SignInRequest,
} from '@console/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api.ts';
import { meQuery } from '../../../lib/me.ts';

/** A right password signs in, or, for a person with a second factor, asks for it (decision 029). */
export const signIn = (body: SignInRequest) =>
  api('/auth/sign-in', { method: 'POST', body, schema: z.union([MeSchema, SecondFactorNeededSchema]) });
export const secondFactor = (body: SecondFactorRequest) =>
  api('/auth/sign-in/second-factor', { method: 'POST', body, schema: MeSchema });

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
