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
      // At risk (decision 011, revised): what the wallet still has to find for the office's running holds, most
      // urgent first, against what it has available. Money the wallet already holds covers holds first (a service
      // that sets a hold's money aside has found it); the rest is taken from `available` in deadline order. The
      // wallet's figures stay for admins; an agent's radar gets only the marks.
      const wallet = await d.upstream.service.op.wallet({}).catch(() => null);
      const risky = wallet
        ? atRisk(
            await d.ledger.list(everyClock, { environment: d.upstream.service.environment }),
            toCents(wallet.held.amount),
            toCents(wallet.available.amount),
          )
        : new Set<string>();
      const body: Radar = {
        data: entries.flatMap(({ deadline, ...entry }) =>
          deadline === null
            ? []
            : [{ ...entry, deadline, actions: ACTIONS[entry.product], at_risk: risky.has(entry.id) }],
        ),
        checked_at: new Date().toISOString(),
        wallet_checked: wallet !== null,
      };
      return c.json(body);
    });
}

/** The running holds the wallet cannot cover: `held` covers first, then `available`, most urgent first. */
export function atRisk(entries: readonly LedgerEntry[], held: bigint, available: bigint): Set<string> {
  let stillHeld = held;
  let left = available;
  const risky = new Set<string>();
  for (const entry of entries) {
    if (entry.deadline === null) continue;
    const total = toCents(entry.total.amount);
    // biome-ignore lint/complexity/useMathMinMax: bigint cents; Math.min takes numbers only
    const covered = total < stillHeld ? total : stillHeld;
    stillHeld -= covered;
    const need = total - covered;
    if (need > left) risky.add(entry.id);
    else left -= need;
  }
  return risky;
}
