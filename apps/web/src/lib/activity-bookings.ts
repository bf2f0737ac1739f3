import {
  ACTIVITY_OPERATIONS,
  type ActivityBookingsQuery,
  type LedgerEntry,
  LedgerListSchema,
} from '@console/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
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
 * What the console's ledger knows of the activity bookings made through it (title, date, who, total), by id: the
 * service's list names only code and status, so the list shows these beside it.
 */
export function useActivityLedger() {
  return useQuery({
    queryKey: ['bookings', 'activity-facts'],
    queryFn: async ({ signal }) => {
      const list = await api('/bookings?product=activity&limit=500', { schema: LedgerListSchema, signal });
      return new Map<string, LedgerEntry>(list.data.map((entry) => [entry.id, entry]));
    },
    staleTime: 30_000,
  });
}
