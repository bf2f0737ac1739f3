import { z } from 'zod';
import { api } from './api.ts';

/**
 * A booking made from a quote's option (the booking page was opened with `?quote=<id>`): the quote is marked booked.
 * Best effort: the booking stands whatever this answers.
 */
export function markQuoteBooked(quoteId: string | null, bookingId: string) {
  if (!quoteId) return;
  void api(`/quotes/${encodeURIComponent(quoteId)}/booked`, {
    method: 'POST',
    body: { booking_id: bookingId },
    schema: z.looseObject({}),
  }).catch(() => undefined);
}
