import {
  LedgerListSchema,
  TravellerDuplicateListSchema,
  TravellerExistsSchema,
  TravellerListSchema,
  type TravellerMatch,
  TravellerMatchListSchema,
  type TravellerMatchQuery,
  type TravellerSave,
  TravellerSavedSchema,
  TravellerSchema,
  type TripInput,
  TripListSchema,
  TripSchema,
} from '@console/contract';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, api, queryString } from './api.ts';

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

/**
 * Saves a traveller: changes one (with an id), or saves them once (decision 043): a traveller already in the
 * directory is refused with the profiles they match (`matchesOf`), unless `on_match` says update it or save a new person.
 */
export function useSaveTraveller() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: TravellerSave }) =>
      id
        ? api(`/travellers/${encodeURIComponent(id)}`, {
            method: 'PUT',
            body,
            schema: TravellerSavedSchema.partial({ outcome: true }),
          })
        : api('/travellers', { method: 'POST', body, schema: TravellerSavedSchema }),
    onSuccess: () => void client.invalidateQueries({ queryKey: travellersKey }),
  });
}

/** The profiles a refused save matched (409 `traveller_exists`), or null for any other error. */
export function matchesOf(error: unknown): TravellerMatch[] | null {
  if (!(error instanceof ApiError) || error.code !== 'traveller_exists') return null;
  const read = TravellerExistsSchema.safeParse(error.body);
  return read.success ? read.data.error.matches : null;
}

/** "Is this person saved already?" (by the booking's link, the name and birth date, or a document); nothing written. */
export const travellerMatchesQuery = (person: TravellerMatchQuery | null) =>
  queryOptions({
    queryKey: [...travellersKey, 'matches', person],
    queryFn: ({ signal }) =>
      api('/travellers/matches', { method: 'POST', body: person, schema: TravellerMatchListSchema, signal }),
    enabled: person !== null,
    staleTime: 30_000,
  });

/** A traveller's bookings (those this user may reach), newest link first. */
export const travellerBookingsQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: [...travellersKey, 'bookings', id],
    queryFn: ({ pageParam, signal }) =>
      api(
        `/travellers/${encodeURIComponent(id)}/bookings?${queryString({ after: pageParam || undefined })}`,
        {
          schema: LedgerListSchema,
          signal,
        },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

/** Profiles likely to be one person, in pairs. */
export const travellerDuplicatesQuery = () =>
  infiniteQueryOptions({
    queryKey: [...travellersKey, 'duplicates'],
    queryFn: ({ pageParam, signal }) =>
      api(`/travellers/duplicates?${queryString({ after: pageParam || undefined, limit: 20 })}`, {
        schema: TravellerDuplicateListSchema,
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

/** Merges `other` into `kept`: the kept profile stays, with the other's bookings. */
export function useMergeTravellers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kept, other }: { kept: string; other: string }) =>
      api(`/travellers/${encodeURIComponent(kept)}/merge`, {
        method: 'POST',
        body: { other_id: other },
        schema: TravellerSchema,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: travellersKey }),
  });
}

/** Links a profile picked on a booking form to the booking made. */
export function useLinkTraveller() {
  return useMutation({
    mutationFn: ({ id, bookingId }: { id: string; bookingId: string }) =>
      api(`/travellers/${encodeURIComponent(id)}/bookings/${encodeURIComponent(bookingId)}`, {
        method: 'PUT',
        schema: z.object({ id: z.string() }),
      }),
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
