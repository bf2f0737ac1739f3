import {
  type BookingChange,
  BookingChangeSchema,
  BookingLinksSchema,
  CancelQuoteSchema,
  ChangeListSchema,
  ClientMessageSchema,
  ErrorEnvelopeSchema,
  LedgerListSchema,
  RebookPlanSchema,
} from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  holdCanalTour,
  holdFlightOrder,
  holdHotelOrder,
  inDays,
  startConsole,
  type TestConsole,
  testProfile,
} from '../testing/console.ts';
import { startSmtpServer, type TestSmtpServer } from '../testing/smtp.ts';

/**
 * The actions beside each change (decision 054), against the sandbox as a real server (both profiles), a real store
 * (SQLite or PostgreSQL) and a real SMTP server: each fits the change, moves the booking through its page's own paths,
 * handles the change with its outcome, and answers the same when pressed twice or when its answer was lost.
 */
let t: TestConsole;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startConsole({ SMTP_URL: smtp.url });
  await t.calm();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Browser = ReturnType<TestConsole['browser']>;
const error = (body: unknown) => ErrorEnvelopeSchema.parse(body).error;
const change = (body: unknown) => BookingChangeSchema.parse(body);

let agents = 0;
async function newAgent() {
  agents += 1;
  const admin = await t.signedIn('admin');
  const email = `acting.${agents}@demo.test`;
  await t.invite(
    admin,
    { email, name: `Acting Agent ${agents}`, role: 'agent' },
    'violet tram harbour 42',
    (to) => smtp.linkToken(to),
  );
  const b = t.browser();
  expect((await b.signIn(email, 'violet tram harbour 42')).status).toBe(200);
  return b;
}

/** The booking's one open change, after the service moved it and the console read it again. */
async function openChange(b: Browser, bookingId: string): Promise<BookingChange> {
  const list = ChangeListSchema.parse(
    (await b.get(`/changes?booking=${encodeURIComponent(bookingId)}`)).body,
  );
  expect(list.data).toHaveLength(1);
  const [only] = list.data;
  if (!only) throw new Error('no change');
  return only;
}

/** A ticketed flight the airline then moved by a day: its schedule change. */
async function movedFlight(b: Browser, reference: string) {
  const order = await holdFlightOrder(b, { clientReference: reference, inDays: 40 });
  expect((await b.post(`/flights/orders/${order.id}/ticket`)).status).toBe(200);
  await t.control('/clock/advance', { seconds: 60 });
  expect((await b.get(`/flights/orders/${order.id}`)).status).toBe(200);
  await t.control(`/flights/orders/${order.id}/schedule`, { days: 1 });
  expect((await b.get(`/flights/orders/${order.id}`)).status).toBe(200);
  return { order, change: await openChange(b, order.id) };
}

/** A confirmed stay the hotel then moved by two days: its date change. */
async function movedStay(b: Browser) {
  const order = await holdHotelOrder(b, {
    checkIn: inDays(35),
    checkOut: inDays(37),
    clientReference: 'STAY-1',
  });
  expect((await b.post(`/hotels/orders/${order.id}/confirm`)).status).toBe(200);
  await t.control('/clock/advance', { seconds: 60 });
  expect((await b.get(`/hotels/orders/${order.id}`)).status).toBe(200);
  await t.control(`/hotels/orders/${order.id}/dates`, { days: 2 });
  expect((await b.get(`/hotels/orders/${order.id}`)).status).toBe(200);
  return { order, change: await openChange(b, order.id) };
}

const press = (b: Browser, id: string, action: string, body: unknown, key: string) =>
  b.post(`/changes/${id}/actions/${action}`, body, { 'Idempotency-Key': key });

const notesOf = async (b: Browser, orderId: string) =>
  JSON.stringify(((await b.get(`/flights/orders/${orderId}`)).body as { notes: unknown }).notes);

