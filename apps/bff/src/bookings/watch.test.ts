import {
  BookingChangeSchema,
  ChangeCountSchema,
  ChangeListSchema,
  ErrorEnvelopeSchema,
  LedgerListSchema,
} from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contact,
  holdCanalTour,
  holdFlightOrder,
  holdHotelOrder,
  inDays,
  passenger,
  startConsole,
  type TestConsole,
} from '../testing/console.ts';
import { startSmtpServer, type TestSmtpServer } from '../testing/smtp.ts';

/**
 * The watch on every live booking (decision 037), against the sandbox as a real server and a real SMTP server: the
 * service moves bookings by itself and tells no one; the console reads them again on its schedule and records, once,
 * what an agent must act on. The console's clock is moved a minute at a time so bookings come due (the watch's cadence
 * here: CHANGE_WATCH_MINUTES=1); the sandbox's clock where the service's time must pass.
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
const changesOf = async (b: Browser, query = '') =>
  ChangeListSchema.parse((await b.get(`/changes${query ? `?${query}` : ''}`)).body).data;
/** A minute of the console's time, then one scheduled round: whatever came due is read again. */
async function aRoundLater() {
  t.advanceConsoleClock(61_000);
  return t.console.jobs.runOnce();
}
const desk = async (b: Browser, id: string) =>
  LedgerListSchema.parse((await b.get(`/bookings?ids=${encodeURIComponent(id)}`)).body).data[0];

let agents = 0;
async function newAgent() {
  agents += 1;
  const admin = await t.signedIn('admin');
  const email = `watched.${agents}@demo.test`;
  await t.invite(
    admin,
    { email, name: `Watched Agent ${agents}`, role: 'agent' },
    'violet tram harbour 42',
    (to) => smtp.linkToken(to),
  );
  const b = t.browser();
  expect((await b.signIn(email, 'violet tram harbour 42')).status).toBe(200);
  return { email, browser: b };
}

async function ticketedFlight(b: Browser, reference: string) {
  const order = await holdFlightOrder(b, { clientReference: reference, inDays: 40 });
  expect((await b.post(`/flights/orders/${order.id}/ticket`)).status).toBe(200);
  // The service finishes ticketing by itself (its own pace: a minute of its clock covers both profiles').
  await t.control('/clock/advance', { seconds: 60 });
  return order;
}

