import { WalletAlertSchema } from '@console/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api.ts';

/** The wallet's low-balance alert (decision 020): the shell's banner and the admin's wallet page. */
export const walletAlertQuery = queryOptions({
  queryKey: ['wallet', 'alert'],
  queryFn: ({ signal }) => api('/wallet/alert', { schema: WalletAlertSchema, signal }),
  // The banner follows the wallet: read again each minute, and after every money move (['wallet'] is invalidated).
  refetchInterval: 60_000,
  staleTime: 15_000,
});
