import { QuoteListSchema, type QuoteRequest, QuoteSchema } from '@console/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api.ts';

/** Quotes (decision 034): ['quotes', …]. */
export const useQuotes = (q: string, after: string) =>
  useQuery({
    queryKey: ['quotes', 'list', q, after],
    queryFn: ({ signal }) =>
      api(`/quotes?${queryString({ q: q || undefined, after: after || undefined })}`, {
        schema: QuoteListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useQuote = (id: string) =>
  useQuery({
    queryKey: ['quotes', 'one', id],
    queryFn: ({ signal }) => api(`/quotes/${encodeURIComponent(id)}`, { schema: QuoteSchema, signal }),
  });

export const useMakeQuote = () =>
  useMutation({
    mutationFn: (body: QuoteRequest) => api('/quotes', { method: 'POST', body, schema: QuoteSchema }),
  });
