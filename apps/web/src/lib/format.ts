import { daysBetween, type Money, wallClockOf } from '@console/contract';
import { agentTime } from './time-zone.ts';

// The screens' amounts and counts are written out by hand, in en-US's own form ("1,234.50"), not by Intl: the first
// Intl formatter a page makes loads the browser's ICU data, ~100 ms on a slow phone (4x CPU, pnpm bench Lighthouse),
// and made when this module was evaluated it lengthened the task that starts the console. What the simple form does
// not cover (more decimals, a sign, an exponent) is left to Intl, which is then asked at the time.
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** "12,345": a count (a whole number) with its thousands marked. */
export const formatCount = (n: number) =>
  Number.isSafeInteger(n) ? grouped(`${n}`) : n.toLocaleString('en-US');

/** "1,234.50 USD": the amount as the service sent it, with its currency code. */
export const formatMoney = ({ amount, currency }: Money) => {
  const n = Number(amount);
  // Digits with at most two decimals (the service's own form, "1234.50"): exact as toFixed writes them.
  return `${
    /^\d{1,13}(\.\d{0,2})?$/.test(amount)
      ? grouped(n.toFixed(2))
      : n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  } ${currency}`;
};

/**
 * How much a price moved, signed, with the share of the old one: "+123.45 USD (+5.2%)", "−10.00 USD (−1.0%)".
 * Null when it did not move, or the currencies differ.
 */
export function priceDifference(before: Money, after: Money): string | null {
  if (before.currency !== after.currency) return null;
  const from = Number(before.amount);
  const change = Number(after.amount) - from;
  if (Math.abs(change) < 0.005) return null;
  const sign = change > 0 ? '+' : '−';
  const share = from > 0 ? ` (${sign}${Math.abs((change / from) * 100).toFixed(1)}%)` : '';
  return `${sign}${formatMoney({ amount: Math.abs(change).toFixed(2), currency: after.currency })}${share}`;
}

/** 07:45 with its offset, as the timetable shows it: "07:45 (UTC−05:00)". */
export const localTime = (iso: string) => iso.slice(11, 16);
export const localDate = (iso: string) => iso.slice(0, 10);
/** The offset a local time carries, or "local" when the service sent the time without one. */
export const offsetOf = (iso: string) => {
  const match = /([+-]\d{2}:?\d{2}|Z)$/.exec(iso);
  if (!match) return 'local';
  return match[1] === 'Z' ? 'UTC' : `UTC${match[1]}`;
};

/**
 * How many calendar days after its departure a flight lands, by each airport's local date ("+1" for an overnight
 * flight; "" for the same day or when either time cannot be read).
 */
export function dayShift(departing: string | undefined, arriving: string | undefined): string {
  const from = wallClockOf(departing)?.date;
  const to = wallClockOf(arriving)?.date;
  if (!from || !to) return '';
  const days = daysBetween(from, to);
  return days === 0 ? '' : `${days > 0 ? '+' : ''}${days}`;
}

export const duration = (minutes: number) =>
  `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;

/**
 * A date-time of the console's own (made, seen, handled) in the agent's time zone, with the zone's name (decision
 * 049). Read with or without an offset (without one it is UTC); a value that is not a time is shown as written.
 */
export const whenLocal = (iso: string) => agentTime(iso);

/** The date `days` from today (UTC), as YYYY-MM-DD: the earliest a search may start, and form defaults. */
export const dateInDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A message or label with its first letter in capitals: "must be a number" → "Must be a number". */
export const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
