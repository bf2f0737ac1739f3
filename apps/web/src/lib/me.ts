import { ME_ELEMENT_ID, MeSchema } from '@console/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: ({ signal }) => api('/me', { schema: MeSchema, signal }),
  staleTime: 60_000,
  retry: false,
});

export const useMe = () => useQuery(meQuery);

/**
 * Who is signed in, as the page the console served carries it (the BFF puts its /api/me answer there for a signed-in
 * session): put in the query cache before the first render, so the screen does not wait for that call. Read once and
 * removed; a page without it (signed out, or an old page) asks /api/me as before, and so does anything unreadable.
 */
export function seedMe(queryClient: QueryClient): void {
  const element = document.getElementById(ME_ELEMENT_ID);
  if (!element) return;
  element.remove();
  let json: unknown;
  try {
    json = JSON.parse(element.textContent ?? '');
  } catch {
    return;
  }
  const me = MeSchema.safeParse(json);
  if (me.success) queryClient.setQueryData(meQuery.queryKey, me.data);
}
