import { ACCOUNT_OPERATIONS, upstreamApi } from '@console/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { callOp } from '../../../lib/operations.ts';

/** The service connection as the admin's overview shows it: the wallet, the credential, the session-based session. */

/** The wallet: ['wallet'] is invalidated by every money-moving action anywhere in the console. */
export const walletQuery = queryOptions({
  queryKey: ['wallet'],
  queryFn: ({ signal }) => callOp(ACCOUNT_OPERATIONS, 'wallet', { params: {}, signal }),
});
export const useWallet = () => useQuery(walletQuery);

export const useCredentials = () =>
  useQuery({
    queryKey: ['admin', 'credentials'],
    queryFn: ({ signal }) => call(upstreamApi.credentials, { signal }),
  });

export const useSessionState = () =>
  useQuery({
    queryKey: ['admin', 'session'],
    queryFn: ({ signal }) => call(upstreamApi.session, { signal }),
  });

export function useCreditBalance(enabled: boolean) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['admin', 'session', 'credit-balance'],
    queryFn: async ({ signal }) => {
      const balance = await call(upstreamApi.creditBalance, { signal });
      // The read may have opened the session: its state is read again (that query only, not this one).
      void client.invalidateQueries({ queryKey: ['admin', 'session'], exact: true });
      return balance;
    },
    enabled,
    retry: false,
  });
}

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(upstreamApi.endSession, {}),
    // The balance read belonged to the ended session: forgotten, so the next read asks the service again.
    onSuccess: () => client.removeQueries({ queryKey: ['admin', 'session', 'credit-balance'] }),
    onSettled: () => void client.invalidateQueries({ queryKey: ['admin', 'session'], exact: true }),
  });
}
