import { calendarDate } from '@console/contract';
/**
 * A search typed on one line in the command palette, as GDS agents type them:
 *   `LON NYC 12dec 2a`              flights London → New York on the next 12 December, two adults
 *   `LHR JFK 12dec 19dec 2a 1c c`   a return, two adults and a child, business (y, w, c, f for the cabins)
 *   `hotel paris 12dec 3n 2a`       three nights in a place named like "paris" from 12 December, two adults
 *   `act canal 14dec`               activities matching "canal"
 *   `AN12DECLONNYC/19DEC/2A`        the availability entry of Amadeus (`*19DEC` too), or Sabre's `112DECLONNYC`
 *                                   (`1R19DEC` for the return), with or without spaces, in any case
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
/** A cabin's letter as GDS write it: Y (and M) economy, W premium economy, C business, F first. */
const cabinOf = (letter: string): Flights['cabin'] =>
  letter === 'w' ? 'premium_economy' : letter === 'c' ? 'business' : letter === 'f' ? 'first' : 'economy';

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

  return readFlights(tokens, today).line;
}

type Flights = Extract<CommandLine, { kind: 'flights' }>;
/**
 * A flight line read: the search, or why it is none (`why` null when the line does not look like a flight search;
 * `sure` when it surely is one, not a name that happens to be two three-letter words).
 */
interface FlightReading {
  line: Flights | null;
  why: string | null;
  sure: boolean;
}

