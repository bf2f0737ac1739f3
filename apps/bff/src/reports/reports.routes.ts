import { reportsApi } from '@console/contract';
import { requireRole } from '../identity/index.ts';
import { ConsoleError } from '../platform/errors.ts';
import { router } from '../platform/route.ts';
import type { ReportsDeps } from './deps.ts';
import { REPORT_TABLES, reportCsv } from './reports.ts';

/** Admins only: the office's reports (decision 033), a range of days by day, week or month, and their CSV. */
export function reportsRoutes(d: ReportsDeps) {
  // The office's reports (decision 033): from the totals the database keeps, for a range of days.
  return router('/admin').handle(reportsApi.report, requireRole('admin'), async (c, { query }) => {
    const report = await d.reports.report(query, d.upstream.service.environment);
    // The CSV's table is read by hand: its own words when it is none of the three.
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
  }).app;
}
