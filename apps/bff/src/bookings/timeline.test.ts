import {
  ChangeListSchema,
  ErrorEnvelopeSchema,
  FlightOfferSchema,
  FlightSearchSchema,
  QuoteSchema,
  TimelineEventSchema,
  type TimelinePage,
  TimelinePageSchema,
  TripSchema,
} from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillTimelines } from '../db/migrations/028-booking-timeline-history.ts';
import { contact, inDays, passenger, startConsole, type TestConsole } from '../testing/console.ts';
import { pdfText } from '../testing/pdf-text.ts';
import { startSmtpServer, type TestSmtpServer } from '../testing/smtp.ts';

/**
 * Every booking's timeline (decision 052), against the sandbox as a real server and a real SMTP server: each event
 * written where it happens, with its author, read a page at a time in time order; an agent's internal remarks kept
 * off everything the client sees and never sent to the service.
 */
let t: TestConsole;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startConsole({ CHANGE_WATCH_MINUTES: '1', CHANGE_WATCH_RATE: '1000', SMTP_URL: smtp.url });
  await t.calm();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Browser = ReturnType<TestConsole['browser']>;
const error = (body: unknown) => ErrorEnvelopeSchema.parse(body).error;

/** A minute of the console's time, then one scheduled round: whatever came due is read again (and e-mail sent). */
async function aRoundLater() {
  t.advanceConsoleClock(61_000);
  return t.console.jobs.runOnce();
}

async function timeline(b: Browser, id: string, query = ''): Promise<TimelinePage> {
  const reply = await b.get(`/bookings/${encodeURIComponent(id)}/timeline${query ? `?${query}` : ''}`);
  expect(reply.status, reply.text).toBe(200);
  return TimelinePageSchema.parse(reply.body);
}

/** An offer whose price did not move when read again (the sandbox moves some, as a service may). */
async function steadyOffer(b: Browser) {
  const search = FlightSearchSchema.parse(
    (
      await b.post('/flights/searches', {
        slices: [{ origin: 'LHR', destination: 'CDG', departure_date: inDays(40) }],
        passengers: { adults: 1 },
      })
    ).body,
  );
  for (const offer of search.offers) {
    const again = FlightOfferSchema.parse((await b.get(`/flights/offers/${offer.id}`)).body);
    if (again.total.amount === offer.total.amount) return offer;
  }
  throw new Error('no offer kept its price');
}

let agents = 0;
async function newAgent() {
  agents += 1;
  const admin = await t.signedIn('admin');
  const email = `timeline.${agents}@demo.test`;
  await t.invite(
    admin,
    { email, name: `Timeline Agent ${agents}`, role: 'agent' },
    'violet tram harbour 42',
    (to) => smtp.linkToken(to),
  );
  const b = t.browser();
  expect((await b.signIn(email, 'violet tram harbour 42')).status).toBe(200);
  return { email, browser: b };
}