const DAY = /^(\d{1,2})([a-z]{3})$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** An availability entry: Amadeus `AN`, Sabre `1`, the day, the two places, the options (`AN12DECLONNYC/19DEC/2A`). */
const GDS = /^(an|1)\s*(\d{1,2}[a-z]{3})\s*([a-z]{3})\s*([a-z]{3})(?=$|[\s/*¥])(.*)$/;
/** The start of one (AN and a day; 1 and a day with its month), to say what is missing when the rest does not read. */
const GDS_START = new RegExp(`^(an\\s*\\d{1,2}\\s*[a-z]{3}|1\\s*\\d{1,2}\\s*(${MONTHS.join('|')}))`);
const ENTRY_FORM =
  'an availability entry is AN (or 1), the day and the two places, as AN12DECLONNYC, then /19DEC for a return and /2A for two adults';
const OPTIONS_FORM =
  'a return is /19DEC, the party /2A1C1I (adults, children, infants), the cabin /KC (Y, W, C or F)';

/**
 * A flight search, from a GDS availability entry (`AN12DECLONNYC/19DEC/2A`, `112DECLONNYC*19DEC`, with or without
 * spaces, any case) or from words (`LON NYC 12dec 19dec 2a 1c c`). The return is the next such day on or after the
 * outbound; the party is adults (A), children (C) and infants (I), as `2A1C` or `2a 1c`; the cabin Y, W, C or F (or
 * Amadeus's `/KC`). Every option must read: a line with one that does not is no search, and says which.
 */
function readFlights(tokens: string[], today: string): FlightReading {
  const none = (why: string | null, sure: boolean): FlightReading => ({ line: null, why, sure });
  const text = tokens.join(' ').toLowerCase();
  const entry = GDS.exec(text);
  let head: { from: string; to: string; day: string; options: string[] };
  if (entry?.[2] && entry[3] && entry[4]) {
    const month = DAY.exec(entry[2])?.[2] ?? '';
    if (!MONTHS.includes(month)) return none(`“${month.toUpperCase()}” is not a month: ${ENTRY_FORM}.`, true);
    head = {
      day: entry[2],
      from: entry[3],
      to: entry[4],
      options: (entry[5] ?? '').split(/[\s/*¥]+/).filter(Boolean),
    };
  } else if (GDS_START.test(text)) {
    const month = /^(?:an|1)\s*\d{1,2}\s*([a-z]{3})/.exec(text)?.[1] ?? '';
    if (!MONTHS.includes(month)) return none(`“${month.toUpperCase()}” is not a month: ${ENTRY_FORM}.`, true);
    return none(`Not a search yet: ${ENTRY_FORM}.`, true);
  } else {
    const [from = '', to = '', day, ...options] = tokens.map((t) => t.toLowerCase());
    if (!/^[a-z]{3}$/.test(from) || !/^[a-z]{3}$/.test(to)) return none(null, false);
    const needsDay = `A flight search needs the day: ${from.toUpperCase()} ${to.toUpperCase()} 12dec, or ${ENTRY_FORM}.`;
    if (!day) return none(needsDay, false);
    // Two codes and a party or a cabin, but no day: surely a flight search missing its day. Anything else (a name
    // of three words) is no flight line at all.
    if (!DAY.test(day) && !ISO_DAY.test(day)) return none(/^(\d[aci])+$/.test(day) ? needsDay : null, false);
    head = { from, to, day, options };
  }

  const depart = readDate(head.day, today);
  if (!depart) return none(`${head.day} is not a date in the calendar.`, true);
  if (head.from === head.to)
    return none(
      `${head.from.toUpperCase()} to ${head.to.toUpperCase()}: a flight is between two places.`,
      true,
    );
  let back: string | null = null;
  const party = { a: 0, c: 0, i: 0 };
  let cabin: Flights['cabin'] = 'economy';
  for (const option of head.options) {
    // Sabre writes a return's day after 1R (or R).
    const day = /^(?:1?r)?(\d{1,2}[a-z]{3}|\d{4}-\d{2}-\d{2})$/.exec(option)?.[1];
    if (day) {
      const date = readDate(day, depart);
      if (!date) return none(`${day} is not a date in the calendar.`, true);
      back = date;
      continue;
    }
    if (/^(\d[aci])+$/.test(option)) {
      for (const [, n, who] of option.matchAll(/(\d)([aci])/g))
        if (n && (who === 'a' || who === 'c' || who === 'i')) party[who] = Number(n);
      continue;
    }
    const cabinLetter = /^k?([ywcfm])$/.exec(option)?.[1];
    if (cabinLetter) {
      cabin = cabinOf(cabinLetter);
      continue;
    }
    return none(`“${option.toUpperCase()}” is not read: ${OPTIONS_FORM}.`, true);
  }
  const adults = Math.max(1, party.a);
  if (party.i > adults)
    return none('Each infant travels on an adult’s lap: no more infants than adults.', true);
  if (adults + party.c + party.i > 9) return none('At most 9 passengers in one booking.', true);
  return {
    line: {
      kind: 'flights',
      from: head.from.toUpperCase(),
      to: head.to.toUpperCase(),
      depart,
      return: back,
      adults,
      children: party.c,
      infants: party.i,
      cabin,
    },
    why: null,
    sure: true,
  };
}

/**
 * Why a line that looks like a search is none, in words for the palette (`AN12DECLON`: what an availability entry is;
 * `LON NYC`: the day is missing; `31feb`: no such day); null when the line reads, or does not look like a search.
 * `sure` when the line is surely meant as a search (said at once); otherwise (two three-letter words may be a name)
 * the palette says it only when nothing else matched.
 */
export function readingOf(line: string, today: string): { says: string; sure: boolean } | null {
  const tokens = line.trim().split(/\s+/).filter(Boolean);
  if (tokens.length === 0 || readCommandLine(line, today)) return null;
  const unread = unreadDateIn(line, today);
  if (unread) return { says: unread, sure: true };
  const first = tokens[0]?.toLowerCase() ?? '';
  if (/^(hotel|hotels|htl)$/.test(first))
    return {
      says: 'A hotel search is the place and the day: hotel paris 12dec 3n 2a (3 nights, 2 adults).',
      sure: false,
    };
  if (/^(act|activity|activities|tour)$/.test(first))
    return {
      says: 'An activity search is what to look for, and the day if you like: act louvre 14dec.',
      sure: false,
    };
  const flights = readFlights(tokens, today);
  return flights.why ? { says: flights.why, sure: flights.sure } : null;
}

/** Forms the palette reads, for its help when nothing matches: what to type, and what it does. */
export const EXAMPLES: readonly { typed: string; does: string }[] = [
  {
    typed: 'AN12DECLONNYC/19DEC/2A',
    does: 'Flights London → New York on 12 Dec, back 19 Dec, 2 adults (Amadeus)',
  },
  { typed: '112DECLONNYC*19DEC', does: 'The same in Sabre’s form; /2A1C1I for adults, children, infants' },
  { typed: 'LON NYC 12dec 19dec 2a c', does: 'The same in words, business class (y, w, c, f)' },
  { typed: 'hotel paris 12dec 3n 2a', does: 'Hotels: 3 nights from 12 Dec, 2 adults' },
  { typed: 'act louvre 14dec', does: 'Activities' },
  { typed: 'Hart', does: 'A booking, trip or traveller: a surname, PNR or reference' },
  { typed: 'changes', does: 'A page, or an action of this page' },
];

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
