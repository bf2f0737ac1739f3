import { DayPicker } from 'react-day-picker';
import { agentLocale } from '../../../lib/time-zone.ts';
import { showDate } from '../../../lib/typed-date.ts';
import './calendar.css';

// The calendar works in the browser's own days (a date is its local midnight): with a time zone of its own it
// rebuilt every day cell through a time-zone library, about 100 ms of blocked main thread per render on a slow phone
// (pnpm bench, Lighthouse). A YYYY-MM-DD is the same day either way.
const toDate = (iso: string) => {
  const [y = 1970, m = 1, d = 1] = iso.split('-').map(Number);
  return new Date(y, m - 1, d);
};
const pad = (n: number) => String(n).padStart(2, '0');
const toIso = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

export interface DateCalendarProps {
  /** The first and last bookable dates (YYYY-MM-DD): the months shown run from one to the other. */
  first: string;
  last: string;
  bookable: ReadonlySet<string>;
  chosen: string | null;
  onChoose: (date: string) => void;
  /** One month on a phone, two side by side on a wide screen. */
  months: 1 | 2;
}

/**
 * The month calendar of an option's bookable dates. Its own chunk (react-day-picker with date-fns), loaded by the
 * activity page after its first paint while the dates are being asked for: nothing is drawn with it before they come.
 */
export function DateCalendar({ first, last, bookable, chosen, onChoose, months }: DateCalendarProps) {
  return (
    <DayPicker
      mode="single"
      // Side by side on a wide screen; on a phone two months only stack into a long scroll (and twice the cells
      // to build on a slow one's first render).
      numberOfMonths={months}
      startMonth={toDate(first)}
      endMonth={toDate(last)}
      defaultMonth={toDate(chosen ?? first)}
      selected={chosen ? toDate(chosen) : undefined}
      onSelect={(date) => date && onChoose(toIso(date))}
      disabled={(date) => !bookable.has(toIso(date))}
      footer={
        <p role="status" className="small">
          {chosen ? `Chosen: ${showDate(chosen, agentLocale())}` : 'Choose a date.'}
        </p>
      }
    />
  );
}
