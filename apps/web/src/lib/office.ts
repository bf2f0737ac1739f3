import {
  type Traveller,
  TravellerExistsSchema,
  type TravellerMatch,
  type TravellerMatchQuery,
  type TravellerSave,
  type TravellerSaved,
  type TripInput,
  travellersApi,
  tripsApi,
} from '@console/contract';
import { queryOptions, skipToken, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from './api.ts';

/**
 * The office's own records the console keeps (decisions 018, 019): the traveller directory and trips, as the booking
 * pages, the shell's palette and the directory's and trips' own pages read them. What only the directory's or the
 * trips' pages use is in their feature's api/.
 */

export const travellersKey = ['travellers'] as const;

export const travellerListQuery = (q: string, after = '') =>
  queryOptions({
    queryKey: [...travellersKey, 'list', q, after],
    queryFn: ({ signal }) =>
      call(travellersApi.list, {
        query: { q: q || undefined, after: after || undefined, limit: 50 },
        signal,
      }),
    staleTime: 30_000,
  });

export const travellerQuery = (id: string) =>
  queryOptions({
    queryKey: [...travellersKey, 'one', id],
    queryFn: ({ signal }) => call(travellersApi.one, { params: { id }, signal }),
  });

/**
 * Saves a traveller: changes one (with an id), or saves them once (decision 043): a traveller already in the
 * directory is refused with the profiles they match (`matchesOf`), unless `on_match` says update it or save a new person.
 * A change has no `outcome`; a save says whether it made the profile or updated the one it matched.
 */
export function useSaveTraveller() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id?: string;
      body: TravellerSave;
    }): Promise<Traveller & { outcome?: TravellerSaved['outcome'] }> =>
      id ? call(travellersApi.update, { params: { id }, body }) : call(travellersApi.save, { body }),
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
    queryFn: person ? ({ signal }) => call(travellersApi.matches, { body: person, signal }) : skipToken,
    staleTime: 30_000,
  });

/** Links a profile picked on a booking form to the booking made. */
export function useLinkTraveller() {
  return useMutation({
    mutationFn: ({ id, bookingId }: { id: string; bookingId: string }) =>
      call(travellersApi.link, { params: { id, bookingId } }),
  });
}

export const tripsKey = ['trips'] as const;

export const tripListQuery = (q: string, after = '') =>
  queryOptions({
    queryKey: [...tripsKey, 'list', q, after],
    queryFn: ({ signal }) =>
      call(tripsApi.list, { query: { q: q || undefined, after: after || undefined, limit: 50 }, signal }),
    staleTime: 10_000,
  });

export const tripsOfBookingQuery = (bookingId: string) =>
  queryOptions({
    queryKey: [...tripsKey, 'of', bookingId],
    queryFn: ({ signal }) => call(tripsApi.list, { query: { booking: bookingId }, signal }),
  });

export function useCreateTrip() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TripInput) => call(tripsApi.create, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: tripsKey }),
  });
}
