import { type LedgerEntry, LedgerListSchema, type RadarAction, RadarSchema } from '@console/contract';
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

const enc = encodeURIComponent;

/** Where a booking's own page is. */
export function orderPath(entry: Pick<LedgerEntry, 'id' | 'product'>): string {
  switch (entry.product) {
    case 'flight':
      return `/flights/orders/${enc(entry.id)}`;
    case 'hotel':
      return `/hotels/orders/${enc(entry.id)}`;
    case 'activity':
      return `/activities/bookings/${enc(entry.id)}`;
  }
}

export const ACTION_LABELS: Record<RadarAction, string> = {
  ticket: 'Ticket',
  confirm: 'Confirm',
  extend: 'Extend',
};
