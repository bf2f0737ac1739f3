import { describe, expect, it } from 'vitest';
import { dayOrderOf, readTypedDate, showDate, showWallClock, todayIn } from './typed-date.ts';

const TODAY = '2026-11-29';
const gb = (text: string, today = TODAY) => readTypedDate(text, today, 'en-GB');
const us = (text: string, today = TODAY) => readTypedDate(text, today, 'en-US');

describe('a date typed as an agent types it', () => {
  it('reads a month by name, with or without a space, a year or a weekday', () => {
    for (const typed of ['12dec', '12 Dec', '12DEC', 'Dec 12', 'December 12', '12th December', '12-dec'])
      expect(gb(typed)).toEqual({ date: '2026-12-12' });
    expect(gb('12DEC27')).toEqual({ date: '2027-12-12' });
    expect(us('Dec 12, 2027')).toEqual({ date: '2027-12-12' });
    expect(gb('Sat 12 Dec 2026')).toEqual({ date: '2026-12-12' });
    expect(us('Sat, Dec 12, 2026')).toEqual({ date: '2026-12-12' });
  });

  it('reads numbers in the locale’s order: day/month in en-GB, month/day in en-US', () => {
    expect(gb('3/12')).toEqual({ date: '2026-12-03' });
    expect(us('3/12')).toEqual({ date: '2027-03-12' });
    expect(gb('12.12.2026')).toEqual({ date: '2026-12-12' });
    expect(us('12/24/26')).toEqual({ date: '2026-12-24' });
    expect(gb('24122026')).toEqual({ date: '2026-12-24' });
    expect(us('12242026')).toEqual({ date: '2026-12-24' });
    expect(dayOrderOf('en-GB')).toBe('day-first');
    expect(dayOrderOf('en-US')).toBe('month-first');
    expect(dayOrderOf('de-DE')).toBe('day-first');
    expect(dayOrderOf('ja-JP')).toBe('month-first');
  });

  it('reads ISO dates, and today and tomorrow', () => {
    expect(gb('2026-12-12')).toEqual({ date: '2026-12-12' });
    expect(us('2026-12-12')).toEqual({ date: '2026-12-12' });
    expect(gb('today')).toEqual({ date: TODAY });
    expect(us('Tomorrow')).toEqual({ date: '2026-11-30' });
  });

  it('reads the month names of the agent’s own language', () => {
    expect(readTypedDate('12 déc.', TODAY, 'fr-FR')).toEqual({ date: '2026-12-12' });
    expect(readTypedDate('12. Dezember', TODAY, 'de-DE')).toEqual({ date: '2026-12-12' });
    expect(readTypedDate('12.12.', TODAY, 'de-DE')).toEqual({ date: '2026-12-12' });
  });

  it('takes a date without a year as the next such day that is not in the past', () => {
    // Typed in late December: a date already gone this year is next year's.
    expect(gb('12dec', '2026-12-20')).toEqual({ date: '2027-12-12' });
    expect(gb('20dec', '2026-12-20')).toEqual({ date: '2026-12-20' });
    expect(gb('3jan', '2026-12-20')).toEqual({ date: '2027-01-03' });
    // 29 February: the next one there is.
    expect(gb('29feb', '2026-11-29')).toEqual({ date: '2028-02-29' });
  });

  it('says, in an agent’s words, what it cannot read and what is no day of the calendar', () => {
    for (const typed of ['12dex', 'next week', '12', '1/2/3/4', '123/4']) {
      const read = gb(typed);
      expect(read).toHaveProperty('problem');
      if ('problem' in read)
        expect(read.problem).toMatch(/is not a date the console can read\. Type a date such as 12 Dec/);
    }
    expect(us('soon')).toEqual({
      problem:
        '“soon” is not a date the console can read. Type a date such as 12 Dec, 10/12 (month/day) or 2026-12-12.',
    });
    for (const typed of ['31feb', '2027-02-31', '31/2/2027', '13/13'])
      expect(gb(typed)).toHaveProperty('problem', expect.stringContaining('is not a day of the calendar'));
    expect(gb('')).toEqual({ empty: true });
  });
});

describe('a date shown', () => {
  it('is written in the locale’s own words, and reads back as the same date', () => {
    expect(showDate('2026-12-12', 'en-GB')).toBe('Sat, 12 Dec 2026');
    expect(showDate('2026-12-12', 'en-US')).toBe('Sat, Dec 12, 2026');
    for (const locale of ['en-GB', 'en-US', 'fr-FR', 'de-DE'])
      expect(readTypedDate(showDate('2027-03-05', locale), TODAY, locale)).toEqual({ date: '2027-03-05' });
  });

  it('today is the date in the zone asked for, not the machine’s', () => {
    const at = Date.parse('2026-12-31T23:30:00Z');
    expect(todayIn('Europe/London', at)).toBe('2026-12-31');
    expect(todayIn('Asia/Tokyo', at)).toBe('2027-01-01');
    expect(todayIn('America/New_York', at)).toBe('2026-12-31');
  });
});

describe('a place’s wall clock', () => {
  it('is the time as the service gave it, in the locale’s words, said to be local', () => {
    expect(showWallClock('2026-12-12 08:25', 'en-GB')).toBe('Sat, 12 Dec 2026, 08:25 local');
    expect(showWallClock('2026-12-12T08:25:00-05:00', 'en-US')).toBe('Sat, Dec 12, 2026, 08:25 local');
    expect(showWallClock('2026-12-12', 'en-US')).toBe('Sat, Dec 12, 2026');
    expect(showWallClock('later', 'en-US')).toBe('later');
  });
});
