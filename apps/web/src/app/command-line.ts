import { calendarDate } from '@console/contract';
/**
 * A search typed on one line in the command palette, as GDS agents type them:
 *   `LON NYC 12dec 2a`              flights London → New York on the next 12 December, two adults
 *   `LHR JFK 12dec 19dec 2a 1c c`   a return, two adults and a child, business (y, w, c, f for the cabins)
 *   `hotel paris 12dec 3n 2a`       three nights in a place named like "paris" from 12 December, two adults
 *   `act canal 14dec`               activities matching "canal"
 * Dates are `12dec`, `12 dec` is not (one token each); ISO dates (2026-12-12) work too. A date without a year is the
 * next one on or after today.
 */
export type CommandLine =
  | {
      kind: 'flights';
      from: string;
      to: string;
      depart: string;
      return: string | null;
      adults: number;
      children: number;
      infants: number;
      cabin: 'economy' | 'premium_economy' | 'business' | 'first';
    }
  | { kind: 'hotels'; place: string; checkIn: string; checkOut: string; adults: number }
  | { kind: 'activities'; query: string; date: string | null };

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const CABINS = { y: 'economy', w: 'premium_economy', c: 'business', f: 'first' } as const;

const iso = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** A date token (`12dec`, `2026-12-12`) as YYYY-MM-DD: the next such day on or after `today`; null if not one. */
export function readDate(token: string, today: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(token)) return calendarDate(token);
  const match = /^(\d{1,2})([a-z]{3})$/i.exec(token);
  if (!match?.[1] || !match[2]) return null;
  const month = MONTHS.indexOf(match[2].toLowerCase()) + 1;
  const day = Number(match[1]);
  if (month === 0 || day < 1) return null;
  const year = Number(today.slice(0, 4));
  // 29feb is the next 29 February that exists; 31feb is none.
  for (let y = year; y <= year + 4; y++) {
    const text = calendarDate(iso(y, month, day));
    if (text && text >= today) return text;
  }
  return null;
}

/**
 * A token of the line that is written as a date but names no day of the calendar (`2027-02-31`, `31feb`), in words
 * for the palette to say why it offers no search; null when there is none.
 */
export function unreadDateIn(line: string, today: string): string | null {
  for (const token of line.trim().split(/\s+/)) {
    const month = /^\d{1,2}([a-z]{3})$/i.exec(token)?.[1]?.toLowerCase();
    const dateLike = /^\d{4}-\d{2}-\d{2}$/.test(token) || (month !== undefined && MONTHS.includes(month));
    if (dateLike && readDate(token, today) === null) return `${token} is not a date in the calendar.`;
  }
  return null;
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Reads a typed line; null when it is not a search (the palette then searches bookings, trips and travellers). */
export function readCommandLine(line: string, today: string): CommandLine | null {
  const tokens = line.trim().split(/\s+/).filter(Boolean);
  const [first, ...rest] = tokens;
  if (!first) return null;
  const counts = (words: string[]) => {
    const out = { a: 0, c: 0, i: 0, n: 0 };
    for (const word of words) {
      const m = /^(\d)([acin])$/i.exec(word);
      if (m?.[1] && m[2]) out[m[2].toLowerCase() as keyof typeof out] = Number(m[1]);
    }
    return out;
  };

  if (/^(hotel|hotels|htl)$/i.test(first)) {
    const dateAt = rest.findIndex((t) => readDate(t, today) !== null);
    if (dateAt < 1) return null;
    const checkIn = readDate(rest[dateAt] as string, today) as string;
    const after = rest.slice(dateAt + 1);
    const second = after[0] ? readDate(after[0], today) : null;
    const n = counts(after);
    const checkOut = second && second > checkIn ? second : addDays(checkIn, Math.max(1, n.n || 1));
    return {
      kind: 'hotels',
      place: rest.slice(0, dateAt).join(' '),
      checkIn,
      checkOut,
      adults: Math.max(1, n.a || 1),
    };
  }

  if (/^(act|activity|activities|tour)$/i.test(first)) {
    const dateAt = rest.findIndex((t) => readDate(t, today) !== null);
    const words = dateAt === -1 ? rest : rest.slice(0, dateAt);
    if (words.length === 0) return null;
    return {
      kind: 'activities',
      query: words.join(' '),
      date: dateAt === -1 ? null : readDate(rest[dateAt] as string, today),
    };
  }

  const [to, departToken, ...more] = rest;
  if (!/^[a-z]{3}$/i.test(first) || !to || !/^[a-z]{3}$/i.test(to) || !departToken) return null;
  const depart = readDate(departToken, today);
  if (!depart) return null;
  const back = more[0] ? readDate(more[0], today) : null;
  const n = counts(more);
  const cabinToken = more.find((t) => /^[ywcf]$/i.test(t))?.toLowerCase() as keyof typeof CABINS | undefined;
  return {
    kind: 'flights',
    from: first.toUpperCase(),
    to: to.toUpperCase(),
    depart,
    return: back && back >= depart ? back : null,
    adults: Math.max(1, n.a || 1),
    children: n.c,
    infants: n.i,
    cabin: cabinToken ? CABINS[cabinToken] : 'economy',
  };
}

/** The flight desk's URL for a typed flight search (the keys its search-params read). */
export function flightSearchUrl(line: Extract<CommandLine, { kind: 'flights' }>): string {
  const params = new URLSearchParams({
    from: line.from,
    to: line.to,
    depart: line.depart,
    ...(line.return ? { return: line.return } : {}),
    adults: String(line.adults),
    children: String(line.children),
    infants: String(line.infants),
    cabin: line.cabin,
  });
  return `/flights?${params.toString()}`;
}

/** Words for the palette's row. */
export function describeLine(line: CommandLine): string {
  const people = (a: number, c = 0, i = 0) =>
    [
      `${a} adult${a === 1 ? '' : 's'}`,
      c ? `${c} child${c === 1 ? '' : 'ren'}` : '',
      i ? `${i} infant${i === 1 ? '' : 's'}` : '',
    ]
      .filter(Boolean)
      .join(', ');
  if (line.kind === 'flights')
    return `Search flights ${line.from} → ${line.to}, ${line.depart}${line.return ? ` returning ${line.return}` : ''}, ${people(line.adults, line.children, line.infants)}${line.cabin === 'economy' ? '' : `, ${line.cabin.replace('_', ' ')}`}`;
  if (line.kind === 'hotels')
    return `Search hotels in “${line.place}”, ${line.checkIn} to ${line.checkOut}, ${people(line.adults)}`;
  return `Search activities for “${line.query}”${line.date ? ` on ${line.date}` : ''}`;
}
