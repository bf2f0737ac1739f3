import { travellersApi } from '@console/contract';
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { travellersKey } from '../../../lib/office.ts';

/**
 * The traveller directory's reads and writes (decision 018). The booking pages pick and save travellers too, so those
 * queries live with what the screens share (lib/office.ts) and this feature's pages take them from here; what only the
 * directory's pages do (a traveller's bookings, likely duplicates, merging, deleting) is here alone.
 */
export {
  matchesOf,
  travellerListQuery,
  travellerQuery,
  travellersKey,
  useSaveTraveller,
} from '../../../lib/office.ts';

/** A traveller's bookings (those this user may reach), newest link first. */
export const travellerBookingsQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: [...travellersKey, 'bookings', id],
    queryFn: ({ pageParam, signal }) =>
      call(travellersApi.bookings, { params: { id }, query: { after: pageParam || undefined }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

/** Profiles likely to be one person, in pairs. */
export const travellerDuplicatesQuery = () =>
  infiniteQueryOptions({
    queryKey: [...travellersKey, 'duplicates'],
    queryFn: ({ pageParam, signal }) =>
      call(travellersApi.duplicates, { query: { after: pageParam || undefined, limit: 20 }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

/** Merges `other` into `kept`: the kept profile stays, with the other's bookings. */
export function useMergeTravellers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kept, other }: { kept: string; other: string }) =>
      call(travellersApi.merge, { params: { id: kept }, body: { other_id: other } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: travellersKey }),
  });
}

/** Deletes a traveller and all their data (admins only). */
export function useDeleteTraveller() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(travellersApi.remove, { params: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: travellersKey }),
  });
}