const auditOf = async (action: string, resourceId: string) =>
  t.console.deps.db
    .selectFrom('audit_log')
    .select(['action', 'result'])
    .where('action', '=', action)
    .where('resource_id', '=', resourceId)
    .execute();

/**
 * The state an instance that stopped mid-press leaves: the service moved, the change not yet handled, the press
 * still running. Its key sent again later (past the time a running press is waited for) finishes it.
 */
async function crashMidPress(changeId: string, key: string) {
  const { db } = t.console.deps;
  await db
    .updateTable('booking_changes')
    .set({ state: 'open', handled_at: null, handled_by: null, note: null, outcome: null })
    .where('id', '=', changeId)
    .execute();
  await db
    .updateTable('change_actions')
    .set({ state: 'running', answer: null })
    .where('idempotency_key', '=', key)
    .execute();
}

describe('the client accepts the new times', () => {
  it('handles the schedule change with its note, and the flight’s order carries a note saying who and when', async () => {
    const b = await newAgent();
    const { order, change: moved } = await movedFlight(b, 'ACCEPT-1');
    expect(moved.actions).toEqual(['accept', 'rebook', 'cancel_refund']);
    const reply = await press(b, moved.id, 'accept', { note: 'Called Amelia, fine' }, 'accept-1');
    expect(reply.status).toBe(200);
    const after = change(reply.body);
    expect(after.handled_at).not.toBeNull();
    expect(after.note).toBe('Called Amelia, fine');
    expect(after.actions).toEqual([]);
    expect(after.outcome?.action).toBe('accept');
    expect(after.outcome?.note_sent).toContain('Client accepted the new times');
    expect(after.outcome?.note_sent).toContain('acting.');
    const notes = await notesOf(b, order.id);
    expect(notes).toContain(`console change ${moved.id}`);
    expect(await auditOf('change.accept', moved.id)).toEqual([
      { action: 'change.accept', result: 'succeeded' },
    ]);
    const events = await t.console.deps.db
      .selectFrom('booking_events')
      .select('kind')
      .where('booking_id', '=', order.id)
      .where('kind', 'in', ['note_sent', 'change_action'])
      .orderBy('seq')
      .execute();
    expect(events.map((e) => e.kind)).toEqual(['note_sent', 'change_action']);
  });

  it('pressed twice, answers the same and sends one note; pressed from another tab, answers the same too', async () => {
    const b = await newAgent();
    const { order, change: moved } = await movedFlight(b, 'ACCEPT-TWICE');
    const [first, second] = await Promise.all([
      press(b, moved.id, 'accept', { note: 'ok' }, 'accept-twice'),
      press(b, moved.id, 'accept', { note: 'ok' }, 'accept-twice'),
    ]);
    // One ran; the other answered the same, or said it was still running (then the same key answers it).
    const statuses = [first.status, second.status].sort();
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    const again = await press(b, moved.id, 'accept', { note: 'ok' }, 'accept-twice');
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    const other = await press(b, moved.id, 'accept', { note: 'ok' }, 'accept-other-tab');
    expect(change(other.body).outcome?.action).toBe('accept');
    const notes = await notesOf(b, order.id);
    expect(notes.split(`console change ${moved.id}`).length - 1).toBe(1);
    // The same key with another body is refused, in words.
    const reused = await press(b, moved.id, 'accept', { note: 'something else' }, 'accept-twice');
    expect(reused.status).toBe(422);
    expect(error(reused.body).message).toMatch(/another action or body/);
  });

  it('whose answer was lost (the instance stopped mid-press) is finished by the same key, with one note', async () => {
    const b = await newAgent();
    const { order, change: moved } = await movedFlight(b, 'ACCEPT-LOST');
    expect((await press(b, moved.id, 'accept', {}, 'accept-lost')).status).toBe(200);
    await crashMidPress(moved.id, 'accept-lost');
    // While it may still be running on another instance, it is waited for.
    expect((await press(b, moved.id, 'accept', {}, 'accept-lost')).status).toBe(409);
    t.advanceConsoleClock(31_000);
    const resumed = await press(b, moved.id, 'accept', {}, 'accept-lost');
    expect(resumed.status).toBe(200);
    expect(change(resumed.body).handled_at).not.toBeNull();
    const notes = await notesOf(b, order.id);
    expect(notes.split(`console change ${moved.id}`).length - 1).toBe(1);
  });
});

