import {
  type BookingsQuery,
  BookingsQuerySchema,
  type LedgerEntry,
  type Radar,
  type RadarAction,
  toCents,
} from '@console/contract';
import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { activityFacts, flightFacts, hotelFacts } from '../lib/ledger.ts';
import { parseQuery } from '../lib/parse.ts';
import type { AppEnv, SignedInUser } from '../lib/types.ts';

/**
 * Reads every booking with a running clock again from the service, so the ledger shows what is true now: a hold
 * that passed its deadline reads as expired or cancelled, not held. A booking the service cannot answer for keeps
 * its last known state.
 */
async function refreshRunning(d: Deps, entries: readonly LedgerEntry[]): Promise<void> {
  const { service } = d.upstream;
  const running = entries.filter((entry) => entry.deadline !== null);
  const queue = [...running];
  const worker = async () => {
    for (let entry = queue.shift(); entry; entry = queue.shift()) {
      try {
        if (entry.product === 'flight')
          await d.ledger.refresh(flightFacts(await service.op.getFlightOrder({ id: entry.id })));
        else if (entry.product === 'hotel')
          await d.ledger.refresh(hotelFacts(await service.op.getHotelOrder({ id: entry.id })));
        else await d.ledger.refresh(activityFacts(await service.op.getActivityBooking({ id: entry.id })));
      } catch {
        // Keep the last known state; the next read tries again.
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(6, running.length) }, worker));
}

const ACTIONS: Record<LedgerEntry['product'], RadarAction[]> = {
  flight: ['ticket'],
  hotel: ['confirm', 'extend'],
  activity: ['confirm'],
};

/** The bookings ledger: agents see their own bookings, admins every agent's (docs/decisions/006). */
export function bookingRoutes(d: Deps) {
  const scopeOf = (user: SignedInUser) => ({
    environment: d.upstream.service.environment,
    ...(user.role === 'admin' ? {} : { agentId: user.id }),
  });
  const everyClock = BookingsQuerySchema.parse({ sort: 'deadline', limit: 500 });
  const listFresh = async (query: BookingsQuery, user: SignedInUser) => {
    await refreshRunning(d, await d.ledger.list(everyClock, scopeOf(user)));
    return d.ledger.list(query, scopeOf(user));
  };
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const query = parseQuery(c, BookingsQuerySchema);
      return c.json({ data: await listFresh(query, c.get('user')) });
    })
    .get('/radar', async (c) => {
      const user = c.get('user');
      const entries = await listFresh(everyClock, user);
      // At risk: the wallet's available amount could not cover the hold's total (docs/decisions/011). The wallet's
      // figures stay for admins; an agent's radar gets only the mark.
      const available = await d.upstream.service.op
        .wallet({})
        .then((wallet) => toCents(wallet.available.amount))
        .catch(() => null);
      const body: Radar = {
        data: entries.flatMap(({ deadline, ...entry }) =>
          deadline === null
            ? []
            : [
                {
                  ...entry,
                  deadline,
                  actions: ACTIONS[entry.product],
                  at_risk: available !== null && toCents(entry.total.amount) > available,
                },
              ],
        ),
        checked_at: new Date().toISOString(),
        wallet_checked: available !== null,
      };
      return c.json(body);
    });
}
