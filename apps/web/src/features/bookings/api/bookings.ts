import { bookingsApi, type RadarAction } from '@console/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

export const bookingsQuery = (search: string) =>
  queryOptions({
    queryKey: ['bookings', 'list', search],
    queryFn: ({ signal }) => call(bookingsApi.desk, { query: search, signal }),
    placeholderData: keepPreviousData,
  });
export const useBookings = (search: string) => useQuery(bookingsQuery(search));

/**
 * The running clocks, soonest first, a page at a time (the first page by default: the most urgent), re-read from the
 * service by the console; looked at again every 30 seconds.
 */
export const radarPageQuery = (after: string) =>
  queryOptions({
    queryKey: ['bookings', 'radar', after],
    queryFn: ({ signal }) => call(bookingsApi.radar, { query: { after: after || undefined }, signal }),
    refetchInterval: 30_000,
    placeholderData: keepPreviousData,
  });
export const radarQuery = radarPageQuery('');
export const useRadar = (after = '') => useQuery(radarPageQuery(after));

export { orderPath } from '../../../lib/booking-path.ts';

export const ACTION_LABELS: Record<RadarAction, string> = {
  ticket: 'Ticket',
  confirm: 'Confirm',
  extend: 'Extend',
};
