/**
 * A booking made from a quote's option (the booking page was opened with `?quote=<id>`): the quote is marked booked.
 * Best effort: the booking stands whatever this answers. The call and the quote's schemas load only then (most
 * bookings come from no quote, and the booking pages are held to their budget).
 */
export function markQuoteBooked(quoteId: string | null, bookingId: string) {
  if (!quoteId) return;
  void import('./quote-booked-call.ts')
    .then(({ quoteBooked }) => quoteBooked(quoteId, bookingId))
    .catch(() => undefined);
}
