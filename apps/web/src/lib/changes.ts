import { BookingChangeSchema, type ChangeKind, ChangeListSchema, type Product } from '@console/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api.ts';

/**
 * The changes on bookings an agent must act on (decision 037): ['changes', …]. The list screen, the top bar's count
 * and each booking's page read them; handling one reads all of them again.
 */
export const changesQuery = (search: string) =>
  queryOptions({
    queryKey: ['changes', 'list', search],
    queryFn: ({ signal }) =>
      api(`/changes${search ? `?${search}` : ''}`, { schema: ChangeListSchema, signal }),
    placeholderData: keepPreviousData,
  });
export const useChanges = (search: string) => useQuery(changesQuery(search));

/**
 * One booking's changes, open and handled (its page shows both), read after each read of the booking (`readAt`): that
 * read is where a change the watch had not seen yet is found.
 */
export const useBookingChanges = (
  bookingId: string,
  state: 'open' | 'handled',
  readAt: number,
  enabled = true,
) =>
  useQuery({
    enabled,
    queryKey: ['changes', 'booking', bookingId, state, readAt],
    queryFn: ({ signal }) =>
      api(`/changes?${new URLSearchParams({ booking: bookingId, state, limit: '20' })}`, {
        schema: ChangeListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useHandleChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) =>
      api(`/changes/${encodeURIComponent(id)}/handle`, {
        method: 'POST',
        body: { note },
        schema: BookingChangeSchema,
      }),
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