describe('cancel and refund', () => {
  it('shows the hotel’s cancellation quote first, then cancels with the amounts the service answered', async () => {
    const b = await newAgent();
    const { order, change: moved } = await movedStay(b);
    const quote = CancelQuoteSchema.parse((await b.get(`/changes/${moved.id}/quote`)).body);
    expect(quote.kind).toBe('cancellation_quote');
    expect(quote.penalty).not.toBeNull();
    expect(quote.words).toMatch(/back to the wallet/);
    const reply = await press(b, moved.id, 'cancel_refund', { note: 'Client cancels' }, 'hotel-cancel');
    expect(reply.status).toBe(200);
    const after = change(reply.body);
    expect(after.outcome).toMatchObject({ action: 'cancel_refund', status: 'cancelled' });
    expect(after.outcome?.penalty).toEqual(quote.penalty);
    expect(after.outcome?.refunded).toEqual(quote.refund);
    expect(after.actions).toEqual([]);
    // The same paths as the booking page's cancel: its audit entry, the ledger, the wallet's move.
    expect(await auditOf('hotel.order.cancel', order.id)).toEqual([
      { action: 'hotel.order.cancel', result: 'succeeded' },
    ]);
    const desk = LedgerListSchema.parse((await b.get(`/bookings?ids=${order.id}`)).body).data[0];
    expect(desk?.status).toBe('cancelled');
    const moves = await t.console.deps.db
      .selectFrom('wallet_moves')
      .select('kind')
      .where('booking_id', '=', order.id)
      .execute();
    // What came back is a refund; a stay whose penalty is its whole total ends as cancelled, its money lost.
    const back = Number(quote.refund?.amount ?? 0) > 0;
    expect(moves.map((m) => m.kind)).toEqual(['hold', 'payment', back ? 'refund' : 'cancelled']);
    // Pressed again (same key, or another tab): the same answer, and no second cancellation sent.
    expect(
      change((await press(b, moved.id, 'cancel_refund', { note: 'Client cancels' }, 'hotel-cancel')).body),
    ).toEqual(after);
    expect((await press(b, moved.id, 'cancel_refund', {}, 'hotel-cancel-2')).status).toBe(200);
    expect(await auditOf('hotel.order.cancel', order.id)).toHaveLength(1);
  });

  it('whose answer was lost is finished by the same key: the booking found cancelled, the change handled', async () => {
    const b = await newAgent();
    const { order, change: moved } = await movedStay(b);
    expect((await press(b, moved.id, 'cancel_refund', {}, 'hotel-lost')).status).toBe(200);
    await crashMidPress(moved.id, 'hotel-lost');
    t.advanceConsoleClock(31_000);
    const resumed = await press(b, moved.id, 'cancel_refund', {}, 'hotel-lost');
    expect(resumed.status).toBe(200);
    expect(change(resumed.body).outcome).toMatchObject({ action: 'cancel_refund', status: 'cancelled' });
    expect(await auditOf('hotel.order.cancel', order.id)).toHaveLength(1);
  });

  it('refunds a ticketed flight with the refund type its quote offered, recording what came back', async () => {
    const b = await newAgent();
    const { order, change: moved } = await movedFlight(b, 'REFUND-1');
    const quote = CancelQuoteSchema.parse((await b.get(`/changes/${moved.id}/quote`)).body);
    expect(quote.kind).toBe('refund_quote');
    expect(quote.refund_type).toBe(testProfile() === 'variant' ? 7 : 1);
    const after = change((await press(b, moved.id, 'cancel_refund', {}, 'flight-refund')).body);
    expect(after.outcome?.status).toBe('refunded');
    expect(after.outcome?.refunded).toEqual(quote.refund);
    expect(await auditOf('flight.order.refund', order.id)).toHaveLength(1);
  });

  it('says plainly that an activity has no quote before it is cancelled', async () => {
    const b = await newAgent();
    const tour = await holdCanalTour(b);
    expect((await b.post(`/activities/bookings/${tour.id}/confirm`)).status).toBe(200);
    await t.control('/clock/advance', { seconds: 60 });
    expect((await b.get(`/activities/bookings/${tour.id}`)).status).toBe(200);
    await t.control('/clock/advance', { seconds: 5 });
    await t.control(`/activities/bookings/${tour.id}/date`, { days: 1 });
    expect((await b.get(`/activities/bookings/${tour.id}`)).status).toBe(200);
    const moved = await openChange(b, tour.id);
    const quote = CancelQuoteSchema.parse((await b.get(`/changes/${moved.id}/quote`)).body);
    expect(quote.kind).toBe('none');
    expect(quote.words).toMatch(/gives no quote/);
    const after = change((await press(b, moved.id, 'cancel_refund', {}, 'tour-cancel')).body);
    expect(after.outcome?.refunded).toEqual(tour.total);
  });
});

