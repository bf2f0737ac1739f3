import { signOutApi } from '@console/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

/**
 * Signing out: in every screen's shell, so apart from the sign-in page's calls (their second-factor schemas would
 * otherwise be in every screen's JavaScript).
 */
export const signOut = () => call(signOutApi.signOut, {});

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => queryClient.clear(),
  });
}
