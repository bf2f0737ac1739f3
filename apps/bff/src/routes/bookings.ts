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
import { ledgerScope } from '../lib/ownership.ts';
import { parseQuery } from '../lib/parse.ts';
import type { AppEnv, SignedInUser } from '../lib/types.ts';

const ACTIONS: Record<LedgerEntry['product'], RadarAction[]> = {
  flight: ['ticket'],
  hotel: ['confirm', 'extend'],
  activity: ['confirm'],
};

/** The bookings ledger: agents see their own bookings, admins every agent's (docs/decisions/006). */
export function bookingRoutes(d: Deps) {
  const scopeOf = (user: SignedInUser) => ({
    environment: d.upstream.service.environment,
    ...ledgerScope(user),
  });
  const everyClock = BookingsQuerySchema.parse({ sort: 'deadline', limit: 500 });
  // The ledger as it stands: running clocks are read again from the service on a schedule by one instance
  // (lib/jobs.ts), not on every read of the desk.
  const listFresh = (query: BookingsQuery, user: SignedInUser) => d.ledger.list(query, scopeOf(user));
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
