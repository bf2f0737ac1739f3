import {
  ACTIVITY_OPERATIONS,
  type ActivityBookingsQuery,
  bookingsApi,
  type LedgerEntry,
} from '@console/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from './api.ts';
import { callOp } from './operations.ts';

/**
 * The activity bookings the service knows, a page at a time: read by the activity bookings list and by the bookings
 * desk (for bookings made outside the console), so it lives here rather than in either feature.
 */
/** The key every page of the list sits under: invalidated after a booking changes. */
export const ACTIVITY_BOOKING_LIST_KEY = ['activities', 'bookings', 'list'] as const;

export const activityBookingsQuery = (filter: Omit<ActivityBookingsQuery, 'after' | 'limit'>) =>
  infiniteQueryOptions({
    queryKey: [...ACTIVITY_BOOKING_LIST_KEY, filter],
    queryFn: ({ pageParam, signal }) =>
      callOp(ACTIVITY_OPERATIONS, 'activityBookings', {
        params: {},
        query: { ...filter, limit: 20, after: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.has_more ? last.next_cursor : null),
    placeholderData: keepPreviousData,
  });
export const useActivityBookings = (filter: Omit<ActivityBookingsQuery, 'after' | 'limit'>) =>
  useInfiniteQuery(activityBookingsQuery(filter));

/**
 * What the console's ledger knows of these activity bookings (title, date, who, total), by id: the service's list names
 * only code and status, so the list shows these beside it. Asked by id (a page of the service's list at most), so a
 * booking is found whatever page of the desk it sits on.
 */
export function useActivityLedger(ids: readonly string[]) {
  const sorted = [...new Set(ids)].sort();
  return useQuery({
    queryKey: ['bookings', 'activity-facts', sorted],
    queryFn: async ({ signal }) => {
      const found = new Map<string, LedgerEntry>();
      // At most 100 ids a request (the API's limit).
      for (let i = 0; i < sorted.length; i += 100) {
        const ids = sorted.slice(i, i + 100).join(',');
        const list = await call(bookingsApi.desk, {
          query: { product: 'activity', ids, limit: 100 },
          signal,
        });
        for (const entry of list.data) found.set(entry.id, entry);
      }
      return found;
    },
    enabled: sorted.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
