import { auditApi } from '@console/contract';
import { csvStream } from '../platform/csv.ts';
import { requireRole } from '../platform/roles.ts';
import { router } from '../platform/route.ts';
import { zoneOfRequest } from '../platform/zoned-time.ts';
import { AUDIT_CSV_HEADER, auditCsvRow } from './audit.ts';
import type { AuditDeps } from './deps.ts';

/** Admins only: the audit log, a page at a time, or every matching entry as a streamed CSV (decision 023). */
export function auditRoutes(d: AuditDeps) {
  return router('/admin').handle(auditApi.list, requireRole('admin'), async (c, { query }) => {
    if (c.req.query('format') === 'csv') {
      // Every entry the filters match (not a page), streamed a batch at a time (decision 023).
      const { after: _after, limit: _limit, ...filters } = query;
      const range = `${query.from ?? 'start'}-to-${query.to ?? new Date().toISOString().slice(0, 10)}`;
      const zone = zoneOfRequest(c);
      return c.body(
        csvStream(AUDIT_CSV_HEADER, d.audit.all(filters), (e) => auditCsvRow(e, zone)),
        200,
        {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="audit-${range}.csv"`,
          'Cache-Control': 'private, no-store',
        },
      );
    }
    return c.json(await d.audit.list(query));
  }).app;
}