describe("a booking's timeline", () => {
  it('tells made, the console’s move, the service’s own move, the change found, its e-mail and a remark, in time order, each with its author', async () => {
    const agent = await newAgent();
    const offer = await steadyOffer(agent.browser);
    const made = await agent.browser.post('/flights/orders', {
      offer_id: offer.id,
      passengers: [passenger],
      contact,
      client_reference: 'TIMELINE-STORY',
    });
    expect(made.status, made.text).toBe(201);
    const id = String((made.body as { id: string }).id);
    // Ticketed on the agent's press (with its key: the same press sent again would be one move).
    const key = { 'Idempotency-Key': `ticket-${id}` };
    expect((await agent.browser.post(`/flights/orders/${id}/ticket`, undefined, key)).status).toBe(200);
    // The service finishes ticketing by itself; the watch sees it on its round.
    await t.control('/clock/advance', { seconds: 60 });
    await aRoundLater();
    // An airline moves the flight; the watch finds it, and the e-mail goes.
    await t.control(`/flights/orders/${id}/schedule`, { days: 1 });
    await aRoundLater();
    await aRoundLater();
    await expect.poll(() => smtp.to(agent.email).filter((m) => m.includes(id)).length).toBe(1);
    // Read again by a page and by the watch: the moves already told are not told twice.
    expect((await agent.browser.get(`/flights/orders/${id}`)).status).toBe(200);
    await aRoundLater();
    const remark = await agent.browser.post(`/bookings/${id}/remarks`, {
      text: '  Client prefers an aisle seat  ',
    });
    expect(remark.status, remark.text).toBe(201);
    const added = TimelineEventSchema.parse(remark.body);
    expect(added).toMatchObject({
      kind: 'remark',
      summary: 'Client prefers an aisle seat',
      internal: true,
      author: { kind: 'agent', email: agent.email, label: agent.email },
    });

    const page = await timeline(agent.browser, id);
    expect(page.earlier_cursor).toBeNull();
    expect(page.later_cursor).toBeNull();
    expect(page.data.map((e) => [e.kind, e.author.label])).toEqual([
      ['made', agent.email],
      ['console_move', agent.email],
      ['service_move', 'the service'],
      ['change_found', 'the console'],
      ['mail_sent', 'the console'],
      ['remark', agent.email],
    ]);
    const [first, ticket, moved, found, mailed] = page.data;
    expect(first?.summary).toContain(`Made by ${agent.email} (held)`);
    expect(first?.summary).toContain(`${offer.total.amount} USD net`);
    expect(first?.data).toMatchObject({ total: offer.total });
    expect(ticket?.summary).toBe(`Ticketing asked by ${agent.email}; now ticketing`);
    expect(moved?.summary).toMatch(/^Moved by the service from ticketing to ticketed/);
    expect(moved?.data).toMatchObject({ from: 'ticketing', to: 'ticketed' });
    expect(found?.summary).toMatch(/^Change found: Schedule change/);
    expect(mailed?.summary).toMatch(new RegExp(`^E-mailed to ${agent.email.replace('.', '\\.')}: Booking `));
    // Time order: each event at or after the one before.
    const times = page.data.map((e) => e.at);
    expect([...times].sort()).toEqual(times);
    expect(page.data.filter((e) => e.internal).map((e) => e.kind)).toEqual(['remark']);
  });

  it('tells fees set by hand, trips joined and left, and notes sent to the service', async () => {
    const agent = await newAgent();
    const admin = await t.signedIn('admin');
    const offer = await steadyOffer(agent.browser);
    const id = String(
      (
        (
          await agent.browser.post('/flights/orders', {
            offer_id: offer.id,
            passengers: [passenger],
            contact,
          })
        ).body as { id: string }
      ).id,
    );
    expect(
      (await admin.put(`/pricing/bookings/${id}/fee`, { fee: '35.00', reason: 'Weekend service' })).status,
    ).toBe(200);
    const trip = TripSchema.parse(
      (await agent.browser.post('/trips', { name: 'Paris in spring', booking_id: id })).body,
    );
    expect((await agent.browser.delete(`/trips/${trip.id}/bookings/${id}`)).status).toBe(200);
    const notes = await agent.browser.post(`/flights/orders/${id}/notes`, { notes: ['Vegetarian meal'] });
    expect(notes.status, notes.text).toBe(200);
    const page = await timeline(agent.browser, id);
    expect(page.data.map((e) => [e.kind, e.author.label])).toEqual([
      ['made', agent.email],
      ['fee_changed', 'admin@demo.test'],
      ['trip_joined', agent.email],
      ['trip_left', agent.email],
      ['note_sent', agent.email],
    ]);
    expect(page.data[1]?.summary).toMatch(/to 35\.00 USD: Weekend service$/);
    expect(page.data[2]?.summary).toContain(`Paris in spring (${trip.reference})`);
    expect(page.data[4]?.summary).toContain('Vegetarian meal');
  });

  it('is read a page at a time, back to the first event and forward again, with nothing missed or twice', async () => {
    const agent = await newAgent();
    const offer = await steadyOffer(agent.browser);
    const id = String(
      (
        (
          await agent.browser.post('/flights/orders', {
            offer_id: offer.id,
            passengers: [passenger],
            contact,
          })
        ).body as { id: string }
      ).id,
    );
    // 119 more events, several at the same instant (their order as written).
    const at = t.console.deps.ledger.now() + 1000;
    for (let n = 1; n <= 119; n++)
      await t.console.deps.timeline.record({
        bookingId: id,
        kind: 'remark',
        actor: { kind: 'console' },
        summary: `event ${n}`,
        at: at + Math.floor(n / 3) * 1000,
      });
    const latest = await timeline(agent.browser, id, 'limit=50');
    expect(latest.data.map((e) => e.summary).at(-1)).toBe('event 119');
    expect(latest.data.length).toBe(50);
    expect(latest.later_cursor).toBeNull();
    // Back to the first event.
    const seen = [...latest.data];
    let cursor = latest.earlier_cursor;
    while (cursor) {
      const page = await timeline(agent.browser, id, `limit=50&after=${encodeURIComponent(cursor)}`);
      seen.unshift(...page.data);
      cursor = page.earlier_cursor;
      if (!cursor) expect(page.data[0]?.kind).toBe('made');
    }
    expect(seen.map((e) => e.summary).slice(1)).toEqual(
      Array.from({ length: 119 }, (_, i) => `event ${i + 1}`),
    );
    // Forward again from the first page to the latest.
    const first = await timeline(
      agent.browser,
      id,
      `limit=50&after=${encodeURIComponent(
        (
          await timeline(
            agent.browser,
            id,
            `limit=50&after=${encodeURIComponent(latest.earlier_cursor ?? '')}`,
          )
        ).earlier_cursor ?? '',
      )}`,
    );
    expect(first.data.length).toBe(20);
    expect(first.earlier_cursor).toBeNull();
    const forward = [...first.data];
    cursor = first.later_cursor;
    while (cursor) {
      const page = await timeline(agent.browser, id, `limit=50&after=${encodeURIComponent(cursor)}`);
      forward.push(...page.data);
      cursor = page.later_cursor;
    }
    expect(forward.map((e) => e.id)).toEqual(seen.map((e) => e.id));
    // A cursor of another list is refused in words.
    const wrong = await agent.browser.get(`/bookings/${id}/timeline?after=bm90LWEtY3Vyc29y`);
    expect(wrong.status).toBe(400);
  });

  it('is reached only as its booking is: another agent’s booking is no booking (404), an admin sees it', async () => {
    const owner = await newAgent();
    const other = await newAgent();
    const offer = await steadyOffer(owner.browser);
    const id = String(
      (
        (
          await owner.browser.post('/flights/orders', {
            offer_id: offer.id,
            passengers: [passenger],
            contact,
          })
        ).body as { id: string }
      ).id,
    );
    const read = await other.browser.get(`/bookings/${id}/timeline`);
    expect(read.status).toBe(404);
    expect(error(read.body).code).toBe('resource_not_found');
    const wrote = await other.browser.post(`/bookings/${id}/remarks`, { text: 'Not mine' });
    expect(wrote.status).toBe(404);
    expect((await t.browser().get(`/bookings/${id}/timeline`)).status).toBe(401);
    const admin = await t.signedIn('admin');
    expect((await timeline(admin, id)).data.map((e) => e.kind)).toEqual(['made']);
    expect((await owner.browser.get('/bookings/no-such-booking/timeline')).status).toBe(404);
  });

  it('takes a remark trimmed and of a sensible length, and says what is wrong with one that is not', async () => {
    const agent = await newAgent();
    const offer = await steadyOffer(agent.browser);
    const id = String(
      (
        (
          await agent.browser.post('/flights/orders', {
            offer_id: offer.id,
            passengers: [passenger],
            contact,
          })
        ).body as { id: string }
      ).id,
    );
    for (const body of [
      { text: '   ' },
      { text: '' },
      {},
      { text: 'x'.repeat(2001) },
      { text: 'ok', extra: 1 },
    ]) {
      const reply = await agent.browser.post(`/bookings/${id}/remarks`, body);
      expect(reply.status, JSON.stringify(body)).toBe(422);
      expect(error(reply.body).code).toBe('validation_failed');
    }
    expect(error((await agent.browser.post(`/bookings/${id}/remarks`, { text: ' ' })).body).message).toMatch(
      /text: is empty/,
    );
    // The same press sent again (its Idempotency-Key) is one remark.
    const key = { 'Idempotency-Key': 'remark-once' };
    const once = await agent.browser.post(`/bookings/${id}/remarks`, { text: 'Called the client' }, key);
    const twice = await agent.browser.post(`/bookings/${id}/remarks`, { text: 'Called the client' }, key);
    expect(once.status).toBe(201);
    expect(TimelineEventSchema.parse(twice.body).id).toBe(TimelineEventSchema.parse(once.body).id);
    expect((await timeline(agent.browser, id)).data.filter((e) => e.kind === 'remark').length).toBe(1);
  });

  it('keeps a remark off the quote and the itinerary PDFs, the client’s e-mails and the service', async () => {
    const agent = await newAgent();
    const offer = await steadyOffer(agent.browser);
    const quote = QuoteSchema.parse(
      (
        await agent.browser.post('/quotes', {
          client_name: 'Zoë Ångström',
          client_email: 'zoe@example.com',
          options: [{ kind: 'flight', offer_id: offer.id }],
        })
      ).body,
    );
    const made = await agent.browser.post('/flights/orders', {
      offer_id: offer.id,
      passengers: [passenger],
      contact,
      client_reference: 'TIMELINE-PDF',
    });
    const id = String((made.body as { id: string }).id);
    expect((await agent.browser.post(`/quotes/${quote.id}/booked`, { booking_id: id })).status).toBe(200);
    expect((await agent.browser.post(`/flights/orders/${id}/ticket`)).status).toBe(200);
    await t.control('/clock/advance', { seconds: 60 });
    const trip = TripSchema.parse(
      (await agent.browser.post('/trips', { name: 'Zoë in Paris', booking_id: id })).body,
    );
    const word = 'Quixotrombone';
    expect(
      (await agent.browser.post(`/bookings/${id}/remarks`, { text: `${word}: client is VIP` })).status,
    ).toBe(201);
    // An e-mail about the booking goes out after the remark (a schedule change): without it.
    await t.control(`/flights/orders/${id}/schedule`, { days: 1 });
    await aRoundLater();
    await aRoundLater();
    await expect.poll(() => smtp.to(agent.email).filter((m) => m.includes(id)).length).toBe(1);

    const pdfOf = async (path: string) => {
      const response = await fetch(`${t.origin}/api${path}`, { headers: { cookie: agent.browser.cookie() } });
      expect(response.headers.get('content-type')).toBe('application/pdf');
      return (await pdfText(new Uint8Array(await response.arrayBuffer()))).join('\n');
    };
    const quoteText = await pdfOf(`/quotes/${quote.id}/pdf`);
    expect(quoteText).toContain('Zoë Ångström');
    expect(quoteText).not.toContain(word);
    const itinerary = await pdfOf(`/trips/${trip.id}/itinerary.pdf`);
    expect(itinerary).toContain('Zoë in Paris');
    expect(itinerary).toMatch(/CDG|Paris/);
    expect(itinerary).not.toContain(word);
    for (const mail of [...smtp.texts(agent.email), ...smtp.texts(contact.email)])
      expect(mail).not.toContain(word);
    // The service's own order holds no trace of it.
    const order = await agent.browser.get(`/flights/orders/${id}`);
    expect(order.text).not.toContain(word);
    // And the console's timeline has it, as internal.
    const remark = (await timeline(agent.browser, id)).data.find((e) => e.kind === 'remark');
    expect(remark).toMatchObject({ internal: true, summary: `${word}: client is VIP` });
  });

  it('is told for bookings made before it from what the database holds (migration 028), once however often it runs', async () => {
    const agent = await newAgent();
    const admin = await t.signedIn('admin');
    const offer = await steadyOffer(agent.browser);
    const made = await agent.browser.post('/flights/orders', {
      offer_id: offer.id,
      passengers: [passenger],
      contact,
      client_reference: 'TIMELINE-BACKFILL',
    });
    const id = String((made.body as { id: string }).id);
    expect((await agent.browser.post(`/flights/orders/${id}/ticket`)).status).toBe(200);
    await t.control('/clock/advance', { seconds: 60 });
    expect(
      (await admin.put(`/pricing/bookings/${id}/fee`, { fee: '12.00', reason: 'Agreed with client' })).status,
    ).toBe(200);
    const trip = TripSchema.parse(
      (await agent.browser.post('/trips', { name: 'Old trip', booking_id: id })).body,
    );
    await t.control(`/flights/orders/${id}/schedule`, { days: 1 });
    await aRoundLater();
    await aRoundLater();
    const [change] = ChangeListSchema.parse((await agent.browser.get(`/changes?booking=${id}`)).body).data;
    expect(
      (await agent.browser.post(`/changes/${change?.id}/handle`, { note: 'Client is fine with it' })).status,
    ).toBe(200);
    // As a database from before the timeline holds it: no events at all.
    const { db } = t.console.deps;
    await db.deleteFrom('booking_events').where('booking_id', '=', id).execute();
    await backfillTimelines(db);
    await backfillTimelines(db);

    const page = await timeline(agent.browser, id);
    // A trip's attachment is dated by this machine's clock (trip_bookings.added_at), the rest by the service's: its
    // place among them is its own.
    const joined = page.data.filter((e) => e.kind === 'trip_joined');
    expect(joined.map((e) => [e.author.label, e.summary])).toEqual([
      [agent.email, `Added to trip Old trip (${trip.reference})`],
    ]);
    const told = page.data.filter((e) => e.kind !== 'trip_joined');
    expect(told.map((e) => [e.kind, e.author.label])).toEqual([
      ['made', agent.email],
      ['console_move', agent.email],
      ['fee_changed', 'admin@demo.test'],
      ['change_found', 'the console'],
      ['change_handled', agent.email],
    ]);
    expect(told[0]?.summary).toContain(`${offer.total.amount} USD net; client price`);
    expect(told[1]?.summary).toBe(`Ticketing asked by ${agent.email}; ${offer.total.amount} USD`);
    expect(told[2]?.summary).toBe('Fee set by admin@demo.test to 12.00 USD');
    expect(told[4]?.summary).toMatch(/\(Client is fine with it\)$/);
    expect(page.data.every((e) => e.data?.backfilled === true)).toBe(true);
  });
});
