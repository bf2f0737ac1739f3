import { type QuoteRequest, quotesApi } from '@console/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { call, routePath } from '../../../lib/api.ts';
import { agentTimeZone } from '../../../lib/time-zone.ts';

/** Quotes (decision 034): ['quotes', …]. */
export const useQuotes = (q: string, after: string) =>
  useQuery({
    queryKey: ['quotes', 'list', q, after],
    queryFn: ({ signal }) =>
      call(quotesApi.list, { query: { q: q || undefined, after: after || undefined }, signal }),
    placeholderData: keepPreviousData,
  });

export const useQuote = (id: string) =>
  useQuery({
    queryKey: ['quotes', 'one', id],
    queryFn: ({ signal }) => call(quotesApi.one, { params: { id }, signal }),
  });

export const useMakeQuote = () =>
  useMutation({
    mutationFn: (body: QuoteRequest) => call(quotesApi.create, { body }),
  });

/** The quote's PDF for the client, its times in the agent's zone. */
export const quotePdfHref = (id: string) =>
  `/api${routePath(quotesApi.pdf, { params: { id }, query: { time_zone: agentTimeZone() } })}`;
