const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Offsets by zone and quarter hour: a zone's offset changes only at instants on a quarter hour (UTC) in the dates
 * the sandbox deals in, and asking Intl for each of a search's thousands of times was most of a search's cost (a
 * burst of a hundred streams in pnpm bench). Emptied when large.
 */
const offsets = new Map<string, number>();
const QUARTER_HOUR_MS = 900_000;

/** The UTC offset of a time zone at an instant, in minutes (Paris in winter: 60). */
export function offsetMinutes(timeZone: string, utcMs: number): number {
  const key = `${timeZone} ${Math.floor(utcMs / QUARTER_HOUR_MS)}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  if (offsets.size > 50_000) offsets.clear();
  const minutes = intlOffsetMinutes(timeZone, utcMs);
  offsets.set(key, minutes);
  return minutes;
}

function intlOffsetMinutes(timeZone: string, utcMs: number): number {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    formatters.set(timeZone, formatter);
  }
  const name =
    formatter.formatToParts(new Date(utcMs)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** The UTC instant of a wall-clock time in a time zone (date YYYY-MM-DD, minutes after midnight). */
export function zonedToUtc(date: string, minutesOfDay: number, timeZone: string): number {
  const wall = Date.parse(`${date}T00:00:00Z`) + minutesOfDay * 60_000;
  let utc = wall - offsetMinutes(timeZone, wall) * 60_000;
  utc = wall - offsetMinutes(timeZone, utc) * 60_000;
  return utc;
}

/** RFC 3339 local time with the zone's offset: 2026-12-10T08:25:00-05:00. */
export function formatZoned(utcMs: number, timeZone: string): string {
  const offset = offsetMinutes(timeZone, utcMs);
  const local = new Date(utcMs + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
