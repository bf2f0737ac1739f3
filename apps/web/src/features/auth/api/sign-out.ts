import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api.ts';

/**
 * Signing out: in every screen's shell, so apart from the sign-in page's calls (their second-factor schemas would
 * otherwise be in every screen's JavaScript).
 */
export const signOut = () =>
  api('/auth/sign-out', { method: 'POST', schema: z.object({ signed_out: z.literal(true) }) });

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => queryClient.clear(),
  });
}
