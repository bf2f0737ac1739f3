import {
  BookingsQuerySchema,
  bookingsApi,
  type LedgerEntry,
  type Radar,
  type RadarAction,
} from '@console/contract';
import { router } from '../platform/route.ts';
import { ledgerScope } from './access.ts';
import type { BookingsDeps } from './deps.ts';
import { officeRisk } from './radar.ts';

const ACTIONS: Record<LedgerEntry['product'], RadarAction[]> = {
  flight: ['ticket'],
  hotel: ['confirm', 'extend'],
  activity: ['confirm'],
};

/** The deadline radar: every running clock, a page at a time, most urgent first, with at-risk marks over all of them. */
export function radarRoutes(d: BookingsDeps) {
  return router('/bookings').handle(bookingsApi.radar, async (c, { query }) => {
    const user = c.get('user');
    const scope = { environment: d.upstream.service.environment, ...ledgerScope(user) };
    const now = new Date(d.upstream.clock.now()).toISOString();
    const page = await d.ledger.list(
      BookingsQuerySchema.parse({ sort: 'deadline', limit: query.limit, after: query.after }),
      scope,
    );
    // At risk (decision 011, revised) over every running clock of the office, not a page of them: what the wallet
    // still has to find for the running holds, most urgent first, against what it has available.
    const wallet = await d.upstream.service.op.wallet({}).catch(() => null);
    const risk = await officeRisk(d, wallet, now, scope.agentId);
    const body: Radar = {
      data: page.data.flatMap(({ deadline, ...entry }) => {
        if (deadline === null) return [];
        // A clock that has run out on the service's time holds nothing to act on: no Ticket or Confirm, until the
        // refresh job reads what the service made of it.
        const lapsed = deadline <= now;
        return [
          {
            ...entry,
            deadline,
            lapsed,
            actions: lapsed ? [] : ACTIONS[entry.product],
            at_risk: risk.ids.has(entry.id),
          },
        ];
      }),
      has_more: page.has_more,
      next_cursor: page.next_cursor,
      running: risk.running,
      at_risk: risk.atRiskInScope,
      checked_at: new Date().toISOString(),
      wallet_checked: wallet !== null,
    };
    return c.json(body);
  }).app;
}
