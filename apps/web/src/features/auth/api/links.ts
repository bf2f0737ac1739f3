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

export function useAcceptLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LinkAcceptRequest) =>
      api('/auth/links/accept', { method: 'POST', body, schema: MeSchema }),
    onSuccess: (me) => queryClient.setQueryData(meQuery.queryKey, me),
  });
}
