import { type LinkAcceptRequest, LinkInfoSchema, MeSchema } from '@console/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

export function useAcceptLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LinkAcceptRequest) =>
      api('/auth/links/accept', { method: 'POST', body, schema: MeSchema }),
    onSuccess: (me) => queryClient.setQueryData(meQuery.queryKey, me),
  });
}
