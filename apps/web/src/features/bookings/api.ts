import { type LedgerEntry, LedgerListSchema, type RadarAction, RadarSchema } from '@console/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { afterMoneyMoved, api } from '../../lib/api.ts';

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

const ACTION_PATHS: Record<LedgerEntry['product'], Partial<Record<RadarAction, string>>> = {
  flight: { ticket: 'ticket' },
  hotel: { confirm: 'confirm', extend: 'extend-deadline' },
  activity: { confirm: 'confirm' },
};

export const ACTION_LABELS: Record<RadarAction, string> = {
  ticket: 'Ticket',
  confirm: 'Confirm',
  extend: 'Extend',
};

/** Stops (or moves) a clock from the radar: the same calls the order pages make. */
export function useClockAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ entry, action }: { entry: LedgerEntry; action: RadarAction }) => {
      const path = ACTION_PATHS[entry.product][action];
      const base = entry.product === 'activity' ? '/activities/bookings' : `/${entry.product}s/orders`;
      return api(`${base}/${enc(entry.id)}/${path}`, { method: 'POST', schema: z.looseObject({}) });
    },
    onSettled: () => {
      afterMoneyMoved(client);
      void client.invalidateQueries({ queryKey: ['hotels', 'orders'] });
      void client.invalidateQueries({ queryKey: ['activities', 'bookings'] });
      void client.invalidateQueries({ queryKey: ['flights', 'orders'] });
    },
  });
}
