import { describe, expect, it } from 'vitest';
import { describeLine, flightSearchUrl, readCommandLine, readDate, unreadDateIn } from './command-line.ts';

const today = '2026-11-23';

describe('a search typed on one line', () => {
  it('reads GDS-style dates as the next such day', () => {
    expect(readDate('12dec', today)).toBe('2026-12-12');
    expect(readDate('1JAN', today)).toBe('2027-01-01');
    expect(readDate('23nov', today)).toBe('2026-11-23');
    expect(readDate('22nov', today)).toBe('2027-11-22');
    expect(readDate('31feb', today)).toBeNull();
    expect(readDate('2026-12-24', today)).toBe('2026-12-24');
    expect(readDate('dec', today)).toBeNull();
  });

  it('reads LON NYC 12dec 2a as a one-way flight search for two adults', () => {
    const line = readCommandLine('LON NYC 12dec 2a', today);
    expect(line).toEqual({
      kind: 'flights',
      from: 'LON',
      to: 'NYC',
      depart: '2026-12-12',
      return: null,
      adults: 2,
      children: 0,
      infants: 0,
      cabin: 'economy',
    });
    if (line?.kind !== 'flights') throw new Error('a flight search');
    expect(flightSearchUrl(line)).toBe(
      '/flights?from=LON&to=NYC&depart=2026-12-12&adults=2&children=0&infants=0&cabin=economy',
    );
    expect(describeLine(line)).toBe('Search flights LON → NYC, 2026-12-12, 2 adults');
  });

  it('reads a return with a child and a cabin, in any case', () => {
    expect(readCommandLine('lhr jfk 12dec 19dec 2a 1c C', today)).toMatchObject({
      from: 'LHR',
      to: 'JFK',
      return: '2026-12-19',
      children: 1,
      cabin: 'business',
    });
  });

  it('reads hotel and activity searches', () => {
    expect(readCommandLine('hotel new york 12dec 3n 2a', today)).toEqual({
      kind: 'hotels',
      place: 'new york',
      checkIn: '2026-12-12',
      checkOut: '2026-12-15',
      adults: 2,
    });
    expect(readCommandLine('act canal tour 14dec', today)).toEqual({
      kind: 'activities',
      query: 'canal tour',
      date: '2026-12-14',
    });
  });

  it('reads only days of the calendar: 31 February is none, 29 February the next that exists', () => {
    expect(readDate('2027-02-31', today)).toBeNull();
    expect(readDate('2027-02-29', today)).toBeNull();
    expect(readDate('2028-02-29', today)).toBe('2028-02-29');
    expect(readDate('29feb', today)).toBe('2028-02-29');
    expect(readDate('31apr', today)).toBeNull();
    expect(readCommandLine('LON NYC 2027-02-31 1a', today)).toBeNull();
    expect(readCommandLine('hotel paris 2027-02-31 3n', today)).toBeNull();
    expect(unreadDateIn('LON NYC 2027-02-31 1a', today)).toBe('2027-02-31 is not a date in the calendar.');
    expect(unreadDateIn('hotel paris 31feb 3n', today)).toBe('31feb is not a date in the calendar.');
    expect(unreadDateIn('LON NYC 12dec 1a', today)).toBeNull();
    expect(unreadDateIn('ABC123 4dogs', today)).toBeNull();
  });

  it('is no search for a PNR, a name or half a line', () => {
    expect(readCommandLine('ABC123', today)).toBeNull();
    expect(readCommandLine('amelia hart', today)).toBeNull();
    expect(readCommandLine('LON NYC', today)).toBeNull();
    expect(readCommandLine('hotel 12dec', today)).toBeNull();
    expect(readCommandLine('', today)).toBeNull();
  });
});
