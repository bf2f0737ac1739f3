import { AuditListSchema, AuditQuerySchema } from '../console-admin.ts';
import { consoleRoute } from '../console-route.ts';

/** The audit log's console route (admins only). Imported as `auditApi` (routes/index.ts). */

export const list = consoleRoute({
  method: 'GET',
  path: '/admin/audit',
  summary: 'The audit log, a page at a time, newest first (format=csv streams every matching entry)',
  tag: 'admin',
  query: AuditQuerySchema,
  response: AuditListSchema,
  admin: true,
});
