import { toCents, walletApi } from '@console/contract';
import { requireRole } from '../identity/index.ts';
import { csvStream } from '../platform/csv.ts';
import { ConsoleError } from '../platform/errors.ts';
import { router } from '../platform/route.ts';
import { zoneOfRequest } from '../platform/zoned-time.ts';
import { WalletAlerts, walletAlert } from './alerts.ts';
import type { WalletDeps } from './deps.ts';
import { STATEMENT_CSV_HEADER, statementCsvRow, WalletStatement } from './statement.ts';

/** A UTC calendar date some days from `now`. */
const dateInDaysUtc = (now: number, days: number) =>
  new Date(now + days * 86_400_000).toISOString().slice(0, 10);

/** The wallet: its balance and statement for admins; the low-balance alert for everyone signed in (decision 020). */
export function walletRoutes(d: WalletDeps) {
  const alerts = new WalletAlerts(d.db);
  const statements = new WalletStatement(d.db);
  const service = d.upstream.service;
  const routes = router('/wallet');
  // The service's own wallet operation, relayed for admins (described by the operation table).
  routes.app.get('/', requireRole('admin'), async (c) => c.json(await service.op.wallet({})));
  return routes
    .handle(walletApi.alert, async (c) => {
      const threshold = await alerts.threshold();
      if (threshold === null) return c.json(walletAlert(null, null, 0n, false));
      const wallet = await service.op.wallet({}).catch(() => null);
      // Every running hold of the office.
      let holds = 0n;
      for await (const batch of d.ledger.runningBatches(service.environment, 1000))
        for (const entry of batch) holds += toCents(entry.total.amount);
      return c.json(walletAlert(threshold, wallet, holds, c.get('user').role === 'admin'));
    })
    .handle(walletApi.setAlert, requireRole('admin'), async (c, { body }) => {
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
    .handle(walletApi.statement, requireRole('admin'), async (c, { query }) => {
      // By default the same 30 days on the same clock as the reports' (the moves' own), so the two screens an admin
      // opens side by side show the same net paid.
      const now = d.ledger.now();
      const to = query.to ?? dateInDaysUtc(now, 0);
      const from = query.from ?? dateInDaysUtc(now, -29);
      if (from > to)
        throw new ConsoleError('invalid_query', {
          param: 'from',
          message: 'from: must be on or before to.',
        });
      if (c.req.query('format') === 'csv') {
        // Every line of the period (not a page), streamed a batch at a time (decision 023).
        const zone = zoneOfRequest(c);
        return c.body(
          csvStream(STATEMENT_CSV_HEADER, statements.lines(service.environment, from, to), (line) =>
            statementCsvRow(line, zone),
          ),
          200,
          {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="wallet-statement-${from}-to-${to}.csv"`,
            'Cache-Control': 'private, no-store',
          },
        );
      }
      // The service's balance now: where the running balance starts the first time, and what it is checked against.
      const wallet = await service.op.wallet({}).catch(() => null);
      // Dated by the ledger's clock, as the moves are: a payment just after the first read is never counted before it
      // (the service's clock as the console estimates it is only good to a second).
      const anchor = await statements.anchor(service.environment, wallet, d.ledger.now());
      return c.json(
        await statements.statement(
          service.environment,
          { from, to, after: query.after, limit: query.limit },
          wallet,
          anchor,
        ),
      );
    }).app;
}
