import { consoleRoute } from '../console-route.ts';
import { DownloadQuerySchema } from '../primitives.ts';
import {
  QuoteBookedRequestSchema,
  QuoteListSchema,
  QuoteRequestSchema,
  QuoteSchema,
  QuotesQuerySchema,
} from '../quotes.ts';

/** Quotes for clients (decision 034). Imported as `quotesApi` (routes/index.ts). */

export const list = consoleRoute({
  method: 'GET',
  path: '/quotes',
  summary: 'Quotes, newest first, a page at a time; q finds the start of the client’s name',
  tag: 'quotes',
  query: QuotesQuerySchema,
  response: QuoteListSchema,
});

export const create = consoleRoute({
  method: 'POST',
  path: '/quotes',
  summary:
    'A quote of up to five options (flight offers, hotel rates, activity options), priced by the service now and the office’s fee rules (audited)',
  tag: 'quotes',
  body: QuoteRequestSchema,
  response: QuoteSchema,
  status: 201,
});

export const one = consoleRoute({
  method: 'GET',
  path: '/quotes/{id}',
  summary: 'One quote; an open one with each option priced again now',
  tag: 'quotes',
  response: QuoteSchema,
});

export const pdf = consoleRoute({
  method: 'GET',
  path: '/quotes/{id}/pdf',
  summary: 'The quote for the client as a PDF: client prices only, and until when each holds',
  tag: 'quotes',
  query: DownloadQuerySchema,
  response: 'application/pdf',
});

export const booked = consoleRoute({
  method: 'POST',
  path: '/quotes/{id}/booked',
  summary: 'The booking made from one of the quote’s options: the quote is booked (audited)',
  tag: 'quotes',
  body: QuoteBookedRequestSchema,
  response: QuoteSchema,
});
