import { bookingsApi, REMARK_MAX } from '@console/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, newIdempotencyKey } from './api.ts';

export { REMARK_MAX };

/**
 * One booking's timeline (decision 052): ['timeline', booking, cursor, readAt]. The latest page unless a cursor says
 * where; read again after each read of the booking (`readAt`), where a move of the service's is seen.
 */
export const useBookingTimeline = (bookingId: string, cursor: string | null, readAt: number) =>
  useQuery({
    queryKey: ['timeline', bookingId, cursor ?? 'latest', readAt],
    queryFn: ({ signal }) =>
      call(bookingsApi.timeline, {
        params: { id: bookingId },
        query: { limit: 20, after: cursor ?? undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** An internal remark added to a booking's timeline: one per press, however often it is sent (its key). */
export function useAddRemark(bookingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ text, key }: { text: string; key: string }) =>
      call(bookingsApi.addRemark, { params: { id: bookingId }, body: { text }, idempotencyKey: key }),
    onSettled: () => void client.invalidateQueries({ queryKey: ['timeline', bookingId] }),
  });
}

export { newIdempotencyKey as newRemarkKey };
