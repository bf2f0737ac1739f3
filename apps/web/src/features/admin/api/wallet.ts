import { walletApi } from '@console/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, routePath } from '../../../lib/api.ts';
import { agentTimeZone } from '../../../lib/time-zone.ts';

/** The wallet's alert and statement (decisions 020, 039), as the admin's wallet page reads and sets them. */

/** Sets the low-balance level, or clears it (null); the banner and the statement are read again. */
export function useSaveWalletAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (threshold: string | null) =>
      call(walletApi.setAlert, { body: { low_balance_threshold: threshold } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['wallet'] }),
  });
}

/** A page of the statement for a period, as the address bar holds it (`from`, `to`, `after`). */
export const useStatement = (query: string) =>
  useQuery({
    queryKey: ['wallet', 'statement', query],
    queryFn: ({ signal }) => call(walletApi.statement, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** Every line of the period as CSV, its times in the agent's zone. */
export function statementCsvHref(period: { from: string; to: string }) {
  const query = new URLSearchParams();
  if (period.from) query.set('from', period.from);
  if (period.to) query.set('to', period.to);
  query.set('format', 'csv');
  query.set('time_zone', agentTimeZone());
  return `/api${routePath(walletApi.statement, { query })}`;
}
