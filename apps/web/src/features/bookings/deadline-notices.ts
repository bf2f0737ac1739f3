import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notify } from '../../components/toasts.tsx';
import { serviceNow } from '../../lib/service-clock.ts';
import { orderPath, radarQuery } from './api/bookings.ts';

const WARN_MS = 15 * 60_000;
const warned = new Set<string>();

/**
 * Tells the agent, once per hold, when one of theirs comes within 15 minutes of its deadline: the shell reads the
 * radar every minute (cheap: the console's own ledger) and checks every 15 seconds.
 */
export function useDeadlineNotices(enabled: boolean) {
  const radar = useQuery({ ...radarQuery, refetchInterval: 60_000, enabled });
  useEffect(() => {
    const check = () => {
      for (const entry of radar.data?.data ?? []) {
        // On the service's clock (decision 016); the notice stays until the agent dismisses it or opens the booking.
        const left = Date.parse(entry.deadline) - serviceNow();
        if (left > 0 && left <= WARN_MS && !warned.has(entry.id)) {
          warned.add(entry.id);
          notify(
            `${Math.max(1, Math.round(left / 60_000))} minutes left`,
            `${entry.summary}: its deadline is close.`,
            { sticky: true, link: { to: orderPath(entry), label: 'Open the booking' } },
          );
        }
      }
    };
    check();
    const timer = setInterval(check, 15_000);
    return () => clearInterval(timer);
  }, [radar.data]);
}