describe('rebook', () => {
  it('starts from the booking’s search and travellers; the new hold replaces the old one both ways, and the old one is cancelled after with its quote', async () => {
    const b = await newAgent();
    const { order, change: moved } = await movedFlight(b, 'REBOOK-1');
    const plan = RebookPlanSchema.parse((await b.get(`/changes/${moved.id}/plan`)).body);
    expect(plan.search).toMatchObject({ from: 'LHR', to: 'CDG', depart: inDays(41), adults: '1' });
    expect(plan.travellers.map((p) => [p.given_name, p.family_name])).toEqual([['Amelia', 'Hart']]);
    expect(plan.contact.email).toBe('amelia@example.com');
    const fresh = await holdFlightOrder(b, { clientReference: 'REBOOK-1', inDays: 41 });
    const rebooked = change(
      (await press(b, moved.id, 'rebook', { booking_id: fresh.id, note: 'moved a day' }, 'rb-1')).body,
    );
    expect(rebooked.outcome).toMatchObject({ action: 'rebook', booking_id: fresh.id });
    expect(rebooked.handled_at).not.toBeNull();
    // Only now is the old one's cancel offered.
    expect(rebooked.actions).toEqual(['cancel_refund']);
    const links = BookingLinksSchema.parse((await b.get(`/bookings/${fresh.id}/links`)).body);
    expect(links.replaces.map((l) => l.id)).toEqual([order.id]);
    const back = BookingLinksSchema.parse((await b.get(`/bookings/${order.id}/links`)).body);
    expect(back.replaced_by.map((l) => l.id)).toEqual([fresh.id]);
    // Pressed again: one link.
    expect(
      (await press(b, moved.id, 'rebook', { booking_id: fresh.id, note: 'moved a day' }, 'rb-1')).status,
    ).toBe(200);
    expect((await press(b, moved.id, 'rebook', { booking_id: fresh.id }, 'rb-2')).status).toBe(200);
    expect(BookingLinksSchema.parse((await b.get(`/bookings/${fresh.id}/links`)).body).replaces).toHaveLength(
      1,
    );
    // Another booking for the same change is refused, in words.
    const other = await holdFlightOrder(b, { clientReference: 'REBOOK-1b', inDays: 42 });
    const refused = await press(b, moved.id, 'rebook', { booking_id: other.id }, 'rb-3');
    expect(refused.status).toBe(409);
    expect(error(refused.body).message).toMatch(/handled already .*“Rebook” is not offered on it/);
    // The old one's cancel, with its quote first.
    const quote = CancelQuoteSchema.parse((await b.get(`/changes/${moved.id}/quote`)).body);
    expect(quote.booking_id).toBe(order.id);
    const done = change((await press(b, moved.id, 'cancel_refund', {}, 'rb-cancel')).body);
    expect(done.outcome).toMatchObject({
      action: 'rebook',
      booking_id: fresh.id,
      cancelled: { status: 'refunded' },
    });
    expect(done.outcome?.cancelled?.refunded).toEqual(quote.refund);
    expect(done.actions).toEqual([]);
    const events = await t.console.deps.db
      .selectFrom('booking_events')
      .select(['booking_id', 'kind'])
      .where('kind', 'in', ['replaces', 'replaced_by'])
      .where('booking_id', 'in', [order.id, fresh.id])
      .execute();
    expect(events).toHaveLength(2);
  });

  it('is refused for a booking of another product, or one this agent cannot reach', async () => {
    const b = await newAgent();
    const { change: moved } = await movedFlight(b, 'REBOOK-WRONG');
    const stay = await holdHotelOrder(b, { checkIn: inDays(50), checkOut: inDays(51) });
    const wrong = await press(b, moved.id, 'rebook', { booking_id: stay.id }, 'rbw-1');
    expect(wrong.status).toBe(422);
    expect(error(wrong.body).message).toMatch(/a flight is replaced by a flight/);
    const other = await newAgent();
    const theirs = await holdFlightOrder(other, { clientReference: 'THEIRS', inDays: 45 });
    expect((await press(b, moved.id, 'rebook', { booking_id: theirs.id }, 'rbw-2')).status).toBe(404);
  });
});

