import {
  ACTIVITY_BOOKING_MACHINE,
  type ActivityVoucher,
  FLIGHT_ORDER_MACHINE,
  HOTEL_ORDER_MACHINE,
  newId,
} from '@console/contract';
import { isoSeconds } from './lib/clock.ts';
import { hashString } from './lib/rng.ts';
import { advance } from './lib/transition.ts';
import type { ActivityBookingRecord, FlightOrderRecord, HotelOrderRecord, OwnerKey, Store } from './store.ts';

/**
 * Time-driven moves, applied lazily whenever a resource or the wallet is read, so the sandbox clock can be
 * advanced in a test and every deadline is honoured on the next read.
 */
export const TICKETING_TAKES_MS = 5_000;
export const VOUCHERS_TAKE_MS = 2_000;
export const CONFIRMING_TAKES_MS = 5_000;

/**
 * How long the service takes to finish what it does by itself: ticketing, a deferred hotel confirmation, an activity's
 * vouchers. The variant profile takes longer (another legal pace: the document gives none), so a console that
 * assumed "done in seconds" would be caught out.
 */
export interface Pace {
  ticketingMs: number;
  confirmingMs: number;
  vouchersMs: number;
}
export const DEFAULT_PACE: Pace = {
  ticketingMs: TICKETING_TAKES_MS,
  confirmingMs: CONFIRMING_TAKES_MS,
  vouchersMs: VOUCHERS_TAKE_MS,
};
export const VARIANT_PACE: Pace = { ticketingMs: 45_000, confirmingMs: 20_000, vouchersMs: 30_000 };

function ticketNumber(airline: string, seed: string): string {
  const prefix = String(100 + (hashString(airline) % 900));
  const body = String(hashString(seed)).padStart(10, '0').slice(0, 10);
  return `${prefix}-${body}`;
}

export function settleFlightOrder(store: Store, record: FlightOrderRecord): void {
  const now = store.clock.now();
  const order = record.order;
  if (order.status === 'held' && now >= Date.parse(order.ticketing_deadline)) {
    advance(FLIGHT_ORDER_MACHINE, order, 'deadline_passes');
    store.release(record.owner, order.total);
    store.touch();
  }
  if (
    order.status === 'ticketing' &&
    record.ticketingStartedAt !== null &&
    now >= record.ticketingStartedAt + store.pace.ticketingMs
  ) {
    advance(FLIGHT_ORDER_MACHINE, order, 'ticketing_completes');
    store.touch();
    for (const passenger of order.passengers) {
      passenger.ticket_number = ticketNumber(order.validating_airline, `${order.id}${passenger.id}`);
    }
  }
}

export function settleHotelOrder(store: Store, record: HotelOrderRecord): void {
  const now = store.clock.now();
  const order = record.order;
  if (order.status === 'held' && now >= Date.parse(order.payment_deadline)) {
    advance(HOTEL_ORDER_MACHINE, order, 'deadline_passes');
    store.release(record.owner, order.total);
    store.touch();
  }
  if (order.status === 'confirming' && record.confirmingUntil !== null && now >= record.confirmingUntil) {
    advance(HOTEL_ORDER_MACHINE, order, 'confirmation_completes');
    record.confirmingUntil = null;
    store.touch();
  }
}

export function settleActivityBooking(store: Store, record: ActivityBookingRecord): void {
  const now = store.clock.now();
  const booking = record.booking;
  if (booking.status === 'held' && booking.hold_expires_at && now >= Date.parse(booking.hold_expires_at)) {
    advance(ACTIVITY_BOOKING_MACHINE, booking, 'hold_expires');
    booking.hold_expires_at = null;
    booking.updated_at = isoSeconds(now);
    store.release(record.owner, booking.total);
    store.touch();
  }
  if (
    booking.status === 'confirmed' &&
    record.confirmedAt !== null &&
    now >= record.confirmedAt + store.pace.vouchersMs
  ) {
    advance(ACTIVITY_BOOKING_MACHINE, booking, 'vouchers_issued');
    booking.updated_at = isoSeconds(now);
    const travelers = booking.travelers ?? { adults: 1, children: 0, seniors: 0 };
    const count = Math.max(1, travelers.adults + travelers.children + travelers.seniors);
    const vouchers: ActivityVoucher[] = Array.from({ length: count }, (_, index) => {
      const id = newId('activityVoucher');
      return {
        object: 'activity_voucher',
        id,
        visual_id: `${booking.code}-${index + 1}`,
        generated_at: isoSeconds(now),
        download_url: `/activities/bookings/${booking.id}/vouchers/${id}/download`,
      };
    });
    record.vouchers = vouchers;
    store.touch();
  }
}

/** Settles everything an owner has, before the wallet is read, so held and available are current. */
export function settleOwner(store: Store, owner: OwnerKey): void {
  for (const record of store.flightOrders.values())
    if (record.owner === owner) settleFlightOrder(store, record);
  for (const record of store.hotelOrders.values())
    if (record.owner === owner) settleHotelOrder(store, record);
  for (const record of store.activityBookings.values())
    if (record.owner === owner) settleActivityBooking(store, record);
}
