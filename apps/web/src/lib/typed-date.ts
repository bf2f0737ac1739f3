import { calendarDate } from '@console/contract';

/**
 * Dates typed and shown in the agent's locale (decision 049). An agent types a date as they say it: `12dec`,
 * `12 Dec`, `Dec 12`, `12/12` (day/month or month/day as their locale writes dates), `12/12/26`, `2026-12-12`,
 * `12DEC26`, `today`, `tomorrow`; the date chosen is shown back in the locale's own words ("Sat 12 Dec 2026").
 * A date without a year is the next such day that is not in the past.
 */

/** Which comes first in the locale's numeric dates: the day (en-GB, fr, de) or the month (en-US, ja, zh). */
export type DayOrder = 'day-first' | 'month-first';

const orders = new Map<string, DayOrder>();
export function dayOrderOf(locale: string): DayOrder {
  const known = orders.get(locale);
  if (known) return known;
  const parts = new Intl.DateTimeFormat(locale, { timeZone: 'UTC' }).formatToParts(Date.UTC(2026, 11, 24));
  const day = parts.findIndex((p) => p.type === 'day');
  const month = parts.findIndex((p) => p.type === 'month');
  const order: DayOrder = day !== -1 && month !== -1 && day < month ? 'day-first' : 'month-first';
  orders.set(locale, order);
  return order;
}

