import { LedgerListSchema, type TripUpdate, tripsApi } from '@console/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call, queryString, routePath } from '../../../lib/api.ts';
import { tripsKey } from '../../../lib/office.ts';
import { agentTimeZone } from '../../../lib/time-zone.ts';

/** Trips (decision 019). The booking pages list and make trips too: those queries are shared (lib/office.ts). */
export { tripListQuery, useCreateTrip } from '../../../lib/office.ts';

export const tripQuery = (id: string) =>
  queryOptions({
    queryKey: [...tripsKey, 'one', id],
    queryFn: ({ signal }) => call(tripsApi.one, { params: { id }, signal }),
  });

/** The itinerary's PDF, its times in the agent's zone. */
export const itineraryHref = (id: string) =>
  `/api${routePath(tripsApi.itinerary, { params: { id }, query: { time_zone: agentTimeZone() } })}`;

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
        call(tripsApi.attach, { params: { id: tripId }, body: { booking_id: bookingId } }),
      onSuccess: settle,
    }),
    detach: useMutation({
      mutationFn: (bookingId: string) => call(tripsApi.detach, { params: { id: tripId, bookingId } }),
      onSuccess: settle,
    }),
  };
}

/** Changes a trip's name, travellers, dates or notes (only what is given). */
export function useUpdateTrip(tripId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TripUpdate) => call(tripsApi.update, { params: { id: tripId }, body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: tripsKey }),
  });
}
