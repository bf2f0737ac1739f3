import type { TripPart } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { type PartForRules, tripConflicts } from './conflicts.ts';

const base = (over: Partial<PartForRules> & Pick<TripPart, 'booking_id' | 'product'>): PartForRules => ({
  status: 'confirmed',
  reference: over.booking_id.toUpperCase(),
  title: over.booking_id,
  total: { amount: '100.00', currency: 'USD' },
  deadline: null,
  starts_at: null,
  ends_at: null,
  travellers: [],
  traveller_count: null,
  lines: [],
  read: true,
  ...over,
});

const flight = (over: Partial<PartForRules> = {}) =>
  base({
    booking_id: 'f1',
    product: 'flight',
    status: 'ticketed',
    starts_at: '2026-12-12 08:00',
    ends_at: '2026-12-19 22:00',
    arrival_on: '2026-12-12',
    departure_on: '2026-12-19',
    travellers: ['Amelia Hart'],
    traveller_count: 1,
    ...over,
  });
const hotel = (over: Partial<PartForRules> = {}) =>
  base({
    booking_id: 'h1',
    product: 'hotel',
    starts_at: '2026-12-12',
    ends_at: '2026-12-19',
    travellers: ['Amelia Hart'],
    ...over,
  });
const activity = (over: Partial<PartForRules> = {}) =>
  base({ booking_id: 'a1', product: 'activity', starts_at: '2026-12-14 10:00', traveller_count: 1, ...over });

const rules = (parts: PartForRules[]) => tripConflicts(parts).map((c) => c.rule);

describe('the conflicts across a trip', () => {
  it('finds none when the stay matches the flights and the activity is within it', () => {
    expect(tripConflicts([flight(), hotel(), activity()])).toEqual([]);
  });

  it('flags a hotel night left unused when the flight moved a day later', () => {
    const moved = flight({
      starts_at: '2026-12-13 08:00',
      arrival_on: '2026-12-13',
      departure_on: '2026-12-20',
    });
    const found = tripConflicts([moved, hotel()]);
    expect(found.map((c) => c.rule)).toEqual(['check_in_before_arrival', 'check_out_before_departure']);
    expect(found[0]?.severity).toBe('error');
    expect(found[0]?.message).toContain('1 night paid and not used');
  });

  it('flags a stay that starts after the arrival and ends after the flight home', () => {
    expect(rules([flight(), hotel({ starts_at: '2026-12-13', ends_at: '2026-12-21' })])).toEqual([
      'check_in_after_arrival',
      'check_out_after_departure',
    ]);
  });

  it('takes the next flight as the flight home when the first is one way', () => {
    const out = flight({ departure_on: null, ends_at: '2026-12-12 11:00' });
    const home = flight({
      booking_id: 'f2',
      starts_at: '2026-12-18 09:00',
      arrival_on: '2026-12-18',
      departure_on: null,
    });
    expect(rules([out, home, hotel()])).toEqual(['check_out_after_departure']);
  });

  it('flags an activity before the arrival, after the flight home, or outside the stay', () => {
    expect(rules([flight(), activity({ starts_at: '2026-12-11 10:00' })])).toEqual([
      'activity_before_arrival',
    ]);
    expect(rules([flight(), activity({ starts_at: '2026-12-20' })])).toEqual(['activity_after_departure']);
    expect(rules([hotel(), activity({ starts_at: '2026-12-25' })])).toEqual(['activity_outside_stay']);
  });

  it('flags a hotel left after every flight of the trip was cancelled', () => {
    const found = tripConflicts([flight({ status: 'cancelled' }), hotel()]);
    expect(found.map((c) => c.rule)).toEqual(['stay_without_flight']);
    expect(found[0]?.booking_ids).toEqual(['h1', 'f1']);
  });

  it('leaves cancelled parts out of every other rule', () => {
    expect(
      rules([flight(), hotel({ status: 'cancelled', starts_at: '2026-12-01', ends_at: '2026-12-02' })]),
    ).toEqual([]);
  });

  it('warns of a hold that lapses before the trip’s other holds are confirmed', () => {
    const found = tripConflicts([
      flight({ status: 'held', deadline: '2026-11-24T10:00:00.000Z' }),
      hotel({ status: 'held', deadline: '2026-11-25T10:00:00.000Z' }),
    ]);
    expect(found.map((c) => c.rule)).toEqual(['hold_lapses_first']);
    expect(found[0]?.booking_ids).toEqual(['f1', 'h1']);
  });

  it('takes holds lapsing within fifteen minutes of each other as lapsing together', () => {
    expect(
      rules([
        flight({ status: 'held', deadline: '2026-11-24T10:00:00.000Z' }),
        hotel({ status: 'held', deadline: '2026-11-24T10:14:00.000Z' }),
      ]),
    ).toEqual([]);
  });

  it('warns when the travellers differ between parts, by name or by count', () => {
    expect(rules([flight(), hotel({ travellers: ['Amelia Hart', 'Noor Haddad'] })])).toEqual([
      'travellers_differ',
    ]);
    expect(rules([flight(), activity({ traveller_count: 2 })])).toEqual(['travellers_differ']);
    // Names compare without case or accents.
    expect(rules([flight({ travellers: ['Zoë Brandt'] }), hotel({ travellers: ['ZOE BRANDT'] })])).toEqual(
      [],
    );
  });

  it('uses no date rule for a part whose dates could not be read', () => {
    expect(
      rules([flight({ starts_at: null, arrival_on: null, departure_on: null, ends_at: null }), hotel()]),
    ).toEqual([]);
  });
});