const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const ENGLISH_MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const ENGLISH_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** The month and weekday names a locale writes (and English's), plain, for reading what is typed. */
const names = new Map<string, { months: string[][]; days: string[] }>();
function namesOf(locale: string) {
  const known = names.get(locale);
  if (known) return known;
  const months = ENGLISH_MONTHS.map((name, index) => {
    const at = Date.UTC(2026, index, 15);
    const own = (['long', 'short'] as const).map((month) =>
      plain(new Intl.DateTimeFormat(locale, { month, timeZone: 'UTC' }).format(at)).replace(/[.\s]/g, ''),
    );
    return [name, name.slice(0, 3), ...own].filter((n) => /^\p{L}{3,}$/u.test(n));
  });
  const days = [...ENGLISH_DAYS, ...ENGLISH_DAYS.map((d) => d.slice(0, 3))];
  for (let d = 0; d < 7; d++) {
    const at = Date.UTC(2026, 10, 30 + d);
    for (const weekday of ['long', 'short'] as const)
      days.push(
        plain(new Intl.DateTimeFormat(locale, { weekday, timeZone: 'UTC' }).format(at)).replace(/[.\s]/g, ''),
      );
  }
  const made = { months, days };
  names.set(locale, made);
  return made;
}

/** A month by a word typed for it: a whole name or its first three letters or more ("dec", "decem", "déc"). */
function monthOf(word: string, locale: string): number | null {
  const { months } = namesOf(locale);
  for (let m = 0; m < 12; m++) if (months[m]?.some((name) => name === word)) return m + 1;
  if (word.length >= 3)
    for (let m = 0; m < 12; m++) if (months[m]?.some((name) => name.startsWith(word))) return m + 1;
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${pad(m)}-${pad(d)}`;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export type TypedDate = { date: string } | { problem: string } | { empty: true };

/**
 * What a typed date names, given today (YYYY-MM-DD, in the agent's zone) and the agent's locale: the date, or the
 * problem in an agent's words, or nothing typed.
 */
export function readTypedDate(typed: string, today: string, locale: string): TypedDate {
  const text = typed.trim();
  if (text === '') return { empty: true };
  const order = dayOrderOf(locale);
  const example = `Type a date such as 12 Dec, ${order === 'day-first' ? '12/10 (day/month)' : '10/12 (month/day)'} or ${today.slice(0, 4)}-12-12.`;
  const unread = { problem: `“${text}” is not a date the console can read. ${example}` };
  const noDay = { problem: `“${text}” is not a day of the calendar. ${example}` };

  const isoMatch = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (isoMatch) {
    const date = calendarDate(iso(Number(isoMatch[1]), Number(isoMatch[2]), Number(isoMatch[3])));
    return date ? { date } : noDay;
  }

  const tokens = plain(text).match(/\d+|\p{L}+/gu) ?? [];
  const { days } = namesOf(locale);
  const words = tokens.filter(
    (t) => !/^\d/.test(t) && !days.includes(t) && !['st', 'nd', 'rd', 'th', 'of', 'the'].includes(t),
  );
  const numbers = tokens.filter((t) => /^\d+$/.test(t));

  if (words.length === 1 && numbers.length === 0) {
    if (['today', 'tod'].includes(words[0] ?? '')) return { date: today };
    if (['tomorrow', 'tom', 'tmw'].includes(words[0] ?? '')) return { date: addDays(today, 1) };
  }

  let day: number;
  let month: number;
  let year: number | null = null;
  const yearOf = (digits: string) => (digits.length === 2 ? 2000 + Number(digits) : Number(digits));

  if (words.length === 1) {
    // A month by name: 12dec, 12 Dec 2026, Dec 12, December 12, 2026, 12DEC26.
    const named = monthOf(words[0] ?? '', locale);
    if (named === null) return unread;
    month = named;
    const [first, second] = numbers;
    if (!first || numbers.length > 2 || first.length > 2) {
      if (first?.length === 4 && second && second.length <= 2) {
        year = Number(first);
        day = Number(second);
      } else return unread;
    } else {
      day = Number(first);
      if (second) {
        if (second.length !== 2 && second.length !== 4) return unread;
        year = yearOf(second);
      }
    }
  } else if (words.length === 0) {
    // Numbers only, in the locale's order: 12/12, 12.12.2026, 12/12/26; 1212 and 12122026 run together.
    let parts = numbers;
    if (parts.length === 1) {
      const run = parts[0] ?? '';
      if (run.length === 4) parts = [run.slice(0, 2), run.slice(2)];
      else if (run.length === 6 || run.length === 8) parts = [run.slice(0, 2), run.slice(2, 4), run.slice(4)];
      else return unread;
    }
    if (parts.length < 2 || parts.length > 3) return unread;
    const [a = '', b = '', c] = parts;
    if (a.length > 2 || b.length > 2) return unread;
    [day, month] = order === 'day-first' ? [Number(a), Number(b)] : [Number(b), Number(a)];
    if (c !== undefined) {
      if (c.length !== 2 && c.length !== 4) return unread;
      year = yearOf(c);
    }
  } else return unread;

  if (month < 1 || month > 12 || day < 1 || day > 31) return noDay;
  if (year !== null) {
    const date = calendarDate(iso(year, month, day));
    return date ? { date } : noDay;
  }
  // No year: the next such day that is not in the past (29 Feb: the next one there is).
  const thisYear = Number(today.slice(0, 4));
  for (let y = thisYear; y <= thisYear + 8; y++) {
    const date = calendarDate(iso(y, month, day));
    if (date && date >= today) return { date };
  }
  return noDay;
}

const shown = new Map<string, Intl.DateTimeFormat>();
/** A date (YYYY-MM-DD) in the locale's own words: "Sat 12 Dec 2026", "Sat, Dec 12, 2026". */
export function showDate(date: string, locale: string): string {
  const at = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(at)) return date;
  let format = shown.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    shown.set(locale, format);
  }
  return format.format(at);
}

const todays = new Map<string, Intl.DateTimeFormat>();
/** Today's date (YYYY-MM-DD) in a time zone. */
export function todayIn(timeZone: string, now = Date.now()): string {
  let format = todays.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    todays.set(timeZone, format);
  }
  const parts = format.formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * A place's wall clock as the service gave it (`2026-12-12 08:25`, `2026-12-12T08:25:00+01:00`, or a date alone) in
 * the locale's words, said to be local: "Sat 12 Dec 2026, 08:25 local". Anything else is shown as written.
 */
export function showWallClock(value: string, locale: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}))?/.exec(value.trim());
  if (!match?.[1]) return value;
  const day = showDate(match[1], locale);
  return match[2] ? `${day}, ${match[2]} local` : day;
}
