import {
  ErrorEnvelopeSchema,
  FlightOfferSchema,
  FlightSearchSchema,
  HotelCitySearchSchema,
  HotelHotelSearchSchema,
  QuoteListSchema,
  QuoteSchema,
} from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contact, inDays, passenger, startConsole, type TestConsole } from '../testing/console.ts';
import { pdfText } from '../testing/pdf-text.ts';

let t: TestConsole;
beforeAll(async () => {
  t = await startConsole();
});
afterAll(() => t.close());

type Browser = ReturnType<TestConsole['browser']>;
const money = (amount: string) =>
  `${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} USD`;

async function flightOffer(b: Browser) {
  const search = FlightSearchSchema.parse(
    (
      await b.post('/flights/searches', {
        slices: [{ origin: 'LHR', destination: 'CDG', departure_date: inDays(33) }],
        passengers: { adults: 1 },
      })
    ).body,
  );
  // An offer whose price did not move when read again (the sandbox moves some, as a service may).
  for (const offer of search.offers) {
    const again = FlightOfferSchema.parse((await b.get(`/flights/offers/${offer.id}`)).body);
    if (again.total.amount === offer.total.amount) return offer;
  }
  throw new Error('no offer kept its price');
}

async function hotelRate(b: Browser) {
  const stay = { check_in: inDays(70), check_out: inDays(72), occupancies: [{ adults: 1 }] };
  const city = HotelCitySearchSchema.parse(
    (await b.post('/hotels/searches', { ...stay, city_id: 2001 })).body,
  );
  const hotel = HotelHotelSearchSchema.parse(
    (await b.post('/hotels/searches', { ...stay, hotel_id: Number(city.offers[0]?.hotel_id) })).body,
  );
  const rate = hotel.offers[0];
  if (!rate) throw new Error('no rate');
  return rate;
}

describe('a quote', () => {
  it('gathers a flight and a hotel for a client at client prices, as a PDF with never the net', async () => {
    const admin = await t.signedIn('admin');
    const rules = [
      (await admin.post('/pricing/rules', { product: 'flight', percent: '10' })).body as { id: string },
      (await admin.post('/pricing/rules', { product: 'hotel', fixed: '25.00' })).body as { id: string },
    ];
    const agent = await t.signedIn('agent');
    const offer = await flightOffer(agent);
    const rate = await hotelRate(agent);
    const made = await agent.post('/quotes', {
      client_name: 'Zoë Ångström',
      client_email: 'zoe@example.com',
      note: 'Two ways to Paris in March.',
      options: [
        { kind: 'flight', offer_id: offer.id },
        { kind: 'hotel', rate_id: rate.id },
      ],
    });
    expect(made.status).toBe(201);
    const quote = QuoteSchema.parse(made.body);
    expect(quote.status).toBe('open');
    const [flight, hotel] = quote.options;
    expect(flight?.net).toEqual(offer.total);
    expect(Number(flight?.client.amount)).toBeCloseTo(Number(offer.total.amount) * 1.1, 1);
    expect(hotel?.client.amount).toBe((Number(rate.total.amount) + 25).toFixed(2));
    expect(flight?.book_path).toBe(`/flights/book/${offer.id}`);

    const pdf = await agent.call('GET', `/api/quotes/${quote.id}/pdf`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(
      await (
        await fetch(`${t.origin}/api/quotes/${quote.id}/pdf`, {
          headers: { cookie: agent.cookie() },
        })
      ).arrayBuffer(),
    );
    const text = (await pdfText(bytes)).join(' ');
    expect(text).toContain('Zoë Ångström');
    expect(text).toContain(money(flight?.client.amount ?? ''));
    expect(text).toContain(money(hotel?.client.amount ?? ''));
    expect(text).not.toContain(money(offer.total.amount));
    expect(text).not.toContain(money(rate.total.amount));
    expect(text).toMatch(/This price holds until|checked again when you book/);

    // Opened again, each option is priced now.
    const opened = QuoteSchema.parse((await agent.get(`/quotes/${quote.id}`)).body);
    expect(opened.options.map((o) => o.now?.available)).toEqual([true, true]);
    expect(opened.options[1]?.now?.client).toEqual(hotel?.client);

    // Found by the start of the client's name, in any case; another agent does not see it.
    expect(QuoteListSchema.parse((await agent.get('/quotes?q=zoë å')).body).data.map((q) => q.id)).toEqual([
      quote.id,
    ]);
    expect(QuoteListSchema.parse((await agent.get('/quotes?q=amelia')).body).data).toEqual([]);
    await t.invite(
      admin,
      { email: 'quotes.other@demo.test', name: 'Other Agent', role: 'agent' },
      'quiet harbour lantern 5',
    );
    const other = t.browser();
    await other.signIn('quotes.other@demo.test', 'quiet harbour lantern 5');
    expect((await other.get(`/quotes/${quote.id}`)).status).toBe(404);

    // Booked through the usual flow, the quote says so.
    const order = (
      await agent.post('/flights/orders', {
        offer_id: offer.id,
        passengers: [passenger],
        contact,
        client_reference: 'QUOTE-1',
      })
    ).body as { id: string };
    const booked = await agent.post(`/quotes/${quote.id}/booked`, { booking_id: order.id });
    expect(QuoteSchema.parse(booked.body)).toMatchObject({ status: 'booked', booking_id: order.id });
    for (const rule of rules) await admin.delete(`/pricing/rules/${rule.id}`);
  });

  it('is refused with an option that can no longer be had, or with more than five', async () => {
    const agent = await t.signedIn('agent');
    const gone = await agent.post('/quotes', {
      client_name: 'Lee Park',
      options: [{ kind: 'flight', offer_id: 'off_doesnotexist0000000' }],
    });
    expect({ status: gone.status, param: ErrorEnvelopeSchema.parse(gone.body).error.param }).toEqual({
      status: 422,
      param: 'options',
    });
    const offer = await flightOffer(agent);
    const six = await agent.post('/quotes', {
      client_name: 'Lee Park',
      options: Array.from({ length: 6 }, () => ({ kind: 'flight', offer_id: offer.id })),
    });
    expect(ErrorEnvelopeSchema.parse(six.body).error.message).toContain('at most five');
  });
});
