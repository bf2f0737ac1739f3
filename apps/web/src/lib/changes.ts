import {
  type ChangeKind,
  ColleagueListSchema,
  changesApi,
  type Product,
  type RouteBody,
} from '@console/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from './api.ts';

/**
 * The changes on bookings an agent must act on (decision 037): ['changes', …]. The list screen, the top bar's count
 * and each booking's page read them; handling one reads all of them again.
 */
export const changesQuery = (search: string) =>
  queryOptions({
    queryKey: ['changes', 'list', search],
    queryFn: ({ signal }) => call(changesApi.list, { query: search, signal }),
    placeholderData: keepPreviousData,
  });
export const useChanges = (search: string, enabled = true) => useQuery({ ...changesQuery(search), enabled });

/**
 * One booking's changes, open, snoozed and handled (its page shows all three), read after each read of the booking (`readAt`): that
 * read is where a change the watch had not seen yet is found.
 */
export const useBookingChanges = (
  bookingId: string,
  state: 'open' | 'snoozed' | 'handled',
  readAt: number,
  enabled = true,
) =>
  useQuery({
    enabled,
    queryKey: ['changes', 'booking', bookingId, state, readAt],
    queryFn: ({ signal }) =>
      call(changesApi.list, { query: { booking: bookingId, state, limit: 20 }, signal }),
    placeholderData: keepPreviousData,
  });

export function useHandleChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & RouteBody<typeof changesApi.handle>) =>
      call(changesApi.handle, { params: { id }, body }),
    // The list, the booking's changes and the top bar's count (lib/change-count.ts) are all under ['changes'].
    onSettled: () => void client.invalidateQueries({ queryKey: ['changes'] }),
  });
}

export const CHANGE_LABELS: Record<ChangeKind, string> = {
  schedule_change: 'Schedule change',
  date_change: 'Date change',
  cancelled: 'Cancelled outside the console',
  refunded: 'Refunded outside the console',
  hold_lapsed: 'Hold lapsed',
  unknown_to_service: 'Unknown to the service',
  total_changed: 'Total changed',
};

export const PRODUCT_WORDS: Record<Product, string> = {
  flight: 'Flight',
  hotel: 'Hotel',
  activity: 'Activity',
};

/** After any move in the queue: the lists, each booking's changes and the top bar's counts are read again. */
function useQueueMove<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => void client.invalidateQueries({ queryKey: ['changes'] }),
  });
}

/** Assigns a change to a colleague (or takes it), with a note (decision 053). */
export const useAssignChange = () =>
  useQueueMove(({ id, ...body }: { id: string } & RouteBody<typeof changesApi.assign>) =>
    call(changesApi.assign, { params: { id }, body }),
  );

/** Snoozes a change until an instant on the service's clock (decision 053). */
export const useSnoozeChange = () =>
  useQueueMove(({ id, ...body }: { id: string } & RouteBody<typeof changesApi.snooze>) =>
    call(changesApi.snooze, { params: { id }, body }),
  );

/** Several changes assigned or handled at once with one note: each one's outcome said apart. */
export const useBulkChanges = () =>
  useQueueMove((body: RouteBody<typeof changesApi.bulk>) => call(changesApi.bulk, { body }));

/** Active colleagues, by part of a name or e-mail: whom a change can go to, who can cover. */
export const colleaguesQuery = (q: string) =>
  queryOptions({
    queryKey: ['colleagues', q],
    queryFn: ({ signal }) =>
      api(`/account/colleagues?${new URLSearchParams({ ...(q ? { q } : {}), limit: '20' })}`, {
        schema: ColleagueListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
export const useColleagues = (q: string) => useQuery(colleaguesQuery(q));
