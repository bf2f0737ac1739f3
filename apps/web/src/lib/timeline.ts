import { REMARK_MAX, TimelineEventSchema, TimelinePageSchema } from '@console/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, newIdempotencyKey } from './api.ts';

export { REMARK_MAX };

/**
 * One booking's timeline (decision 052): ['timeline', booking, cursor, readAt]. The latest page unless a cursor says
 * where; read again after each read of the booking (`readAt`), where a move of the service's is seen.
 */
export const useBookingTimeline = (bookingId: string, cursor: string | null, readAt: number) =>
  useQuery({
    queryKey: ['timeline', bookingId, cursor ?? 'latest', readAt],
    queryFn: ({ signal }) =>
      api(
        `/bookings/${encodeURIComponent(bookingId)}/timeline?${new URLSearchParams({
          limit: '20',
          ...(cursor ? { after: cursor } : {}),
        })}`,
        { schema: TimelinePageSchema, signal },
      ),
    placeholderData: keepPreviousData,
  });

/** An internal remark added to a booking's timeline: one per press, however often it is sent (its key). */
export function useAddRemark(bookingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ text, key }: { text: string; key: string }) =>
      api(`/bookings/${encodeURIComponent(bookingId)}/remarks`, {
        method: 'POST',
        body: { text },
        schema: TimelineEventSchema,
        idempotencyKey: key,
      }),
    onSettled: () => void client.invalidateQueries({ queryKey: ['timeline', bookingId] }),
  });
}

export { newIdempotencyKey as newRemarkKey };
