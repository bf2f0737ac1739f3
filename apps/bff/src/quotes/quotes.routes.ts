import { clientPrice, type Quote, quotesApi } from '@console/contract';
import { reachableBooking } from '../bookings/index.ts';
import { ConsoleError } from '../platform/errors.ts';
import { router } from '../platform/route.ts';
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
  return router('/quotes')
    .handle(quotesApi.list, async (c, { query }) =>
      c.json(await quotes.list(query, c.get('user'), environment())),
    )
    .handle(quotesApi.create, async (c, { body }) => {
      let quote: Quote;
      try {
        quote = await quotes.create(d, body, c.get('user'), environment());
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
    })
    .handle(quotesApi.one, async (c, { params: { id } }) => {
      const quote = await quotes.get(id, c.get('user'), environment());
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
    })
    .handle(quotesApi.pdf, async (c, { params: { id } }) => {
      const quote = await quotes.get(id, c.get('user'), environment());
      if (!quote) throw noQuote();
      const pdf = await quotePdf(quote, new Date(), zoneOfRequest(c));
      const name = quote.client_name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60) || 'client';
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="quote-${name}.pdf"`,
        'Cache-Control': 'private, no-store',
      });
    })
    .handle(quotesApi.booked, async (c, { params: { id }, body: { booking_id } }) => {
      const user = c.get('user');
      const quote = await quotes.get(id, user, environment());
      if (!quote) throw noQuote();
      await reachableBooking(d.ledger, user, booking_id, environment(), 'booking_id');
      await quotes.booked(quote.id, booking_id);
      await d.audit.write(user, { action: 'quote.booked', resourceId: quote.id }, 'succeeded', 200, null);
      return c.json(await quotes.get(quote.id, user, environment()));
    }).app;
}
