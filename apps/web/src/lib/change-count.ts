import { changesApi } from '@console/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api.ts';

/**
 * The top bar's count of changes to act on (decision 037), apart from the rest of lib/changes.ts: the shell loads it
 * on every screen, the list's schemas only where changes are shown.
 */
/** Read again every minute (the watch finds changes in the background). */
export const changeCountQuery = queryOptions({
  queryKey: ['changes', 'count'],
  queryFn: ({ signal }) => call(changesApi.count, { signal }),
  refetchInterval: 60_000,
  staleTime: 30_000,
});
export const useChangeCount = () => useQuery(changeCountQuery);
