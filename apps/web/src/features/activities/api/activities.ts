import {
  type ActivityBooking,
  type ActivityBookingRequest,
  type ActivityProductsQuery,
  bookingsApi,
  DOWNLOAD_VOUCHER,
  fillPath,
  ACTIVITY_OPERATIONS as OPS,
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
import { afterMoneyMoved, call, rereadAfterRefusal } from '../../../lib/api.ts';
import { callOp, createOp } from '../../../lib/operations.ts';

/**
 * The catalogue, a page at a time: "Load more" asks for the next page with the last page's cursor and keeps what is
 * shown. A changed query starts again from the first page, with the old list kept (marked) until it arrives.
 */
export const activityProductsQuery = (query: Omit<ActivityProductsQuery, 'after'> | null) =>
  infiniteQueryOptions({
    queryKey: ['activities', 'products', query],
    queryFn: ({ pageParam, signal }) =>
      callOp(OPS, 'activityProducts', {
        params: {},
        query: { ...query, after: pageParam ?? undefined },
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
    queryFn: ({ signal }) => callOp(OPS, 'activityProduct', { params: { id }, signal }),
    staleTime: 10 * 60_000,
  });
export const useActivityProduct = (id: string) => useQuery(activityProductQuery(id));

/** Without a date: the bookable dates. With one: its timeslots, capacity, rates and booking options. */
export const availabilityQuery = (typeId: string | null, date: string | null) =>
  queryOptions({
    queryKey: ['activities', 'availability', typeId, date],
    queryFn: ({ signal }) =>
      callOp(OPS, 'availability', {
        params: { id: typeId ?? '' },
        query: date ? { date } : undefined,
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
    queryFn: ({ signal }) => callOp(OPS, 'getActivityBooking', { params: { id }, signal }),
    // Vouchers are issued a moment after confirmation: look again until they are.
    refetchInterval: (query) => (query.state.data?.status === 'confirmed' ? 1500 : false),
  });
export const useActivityBooking = (id: string) => useQuery(activityBookingQuery(id));

/**
 * What the console sent when it made the booking (decision 044): the answers, the customer's contact, the travellers.
 * It never changes: read once per booking.
 */
export const activityAnswersQuery = (id: string) =>
  queryOptions({
    queryKey: [...activityBookingKey(id), 'answers'],
    queryFn: ({ signal }) => call(bookingsApi.activityAnswers, { params: { id }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
export const useActivityAnswers = (id: string) => useQuery(activityAnswersQuery(id));

export const useVouchers = (booking: ActivityBooking) =>
  useQuery({
    queryKey: [...activityBookingKey(booking.id), 'vouchers', booking.status],
    queryFn: ({ signal }) => callOp(OPS, 'vouchers', { params: { id: booking.id }, signal }),
    enabled: booking.status === 'issued' || booking.status === 'confirmed',
  });

/** The voucher as a file through the console (never the service's own URL): attachment, or inline to view. */
export const voucherUrl = (bookingId: string, voucherId: string, inline = false) =>
  `/api${fillPath(DOWNLOAD_VOUCHER.path, { id: bookingId, voucher: voucherId })}${inline ? '?inline=1' : ''}`;

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
      const { value, reconciled } = await createOp(OPS, 'createActivityBooking', { params: {}, body, key });
      if (reconciled) notifyReconciled();
      return value;
    },
    onSuccess: moved,
  });
}

function useBookingAction(id: string, name: 'confirmActivityBooking' | 'cancelActivityBooking') {
  const moved = useAfterMoneyMoved();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callOp(OPS, name, { params: { id } }),
    onSuccess: moved,
    onError: rereadAfterRefusal(client, activityBookingKey(id)),
  });
}
export const useConfirmActivityBooking = (id: string) => useBookingAction(id, 'confirmActivityBooking');
export const useCancelActivityBooking = (id: string) => useBookingAction(id, 'cancelActivityBooking');
