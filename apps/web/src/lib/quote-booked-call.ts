import { quotesApi } from '@console/contract';
import { call } from './api.ts';

/** The quote `quoteId` led to the booking `bookingId` (loaded by quote-booked.ts when a booking came from a quote). */
export const quoteBooked = (quoteId: string, bookingId: string) =>
  call(quotesApi.booked, { params: { id: quoteId }, body: { booking_id: bookingId } });
