import { describe, expect, it } from 'vitest';
import { inLivedOrder, type TimelineLine } from './trips.ts';

const texts = (lines: TimelineLine[]) => inLivedOrder(lines).map((line) => line.text);

describe('a trip in the order the client lives it', () => {
  const outbound: TimelineLine = {
    at: '2027-01-05 12:40',
    text: 'LHR → JFK',
    kind: 'flight',
    lands_at: '2027-01-05 14:55',
  };
  const back: TimelineLine = {
    at: '2027-01-09 18:30',
    text: 'JFK → LHR',
    kind: 'flight',
    lands_at: '2027-01-10 06:35',
  };
  const checkIn: TimelineLine = { at: '2027-01-05', text: 'Check in', kind: 'check_in' };
  const checkOut: TimelineLine = { at: '2027-01-09', text: 'Check out', kind: 'check_out' };

  it('puts a check-in after the flight that lands that day and a check-out before the flight that leaves', () => {
    expect(texts([checkIn, checkOut, back, outbound])).toEqual([
      'LHR → JFK',
      'Check in',
      'Check out',
      'JFK → LHR',
    ]);
  });

  it('puts a check-in after a flight that lands late in the evening, even one that left after 15:00', () => {
    const late: TimelineLine = {
      at: '2027-01-05 16:10',
      text: 'late',
      kind: 'flight',
      lands_at: '2027-01-05 23:20',
    };
    const dinner: TimelineLine = { at: '2027-01-05 19:00', text: 'dinner', kind: 'activity' };
    expect(texts([checkIn, dinner, late])).toEqual(['late', 'dinner', 'Check in']);
  });

  it('puts a check-out before a morning flight, and a date alone at the hours of a stay when no flight moves', () => {
    const early: TimelineLine = {
      at: '2027-01-09 07:05',
      text: 'early',
      kind: 'flight',
      lands_at: '2027-01-09 09:00',
    };
    const museum: TimelineLine = { at: '2027-01-09 10:00', text: 'museum', kind: 'activity' };
    expect(texts([museum, early, checkOut])).toEqual(['Check out', 'early', 'museum']);
    const tour: TimelineLine = { at: '2027-01-09 16:00', text: 'tour', kind: 'activity' };
    const brunch: TimelineLine = { at: '2027-01-09 09:30', text: 'brunch', kind: 'activity' };
    expect(texts([tour, checkOut, brunch])).toEqual(['brunch', 'Check out', 'tour']);
  });

  it('uses the hour of a check-in when the service gives one, and places an activity with no start time at noon', () => {
    const timed: TimelineLine = { at: '2027-01-05 13:00', text: 'Check in at one', kind: 'check_in' };
    const anyTime: TimelineLine = { at: '2027-01-05', text: 'any time', kind: 'activity' };
    expect(texts([anyTime, timed, outbound])).toEqual(['any time', 'LHR → JFK', 'Check in at one']);
  });

  it('keeps lines with no readable date last, in the order given', () => {
    const unknown: TimelineLine = { at: null, text: 'unknown', kind: 'activity' };
    const odd: TimelineLine = { at: 'next Tuesday', text: 'odd' };
    expect(texts([unknown, checkIn, odd, outbound])).toEqual(['LHR → JFK', 'Check in', 'unknown', 'odd']);
  });
});
