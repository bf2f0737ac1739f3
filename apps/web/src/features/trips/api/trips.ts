import { LedgerListSchema, TripDetailSchema, TripSchema, type TripUpdate } from '@console/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api.ts';
import { tripsKey } from '../../../lib/office.ts';

export const tripQuery = (id: string) =>
  queryOptions({
    queryKey: [...tripsKey, 'one', id],
    queryFn: ({ signal }) => api(`/trips/${encodeURIComponent(id)}`, { schema: TripDetailSchema, signal }),
  });

/** Bookings of the desk an agent may attach: found by PNR, name, reference. */
export const attachableQuery = (q: string) =>
  queryOptions({
    queryKey: ['bookings', 'attach', q],
    queryFn: ({ signal }) =>
      api(`/bookings?${queryString({ q, limit: 8 })}`, { schema: LedgerListSchema, signal }),
    enabled: q.trim().length >= 2,
  });

export function useTripBooking(tripId: string) {
  const client = useQueryClient();
  const settle = () => void client.invalidateQueries({ queryKey: tripsKey });
  return {
    attach: useMutation({
      mutationFn: (bookingId: string) =>
        api(`/trips/${encodeURIComponent(tripId)}/bookings`, {
          method: 'POST',
          body: { booking_id: bookingId },
          schema: TripSchema,
        }),
      onSuccess: settle,
    }),
    detach: useMutation({
      mutationFn: (bookingId: string) =>
        api(`/trips/${encodeURIComponent(tripId)}/bookings/${encodeURIComponent(bookingId)}`, {
          method: 'DELETE',
          schema: TripSchema,
        }),
      onSuccess: settle,
    }),
  };
}

/** Changes a trip's name, travellers, dates or notes (only what is given). */
export function useUpdateTrip(tripId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TripUpdate) =>
      api(`/trips/${encodeURIComponent(tripId)}`, { method: 'PATCH', body, schema: TripSchema }),
    onSuccess: () => void client.invalidateQueries({ queryKey: tripsKey }),
  });
}
