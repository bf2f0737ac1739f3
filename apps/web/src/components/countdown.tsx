import { instantOf } from '@console/contract';
import { useEffect, useState } from 'react';

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

/** A live countdown to a deadline; urgent in its last `urgentMinutes`, and says when it has passed. */
export function Countdown({
  deadline,
  label,
  urgentMinutes = 15,
}: {
  deadline: string;
  label: string;
  urgentMinutes?: number;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const at = instantOf(deadline);
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
