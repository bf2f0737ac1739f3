/**
 * The changes list's reads and writes (decision 037). Each booking's page and the top bar read changes too, so the
 * queries live with what the screens share (lib/changes.ts); this feature takes them from here.
 */
import { changesApi } from '@console/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

export { CHANGE_LABELS, PRODUCT_WORDS, useBulkChanges, useChanges } from '../../../lib/changes.ts';

/** Everyone's open work, a person a line (decision 053): ['changes', 'people', after]. Only this screen shows it. */
export const useQueuePeople = (after: string) =>
  useQuery({
    queryKey: ['changes', 'people', after],
    queryFn: ({ signal }) =>
      call(changesApi.people, { query: { limit: 50, after: after || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
