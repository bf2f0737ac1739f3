import { dayShift, localDate, localTime, offsetOf } from '../../../lib/format.ts';
import '../flights.css';

/** "+1" beside an arrival on a later day than its departure, spelled out for screen readers. */
export function DayShift({ shift }: { shift: string }) {
  if (!shift) return null;
  const days = Math.abs(Number(shift));
  return (
    <sup
      className="day-shift"
      title={`Arrives ${days} day${days === 1 ? '' : 's'} ${shift.startsWith('-') ? 'earlier' : 'later'}`}
    >
      <span aria-hidden="true">{shift}</span>
      <span className="visually-hidden">
        {` (${days} day${days === 1 ? '' : 's'} ${shift.startsWith('-') ? 'earlier' : 'later'})`}
      </span>
    </sup>
  );
}

/**
 * "LHR 14:25 2026-12-21 (UTC+00:00)": an airport with the local time and its offset, as timetables show it; an arrival
 * given its departure (`from`) also says "+1" when it lands on a later day.
 */
export function PlaceTime({ code, at, from }: { code: string; at: string; from?: string }) {
  return (
    <>
      {code} {localTime(at)}
      {from !== undefined && <DayShift shift={dayShift(from, at)} />}{' '}
      <span className="muted small">
        {localDate(at)} ({offsetOf(at)})
      </span>
    </>
  );
}