describe('rebook, with a booking that is not a rebooking', () => {
  it('is refused for a booking that ended, one made before the booking it would replace, or one that replaces another already', async () => {
    const b = await newAgent();
    const earlier = await holdFlightOrder(b, { clientReference: 'MADE-BEFORE', inDays: 43 });
    const { order, change: moved } = await movedFlight(b, 'REBOOK-CHECKS');
    const refusedWith = async (bookingId: string, key: string, words: RegExp) => {
      const refused = await press(b, moved.id, 'rebook', { booking_id: bookingId }, key);
      expect(refused.status).toBe(422);
      expect(error(refused.body).message).toMatch(words);
    };
    await refusedWith(earlier.id, 'rbc-1', /made before the booking it would replace/);
    const ended = await holdFlightOrder(b, { clientReference: 'ENDED', inDays: 41 });
    expect((await b.post(`/flights/orders/${ended.id}/cancellation`)).status).toBe(200);
    await refusedWith(ended.id, 'rbc-2', /is cancelled: a booking that ended cannot replace another/);
    const { change: elsewhere } = await movedFlight(b, 'REBOOK-ELSEWHERE');
    const fresh = await holdFlightOrder(b, { clientReference: 'REBOOK-ELSEWHERE', inDays: 41 });
    expect((await press(b, elsewhere.id, 'rebook', { booking_id: fresh.id }, 'rbc-3')).status).toBe(200);
    await refusedWith(fresh.id, 'rbc-4', /replaces .+ already/);
    // None of them linked, and the change is still to answer.
    expect(BookingLinksSchema.parse((await b.get(`/bookings/${order.id}/links`)).body).replaced_by).toEqual(
      [],
    );
    expect((await openChange(b, order.id)).handled_at).toBeNull();
  });
});

