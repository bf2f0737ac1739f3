import { instantOf, isTimeZoneName } from '@console/contract';

/**
 * Times where they happen (decision 049). The console's own times (made, seen, handled, the audit log) are shown in
 * the agent's time zone: the one chosen on the account page (kept with the person on the server, given in /me), else
 * the browser's. A place's times (a flight's, a hotel's deadline) are shown in the place's own clock. Everything is
 * asked of Intl with a named zone: no offset arithmetic by hand, and nothing depends on the machine's zone.
 */

let chosen: string | null = null;
let known: { zone: string; ok: boolean } | null = null;

/** The zone the person chose (from /me), or null for the browser's own. Kept as given; checked when first used. */
export function setAgentTimeZone(zone: string | null | undefined): void {
  chosen = zone || null;
}

/** The zone the person chose on their account page, or null when it is the browser's (or one it does not know). */
export function chosenTimeZone(): string | null {
  if (chosen === null) return null;
  // Asked of Intl once per zone, when a time is first shown (not as the shell starts: see lib/format.ts).
  if (known?.zone !== chosen) known = { zone: chosen, ok: isTimeZoneName(chosen) };
  return known.ok ? chosen : null;
}

/** The browser's own time zone. */
export const browserTimeZone = (): string => new Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The zone the console's own times are shown in. */
export const agentTimeZone = (): string => chosenTimeZone() ?? browserTimeZone();

/** The agent's locale: the browser's language, by which dates are written and read. */
export const agentLocale = (): string => (typeof navigator !== 'undefined' && navigator.language) || 'en-GB';

const formatters = new Map<string, Intl.DateTimeFormat>();
/** One formatter per locale, zone and form, made when first asked for (the first loads the browser's ICU data). */
function formatter(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    // A 24-hour clock writes its hours in two digits (08:00, not 8:00), as timetables do; a 12-hour one as it says them.
    const hour = options.hour && !twelveHours(locale) ? { hour: '2-digit' as const } : {};
    made = new Intl.DateTimeFormat(locale, { ...options, ...hour, timeZone });
    formatters.set(key, made);
  }
  return made;
}

const clocks = new Map<string, boolean>();
function twelveHours(locale: string): boolean {
  let twelve = clocks.get(locale);
  if (twelve === undefined) {
    twelve = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hour12 === true;
    clocks.set(locale, twelve);
  }
  return twelve;
}

const DAY = { weekday: 'short', day: 'numeric', month: 'short' } as const;
const CLOCK = { hour: 'numeric', minute: '2-digit' } as const;
const HALF_A_YEAR = 182 * 86_400_000;

export interface Where {
  timeZone: string;
  locale: string;
  /** Now (epoch ms): a time half a year or more from it is said with its year. */
  now?: number;
}

/** "Sat 12 Dec, 18:00 GMT" in a zone, with the zone's short name (never a bare time); the year when far off. */
export function instantIn(at: number, { timeZone, locale, now = Date.now() }: Where): string {
  const year = Math.abs(at - now) >= HALF_A_YEAR ? { year: 'numeric' as const } : {};
  return formatter(locale, timeZone, { ...DAY, ...year, ...CLOCK, timeZoneName: 'short' }).format(at);
}

