import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_BOOKING_MACHINE,
  allowedTriggers,
  FLIGHT_ORDER_MACHINE,
  HOTEL_ORDER_MACHINE,
  nextState,
} from './states.ts';

const machines = [
  ['flight order', FLIGHT_ORDER_MACHINE],
  ['hotel order', HOTEL_ORDER_MACHINE],
  ['activity booking', ACTIVITY_BOOKING_MACHINE],
] as const;

describe.each(machines)('the %s state machine', (_, machine) => {
  it('moves only between its own states', () => {
    const states: readonly string[] = machine.states;
    for (const t of machine.transitions) {
      expect(states).toContain(t.from);
      expect(states).toContain(t.to);
    }
  });

  it('lets no action leave a terminal state', () => {
    for (const state of machine.terminal)
      expect(machine.transitions.filter((t) => t.from === state)).toEqual([]);
  });

  it('reaches every state from the initial one', () => {
    const reached = new Set<string>([machine.initial]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const t of machine.transitions) {
        if (reached.has(t.from) && !reached.has(t.to)) {
          reached.add(t.to);
          grew = true;
        }
      }
    }
    expect([...reached].sort()).toEqual([...machine.states].sort());
  });
});

describe('state transitions', () => {
  it("follow the spec's rows", () => {
    expect(nextState(FLIGHT_ORDER_MACHINE, 'held', 'ticket')).toBe('ticketing');
    expect(nextState(FLIGHT_ORDER_MACHINE, 'held', 'cancel')).toBe('cancelled');
    expect(nextState(HOTEL_ORDER_MACHINE, 'held', 'confirm')).toBe('confirmed');
    expect(nextState(HOTEL_ORDER_MACHINE, 'held', 'extend_deadline')).toBe('held');
    expect(nextState(ACTIVITY_BOOKING_MACHINE, 'held', 'confirm')).toBe('confirmed');
  });

  it('refuse to cancel a flight order that is no longer held', () => {
    expect(nextState(FLIGHT_ORDER_MACHINE, 'ticketed', 'cancel')).toBeNull();
    expect(allowedTriggers(FLIGHT_ORDER_MACHINE, 'ticketed')).toEqual(['refund']);
  });
});
