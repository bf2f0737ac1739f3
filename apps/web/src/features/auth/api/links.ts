import {
  type LinkAcceptRequest,
  LinkInfoSchema,
  MeSchema,
  SecondFactorNeededSchema,
} from '@console/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api.ts';
import { meQuery } from '../../../lib/me.ts';

/** Whom a one-time link is for (decision 030); the token travels in the body, never a URL the server logs. */
export const useLinkInfo = (token: string) =>
  useQuery({
    queryKey: ['link', token],
    queryFn: ({ signal }) =>
      api('/auth/links/lookup', { method: 'POST', body: { token }, schema: LinkInfoSchema, signal }),
    enabled: token !== '',
    retry: false,
  });

/** Taking the link with a passkey made for it, in place of a password (decision 031). */
export function useAcceptWithPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => {
      const { makePasskey } = await import('../../../lib/passkeys.ts');
      const made = await makePasskey('/auth/links/passkey-options', { token });
      return api('/auth/links/accept', {
        method: 'POST',
        body: { token, passkey: { ...made, name: 'Passkey' } },
        schema: MeSchema,
      });
    },
    onSuccess: (me) => queryClient.setQueryData(meQuery.queryKey, me),
  });
}

/**
 * Taking the link with a new password: signed in, or, for a person with a second factor, that step next (decision
 * 035): the password is set once it is given.
 */
export function useAcceptLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LinkAcceptRequest) =>
      api('/auth/links/accept', {
        method: 'POST',
        body,
        schema: z.union([MeSchema, SecondFactorNeededSchema]),
      }),
    onSuccess: (answer) => {
      if ('user' in answer) queryClient.setQueryData(meQuery.queryKey, answer);
    },
  });
}

/** "This was not me" from a notice's e-mail: its token, from the link's fragment (decision 035). */
export const useNotMeByLink = () =>
  useMutation({
    mutationFn: (token: string) =>
      api('/auth/not-me', {
        method: 'POST',
        body: { token },
        schema: z.object({ signed_out_everywhere: z.literal(true) }),
      }),
  });
