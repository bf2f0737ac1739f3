import { instantOf, isTimeZoneName } from '@console/contract';
import type { Context } from 'hono';
import type { AppEnv } from './types.ts';

/**
 * The console's own times written by the server (decision 049): the CSV exports and the PDFs are in the zone of the
 * person who asked for them, with the offset said, never a bare UTC.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat('en-GB', { ...options, timeZone });
    formatters.set(key, made);
  }
  return made;
}

/** The offset of a zone at an instant, as `+01:00` (RFC 3339), asked of Intl. */
function offsetOf(at: number, timeZone: string): string {
  const name =
    formatter(timeZone, { timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-]\d{2}:\d{2})/.exec(name);
  return match?.[1] ?? '+00:00';
}

/**
 * An instant as RFC 3339 in a zone, with its offset: `2026-12-12T18:00:00+01:00` (the CSV exports). A value that is
 * not a time is given as it is.
 */
export function zonedIso(value: string, timeZone: string): string {
  const at = instantOf(value);
  if (at === null) return value;
  const parts = formatter(timeZone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}${offsetOf(at, timeZone)}`;
}

/** An instant in words in a zone, the zone named: "12 Dec 2026, 18:00 (Europe/Paris, UTC+01:00)" (the PDFs). */
export function zonedWords(value: string, timeZone: string): string {
  const at = instantOf(value);
  if (at === null) return value;
  const words = formatter(timeZone, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return `${words} (${timeZone}, UTC${offsetOf(at, timeZone)})`;
}

/**
 * The zone a download is written in: the one the browser asked for (`time_zone`, the agent's zone as the SPA shows
 * it), else the one the person chose, else UTC.
 */
export function zoneOfRequest(c: Context<AppEnv>): string {
  const asked = c.req.query('time_zone');
  if (asked && isTimeZoneName(asked)) return asked;
  const chosen = c.get('user')?.timeZone;
  return chosen && isTimeZoneName(chosen) ? chosen : 'UTC';
}