describe('the watch', () => {
  it('reads a flight ticketed and left alone again: the desk says ticketed, and that routine move is no change', async () => {
    const agent = await newAgent();
    const order = await ticketedFlight(agent.browser, 'WATCH-ROUTINE');
    expect((await desk(agent.browser, order.id))?.status).toBe('ticketing');
    await aRoundLater();
    const entry = await desk(agent.browser, order.id);
    expect(entry?.status).toBe('ticketed');
    expect(entry?.checked_at).toBeTruthy();
    expect(await changesOf(agent.browser)).toEqual([]);
  });

  it('records an airline’s schedule change once, with the departures as the service wrote them, and e-mails the agent', async () => {
    const agent = await newAgent();
    const order = await ticketedFlight(agent.browser, 'WATCH-SCHEDULE');
    await aRoundLater();
    const moved = await t.control(`/flights/orders/${order.id}/schedule`, { days: 1 });
    await aRoundLater();
    await aRoundLater();
    const changes = await changesOf(agent.browser);
    expect(changes.map((c) => [c.booking_id, c.kind])).toEqual([[order.id, 'schedule_change']]);
    const [change] = changes;
    // The departures as the service wrote them (in a shape of its own on the variant, by its own names), to the minute.
    const departures = (
      value:
        | { segments?: Array<{ departing_at: string | null; as_written?: Record<string, unknown> }> }
        | undefined,
    ) =>
      value?.segments?.map((s) =>
        String(
          s.departing_at ?? Object.entries(s.as_written ?? {}).find(([key]) => /depart/.test(key))?.[1],
        ).slice(0, 16),
      );
    const movedOrder = moved as { segments: Array<{ departing_at: string }> };
    expect(departures(change?.after)).toEqual(movedOrder.segments.map((s) => s.departing_at.slice(0, 16)));
    expect(departures(change?.before)).not.toEqual(departures(change?.after));
    expect(change?.summary).toMatch(/^Schedule change: /);
    // The e-mail names the booking and the new time, with a link to it.
    await expect.poll(() => smtp.to(agent.email).filter((m) => m.includes(order.id)).length).toBe(1);
    const mail = smtp.to(agent.email).find((m) => m.includes(order.id)) ?? '';
    expect(mail).toContain((movedOrder.segments[0]?.departing_at ?? 'none').slice(0, 16));
    expect(mail).toContain(`/flights/orders/${order.id}`);
    expect(mail).toContain(order.booking_reference ?? order.id);
    // And the client: who travels, and the client's reference.
    expect(mail).toMatch(/Client: for Amelia Hart.*client reference WATCH-SCHEDULE/);
    // Read again and again: still one change, one e-mail.
    await aRoundLater();
    await t.browser().get('/me');
    expect((await changesOf(agent.browser)).length).toBe(1);
    await t.console.jobs.runOnce();
    expect(smtp.to(agent.email).filter((m) => m.includes(order.id)).length).toBe(1);
  });

  it('loses no change and sends no second e-mail when the console stops between recording a change and updating the booking', async () => {
    const agent = await newAgent();
    const order = await ticketedFlight(agent.browser, 'WATCH-CRASH');
    await aRoundLater();
    const { db } = t.console.deps;
    // The booking as the ledger held it before the read that sees the move.
    const before = await db
      .selectFrom('bookings')
      .select(['status', 'summary', 'watched', 'updated_at', 'status_since', 'checked_at', 'next_check_at'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    await t.control(`/flights/orders/${order.id}/schedule`, { days: 2 });
    expect((await agent.browser.get(`/flights/orders/${order.id}`)).status).toBe(200);
    const [change] = await changesOf(agent.browser);
    expect(change?.kind).toBe('schedule_change');
    // The state a crash right after recording the change leaves: the row not updated, the e-mail not yet queued.
    await db.updateTable('bookings').set(before).where('id', '=', order.id).execute();
    await db.deleteFrom('mail_outbox').where('dedupe', 'like', `change:${change?.id}:%`).execute();
    // Read again after the restart: the same comparison finds the change recorded, and queues its e-mail once.
    expect((await agent.browser.get(`/flights/orders/${order.id}`)).status).toBe(200);
    expect((await agent.browser.get(`/flights/orders/${order.id}`)).status).toBe(200);
    expect((await changesOf(agent.browser)).map((c) => c.id)).toEqual([change?.id]);
    await t.console.jobs.runOnce();
    await expect.poll(() => smtp.to(agent.email).filter((m) => m.includes(order.id)).length).toBe(1);
    await t.console.jobs.runOnce();
    expect(smtp.to(agent.email).filter((m) => m.includes(order.id)).length).toBe(1);
  });

  it('records the same move made again later as a new change: the airline moves a flight, back, and once more', async () => {
    const agent = await newAgent();
    const order = await ticketedFlight(agent.browser, 'WATCH-AGAIN');
    await aRoundLater();
    for (const days of [1, -1, 1]) {
      await t.control(`/flights/orders/${order.id}/schedule`, { days });
      expect((await agent.browser.get(`/flights/orders/${order.id}`)).status).toBe(200);
    }
    expect((await changesOf(agent.browser)).map((c) => c.kind)).toEqual([
      'schedule_change',
      'schedule_change',
      'schedule_change',
    ]);
  });

  it('queues no e-mail without an SMTP server, so none piles up to go at once when one is set: the list alone tells', async () => {
    const quiet = await startConsole({ CHANGE_WATCH_MINUTES: '1' });
    try {
      const agent = await quiet.signedIn('agent');
      const order = await holdFlightOrder(agent, { clientReference: 'WATCH-NO-SMTP', inDays: 40 });
      expect((await agent.post(`/flights/orders/${order.id}/ticket`)).status).toBe(200);
      await quiet.control('/clock/advance', { seconds: 60 });
      expect((await agent.get(`/flights/orders/${order.id}`)).status).toBe(200);
      await quiet.control(`/flights/orders/${order.id}/schedule`, { days: 1 });
      expect((await agent.get(`/flights/orders/${order.id}`)).status).toBe(200);
      const changes = ChangeListSchema.parse((await agent.get(`/changes?booking=${order.id}`)).body).data;
      expect(changes.map((c) => c.kind)).toEqual(['schedule_change']);
      const queued = await quiet.console.deps.db.selectFrom('mail_outbox').select('id').execute();
      expect(queued).toEqual([]);
    } finally {
      await quiet.close();
    }
  });

  it('records a cancellation made outside the console, and none for the console’s own', async () => {
    const agent = await newAgent();
    const outside = await holdHotelOrder(agent.browser, { checkIn: inDays(30), checkOut: inDays(32) });
    expect((await agent.browser.post(`/hotels/orders/${outside.id}/confirm`)).status).toBe(200);
    await t.control('/clock/advance', { seconds: 60 });
    await aRoundLater();
    await t.control(`/bookings/${outside.id}/cancel`);
    const own = await holdHotelOrder(agent.browser, { checkIn: inDays(33), checkOut: inDays(34) });
    expect((await agent.browser.post(`/hotels/orders/${own.id}/cancellation`)).status).toBe(200);
    await aRoundLater();
    const changes = await changesOf(agent.browser);
    expect(changes.map((c) => [c.booking_id, c.kind])).toEqual([[outside.id, 'cancelled']]);
    expect((await desk(agent.browser, outside.id))?.status).toBe('cancelled');
  });

  it('records a hold that lapsed unpaid as a change for its agent', async () => {
    const agent = await newAgent();
    const booking = await holdCanalTour(agent.browser);
    await t.control('/clock/advance', { seconds: 31 * 60 });
    await aRoundLater();
    const changes = await changesOf(agent.browser);
    expect(changes.map((c) => [c.booking_id, c.kind])).toEqual([[booking.id, 'hold_lapsed']]);
  });

  it('records a hotel stay and an activity moved to other dates (the activity found by its line in the service’s list)', async () => {
    const agent = await newAgent();
    const stay = await holdHotelOrder(agent.browser, { checkIn: inDays(35), checkOut: inDays(37) });
    expect((await agent.browser.post(`/hotels/orders/${stay.id}/confirm`)).status).toBe(200);
    const tour = await holdCanalTour(agent.browser);
    expect((await agent.browser.post(`/activities/bookings/${tour.id}/confirm`)).status).toBe(200);
    await t.control('/clock/advance', { seconds: 60 });
    await aRoundLater();
    await aRoundLater();
    // A while later on the service's clock (its `updated_at` has whole seconds), the hotel and the operator move them.
    await t.control('/clock/advance', { seconds: 5 });
    await t.control(`/hotels/orders/${stay.id}/dates`, { days: 2 });
    await t.control(`/activities/bookings/${tour.id}/date`, { days: 1 });
    // Where the service's list says when a booking last moved (its `updated_at`, which the document lets be null),
    // the moved line is read in the same round, before its own time comes; otherwise its own time finds it.
    const list = (await agent.browser.get('/activities/bookings?limit=100')).body as {
      data: Array<{ id: string; updated_at?: string | null }>;
    };
    const listTells = Boolean(list.data.find((line) => line.id === tour.id)?.updated_at);
    const round = await t.console.jobs.runOnce();
    if (listTells) {
      expect(round).toMatchObject({ watch: { moved: 1 } });
      expect((await changesOf(agent.browser, 'product=activity')).map((c) => c.kind)).toEqual([
        'date_change',
      ]);
    }
    await aRoundLater();
    expect((await changesOf(agent.browser, 'product=activity')).map((c) => c.kind)).toEqual(['date_change']);
    const hotel = await changesOf(agent.browser, 'product=hotel');
    expect(hotel.map((c) => [c.kind, c.after.check_in])).toEqual([['date_change', inDays(37)]]);
  });

  it('records nothing for a read that failed, and a change when the service no longer knows the booking', async () => {
    const agent = await newAgent();
    const failing = await ticketedFlight(agent.browser, 'WATCH-FAIL');
    await aRoundLater();
    await t.control('/faults', {
      path: `/v3/flights/orders/${failing.id}`,
      method: 'GET',
      mode: 'status',
      status: 500,
      count: 5,
    });
    await aRoundLater();
    expect(await changesOf(agent.browser)).toEqual([]);
    await t.calm();
    await t.control('/faults', {
      path: `/v3/flights/orders/${failing.id}`,
      method: 'GET',
      mode: 'status',
      status: 404,
      count: 1,
    });
    t.advanceConsoleClock(5 * 60_000);
    await aRoundLater();
    expect((await changesOf(agent.browser)).map((c) => c.kind)).toEqual(['unknown_to_service']);
    await t.calm();
  });
});

describe('the changes list', () => {
  it('shows an agent their own bookings’ changes, an admin all; another agent’s is answered as none', async () => {
    const owner = await newAgent();
    const other = await newAgent();
    const order = await ticketedFlight(owner.browser, 'WATCH-REACH');
    await aRoundLater();
    await t.control(`/flights/orders/${order.id}/schedule`, { days: 2 });
    await aRoundLater();
    const [change] = await changesOf(owner.browser);
    expect(change?.booking_id).toBe(order.id);
    expect(await changesOf(other.browser)).toEqual([]);
    const admin = await t.signedIn('admin');
    expect((await changesOf(admin)).map((c) => c.id)).toContain(change?.id);
    expect(ChangeCountSchema.parse((await owner.browser.get('/changes/count')).body).open).toBe(1);

    const stolen = await other.browser.post(`/changes/${change?.id}/handle`, { note: 'not mine' });
    expect({ status: stolen.status, code: error(stolen.body).code }).toEqual({
      status: 404,
      code: 'resource_not_found',
    });
    const handled = BookingChangeSchema.parse(
      (await owner.browser.post(`/changes/${change?.id}/handle`, { note: 'Client moved to the next day.' }))
        .body,
    );
    expect(handled).toMatchObject({ handled_by: owner.email, note: 'Client moved to the next day.' });
    expect(await changesOf(owner.browser)).toEqual([]);
    expect((await changesOf(owner.browser, 'state=handled')).map((c) => c.note)).toEqual([
      'Client moved to the next day.',
    ]);
    expect(ChangeCountSchema.parse((await owner.browser.get('/changes/count')).body).open).toBe(0);
    const log = (await admin.get('/admin/audit?action=change.handle')).body as {
      data: Array<{ user: { email: string }; resource_id: string | null }>;
    };
    expect(log.data.map((e) => [e.user.email, e.resource_id])).toContainEqual([owner.email, change?.id]);
    // Handled once only; an unknown id and a bad query in the error envelope.
    expect((await owner.browser.post(`/changes/${change?.id}/handle`, {})).status).toBe(404);
    expect((await owner.browser.post('/changes/chg_nope/handle', {})).status).toBe(404);
    const bad = await owner.browser.get('/changes?state=maybe');
    expect({ status: bad.status, param: error(bad.body).param }).toEqual({ status: 400, param: 'state' });
  });

  it('e-mails as each person chose: at once, in tomorrow’s digest, or not at all', async () => {
    const daily = await newAgent();
    expect((await daily.browser.put('/account/notifications', { change_email: 'daily' })).status).toBe(200);
    const none = await newAgent();
    expect((await none.browser.put('/account/notifications', { change_email: 'none' })).status).toBe(200);
    for (const [who, ref] of [
      [daily, 'WATCH-DAILY'],
      [none, 'WATCH-NONE'],
    ] as const) {
      const order = await ticketedFlight(who.browser, ref);
      await aRoundLater();
      await t.control(`/flights/orders/${order.id}/schedule`, { days: 1 });
    }
    await aRoundLater();
    await t.console.jobs.runOnce();
    expect((await changesOf(daily.browser)).length).toBe(1);
    expect((await changesOf(none.browser)).length).toBe(1);
    expect(smtp.to(daily.email).filter((m) => m.includes('Schedule change')).length).toBe(0);
    expect(smtp.to(none.email).filter((m) => m.includes('Schedule change')).length).toBe(0);
    // The digest's hour comes.
    t.advanceConsoleClock(25 * 3_600_000);
    await t.console.jobs.runOnce();
    await expect.poll(() => smtp.to(daily.email).filter((m) => m.includes('Schedule change')).length).toBe(1);
    expect(smtp.to(none.email).filter((m) => m.includes('Schedule change')).length).toBe(0);
  });
});

describe('the outbox, when the morning digest goes', () => {
  it('sends it as things are then: a change handled since is not sent, a person disabled since has theirs go to the admins, one who chose no e-mails since gets none', async () => {
    const handles = await newAgent();
    const leaves = await newAgent();
    const quiets = await newAgent();
    const orders = new Map<string, string>();
    for (const [who, ref] of [
      [handles, 'DIGEST-HANDLED'],
      [leaves, 'DIGEST-LEAVES'],
      [quiets, 'DIGEST-QUIET'],
    ] as const) {
      expect((await who.browser.put('/account/notifications', { change_email: 'daily' })).status).toBe(200);
      const order = await ticketedFlight(who.browser, ref);
      orders.set(who.email, order.id);
      await aRoundLater();
      await t.control(`/flights/orders/${order.id}/schedule`, { days: 1 });
    }
    await aRoundLater();
    await t.console.jobs.runOnce();
    // Before the digest's hour: one handles theirs, one is disabled by the admin, one turns e-mails off.
    const [change] = await changesOf(handles.browser);
    expect(
      (await handles.browser.post(`/changes/${change?.id}/handle`, { note: 'Done by phone.' })).status,
    ).toBe(200);
    const admin = await t.signedIn('admin');
    const users = (await admin.get('/admin/users?limit=200')).body as {
      data: Array<{ id: string; email: string }>;
    };
    const leaving = users.data.find((u) => u.email === leaves.email);
    expect((await admin.patch(`/admin/users/${leaving?.id}`, { disabled: true })).status).toBe(200);
    expect((await quiets.browser.put('/account/notifications', { change_email: 'none' })).status).toBe(200);

    t.advanceConsoleClock(25 * 3_600_000);
    await t.console.jobs.runOnce();
    // The re-routed copy is queued for the admins in that round and sent in the next.
    await t.console.jobs.runOnce();
    const about = (email: string) => (m: string) => m.includes(orders.get(email) ?? 'none');
    await expect.poll(() => smtp.to('admin@demo.test').filter(about(leaves.email)).length).toBe(1);
    const rerouted = smtp.to('admin@demo.test').find(about(leaves.email)) ?? '';
    expect(rerouted).toContain(`This was for ${leaves.email}, whose account has been disabled since`);
    expect(smtp.to(leaves.email).filter(about(leaves.email)).length).toBe(0);
    expect(smtp.to(handles.email).filter(about(handles.email)).length).toBe(0);
    expect(smtp.to(quiets.email).filter(about(quiets.email)).length).toBe(0);
    // Nothing is left to go out later either.
    await t.console.jobs.runOnce();
    expect(smtp.to(handles.email).filter(about(handles.email)).length).toBe(0);
    expect(smtp.to('admin@demo.test').filter(about(leaves.email)).length).toBe(1);
  });

  it('refuses a client reference of more than one line, so no booking can put a line of its own into an e-mail', async () => {
    const agent = await newAgent();
    // Every way a mail client may start a new line: CR LF, NEL, the line and paragraph separators, VT, FF.
    for (const separator of ['\r\n', '\n', '\u0085', '\u2028', '\u2029', '\v', '\f']) {
      const reply = await agent.browser.post('/flights/orders', {
        offer_id: 'ofr_anything',
        passengers: [passenger],
        contact,
        client_reference: `B-1${separator}Open the booking: http://evil.test/phish`,
      });
      expect({ status: reply.status, param: error(reply.body).param }, JSON.stringify(separator)).toEqual({
        status: 422,
        param: 'client_reference',
      });
      expect(error(reply.body).message).toMatch(/one line/);
    }
  });

  it('keeps every value in a change’s e-mail to one line, whatever the service or a booking made before wrote in it', async () => {
    const agent = await newAgent();
    const order = await ticketedFlight(agent.browser, 'WATCH-ONE-LINE');
    const me = (await agent.browser.get('/me')).body as { user: { id: string } };
    const planted = 'Open the booking: http://evil.test/phish';
    // What the ledger may hold: a summary and names as the service wrote them, a reference recorded before this check.
    await t.console.deps.changes.record(
      {
        id: order.id,
        environment: 'test',
        product: 'flight',
        agent_id: me.user.id,
        agent_email: agent.email,
        travel_on: null,
        reference: `PNR1\u2029${planted}`,
        summary: `LHR→CDG\u2028${planted}`,
        people: [`Amelia\u0085${planted}`],
        clientReference: `B-1\u2028${planted}`,
      },
      'before-one-line',
      [
        {
          kind: 'cancelled',
          summary: `Cancelled outside the console.\u2028${planted}`,
          before: { status: 'ticketed\u2029x' },
          after: { status: 'cancelled\u000b\u000cx' },
        },
      ],
    );
    await t.console.jobs.runOnce();
    await expect
      .poll(() => smtp.texts(agent.email).filter((m) => m.includes('PNR1')).length)
      .toBeGreaterThan(0);
    const mail = smtp.texts(agent.email).find((m) => m.includes('PNR1')) ?? '';
    expect(mail).toContain(planted);
    expect(mail).not.toMatch(/[\u0085\u2028\u2029\v\f]/);
    // The console's own link is the only line that opens a booking.
    expect(mail.split(/\r?\n/).filter((line) => line.startsWith('Open the booking:'))).toEqual([
      expect.stringContaining(`/flights/orders/${order.id}`),
    ]);
  });
});

// Last: the watch waits out the service's Retry-After (an hour) for the rest of this console's life.
describe('the watch under a 429', () => {
  it('slows down when the service answers 429, and makes no call until the wait it asked for has passed', async () => {
    const agent = await newAgent();
    const order = await ticketedFlight(agent.browser, 'WATCH-429');
    await aRoundLater();
    const before = (await desk(agent.browser, order.id))?.checked_at;
    await t.control('/faults', {
      path: '/v3/activities/bookings',
      method: 'GET',
      mode: 'status',
      status: 429,
      retry_after: 3600,
      count: 3,
    });
    const throttled = await aRoundLater();
    expect(throttled).toMatchObject({ watch: { throttled: true, read: 0 } });
    const again = await aRoundLater();
    expect(again).toMatchObject({ watch: { throttled: true, read: 0 } });
    expect((await desk(agent.browser, order.id))?.checked_at).toBe(before);
    await t.calm();
  });
});
