import { CSRF_HEADER } from '@console/contract';

/**
 * A booking made from a quote's option (the booking page was opened with `?quote=<id>`): the quote is marked booked.
 * Best effort: the booking stands whatever this answers.
 */
export function markQuoteBooked(quoteId: string | null, bookingId: string) {
  if (!quoteId) return;
  void fetch(`/api/quotes/${encodeURIComponent(quoteId)}/booked`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [CSRF_HEADER]: '1' },
    body: JSON.stringify({ booking_id: bookingId }),
    credentials: 'same-origin',
  }).catch(() => undefined);
}
