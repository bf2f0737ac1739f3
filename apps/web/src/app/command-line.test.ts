import { describe, expect, it } from 'vitest';
import {
  describeLine,
  EXAMPLES,
  flightSearchUrl,
  readCommandLine,
  readDate,
  readingOf,
  unreadDateIn,
} from './command-line.ts';

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

describe('a GDS availability entry typed in the palette', () => {
  const londonNewYork = {
    kind: 'flights',
    from: 'LON',
    to: 'NYC',
    depart: '2026-12-12',
    return: '2026-12-19',
    adults: 2,
    children: 0,
    infants: 0,
    cabin: 'economy',
  } as const;

  it.each([
    'AN12DECLONNYC/19DEC/2A',
    'AN12DECLONNYC*19DEC/2A',
    'an12declonnyc/19dec/2a',
    'AN 12DEC LON NYC /19DEC /2A',
    'AN12DEC LONNYC*19DEC 2A',
    '112DECLONNYC/19DEC/2A',
    '112DECLONNYC*19DEC/2A',
    '112DECLONNYC 1R19DEC 2A',
    '1 12dec lon nyc r19dec /2a',
    'LON NYC 12dec 19dec 2a',
    'lon nyc 12DEC 19DEC 2A',
  ])('reads %s as London → New York on 12 December, back on the 19th, two adults', (typed) => {
    expect(readCommandLine(typed, today)).toEqual(londonNewYork);
  });

  it('reads a one-way entry as one adult, and its URL opens the flight results', () => {
    const line = readCommandLine('AN12DECLONNYC', today);
    expect(line).toEqual({ ...londonNewYork, return: null, adults: 1 });
    if (line?.kind !== 'flights') throw new Error('a flight search');
    expect(flightSearchUrl(line)).toBe(
      '/flights?from=LON&to=NYC&depart=2026-12-12&adults=1&children=0&infants=0&cabin=economy',
    );
    expect(readCommandLine('112DECLONNYC', today)).toEqual({ ...londonNewYork, return: null, adults: 1 });
  });

  it('reads the party as adults, children and infants together or apart, and the cabin as Amadeus writes it', () => {
    expect(readCommandLine('AN12DECLONNYC/2A1C1I', today)).toMatchObject({
      adults: 2,
      children: 1,
      infants: 1,
    });
    expect(readCommandLine('AN12DECLONNYC/2A/1C/1I/KC', today)).toMatchObject({
      adults: 2,
      children: 1,
      infants: 1,
      cabin: 'business',
    });
    expect(readCommandLine('LON NYC 12dec 1a 2c w', today)).toMatchObject({
      adults: 1,
      children: 2,
      cabin: 'premium_economy',
    });
    expect(readCommandLine('AN12DECLONNYC/KF', today)).toMatchObject({ cabin: 'first' });
  });

  it('takes the next such day that is not past, and a return the next such day on or after the outbound', () => {
    // Today is 23 November 2026: 12 December is this year's, 5 January next year's.
    expect(readCommandLine('AN5JANLONNYC', today)).toMatchObject({ depart: '2027-01-05' });
    expect(readCommandLine('AN23NOVLONNYC', today)).toMatchObject({ depart: '2026-11-23' });
    expect(readCommandLine('AN22NOVLONNYC', today)).toMatchObject({ depart: '2027-11-22' });
    // Out on 28 December, back on 3 January: the January after it.
    expect(readCommandLine('AN28DECLONNYC*3JAN', today)).toMatchObject({
      depart: '2026-12-28',
      return: '2027-01-03',
    });
    // A return written before the outbound's day in the month is the next year's: never a return before the outbound.
    expect(readCommandLine('AN12DECLONNYC*10DEC', today)).toMatchObject({ return: '2027-12-10' });
  });

  it('is no search for a PNR or a name that happens to start like an entry', () => {
    expect(readCommandLine('1ABC23', today)).toBeNull();
    expect(readCommandLine('ANNA HART', today)).toBeNull();
    expect(readingOf('ANNA HART', today)).toBeNull();
    expect(readingOf('1ABC23', today)).toBeNull();
    expect(readingOf('amelia hart', today)).toBeNull();
    expect(readingOf('Ann Lee Smith', today)).toBeNull();
  });

  it('says what it understands of a line that is meant as a search but does not read', () => {
    expect(readingOf('AN12DECLON', today)).toEqual({
      says: 'Not a search yet: an availability entry is AN (or 1), the day and the two places, as AN12DECLONNYC, then /19DEC for a return and /2A for two adults.',
      sure: true,
    });
    expect(readingOf('AN12XYZLONNYC', today)?.says).toMatch(
      /^“XYZ” is not a month: an availability entry is AN/,
    );
    expect(readingOf('AN31FEBLONNYC', today)).toEqual({
      says: '31feb is not a date in the calendar.',
      sure: true,
    });
    expect(readingOf('112DECLONNYC/31FEB', today)?.says).toBe('31feb is not a date in the calendar.');
    expect(readingOf('AN12DECLONNYC/2X', today)?.says).toBe(
      '“2X” is not read: a return is /19DEC, the party /2A1C1I (adults, children, infants), the cabin /KC (Y, W, C or F).',
    );
    expect(readingOf('AN12DECLONNYC/1A2I', today)?.says).toBe(
      'Each infant travels on an adult’s lap: no more infants than adults.',
    );
    expect(readingOf('AN12DECLONNYC/5A5C', today)?.says).toBe('At most 9 passengers in one booking.');
    expect(readingOf('AN12DECLONLON', today)?.says).toBe('LON to LON: a flight is between two places.');
    // Two codes and no day might be a name: said only when nothing else matched.
    expect(readingOf('LON NYC', today)).toEqual({
      says: 'A flight search needs the day: LON NYC 12dec, or an availability entry is AN (or 1), the day and the two places, as AN12DECLONNYC, then /19DEC for a return and /2A for two adults.',
      sure: false,
    });
    expect(readingOf('LON NYC 2a', today)?.says).toMatch(/^A flight search needs the day: LON NYC 12dec/);
    expect(readingOf('hotel paris', today)).toEqual({
      says: 'A hotel search is the place and the day: hotel paris 12dec 3n 2a (3 nights, 2 adults).',
      sure: false,
    });
    expect(readingOf('LON NYC 2027-02-31', today)).toEqual({
      says: '2027-02-31 is not a date in the calendar.',
      sure: true,
    });
    expect(readingOf('AN12DECLONNYC', today)).toBeNull();
  });

  it('shows every example of its help as a line it reads', () => {
    for (const example of EXAMPLES.filter((e) => /\d/.test(e.typed)))
      expect(readCommandLine(example.typed, today), example.typed).not.toBeNull();
  });
});
