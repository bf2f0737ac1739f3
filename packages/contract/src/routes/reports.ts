import { consoleRoute } from '../console-route.ts';
import { ReportQuerySchema, ReportSchema } from '../reports.ts';

/** The office's reports (admins only; decision 033). Imported as `reportsApi` (routes/index.ts). */

export const report = consoleRoute({
  method: 'GET',
  path: '/admin/reports',
  summary:
    'The office’s report for a range of days: bookings, net, client price, margin by day/week/month, product and agent; cancellations and lapsed holds (format=csv&table=periods|products|agents for one table)',
  tag: 'admin',
  query: ReportQuerySchema,
  response: ReportSchema,
  admin: true,
});
