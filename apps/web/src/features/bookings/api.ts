import { LedgerListSchema, type RadarAction, RadarSchema } from '@console/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const bookingsQuery = (search: string) =>
  queryOptions({
    queryKey: ['bookings', 'list', search],
    queryFn: ({ signal }) => api(`/bookings?${search}`, { schema: LedgerListSchema, signal }),
    placeholderData: keepPreviousData,
  });
export const useBookings = (search: string) => useQuery(bookingsQuery(search));

/** Every running clock, re-read from the service by the console; looked at again every 30 seconds. */
export const radarQuery = queryOptions({
  queryKey: ['bookings', 'radar'],
  queryFn: ({ signal }) => api('/bookings/radar', { schema: RadarSchema, signal }),
  refetchInterval: 30_000,
});
export const useRadar = () => useQuery(radarQuery);

export { orderPath } from '../../lib/booking-path.ts';

export const ACTION_LABELS: Record<RadarAction, string> = {
  ticket: 'Ticket',
  confirm: 'Confirm',
  extend: 'Extend',
};
