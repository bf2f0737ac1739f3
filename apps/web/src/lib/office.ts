import {
  type TravellerInput,
  TravellerListSchema,
  TravellerSchema,
  type TripInput,
  TripListSchema,
  TripSchema,
} from '@console/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, queryString } from './api.ts';

/**
 * The office's own records the console keeps (decisions 018, 019): the traveller directory and trips, read by their
 * pages and by the booking pages that use them.
 */

export const travellersKey = ['travellers'] as const;

export const travellerListQuery = (q: string, after = '') =>
  queryOptions({
    queryKey: [...travellersKey, 'list', q, after],
    queryFn: ({ signal }) =>
      api(`/travellers?${queryString({ q: q || undefined, after: after || undefined, limit: 50 })}`, {
        schema: TravellerListSchema,
        signal,
      }),
    staleTime: 30_000,
  });

export const travellerQuery = (id: string) =>
  queryOptions({
    queryKey: [...travellersKey, 'one', id],
    queryFn: ({ signal }) =>
      api(`/travellers/${encodeURIComponent(id)}`, { schema: TravellerSchema, signal }),
  });

/** Saves a traveller: a new one, or (with an id) changes one. */
export function useSaveTraveller() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: TravellerInput }) =>
      id
        ? api(`/travellers/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: TravellerSchema })
        : api('/travellers', { method: 'POST', body, schema: TravellerSchema }),
    onSuccess: () => void client.invalidateQueries({ queryKey: travellersKey }),
  });
}

export const tripsKey = ['trips'] as const;

export const tripListQuery = (q: string, after = '') =>
  queryOptions({
    queryKey: [...tripsKey, 'list', q, after],
    queryFn: ({ signal }) =>
      api(`/trips?${queryString({ q: q || undefined, after: after || undefined, limit: 50 })}`, {
        schema: TripListSchema,
        signal,
      }),
    staleTime: 10_000,
  });

export const tripsOfBookingQuery = (bookingId: string) =>
  queryOptions({
    queryKey: [...tripsKey, 'of', bookingId],
    queryFn: ({ signal }) =>
      api(`/trips?${queryString({ booking: bookingId })}`, { schema: TripListSchema, signal }),
  });

export function useCreateTrip() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TripInput) => api('/trips', { method: 'POST', body, schema: TripSchema }),
    onSuccess: () => void client.invalidateQueries({ queryKey: tripsKey }),
  });
}