describe('one action at a time on a change', () => {
  it('pressed at once from three tabs (three keys), refunds once and invents no "refunded outside the console" change', async () => {
    const b = await newAgent();
    const { order, change: moved } = await movedFlight(b, 'RACE-1');
    const presses = await Promise.all(
      [1, 2, 3].map((n) =>
        press(b, moved.id, 'cancel_refund', { note: `tab ${n}` }, `race-${n}-${moved.id}`),
      ),
    );
    expect(await auditOf('flight.order.refund', order.id)).toHaveLength(1);
    const open = ChangeListSchema.parse((await b.get(`/changes?state=open&booking=${order.id}`)).body).data;
    expect(open).toEqual([]);
    // The one that ran answers the amounts; one that came while it ran is told so in words (409), and one after it
    // answers what it did.
    for (const p of presses) {
      if (p.status === 200) expect(change(p.body).outcome?.refunded).not.toBeNull();
      else {
        expect(p.status).toBe(409);
        expect(error(p.body).message).toMatch(/Another action on this change is running/);
      }
    }
    expect(presses.filter((p) => p.status === 200).length).toBeGreaterThanOrEqual(1);

    const after = await press(b, moved.id, 'cancel_refund', {}, `race-after-${moved.id}`);
    expect(after.status).toBe(200);
    expect(change(after.body).outcome).toEqual(change(presses.find((p) => p.status === 200)?.body).outcome);
    expect(await auditOf('flight.order.refund', order.id)).toHaveLength(1);
    // The refund is one console move on the booking's timeline, under the key of the press that made it.
    const moves = await t.console.deps.db
      .selectFrom('booking_events')
      .select('dedupe')
      .where('booking_id', '=', order.id)
      .where('kind', '=', 'console_move')
      .where('data', 'like', '%flight.order.refund%')
      .execute();
    expect(moves).toHaveLength(1);
    expect(moves[0]?.dedupe).toMatch(
      new RegExp(`^move:${order.id}:flight\\.order\\.refund:race-[123]-${moved.id}$`),
    );
  });

  it('waits for a press left running under another key, and takes over once it was left (an instance that stopped)', async () => {
    const b = await newAgent();
    const { order, change: moved } = await movedStay(b);
    expect((await press(b, moved.id, 'cancel_refund', {}, 'left-1')).status).toBe(200);
    await crashMidPress(moved.id, 'left-1');
    const waiting = await press(b, moved.id, 'cancel_refund', {}, 'left-2');
    expect(waiting.status).toBe(409);
    expect(error(waiting.body).message).toMatch(/Another action on this change is running/);
    t.advanceConsoleClock(31_000);
    const taken = await press(b, moved.id, 'cancel_refund', {}, 'left-2');
    expect(taken.status).toBe(200);
    expect(change(taken.body).outcome).toMatchObject({ action: 'cancel_refund', status: 'cancelled' });
    expect(await auditOf('hotel.order.cancel', order.id)).toHaveLength(1);
  });
});

