import { afterEach, describe, expect, it } from 'vitest';
import {
  agentTime,
  agentTimeZone,
  browserTimeZone,
  chosenTimeZone,
  instantIn,
  offsetName,
  placeDeadline,
  setAgentTimeZone,
  zoneCity,
} from './time-zone.ts';

// Fixed zones and a fixed "now", never the machine's.
const NOW = Date.parse('2026-11-29T09:00:00Z');
const london = { timeZone: 'Europe/London', locale: 'en-GB', now: NOW };
const newYork = { timeZone: 'America/New_York', locale: 'en-US', now: NOW };

afterEach(() => setAgentTimeZone(null));

describe('the console’s own times in the agent’s zone', () => {
  it('are written in the zone and locale asked for, with the zone named', () => {
    const at = Date.parse('2026-12-12T17:00:00Z');
    expect(instantIn(at, london)).toBe('Sat 12 Dec, 17:00 GMT');
    expect(instantIn(at, newYork)).toBe('Sat, Dec 12, 12:00 PM EST');
    expect(instantIn(at, { ...london, timeZone: 'Asia/Kolkata' })).toBe('Sat 12 Dec, 22:30 GMT+5:30');
  });

  it('say the year of a time half a year or more away', () => {
    expect(instantIn(Date.parse('2025-03-01T08:00:00Z'), london)).toBe('Sat, 1 Mar 2025, 08:00 GMT');
  });

  it('follow the zone the person chose, and the browser’s when none (or one this browser does not know)', () => {
    setAgentTimeZone('Asia/Tokyo');
    expect(agentTimeZone()).toBe('Asia/Tokyo');
    expect(agentTime('2026-12-12T17:00:00Z', NOW)).toMatch(/13.*2:00/);
    setAgentTimeZone('Mars/Olympus_Mons');
    expect(chosenTimeZone()).toBeNull();
    expect(agentTimeZone()).toBe(browserTimeZone());
    setAgentTimeZone(null);
    expect(agentTimeZone()).toBe(browserTimeZone());
    expect(agentTime('not a time')).toBe('not a time');
  });
});

describe('offsets and zones in words', () => {
  it('names an offset as Intl gives it, summer and winter', () => {
    expect(offsetName(Date.parse('2026-12-12T12:00:00Z'), 'Europe/Paris')).toBe('UTC+1');
    expect(offsetName(Date.parse('2026-07-12T12:00:00Z'), 'Europe/Paris')).toBe('UTC+2');
    expect(offsetName(Date.parse('2026-12-12T12:00:00Z'), 'America/New_York')).toBe('UTC−5');
    expect(offsetName(Date.parse('2026-12-12T12:00:00Z'), 'Asia/Kathmandu')).toBe('UTC+5:45');
    expect(offsetName(Date.parse('2026-12-12T12:00:00Z'), 'Europe/London')).toBe('UTC');
  });

  it('says a zone by its city', () => {
    expect(zoneCity('Europe/Paris')).toBe('Paris');
    expect(zoneCity('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
  });
});

describe('a hotel’s deadline', () => {
  it('is in the hotel’s time with its offset, and the agent’s beside it', () => {
    const words = placeDeadline('2026-12-10T18:00:00+01:00', { zone: 'Europe/Paris' }, london);
    expect(words.text).toBe('Thu 10 Dec, 18:00 Paris time (UTC+1) · 17:00 your time');
  });

  it('is the same instant whatever offset the service wrote it with (a zone named beats the string’s offset)', () => {
    // The variant writes every deadline in its own zone (−05:00): the hotel's clock comes from its zone.
    const words = placeDeadline('2026-12-10T12:00:00-05:00', { zone: 'Europe/Paris' }, newYork);
    expect(words.text).toBe('Thu, Dec 10, 6:00 PM Paris time (UTC+1) · 12:00 PM your time');
  });

  it('names the agent’s day when it is not the hotel’s', () => {
    const words = placeDeadline('2026-12-10T23:30:00+09:00', { zone: 'Asia/Tokyo' }, london);
    expect(words.text).toBe('Thu 10 Dec, 23:30 Tokyo time (UTC+9) · 14:30 your time');
    const later = placeDeadline('2026-12-10T08:00:00+09:00', { zone: 'Asia/Tokyo' }, newYork);
    expect(later.agentTime).toBe('Wed, Dec 9, 6:00 PM your time');
  });

  it('without the hotel’s zone, keeps the offset the service wrote and says so', () => {
    const words = placeDeadline('2026-12-10T18:00:00+01:00', { offsetAsWritten: true }, london);
    expect(words.text).toBe('Thu 10 Dec, 18:00 (UTC+1, as the service wrote it) · 17:00 your time');
  });

  it('with no clock of the hotel’s at all, says the agent’s time only, honestly', () => {
    expect(placeDeadline('2026-12-10T17:00:00', null, london).text).toBe('Thu 10 Dec, 17:00 your time (UTC)');
    expect(placeDeadline('2026-12-10T17:00:00', { offsetAsWritten: true }, newYork).text).toBe(
      'Thu, Dec 10, 12:00 PM your time (UTC−5)',
    );
    expect(placeDeadline('soon', null, london).text).toBe('soon');
  });
});
