import {
  clientPrice,
  type Quote,
  QuoteBookedRequestSchema,
  QuoteListSchema,
  QuoteRequestSchema,
  QuoteSchema,
  QuotesQuerySchema,
} from '@console/contract';
import { Hono } from 'hono';
import { reachableBooking } from '../bookings/index.ts';
import { ConsoleError } from '../platform/errors.ts';
import { doc } from '../platform/openapi-doc.ts';
import { parseBody, parseQuery, pathId } from '../platform/parse.ts';
import type { AppEnv } from '../platform/types.ts';
import { zoneOfRequest } from '../platform/zoned-time.ts';
import type { QuotesDeps } from './deps.ts';
import { quotePdf } from './quote-pdf.ts';
import { priceOption, Quotes } from './quotes.ts';

const noQuote = () => new ConsoleError('resource_not_found', { param: 'id', message: 'No such quote.' });

/**
 * Quotes (decision 034): an agent gathers up to five options for a client, priced by the service now and by the office's
 * fee rules; the quote page re-prices each option when opened and leads into the usual booking flow; the PDF gives the
 * client prices only. Found by the start of the client's name.
 */
export function quoteRoutes(d: QuotesDeps) {
  const quotes = new Quotes(d.db);
  const environment = () => d.upstream.service.environment;
  return new Hono<AppEnv>()
    .get(
      '/',
      doc({
        summary: 'Quotes, newest first, a page at a time; q finds the start of the client’s name',
        tag: 'quotes',
        query: QuotesQuerySchema,
        response: QuoteListSchema,
      }),
      async (c) => c.json(await quotes.list(parseQuery(c, QuotesQuerySchema), c.get('user'), environment())),
    )
    .post(
      '/',
      doc({
        summary:
          'A quote of up to five options (flight offers, hotel rates, activity options), priced by the service now and the office’s fee rules (audited)',
        tag: 'quotes',
        body: QuoteRequestSchema,
        response: QuoteSchema,
        status: 201,
      }),
      async (c) => {
        const input = await parseBody(c, QuoteRequestSchema);
        let quote: Quote;
        try {
          quote = await quotes.create(d, input, c.get('user'), environment());
        } catch (error) {
          if (error instanceof ConsoleError && error.code !== 'resource_not_found') throw error;
          throw new ConsoleError('validation_failed', {
            param: 'options',
            message:
              'options: one of them can no longer be had (the offer or rate is gone, or the day is full); take it out or pick it again.',
          });
        }
        await d.audit.write(
          c.get('user'),
          { action: 'quote.create', resourceId: quote.id },
          'succeeded',
          201,
          null,
        );
        return c.json(quote, 201);
      },
    )
    .get(
      '/:id',
      doc({
        summary: 'One quote; an open one with each option priced again now',
        tag: 'quotes',
        response: QuoteSchema,
      }),
      async (c) => {
        const quote = await quotes.get(pathId(c, 'id'), c.get('user'), environment());
        if (!quote) throw noQuote();
        if (quote.status !== 'open') return c.json(quote);
        // Each option priced again now, by the rules as they are: what booking it would cost the client today.
        const rules = await d.fees.list();
        const options = await Promise.all(
          quote.options.map(async (option) => {
            try {
              const { context, net } = await priceOption(d, option.request);
              return { ...option, now: { available: true, net, client: clientPrice(rules, context).client } };
            } catch {
              return { ...option, now: { available: false, net: null, client: null } };
            }
          }),
        );
        return c.json({ ...quote, options });
      },
    )
    .get(
      '/:id/pdf',
      doc({
        summary: 'The quote for the client as a PDF: client prices only, and until when each holds',
        tag: 'quotes',
        response: 'application/pdf',
      }),
      async (c) => {
        const quote = await quotes.get(pathId(c, 'id'), c.get('user'), environment());
        if (!quote) throw noQuote();
        const pdf = await quotePdf(quote, new Date(), zoneOfRequest(c));
        const name = quote.client_name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60) || 'client';
        return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="quote-${name}.pdf"`,
          'Cache-Control': 'private, no-store',
        });
      },
    )
    .post(
      '/:id/booked',
      doc({
        summary: 'The booking made from one of the quote’s options: the quote is booked (audited)',
        tag: 'quotes',
        body: QuoteBookedRequestSchema,
        response: QuoteSchema,
      }),
      async (c) => {
        const user = c.get('user');
        const quote = await quotes.get(pathId(c, 'id'), user, environment());
        if (!quote) throw noQuote();
        const { booking_id } = await parseBody(c, QuoteBookedRequestSchema);
        await reachableBooking(d.ledger, user, booking_id, environment(), 'booking_id');
        await quotes.booked(quote.id, booking_id);
        await d.audit.write(user, { action: 'quote.booked', resourceId: quote.id }, 'succeeded', 200, null);
        return c.json(await quotes.get(quote.id, user, environment()));
      },
    );
}
