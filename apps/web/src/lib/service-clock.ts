import { useEffect, useState } from 'react';

/**
 * The booking service's clock in the browser (decision 016): every /api answer carries the service's "now"
 * (Console-Service-Time), and the offset from this PC's clock is kept here. Countdowns, the radar and the deadline
 * notices count on it, so a PC whose clock is wrong shows the right time left.
 */
let offsetMs = 0;
const listeners = new Set<() => void>();

/** One answer's Console-Service-Time header, read when the answer arrived. */
export function observeServiceTime(header: string | null, receivedAt = Date.now()): void {
  const at = header === null ? Number.NaN : Number(header);
  if (!Number.isFinite(at)) return;
  const next = at - receivedAt;
  // Small wobble (the answer's own travel time) is not worth re-rendering every countdown for.
  if (Math.abs(next - offsetMs) < 250) return;
  offsetMs = next;
  for (const listener of listeners) listener();
}

/** The service's "now" in epoch milliseconds. */
export const serviceNow = (): number => Date.now() + offsetMs;

/** The service's "now", ticking every `everyMs` and whenever the offset changes. */
export function useServiceNow(everyMs = 1000): number {
  const [now, setNow] = useState(serviceNow);
  useEffect(() => {
    const tick = () => setNow(serviceNow());
    const timer = setInterval(tick, everyMs);
    listeners.add(tick);
    return () => {
      clearInterval(timer);
      listeners.delete(tick);
    };
  }, [everyMs]);
  return now;
}
