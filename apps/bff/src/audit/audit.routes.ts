import { AuditListSchema, AuditQuerySchema } from '@console/contract';
import { Hono } from 'hono';
import { csvStream } from '../platform/csv.ts';
import { doc } from '../platform/openapi-doc.ts';
import { parseQuery } from '../platform/parse.ts';
import { requireRole } from '../platform/roles.ts';
import type { AppEnv } from '../platform/types.ts';
import { zoneOfRequest } from '../platform/zoned-time.ts';
import { AUDIT_CSV_HEADER, auditCsvRow } from './audit.ts';
import type { AuditDeps } from './deps.ts';

/** Admins only: the audit log, a page at a time, or every matching entry as a streamed CSV (decision 023). */
export function auditRoutes(d: AuditDeps) {
  return new Hono<AppEnv>().use('*', requireRole('admin')).get(
    '/audit',
    doc({
      summary: 'The audit log, a page at a time, newest first (format=csv streams every matching entry)',
      tag: 'admin',
      query: AuditQuerySchema,
      response: AuditListSchema,
      admin: true,
    }),
    async (c) => {
      const query = parseQuery(c, AuditQuerySchema);
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
    },
  );
}
