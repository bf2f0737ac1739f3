import {
  BookingsQuerySchema,
  StatementQuerySchema,
  toCents,
  WalletAlertSettingSchema,
} from '@console/contract';
import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { ConsoleError } from '../lib/errors.ts';
import { requireRole } from '../lib/guards.ts';
import { parseBody, parseQuery } from '../lib/parse.ts';
import type { AppEnv } from '../lib/types.ts';
import { statement, statementCsv, WalletAlerts, walletAlert } from '../lib/wallet-alerts.ts';

/** A UTC calendar date some days from today. */
const dateInDaysUtc = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const everyClock = BookingsQuerySchema.parse({ sort: 'deadline', limit: 500 });

/** The wallet: its balance and statement for admins; the low-balance alert for everyone signed in (decision 020). */
export function walletRoutes(d: Deps) {
  const alerts = new WalletAlerts(d.db);
  const service = d.upstream.service;
  return new Hono<AppEnv>()
    .get('/', requireRole('admin'), async (c) => c.json(await service.op.wallet({})))
    .get('/alert', async (c) => {
      const threshold = await alerts.threshold();
      if (threshold === null) return c.json(walletAlert(null, null, 0n, false));
      const wallet = await service.op.wallet({}).catch(() => null);
      const running = await d.ledger.list(everyClock, { environment: service.environment });
      const holds = running
        .filter((e) => e.deadline !== null)
        .reduce((sum, e) => sum + toCents(e.total.amount), 0n);
      return c.json(walletAlert(threshold, wallet, holds, c.get('user').role === 'admin'));
    })
    .put('/alert', requireRole('admin'), async (c) => {
      const body = await parseBody(c, WalletAlertSettingSchema);
      await alerts.setThreshold(body.low_balance_threshold, c.get('user'));
      await d.audit.write(
        c.get('user'),
        {
          action: body.low_balance_threshold === null ? 'wallet.alert.off' : 'wallet.alert.set',
          amount:
            body.low_balance_threshold === null
              ? null
              : { amount: body.low_balance_threshold, currency: 'USD' },
        },
        'succeeded',
        200,
        null,
      );
      return c.json(body);
    })
    .get('/statement', requireRole('admin'), async (c) => {
      const query = parseQuery(c, StatementQuerySchema);
      const to = query.to ?? dateInDaysUtc(0);
      const from = query.from ?? dateInDaysUtc(-30);
      if (from > to)
        throw new ConsoleError('invalid_query', { param: 'from', message: 'from: must be on or before to.' });
      const body = await statement(d.db, from, to);
      if (c.req.query('format') === 'csv')
        return c.body(statementCsv(body), 200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="wallet-statement-${from}-to-${to}.csv"`,
        });
      return c.json(body);
    });
}
