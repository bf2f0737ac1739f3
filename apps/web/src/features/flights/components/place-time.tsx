import { localDate, localTime, offsetOf } from '../../../lib/format.ts';

/** "LHR 14:25 2026-12-21 (UTC+00:00)": an airport with the local time and its offset, as timetables show it. */
export function PlaceTime({ code, at }: { code: string; at: string }) {
  return (
    <>
      {code} {localTime(at)}{' '}
      <span className="muted small">
        {localDate(at)} ({offsetOf(at)})
      </span>
    </>
  );
}
