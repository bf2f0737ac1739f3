import {
  ActivityAvailabilitySchema,
  type ActivityBooking,
  type ActivityBookingRequest,
  ActivityBookingSchema,
  ActivityProductListSchema,
  ActivityProductSchema,
  type ActivityProductsQuery,
  ActivityVoucherListSchema,
} from '@console/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { notifyReconciled } from '../../../components/toasts.tsx';
import { ACTIVITY_BOOKING_LIST_KEY } from '../../../lib/activity-bookings.ts';
import { afterMoneyMoved, api, createOnce, queryString } from '../../../lib/api.ts';

const base = '/activities';
const enc = encodeURIComponent;

/**
 * The catalogue, a page at a time: "Load more" asks for the next page with the last page's cursor and keeps what is
 * shown. A changed query starts again from the first page, with the old list kept (marked) until it arrives.
 */
export const activityProductsQuery = (query: Omit<ActivityProductsQuery, 'after'> | null) =>
  infiniteQueryOptions({
    queryKey: ['activities', 'products', query],
    queryFn: ({ pageParam, signal }) =>
      api(`${base}/products?${queryString({ ...query, after: pageParam ?? undefined })}`, {
        schema: ActivityProductListSchema,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.has_more ? last.next_cursor : null),
    enabled: query !== null,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
export const useActivityProducts = (query: Omit<ActivityProductsQuery, 'after'> | null) =>
  useInfiniteQuery(activityProductsQuery(query));

export const activityProductQuery = (id: string) =>
  queryOptions({
    queryKey: ['activities', 'products', 'one', id],
    queryFn: ({ signal }) => api(`${base}/products/${enc(id)}`, { schema: ActivityProductSchema, signal }),
    staleTime: 10 * 60_000,
  });
export const useActivityProduct = (id: string) => useQuery(activityProductQuery(id));

/** Without a date: the bookable dates. With one: its timeslots, capacity, rates and booking options. */
export const availabilityQuery = (typeId: string | null, date: string | null) =>
  queryOptions({
    queryKey: ['activities', 'availability', typeId, date],
    queryFn: ({ signal }) =>
      api(`${base}/product-types/${enc(typeId ?? '')}/availability${date ? `?date=${date}` : ''}`, {
        schema: ActivityAvailabilitySchema,
        signal,
      }),
    enabled: typeId !== null,
    // Capacity changes as others book: a minute old at most, and read afresh on the booking page.
    staleTime: 60_000,
  });
export const useAvailability = (typeId: string | null, date: string | null) =>
  useQuery(availabilityQuery(typeId, date));

export const activityBookingKey = (id: string) => ['activities', 'bookings', id] as const;

export const activityBookingQuery = (id: string) =>
  queryOptions({
    queryKey: activityBookingKey(id),
    queryFn: ({ signal }) => api(`${base}/bookings/${enc(id)}`, { schema: ActivityBookingSchema, signal }),
    // Vouchers are issued a moment after confirmation: look again until they are.
    refetchInterval: (query) => (query.state.data?.status === 'confirmed' ? 1500 : false),
  });
export const useActivityBooking = (id: string) => useQuery(activityBookingQuery(id));

export const useVouchers = (booking: ActivityBooking) =>
  useQuery({
    queryKey: [...activityBookingKey(booking.id), 'vouchers', booking.status],
    queryFn: ({ signal }) =>
      api(`${base}/bookings/${enc(booking.id)}/vouchers`, { schema: ActivityVoucherListSchema, signal }),
    enabled: booking.status === 'issued' || booking.status === 'confirmed',
  });

/** The voucher as a file through the console (never the service's own URL): attachment, or inline to view. */
export const voucherUrl = (bookingId: string, voucherId: string, inline = false) =>
  `/api${base}/bookings/${enc(bookingId)}/vouchers/${enc(voucherId)}/download${inline ? '?inline=1' : ''}`;

function useAfterMoneyMoved() {
  const client = useQueryClient();
  return (booking: ActivityBooking) => {
    client.setQueryData(activityBookingKey(booking.id), booking);
    void client.invalidateQueries({ queryKey: ACTIVITY_BOOKING_LIST_KEY });
    void client.invalidateQueries({ queryKey: ['activities', 'availability'] });
    afterMoneyMoved(client);
  };
}

export function useCreateActivityBooking() {
  const moved = useAfterMoneyMoved();
  return useMutation({
    mutationFn: async ({ body, key }: { body: ActivityBookingRequest; key: string }) => {
      const { value, reconciled } = await createOnce(`${base}/bookings`, {
        body,
        schema: ActivityBookingSchema,
        idempotencyKey: key,
      });
      if (reconciled) notifyReconciled();
      return value;
    },
    onSuccess: moved,
  });
}

function useBookingAction(id: string, action: 'confirm' | 'cancel') {
  const moved = useAfterMoneyMoved();
  return useMutation({
    mutationFn: () =>
      api(`${base}/bookings/${enc(id)}/${action}`, { method: 'POST', schema: ActivityBookingSchema }),
    onSuccess: moved,
  });
}
export const useConfirmActivityBooking = (id: string) => useBookingAction(id, 'confirm');
export const useCancelActivityBooking = (id: string) => useBookingAction(id, 'cancel');
