import { SERVICE_TIME_HEADER } from '@console/contract';
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
  lastHeardAt = receivedAt;
  const next = at - receivedAt;
  // Small wobble (the answer's own travel time) is not worth re-rendering every countdown for.
  if (Math.abs(next - offsetMs) < 250) return;
  offsetMs = next;
  for (const listener of listeners) listener();
}

/** The service's "now" in epoch milliseconds. */
export const serviceNow = (): number => Date.now() + offsetMs;

/** How often a page showing a countdown asks the console for the service's time when nothing else did. */
const TIME_CHECK_MS = 15_000;
let lastHeardAt = Number.NEGATIVE_INFINITY;
let checker: ReturnType<typeof setInterval> | null = null;

/** Asks the console for the service's time (its health answer carries it, like every /api answer). */
function checkTime(): void {
  if (document.visibilityState === 'hidden') return;
  fetch('/api/health', { cache: 'no-store', credentials: 'same-origin' })
    .then((response) => observeServiceTime(response.headers.get(SERVICE_TIME_HEADER)))
    .catch(() => undefined);
}
const checkWhenSeen = () => {
  if (document.visibilityState === 'visible') checkTime();
};

/**
 * While a countdown is on screen, the service's time is asked for every 15 s when no other answer told it (and when
 * the tab comes back into view): a page that makes no call still learns that the service's clock moved.
 */
function watchWhileCounting(): () => void {
  if (checker === null) {
    checker = setInterval(() => {
      if (Date.now() - lastHeardAt >= TIME_CHECK_MS) checkTime();
    }, TIME_CHECK_MS / 3);
    document.addEventListener('visibilitychange', checkWhenSeen);
  }
  return () => {
    if (listeners.size > 0 || checker === null) return;
    clearInterval(checker);
    checker = null;
    document.removeEventListener('visibilitychange', checkWhenSeen);
  };
}

/** The service's "now", ticking every `everyMs` and whenever the offset changes. */
export function useServiceNow(everyMs = 1000): number {
  const [now, setNow] = useState(serviceNow);
  useEffect(() => {
    const tick = () => setNow(serviceNow());
    const timer = setInterval(tick, everyMs);
    listeners.add(tick);
    const unwatch = watchWhileCounting();
    return () => {
      clearInterval(timer);
      listeners.delete(tick);
      unwatch();
    };
  }, [everyMs]);
  return now;
}
