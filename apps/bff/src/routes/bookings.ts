import {
  BookingsQuerySchema,
  type LedgerEntry,
  type Radar,
  type RadarAction,
  RadarQuerySchema,
  toCents,
  type Wallet,
} from '@console/contract';
import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { csvStream } from '../lib/csv.ts';
import { LEDGER_CSV_HEADER, ledgerCsvRow } from '../lib/ledger.ts';
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
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const query = parseQuery(c, BookingsQuerySchema);
      if (c.req.query('format') === 'csv') {
        // Every booking the filters match, streamed a batch at a time, with net, fee and client price.
        const { after: _after, limit: _limit, ...filters } = query;
        return c.body(
          csvStream(LEDGER_CSV_HEADER, d.ledger.all(filters, scopeOf(c.get('user'))), ledgerCsvRow),
          200,
          {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="bookings-${new Date().toISOString().slice(0, 10)}.csv"`,
            'Cache-Control': 'private, no-store',
          },
        );
      }
      // The ledger as it stands: running clocks are read again from the service on a schedule by one instance
      // (lib/jobs.ts), not on every read of the desk.
      return c.json(await d.ledger.list(query, scopeOf(c.get('user'))));
    })
    .get('/radar', async (c) => {
      const query = parseQuery(c, RadarQuerySchema);
      const user = c.get('user');
      const scope = scopeOf(user);
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
    });
}

/**
 * Reads every running clock of the office, a batch at a time, and works out which
 * the wallet cannot cover. Clocks that have run out on the service's time need no money and are left out.
 */
async function officeRisk(d: Deps, wallet: Wallet | null, now: string, agentId: string | undefined) {
  const environment = d.upstream.service.environment;
  let stillHeld = wallet ? toCents(wallet.held.amount) : 0n;
  let left = wallet ? toCents(wallet.available.amount) : 0n;
  const ids = new Set<string>();
  let running = 0;
  let atRiskInScope = 0;
  for await (const batch of d.ledger.runningBatches(environment, 1000))
    for (const entry of batch) {
      if (entry.deadline === null || entry.deadline <= now) continue;
      const mine = !agentId || entry.agent.id === agentId;
      if (mine) running += 1;
      if (!wallet) continue;
      const total = toCents(entry.total.amount);
      const covered = total < stillHeld ? total : stillHeld;
      stillHeld -= covered;
      const need = total - covered;
      if (need > left) {
        if (mine) {
          ids.add(entry.id);
          atRiskInScope += 1;
        }
      } else left -= need;
    }
  return { ids, running, atRiskInScope };
}
