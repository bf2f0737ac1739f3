import { authApi, type RouteBody } from '@console/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { meQuery } from '../../../lib/me.ts';

/** Whom a one-time link is for (decision 030); the token travels in the body, never a URL the server logs. */
export const useLinkInfo = (token: string) =>
  useQuery({
    queryKey: ['link', token],
    queryFn: ({ signal }) => call(authApi.linkLookup, { body: { token }, signal }),
    enabled: token !== '',
    retry: false,
  });

/** Taking the link with a passkey made for it, in place of a password (decision 031). */
export function useAcceptWithPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => {
      const { makePasskey } = await import('../../../lib/passkeys.ts');
      const made = await makePasskey(() => call(authApi.linkPasskeyOptions, { body: { token } }));
      return call(authApi.linkAccept, { body: { token, passkey: { ...made, name: 'Passkey' } } });
    },
    // A passkey made through a link always signs in (a person with a factor is refused it before).
    onSuccess: (answer) => {
      if ('user' in answer) queryClient.setQueryData(meQuery.queryKey, answer);
    },
  });
}

/**
 * Taking the link with a new password: signed in, or, for a person with a second factor, that step next (decision
 * 035): the password is set once it is given.
 */
export function useAcceptLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof authApi.linkAccept>) => call(authApi.linkAccept, { body }),
    onSuccess: (answer) => {
      if ('user' in answer) queryClient.setQueryData(meQuery.queryKey, answer);
    },
  });
}

/** "This was not me" from a notice's e-mail: its token, from the link's fragment (decision 035). */
export const useNotMeByLink = () =>
  useMutation({
    mutationFn: (token: string) => call(authApi.notMe, { body: { token } }),
  });
