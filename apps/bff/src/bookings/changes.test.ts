import type { ChangeValue, WatchedSegment } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { oneLine } from '../platform/mailer.ts';
import { changesBetween, type Held, isPassing, unknownToService } from './changes.ts';
import type { Facts } from './facts.ts';

const NOW = Date.parse('2026-12-01T12:00:00Z');
const segment = (over: Partial<WatchedSegment> = {}): WatchedSegment => ({
  flight_number: 'VS171',
  origin: 'LHR',
  destination: 'CDG',
  departing_at: '2026-12-27T17:00:00+00:00',
  arriving_at: '2026-12-27T18:55:00+01:00',
  ...over,
});

function held(over: Partial<Held> = {}, watched: ChangeValue | null = null): Held {
  return {
    product: 'flight',
    status: 'ticketed',
    total: '88.29',
    deadline: null,
    watched: watched ?? { status: over.status ?? 'ticketed', total: '88.29', segments: [segment()] },
    ...over,
  };
}

function now(over: Partial<Facts> = {}, watched?: ChangeValue): Facts {
  const status = over.status ?? 'ticketed';
  return {
    id: 'ord_1',
    product: 'flight',
    status,
    total: { amount: '88.29', currency: 'USD' },
    deadline: null,
    summary: 'LHR→CDG',
    people: [],
    clientReference: null,
    extraSearch: [],
    watched: watched ?? { status, total: '88.29', segments: [segment()] },
    ...over,
  };
}

const context = { byConsole: false, serviceNow: NOW };

