import { walletApi } from '@console/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from './api.ts';

/** The wallet's low-balance alert (decision 020): the shell's banner and the admin's wallet page. */
export const walletAlertQuery = queryOptions({
  queryKey: ['wallet', 'alert'],
  queryFn: ({ signal }) => call(walletApi.alert, { signal }),
  // The banner follows the wallet: read again each minute, and after every money move (['wallet'] is invalidated).
  refetchInterval: 60_000,
  staleTime: 15_000,
});
