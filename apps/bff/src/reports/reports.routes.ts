import { ReportQuerySchema, ReportSchema } from '@console/contract';
import { Hono } from 'hono';
import { requireRole } from '../identity/index.ts';
import { ConsoleError } from '../platform/errors.ts';
import { doc } from '../platform/openapi-doc.ts';
import { parseQuery } from '../platform/parse.ts';
import type { AppEnv } from '../platform/types.ts';
import type { ReportsDeps } from './deps.ts';
import { REPORT_TABLES, reportCsv } from './reports.ts';

/** Admins only: the office's reports (decision 033), a range of days by day, week or month, and their CSV. */
export function reportsRoutes(d: ReportsDeps) {
  return (
    new Hono<AppEnv>()
      .use('*', requireRole('admin'))
      // The office's reports (decision 033): from the totals the database keeps, for a range of days.
      .get(
        '/reports',
        doc({
          summary:
            'The office’s report for a range of days: bookings, net, client price, margin by day/week/month, product and agent; cancellations and lapsed holds (format=csv&table=periods|products|agents for one table)',
          tag: 'admin',
          query: ReportQuerySchema,
          response: ReportSchema,
          admin: true,
        }),
        async (c) => {
          const query = parseQuery(c, ReportQuerySchema);
          const report = await d.reports.report(query, d.upstream.service.environment);
          const table = c.req.query('format') === 'csv' ? (c.req.query('table') ?? 'periods') : null;
          if (table !== null) {
            const which = REPORT_TABLES.find((t) => t === table);
            if (!which)
              throw new ConsoleError('validation_failed', {
                param: 'table',
                message: `table: is one of ${REPORT_TABLES.join(', ')}.`,
              });
            return c.body(reportCsv(report, which), 200, {
              'Content-Type': 'text/csv; charset=utf-8',
              'Content-Disposition': `attachment; filename="report-${which}-${query.from}-to-${query.to}.csv"`,
              'Cache-Control': 'private, no-store',
            });
          }
          return c.json(report);
        },
      )
  );
}
