import { ME_ELEMENT_ID, MeSchema, SIGNED_IN_HINT_COOKIE } from '@console/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api, onSignedOut } from './api.ts';

const HINT = new RegExp(`(?:^|;\\s*)(?:__Host-)?${SIGNED_IN_HINT_COOKIE}=1(?:;|$)`);

/**
 * Whether this browser has a sign-in, by the cookie the console sets and clears with the session's (the session's own
 * is out of the script's reach): without it nobody is signed in, and /api/me is not asked only to be refused (a 401
 * in the browser's console on every visit to the sign-in screen).
 */
export const hasSignedInHint = (): boolean => HINT.test(document.cookie);

/**
 * A refused /api/me: the hint was stale (the session ended elsewhere or lapsed), so it goes. Both names are cleared:
 * `__Host-` is the console's over HTTPS and on localhost (which the browser counts as secure).
 */
function forgetSignedInHint(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one write, where the Cookie Store API is not in every browser yet.
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Strict`;
  // biome-ignore lint/suspicious/noDocumentCookie: as above.
  document.cookie = `__Host-${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/; Secure; SameSite=Strict`;
}

/**
 * Any call refused for a sign-in that is gone says what a refused /api/me would: the hint goes at once. The sign-in
 * page that refusal leads to (and a shell drawn once before it lands) then knows nobody is signed in without asking
 * /api/me only to be refused (a wasted call, and a 401 in the browser's console).
 */
onSignedOut(forgetSignedInHint);

const notSignedIn = () =>
  new ApiError(401, {
    error: {
      type: 'authentication_error',
      code: 'unauthenticated',
      message: 'Sign in to continue.',
      param: null,
    },
  });

export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: async ({ signal }) => {
    if (!hasSignedInHint()) throw notSignedIn();
    try {
      return await api('/me', { schema: MeSchema, signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) forgetSignedInHint();
      throw error;
    }
  },
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