describe('what the watch records between two reads of a booking', () => {
  it('records nothing when the service says what the ledger held', () => {
    expect(changesBetween(held(), now(), context)).toEqual([]);
  });

  it('records a schedule change with the segment that moved, its times as the service wrote them', () => {
    const moved = segment({
      departing_at: '2026-12-28T17:00:00+00:00',
      arriving_at: '2026-12-28T18:55:00+01:00',
    });
    const [change, ...rest] = changesBetween(
      held(),
      now({}, { status: 'ticketed', total: '88.29', segments: [moved] }),
      context,
    );
    expect(rest).toEqual([]);
    expect(change?.kind).toBe('schedule_change');
    expect(change?.summary).toBe(
      'Schedule change: VS171 LHR→CDG now departs 2026-12-28 17:00 (was 2026-12-27 17:00).',
    );
    expect(change?.before.segments?.[0]?.departing_at).toBe('2026-12-27T17:00:00+00:00');
    expect(change?.after.segments?.[0]?.departing_at).toBe('2026-12-28T17:00:00+00:00');
  });

  it('names a new flight number, and counts the other segments that moved', () => {
    const before = [segment(), segment({ flight_number: 'VS172', origin: 'CDG', destination: 'LHR' })];
    const after = [
      segment({ flight_number: 'VS901' }),
      segment({
        flight_number: 'VS172',
        origin: 'CDG',
        destination: 'LHR',
        departing_at: '2027-01-03T09:00:00+01:00',
      }),
    ];
    const [change] = changesBetween(
      held({}, { status: 'ticketed', total: '88.29', segments: before }),
      now({}, { status: 'ticketed', total: '88.29', segments: after }),
      context,
    );
    expect(change?.summary).toBe('Schedule change: VS901 LHR→CDG (was VS171), and 1 more segment.');
  });

  it('sees a segment in a shape of its own change, by its values as written', () => {
    const shaped = (departure: string): WatchedSegment => ({
      ...segment({
        flight_number: null,
        origin: null,
        destination: null,
        departing_at: null,
        arriving_at: null,
      }),
      as_written: { 'from.code': 'LHR', 'to.code': 'CDG', 'departure.local': departure },
    });
    const [change] = changesBetween(
      held({}, { status: 'ticketed', total: '88.29', segments: [shaped('2026-12-27T17:00')] }),
      now({}, { status: 'ticketed', total: '88.29', segments: [shaped('2026-12-28T17:00')] }),
      context,
    );
    expect(change?.kind).toBe('schedule_change');
    expect(change?.summary).toContain('now departs 2026-12-28 17:00 (was 2026-12-27 17:00)');
  });

  it('says how many segments there were and are when the airline adds or removes one', () => {
    const [change] = changesBetween(
      held(),
      now(
        {},
        { status: 'ticketed', total: '88.29', segments: [segment(), segment({ flight_number: 'AF1' })] },
      ),
      context,
    );
    expect(change?.summary).toContain('1 segment before, 2 now');
  });

  it('records a cancellation made outside the console, and none for the console’s own', () => {
    const cancelled = now(
      { status: 'cancelled' },
      { status: 'cancelled', total: '88.29', segments: [segment()] },
    );
    expect(changesBetween(held(), cancelled, context).map((c) => c.kind)).toEqual(['cancelled']);
    expect(changesBetween(held(), cancelled, { ...context, byConsole: true })).toEqual([]);
  });

  it('records a refund made outside the console as a refund', () => {
    const refunded = now(
      { status: 'refunded' },
      { status: 'refunded', total: '88.29', segments: [segment()] },
    );
    expect(changesBetween(held(), refunded, context).map((c) => c.kind)).toEqual(['refunded']);
  });

  it('calls a hold that ended after its deadline a lapsed hold, and one that ended before it a cancellation', () => {
    const hold = held(
      { status: 'held', deadline: '2026-12-01T11:00:00Z' },
      { status: 'held', total: '88.29', segments: [segment()] },
    );
    const ended = now(
      { status: 'cancelled' },
      { status: 'cancelled', total: '88.29', segments: [segment()] },
    );
    const [lapsed] = changesBetween(hold, ended, context);
    expect(lapsed?.kind).toBe('hold_lapsed');
    expect(lapsed?.before.deadline).toBe('2026-12-01T11:00:00Z');
    const early = { ...hold, deadline: '2026-12-01T13:00:00Z' };
    expect(changesBetween(early, ended, context).map((c) => c.kind)).toEqual(['cancelled']);
  });

  it('records a moved hotel stay and a moved activity as date changes', () => {
    const stay = (check_in: string, check_out: string): ChangeValue => ({
      status: 'confirmed',
      total: '300.00',
      check_in,
      check_out,
    });
    const [hotel] = changesBetween(
      held({ product: 'hotel', status: 'confirmed', total: '300.00' }, stay('2026-12-10', '2026-12-12')),
      now(
        { product: 'hotel', status: 'confirmed', total: { amount: '300.00', currency: 'USD' } },
        stay('2026-12-11', '2026-12-13'),
      ),
      context,
    );
    expect(hotel?.kind).toBe('date_change');
    expect(hotel?.summary).toBe('The stay moved: 2026-12-11 to 2026-12-13 (was 2026-12-10 to 2026-12-12).');

    const visit = (date: string, timeslot: string): ChangeValue => ({
      status: 'issued',
      total: '22.00',
      date,
      timeslot,
    });
    const [activity] = changesBetween(
      held({ product: 'activity', status: 'issued', total: '22.00' }, visit('2026-12-10', '09:00')),
      now(
        { product: 'activity', status: 'issued', total: { amount: '22.00', currency: 'USD' } },
        visit('2026-12-10', '15:00'),
      ),
      context,
    );
    expect(activity?.summary).toBe('The activity moved to 2026-12-10 15:00 (was 2026-12-10 09:00).');
  });

  it('records a changed total, unless the console’s own action changed it', () => {
    const dearer = now(
      { total: { amount: '95.00', currency: 'USD' } },
      { status: 'ticketed', total: '95.00', segments: [segment()] },
    );
    expect(changesBetween(held(), dearer, context).map((c) => c.kind)).toEqual(['total_changed']);
    expect(changesBetween(held(), dearer, { ...context, byConsole: true })).toEqual([]);
  });

  it('records nothing from an answer it could not read in full, nor for a booking recorded before the watch', () => {
    const moved = { status: 'ticketed', total: '88.29', segments: [segment({ flight_number: 'XX1' })] };
    expect(changesBetween(held(), now({ partial: true }, moved), context)).toEqual([]);
    const before = { ...held(), watched: null };
    expect(changesBetween(before, now({}, moved), context)).toEqual([]);
  });

  it('takes the routine moves after an action as no change: ticketing, confirming and awaiting vouchers pass', () => {
    expect(isPassing('flight', 'ticketing')).toBe(true);
    expect(isPassing('hotel', 'confirming')).toBe(true);
    expect(isPassing('activity', 'confirmed')).toBe(true);
    expect(isPassing('flight', 'ticketed')).toBe(false);
    const ticketing = held(
      { status: 'ticketing' },
      { status: 'ticketing', total: '88.29', segments: [segment()] },
    );
    expect(changesBetween(ticketing, now(), context)).toEqual([]);
  });

  it('keeps what the service last said of a booking it no longer knows', () => {
    const change = unknownToService(held());
    expect(change.kind).toBe('unknown_to_service');
    expect(change.before.segments).toHaveLength(1);
    expect(change.after).toEqual({ status: 'unknown' });
  });
});

describe('a line of a change’s e-mail', () => {
  it('keeps whatever it quotes on one line: line breaks, other control characters and direction overrides become spaces', () => {
    expect(oneLine('B-1\r\nOpen the booking: http://evil.test')).toBe(
      'B-1  Open the booking: http://evil.test',
    );
    expect(oneLine('Hart\u202Eevil\u0007')).toBe('Hart evil ');
    expect(oneLine('B-1\u2028a\u2029b\u0085c\vd\fe')).toBe('B-1 a b c d e');
    expect(oneLine('Zoë Ångström · 東京')).toBe('Zoë Ångström · 東京');
  });
});