/** "UTC+1", "UTC−5", "UTC+5:30", "UTC": a zone's offset at an instant, as Intl names it. */
export function offsetName(at: number, timeZone: string): string {
  const name =
    formatter('en-US', timeZone, { timeZoneName: 'shortOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  return name.replace(/^GMT([+-]0)?/, 'UTC').replace('-', '−');
}

/** "Paris" for Europe/Paris, "Buenos Aires" for America/Argentina/Buenos_Aires: how a zone is said in words. */
export const zoneCity = (timeZone: string) => (timeZone.split('/').at(-1) ?? timeZone).replaceAll('_', ' ');

/** The day and clock of an instant in a zone, without the zone's name: "Sat 12 Dec, 18:00". */
function dayAndClock(at: number, { timeZone, locale, now = Date.now() }: Where): string {
  const year = Math.abs(at - now) >= HALF_A_YEAR ? { year: 'numeric' as const } : {};
  return formatter(locale, timeZone, { ...DAY, ...year, ...CLOCK }).format(at);
}
const clockOf = (at: number, { timeZone, locale }: Where) => formatter(locale, timeZone, CLOCK).format(at);
const dayOf = (at: number, { timeZone, locale }: Where) => formatter(locale, timeZone, DAY).format(at);

/** What is known of a place's clock: its zone by name, or only the offset the service wrote its times with. */
export type PlaceClock = { zone: string } | { offsetAsWritten: true } | null;

/**
 * A place's deadline (a hotel's free cancellation or payment deadline) in the place's clock with its offset, and the
 * agent's beside it: "Sat 12 Dec, 18:00 Paris time (UTC+1) · 17:00 your time". Without the place's zone, the time is
 * shown with the offset the service wrote it with, said to be that; without that either, in the agent's time only.
 * The agent's day is named when it is not the place's. A value that is not a time is shown as written.
 */
export function placeDeadline(
  iso: string,
  place: PlaceClock,
  agent: Where,
): { text: string; placeTime: string | null; agentTime: string } {
  const at = instantOf(iso);
  if (at === null) return { text: iso, placeTime: null, agentTime: iso };
  let placeTime: string | null = null;
  let placeDay: string | null = null;
  if (place && 'zone' in place) {
    const there = { ...agent, timeZone: place.zone };
    placeTime = `${dayAndClock(at, there)} ${zoneCity(place.zone)} time (${offsetName(at, place.zone)})`;
    placeDay = dayOf(at, there);
  } else if (place && /[+-]\d{2}:?\d{2}$/.test(iso)) {
    // The offset the service wrote is the only clock known: its wall clock, as written, said to be that.
    const written = /([+-])(\d{2}):?(\d{2})$/.exec(iso);
    const zone = written ? `${written[1]}${written[2]}:${written[3]}` : '+00:00';
    const there = { ...agent, timeZone: zone };
    placeTime = `${dayAndClock(at, there)} (${offsetName(at, zone)}, as the service wrote it)`;
    placeDay = dayOf(at, there);
  }
  if (placeTime === null) {
    const agentTime = `${dayAndClock(at, agent)} your time (${offsetName(at, agent.timeZone)})`;
    return { text: agentTime, placeTime: null, agentTime };
  }
  const agentTime =
    placeDay === dayOf(at, agent) ? `${clockOf(at, agent)} your time` : `${dayAndClock(at, agent)} your time`;
  return { text: `${placeTime} · ${agentTime}`, placeTime, agentTime };
}

/**
 * A date-time of the console's own (made, seen, handled) in the agent's zone, with the zone's name; read with or
 * without an offset (without one it is UTC); a value that is not a time is shown as written.
 */
export function agentTime(iso: string, now = Date.now()): string {
  const at = instantOf(iso);
  if (at === null) return iso;
  return instantIn(at, { timeZone: agentTimeZone(), locale: agentLocale(), now });
}

/** Every zone this browser can name, for the account page's list (UTC first). */
export function knownTimeZones(): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...listed.filter((zone) => zone !== 'UTC')];
}

/** The instant a wall clock shows in a zone: "2026-12-02", "09:00" in Europe/Paris → epoch ms (DST gaps move on). */
export function instantOfWallClock(date: string, time: string, timeZone: string): number {
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  const shownAt = (at: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
        .formatToParts(at)
        .map((p) => [p.type, p.value]),
    );
    return Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
      Number(parts.second),
    );
  };
  // The zone's offset near that time, read twice (the second read settles a DST change in between).
  const first = asUtc - (shownAt(asUtc) - asUtc);
  return asUtc - (shownAt(first) - first);
}