describe('book again, and tell the client', () => {
  it('offers a lapsed hold the same search, customer and answers to book again', async () => {
    const b = await newAgent();
    const tour = await holdCanalTour(b);
    expect((await b.get(`/activities/bookings/${tour.id}`)).status).toBe(200);
    await t.control('/clock/advance', { seconds: 31 * 60 });
    // The jobs round reads the running clocks again, on the service's time: the hold is found lapsed.
    await t.console.jobs.runOnce();
    const lapsed = await openChange(b, tour.id);
    expect(lapsed.kind).toBe('hold_lapsed');
    expect(lapsed.actions).toEqual(['book_again']);
    const plan = RebookPlanSchema.parse((await b.get(`/changes/${lapsed.id}/plan`)).body);
    expect(plan.action).toBe('book_again');
    expect(plan.search).toMatchObject({
      product_type_id: tour.product_type_id,
      date: tour.date,
      title: tour.title,
    });
    expect(plan.contact.email).toBe('amelia@example.com');
    const accept = await press(b, lapsed.id, 'accept', {}, 'ba-accept');
    expect(accept.status).toBe(409);
    expect(error(accept.body).message).toBe(
      '“Client accepts the new times” does not fit a hold that lapsed: choose “Book again”.',
    );
    const again = await holdCanalTour(b);
    const after = change((await press(b, lapsed.id, 'book_again', { booking_id: again.id }, 'ba-1')).body);
    expect(after.outcome).toMatchObject({ action: 'book_again', booking_id: again.id });
  });

  it('tells the client of a cancellation by e-mail to the booking’s contact, once however often pressed', async () => {
    const b = await newAgent();
    const order = await holdHotelOrder(b, {
      checkIn: inDays(60),
      checkOut: inDays(62),
      clientReference: 'TELL-1',
    });
    expect((await b.get(`/hotels/orders/${order.id}`)).status).toBe(200);
    await t.control(`/bookings/${order.id}/cancel`);
    expect((await b.get(`/hotels/orders/${order.id}`)).status).toBe(200);
    const cancelled = await openChange(b, order.id);
    expect(cancelled.actions).toEqual(['tell_client']);
    const message = ClientMessageSchema.parse((await b.get(`/changes/${cancelled.id}/message`)).body);
    expect(message).toMatchObject({ to: 'amelia@example.com', can_email: true });
    expect(message.text).toContain('has been cancelled by the supplier');
    expect(message.text).toContain('TELL-1');
    const body = { send_email: true, note: 'Told Amelia' };
    expect((await press(b, cancelled.id, 'tell_client', body, 'tell-1')).status).toBe(200);
    expect((await press(b, cancelled.id, 'tell_client', body, 'tell-1')).status).toBe(200);
    expect((await press(b, cancelled.id, 'tell_client', body, 'tell-2')).status).toBe(200);
    await t.console.jobs.runOnce();
    await expect.poll(() => smtp.to('amelia@example.com').filter((m) => m.includes(order.id)).length).toBe(1);
    await t.console.jobs.runOnce();
    expect(smtp.to('amelia@example.com').filter((m) => m.includes(order.id))).toHaveLength(1);
  });

  it('without a mail server, lets the agent copy the message and refuses to e-mail it, with the reason', async () => {
    const quiet = await startConsole();
    try {
      const b = await quiet.signedIn('agent');
      const order = await holdHotelOrder(b, { checkIn: inDays(60), checkOut: inDays(62) });
      expect((await b.get(`/hotels/orders/${order.id}`)).status).toBe(200);
      await quiet.control(`/bookings/${order.id}/cancel`);
      expect((await b.get(`/hotels/orders/${order.id}`)).status).toBe(200);
      const [cancelled] = ChangeListSchema.parse((await b.get(`/changes?booking=${order.id}`)).body).data;
      const id = cancelled?.id ?? '';
      expect(ClientMessageSchema.parse((await b.get(`/changes/${id}/message`)).body).can_email).toBe(false);
      const refused = await b.post(`/changes/${id}/actions/tell_client`, { send_email: true });
      expect(refused.status).toBe(409);
      expect(error(refused.body).message).toMatch(/no mail server/);
      const copied = change((await b.post(`/changes/${id}/actions/tell_client`, { note: 'Phoned' })).body);
      expect(copied.outcome).toMatchObject({ action: 'tell_client', emailed_to: null });
    } finally {
      await quiet.close();
    }
  });
});

describe('reach', () => {
  it('answers another agent’s change as no change, and an unknown action as none', async () => {
    const owner = await newAgent();
    const { change: moved } = await movedFlight(owner, 'REACH-1');
    const other = await newAgent();
    for (const reply of [
      await press(other, moved.id, 'accept', {}, 'reach-1'),
      await other.get(`/changes/${moved.id}/quote`),
      await other.get(`/changes/${moved.id}/plan`),
      await other.get(`/changes/${moved.id}/message`),
    ])
      expect(reply.status).toBe(404);
    expect((await press(owner, moved.id, 'teleport', {}, 'reach-2')).status).toBe(404);
    expect((await other.get(`/bookings/${moved.booking_id}/links`)).status).toBe(404);
    // An admin sees the office's.
    expect((await (await t.signedIn('admin')).get(`/changes/${moved.id}/plan`)).status).toBe(200);
  });
});
