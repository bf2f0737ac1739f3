/**
 * Said on a booking form when an earlier try from this tab got no answer (a reload, a lost connection): booking again
 * reuses that try's Idempotency-Key, so it cannot book twice.
 */
export function ResumedAttempt({ resumed }: { resumed: boolean }) {
  if (!resumed) return null;
  return (
    <p className="notice" role="status">
      An earlier try to book this from this tab got no answer. Booking again is safe: it cannot book twice,
      and if the earlier try was booked, you will be taken to that booking.
    </p>
  );
}
