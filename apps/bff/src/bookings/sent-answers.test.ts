import {
  ActivityAnswersSentSchema,
  ActivityAvailabilitySchema,
  ActivityBookingSchema,
  ActivityProductListSchema,
  LedgerListSchema,
} from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type TestConsole } from '../testing/console.ts';
import { keptOfActivityRequest } from './sent-answers.ts';

/**
 * The answers an activity booking was made with (decision 044): the service's booking does not echo them, so the
 * console keeps them with the booking's intent and serves them to whoever may reach the booking.
 */
let t: TestConsole;
let agent: Awaited<ReturnType<TestConsole['signedIn']>>;
beforeAll(async () => {
  t = await startConsole();
  agent = await t.signedIn('agent');
});
afterAll(() => t.close());

type Browser = typeof agent;
const answersOf = async (b: Browser, id: string) => {
  const reply = await b.get(`/activities/bookings/${encodeURIComponent(id)}/answers`);
  return {
    status: reply.status,
    body: reply.status === 200 ? ActivityAnswersSentSchema.parse(reply.body) : null,
  };
};

/** A transfer from the airport: what it asks per booking, answered as an agent would. */
async function transferRequest(b: Browser, reference: string) {
  const products = ActivityProductListSchema.parse((await b.get('/activities/products?query=transfer')).body);
  const product = products.data.find((p) => /charles de gaulle/i.test(p.title)) ?? products.data[0];
  const typeId = product?.product_types[0]?.id ?? '';
  const dates = ActivityAvailabilitySchema.parse(
    (await b.get(`/activities/product-types/${typeId}/availability`)).body,
  );
  const date = dates.dates[0]?.date ?? '';
  const availability = ActivityAvailabilitySchema.parse(
    (await b.get(`/activities/product-types/${typeId}/availability?date=${date}`)).body,
  );
  const ids = availability.booking_options.per_booking.map((o) => o.id);
  expect(ids).toEqual(expect.arrayContaining(['arrival_flight', 'landing_time', 'mobile', 'luggage_pieces']));
  return {
    product_type_id: typeId,
    date,
    ...(availability.timeslots[0] ? { timeslot: availability.timeslots[0].start_time } : {}),
    travelers: { adults: 2 },
    customer: {
      given_name: 'Amelia',
      family_name: 'Hart',
      email: 'amelia@example.com',
      phone: '+442079460000',
    },
    client_reference: reference,
    options: {
      per_booking: [
        { id: 'arrival_flight', value: 'BA304' },
        { id: 'landing_time', value: `${date}T07:45` },
        { id: 'mobile', value: '+33612345678' },
        { id: 'luggage_pieces', value: 3 },
      ],
      per_pax: [],
    },
  };
}

describe('the answers an activity booking was made with', () => {
  it('are served as the console sent them, with the customer’s contact, after the booking is made', async () => {
    const request = await transferRequest(agent, 'ANSWERS-1');
    const made = await agent.post('/activities/bookings', request, { 'Idempotency-Key': 'answers-made-1' });
    expect(made.status).toBe(201);
    const booking = ActivityBookingSchema.parse(made.body);
    expect(await answersOf(agent, booking.id)).toEqual({
      status: 200,
      body: {
        kept: true,
        product_type_id: request.product_type_id,
        date: request.date,
        travelers: { adults: 2, children: 0, seniors: 0 },
        customer: { ...request.customer, salutation: null },
        options: request.options,
      },
    });

    // Sent again with the same key (a reload): the service replays the booking, and what was kept stays.
    const replayed = await agent.post('/activities/bookings', request, {
      'Idempotency-Key': 'answers-made-1',
    });
    expect(replayed.status).toBe(201);
    expect((await answersOf(agent, booking.id)).body?.options).toEqual(request.options);
  });

  it('are served to whoever may reach the booking: its agent and an admin, never another agent', async () => {
    const request = await transferRequest(agent, 'ANSWERS-2');
    const booking = ActivityBookingSchema.parse((await agent.post('/activities/bookings', request)).body);
    const admin = await t.signedIn('admin');
    expect((await answersOf(admin, booking.id)).body?.kept).toBe(true);
    await t.invite(
      admin,
      { email: 'answers.other@demo.test', name: 'Other', role: 'agent' },
      'violet tram harbour 42',
    );
    const other = t.browser();
    expect((await other.signIn('answers.other@demo.test', 'violet tram harbour 42')).status).toBe(200);
    // As for a booking that does not exist.
    expect((await answersOf(other, booking.id)).status).toBe(404);
    expect((await answersOf(other, 'abk_nobody')).status).toBe(404);
    expect((await answersOf(agent, 'abk_nobody')).status).toBe(404);
  });

  it('are kept for a booking the scheduled round made after its answer was lost', async () => {
    const request = await transferRequest(agent, 'ANSWERS-LOST');
    const me = (await agent.get('/me')).body as { user: { id: string; email: string } };
    // The intent written before sending, and the answer never came back: the round sends it again with its key.
    await t.console.deps.intents.open({
      key: 'answers-lost-1',
      operation: 'createActivityBooking',
      product: 'activity',
      environment: 'test',
      agent: { id: me.user.id, email: me.user.email },
      request,
    });
    t.advanceConsoleClock(120_000);
    await t.console.jobs.runOnce();
    const desk = LedgerListSchema.parse((await agent.get('/bookings?q=ANSWERS-LOST')).body).data;
    expect(desk).toHaveLength(1);
    expect((await answersOf(agent, desk[0]?.id ?? '')).body?.options).toEqual(request.options);
  });

  it('say nothing was kept for a booking made before the console kept them', async () => {
    const request = await transferRequest(agent, 'ANSWERS-OLD');
    const booking = ActivityBookingSchema.parse(
      (await agent.post('/activities/bookings', request, { 'Idempotency-Key': 'answers-old-1' })).body,
    );
    // What an intent completed before held: nothing.
    await t.console.deps.db
      .updateTable('booking_intents')
      .set({ request: '{}' })
      .where('idempotency_key', '=', 'answers-old-1')
      .execute();
    expect(await answersOf(agent, booking.id)).toEqual({
      status: 200,
      body: {
        kept: false,
        product_type_id: null,
        date: null,
        travelers: null,
        customer: null,
        options: null,
      },
    });
  });
});

describe('what is kept of an activity booking’s request', () => {
  it('keeps a file’s name and type, never its bytes, and nothing of a request it cannot read', () => {
    const kept = keptOfActivityRequest({
      product_type_id: 'apt_2k8dj3lq9w',
      date: '2027-01-10',
      travelers: { adults: 1 },
      customer: { given_name: 'Amelia', family_name: 'Hart', email: 'amelia@example.com' },
      options: {
        per_booking: [],
        per_pax: [
          [
            {
              id: 'passport_scan',
              value: { file_name: 'scan.png', content_type: 'image/png', data_base64: 'AAAA' },
            },
            { id: 'passport_number', value: 'P1234567' },
          ],
        ],
      },
    });
    expect(kept?.sent.options?.per_pax).toEqual([
      [
        { id: 'passport_scan', value: { file_name: 'scan.png', content_type: 'image/png' } },
        { id: 'passport_number', value: 'P1234567' },
      ],
    ]);
    expect(JSON.stringify(kept)).not.toContain('AAAA');
    expect(keptOfActivityRequest({})).toBeNull();
  });
});
