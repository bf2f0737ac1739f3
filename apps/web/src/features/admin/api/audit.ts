import { auditApi } from '@console/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, routePath } from '../../../lib/api.ts';
import { agentTimeZone } from '../../../lib/time-zone.ts';

/** A page of the audit log, filtered as the address bar holds it. */
export const useAudit = (search: string) =>
  useQuery({
    queryKey: ['admin', 'audit', search],
    queryFn: ({ signal }) => call(auditApi.list, { query: search, signal }),
    placeholderData: keepPreviousData,
  });

/** Every entry the filters match (not the page on screen) as CSV, its times in the agent's zone. */
export const auditCsvHref = (search: string) =>
  `/api${routePath(auditApi.list, {
    query: new URLSearchParams([
      ...new URLSearchParams(search),
      ['format', 'csv'],
      ['time_zone', agentTimeZone()],
    ]),
  })}`;
