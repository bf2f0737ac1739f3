import { instantOf } from '@console/contract';
import { useEffect, useRef } from 'react';
import { useServiceNow } from '../lib/service-clock.ts';

function parts(ms: number) {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return days > 0
    ? `${days}d ${pad(hours)}h ${pad(minutes)}m`
    : `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
}

/**
 * A live countdown to a deadline; urgent in its last `urgentMinutes`, and says when it has passed. `onPassed` is
 * called once when it passes (a page reads its booking again then, to show what the service did).
 */
export function Countdown({
  deadline,
  label,
  urgentMinutes = 15,
  onPassed,
}: {
  deadline: string;
  label: string;
  urgentMinutes?: number;
  onPassed?: () => void;
}) {
  // On the service's clock, not this PC's (decision 016).
  const now = useServiceNow();
  const at = instantOf(deadline);
  const passed = at !== null && at <= now;
  const told = useRef(false);
  useEffect(() => {
    if (passed && !told.current) {
      told.current = true;
      onPassed?.();
    }
  }, [passed, onPassed]);
  if (at === null)
    return (
      <div className="countdown">
        <span className="countdown-label">{label}</span> <strong>{deadline}</strong>
      </div>
    );
  const left = at - now;
  const state = left <= 0 ? 'expired' : left <= urgentMinutes * 60_000 ? 'urgent' : 'running';
  return (
    <div className={`countdown countdown-${state}`}>
      <span className="countdown-label">{label}</span>{' '}
      {state === 'expired' ? (
        <strong>passed</strong>
      ) : (
        <strong>
          <time dateTime={deadline}>{parts(left)}</time>
        </strong>
      )}
      {state === 'urgent' && <span className="small"> · act now</span>}
    </div>
  );
}
