import { type ReportQuery, reportsApi } from '@console/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, routePath } from '../../../lib/api.ts';

/** The office's reports (decision 033) for a range of days: only the reports screen carries their schemas. */
export type ReportRange = Pick<ReportQuery, 'from' | 'to' | 'by'>;

export const useReport = (range: ReportRange) =>
  useQuery({
    queryKey: ['admin', 'reports', range.from, range.to, range.by],
    queryFn: ({ signal }) => call(reportsApi.report, { query: range, signal }),
    placeholderData: keepPreviousData,
  });

/** One table of the report as CSV (periods, products or agents). */
export const reportCsvHref = (range: ReportRange, table: string) =>
  `/api${routePath(reportsApi.report, { query: new URLSearchParams({ ...range, format: 'csv', table }) })}`;
