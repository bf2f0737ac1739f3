import { describe, expect, it } from 'vitest';
import { zonedIso, zonedWords } from './zoned-time.ts';

describe('the console’s times written by the server', () => {
  it('are RFC 3339 in the zone asked for, with its offset, winter and summer', () => {
    expect(zonedIso('2026-12-12T17:00:00.000Z', 'Europe/Paris')).toBe('2026-12-12T18:00:00+01:00');
    expect(zonedIso('2026-07-12T17:00:00Z', 'Europe/Paris')).toBe('2026-07-12T19:00:00+02:00');
    expect(zonedIso('2026-12-12T03:00:00Z', 'America/New_York')).toBe('2026-12-11T22:00:00-05:00');
    expect(zonedIso('2026-12-12T17:00:00Z', 'Asia/Kathmandu')).toBe('2026-12-12T22:45:00+05:45');
    expect(zonedIso('2026-12-12T17:00:00Z', 'UTC')).toBe('2026-12-12T17:00:00+00:00');
    expect(zonedIso('not a time', 'UTC')).toBe('not a time');
  });

  it('are said in words with the zone named', () => {
    expect(zonedWords('2026-12-12T17:00:00Z', 'Europe/Paris')).toBe(
      '12 Dec 2026, 18:00 (Europe/Paris, UTC+01:00)',
    );
  });
});
