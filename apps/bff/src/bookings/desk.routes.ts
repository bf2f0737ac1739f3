import { bookingsApi } from '@console/contract';
import { csvStream } from '../platform/csv.ts';
import { router } from '../platform/route.ts';
import type { SignedInUser } from '../platform/types.ts';
import { zoneOfRequest } from '../platform/zoned-time.ts';
import { ledgerScope } from './access.ts';
import type { BookingsDeps } from './deps.ts';
import { LEDGER_CSV_HEADER, ledgerCsvRow } from './desk.ts';

/** The bookings ledger: agents see their own bookings, admins every agent's (docs/decisions/006). */
export function bookingRoutes(d: BookingsDeps) {
  const scopeOf = (user: SignedInUser) => ({
    environment: d.upstream.service.environment,
    ...ledgerScope(user),
  });
  return router('/bookings').handle(bookingsApi.desk, async (c, { query }) => {
    if (c.req.query('format') === 'csv') {
      // Every booking the filters match, streamed a batch at a time, with net, fee and client price.
      const { after: _after, limit: _limit, ...filters } = query;
      const zone = zoneOfRequest(c);
      return c.body(
        csvStream(LEDGER_CSV_HEADER, d.ledger.all(filters, scopeOf(c.get('user'))), (entry) =>
          ledgerCsvRow(entry, zone),
        ),
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
  }).app;
}
