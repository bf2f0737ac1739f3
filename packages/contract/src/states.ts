import { ACTIVITY_BOOKING_STATUSES, type ActivityBookingStatus } from './activities.ts';
import { FLIGHT_ORDER_STATUSES, type FlightOrderStatus } from './flights.ts';
import { HOTEL_ORDER_STATUSES, type HotelOrderStatus } from './hotels.ts';

/**
 * The order and booking state machines as data. The spec's transitions are marked `spec`; the rest fill what it
 * leaves open (docs/decisions/004-state-machines.md). The sandbox enforces them; the SPA shows only allowed actions.
 */
export interface Transition<S extends string, T extends string> {
  from: S;
  trigger: T;
  to: S;
  /** The spec's own row, or our choice where the spec says "not shown". */
  source: 'spec' | 'ours';
}

export interface StateMachine<S extends string, T extends string> {
  states: readonly S[];
  initial: S;
  /** States no action leaves. */
  terminal: readonly S[];
  transitions: readonly Transition<S, T>[];
}

export type FlightOrderTrigger = 'ticket' | 'ticketing_completes' | 'cancel' | 'refund' | 'deadline_passes';
export const FLIGHT_ORDER_MACHINE: StateMachine<FlightOrderStatus, FlightOrderTrigger> = {
  states: FLIGHT_ORDER_STATUSES,
  initial: 'held',
  terminal: ['cancelled', 'refunded'],
  transitions: [
    { from: 'held', trigger: 'ticket', to: 'ticketing', source: 'spec' },
    { from: 'held', trigger: 'cancel', to: 'cancelled', source: 'spec' },
    { from: 'ticketing', trigger: 'ticketing_completes', to: 'ticketed', source: 'ours' },
    { from: 'ticketed', trigger: 'refund', to: 'refunded', source: 'ours' },
    { from: 'held', trigger: 'deadline_passes', to: 'cancelled', source: 'ours' },
  ],
};

export type HotelOrderTrigger =
  | 'confirm'
  | 'confirm_deferred'
  | 'confirmation_completes'
  | 'extend_deadline'
  | 'cancel'
  | 'deadline_passes';
export const HOTEL_ORDER_MACHINE: StateMachine<HotelOrderStatus, HotelOrderTrigger> = {
  states: HOTEL_ORDER_STATUSES,
  initial: 'held',
  terminal: ['cancelled'],
  transitions: [
    { from: 'held', trigger: 'confirm', to: 'confirmed', source: 'spec' },
    { from: 'held', trigger: 'extend_deadline', to: 'held', source: 'spec' },
    { from: 'held', trigger: 'cancel', to: 'cancelled', source: 'spec' },
    { from: 'confirmed', trigger: 'cancel', to: 'cancelled', source: 'spec' },
    // `confirming` is where a confirmation waits on a slow supplier; cancelling is refused until it settles.
    { from: 'held', trigger: 'confirm_deferred', to: 'confirming', source: 'ours' },
    { from: 'confirming', trigger: 'confirmation_completes', to: 'confirmed', source: 'ours' },
    { from: 'held', trigger: 'deadline_passes', to: 'cancelled', source: 'ours' },
  ],
};

export type ActivityBookingTrigger = 'confirm' | 'vouchers_issued' | 'cancel' | 'hold_expires';
export const ACTIVITY_BOOKING_MACHINE: StateMachine<ActivityBookingStatus, ActivityBookingTrigger> = {
  states: ACTIVITY_BOOKING_STATUSES,
  initial: 'held',
  terminal: ['cancelled', 'refunded'],
  transitions: [
    { from: 'held', trigger: 'confirm', to: 'confirmed', source: 'spec' },
    { from: 'held', trigger: 'cancel', to: 'cancelled', source: 'spec' },
    { from: 'confirmed', trigger: 'vouchers_issued', to: 'issued', source: 'ours' },
    // Cancelling what was paid for returns the money: the booking ends refunded rather than cancelled.
    { from: 'confirmed', trigger: 'cancel', to: 'refunded', source: 'ours' },
    { from: 'issued', trigger: 'cancel', to: 'refunded', source: 'ours' },
    { from: 'held', trigger: 'hold_expires', to: 'cancelled', source: 'ours' },
  ],
};

/** The state a trigger leads to from a state, or null when the machine does not allow it. */
export function nextState<S extends string, T extends string>(
  machine: StateMachine<S, T>,
  from: S,
  trigger: T,
): S | null {
  return machine.transitions.find((t) => t.from === from && t.trigger === trigger)?.to ?? null;
}

/** The triggers allowed from a state, for showing only the actions that can work. */
export function allowedTriggers<S extends string, T extends string>(
  machine: StateMachine<S, T>,
  from: S,
): T[] {
  return machine.transitions.filter((t) => t.from === from).map((t) => t.trigger);
}
