import { TripDetailSchema, TripListSchema, TripSchema } from '@console/contract';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingsOfReference } from '../bookings/index.ts';
import { sql } from '../db/index.ts';
import {
  holdCanalTour,
  holdFlightOrder,
  holdHotelOrder,
  inDays,
  startConsole,
  type TestConsole,
  testDatabase,
  testProfile,
} from '../testing/console.ts';
import { pdfText } from '../testing/pdf-text.ts';
import { tripsOfReference } from './trips.ts';

let t: TestConsole;
let agent: Awaited<ReturnType<TestConsole['signedIn']>>;

beforeAll(async () => {
  t = await startConsole();
  agent = await t.signedIn('agent');
});
afterAll(() => t.close());

const detail = async (id: string) => TripDetailSchema.parse((await agent.get(`/trips/${id}`)).body);

describe('trip files', () => {
  it('makes a trip of a flight and a hotel, and flags the unused night when the airline moves the flight', async () => {
    // LHR → CDG on day 26 (one way), a room from day 26 to day 28.
    const flight = await holdFlightOrder(agent, { clientReference: 'desk', inDays: 26 });
    const made = await agent.post('/trips', { name: 'Hart, Paris', booking_id: flight.id });
    expect(made.status).toBe(201);
    const trip = TripSchema.parse(made.body);
    expect(trip.reference).toMatch(/^TRIP-[A-Z0-9]{6}$/);
    // The travellers come from the booking: the names the console sent, whatever shape the service answers in.
    expect(trip.travellers).toEqual(['Amelia Hart']);
    // The hotel is booked for the trip: its reference goes to the service as the client reference.
    const hotel = await holdHotelOrder(agent, {
      checkIn: inDays(26),
      checkOut: inDays(28),
      clientReference: trip.reference,
    });

    let seen = await detail(trip.id);
    expect(seen.parts.map((p) => p.booking_id)).toEqual([flight.id, hotel.id]);
    const flightPart = seen.parts[0];
    if (testProfile() === 'default') {
      expect(flightPart?.starts_at?.slice(0, 10)).toBe(inDays(26));
      // The room starts the day the flight lands; both holds lapse together.
      expect(seen.conflicts).toEqual([]);
    } else {
      // The variant's segments have another shape: the flight's dates are not read, and no date rule guesses.
      expect(flightPart?.read).toBe(true);
      expect(seen.conflicts.map((c) => c.rule)).not.toContain('check_in_before_arrival');
    }

    await t.control(`/flights/orders/${flight.id}/schedule`, { days: 1 });
    seen = await detail(trip.id);
    if (testProfile() === 'default') {
      const unused = seen.conflicts.find((c) => c.rule === 'check_in_before_arrival');
      expect(unused?.severity).toBe('error');
      expect(unused?.message).toContain('1 night paid and not used');
      expect(unused?.booking_ids).toEqual([hotel.id, flight.id]);
    }

    // Cancelling the flight leaves the hotel without a flight.
    expect((await agent.post(`/flights/orders/${flight.id}/cancellation`)).status).toBe(200);
    seen = await detail(trip.id);
    expect(seen.conflicts.map((c) => c.rule)).toContain('stay_without_flight');
  });

  it('lists trips, finds the trips of a booking, attaches and detaches a booking', async () => {
    const tour = await holdCanalTour(agent);
    const trip = TripSchema.parse(
      (await agent.post('/trips', { name: 'Haddad family', reference: 'HADDAD-1' })).body,
    );
    expect(trip.reference).toBe('HADDAD-1');
    expect((await agent.post('/trips', { name: 'Again', reference: 'HADDAD-1' })).status).toBe(409);

    expect((await agent.post(`/trips/${trip.id}/bookings`, { booking_id: tour.id })).status).toBe(200);
    expect((await detail(trip.id)).parts.map((p) => p.booking_id)).toEqual([tour.id]);
    const ofBooking = TripListSchema.parse((await agent.get(`/trips?booking=${tour.id}`)).body).data;
    expect(ofBooking.map((x) => x.id)).toEqual([trip.id]);
    expect(TripListSchema.parse((await agent.get('/trips?q=haddad')).body).data.map((x) => x.id)).toEqual([
      trip.id,
    ]);

    // A change changes only what it names.
    const renamed = TripSchema.parse(
      (await agent.patch(`/trips/${trip.id}`, { travellers: ['Noor Haddad', 'Sami Haddad'] })).body,
    );
    expect(renamed.travellers).toEqual(['Noor Haddad', 'Sami Haddad']);
    const kept = TripSchema.parse(
      (await agent.patch(`/trips/${trip.id}`, { name: 'Haddad family, Amsterdam' })).body,
    );
    expect(kept).toMatchObject({
      name: 'Haddad family, Amsterdam',
      travellers: ['Noor Haddad', 'Sami Haddad'],
    });
    expect((await agent.patch(`/trips/${trip.id}`, { name: '' })).status).toBe(422);

    expect((await agent.delete(`/trips/${trip.id}/bookings/${tour.id}`)).status).toBe(200);
    expect((await detail(trip.id)).parts).toEqual([]);
    expect((await agent.post(`/trips/${trip.id}/bookings`, { booking_id: 'abk_nobody' })).status).toBe(404);
  });

  it('keeps trips to their agent: another agent finds neither the trip nor its bookings', async () => {
    const tour = await holdCanalTour(agent);
    const trip = TripSchema.parse(
      (await agent.post('/trips', { name: 'Private', booking_id: tour.id })).body,
    );
    const email = `other-${Date.now()}@demo.test`;
    const admin = await t.signedIn('admin');
    await t.invite(admin, { email, name: 'Other Agent', role: 'agent' }, 'violet tram harbour 42');
    const other = t.browser();
    await other.signIn(email, 'violet tram harbour 42');
    expect((await other.get(`/trips/${trip.id}`)).status).toBe(404);
    expect((await other.post('/trips', { name: 'Steal', booking_id: tour.id })).status).toBe(404);
    expect(TripListSchema.parse((await other.get('/trips')).body).data).toEqual([]);
    // An admin sees the office's trips.
    expect((await admin.get(`/trips/${trip.id}`)).status).toBe(200);
  });

  it('answers another agent’s client reference and a colleague’s trip reference as it answers one no one has', async () => {
    const admin = await t.signedIn('admin');
    const agentNamed = async (name: string) => {
      const email = `${name.replace(' ', '-').toLowerCase()}-${Date.now()}@demo.test`;
      await t.invite(admin, { email, name, role: 'agent' }, 'violet tram harbour 42');
      const b = t.browser();
      expect((await b.signIn(email, 'violet tram harbour 42')).status).toBe(200);
      return b;
    };
    const a = await agentNamed('Agent A');
    const b = await agentNamed('Agent B');
    // A's booking carries A's client's reference; A keeps a trip of their own under another.
    const aFlight = await holdFlightOrder(a, { clientReference: 'SECRET-A1', inDays: 30 });
    const aTrip = TripSchema.parse((await a.post('/trips', { name: 'A', reference: 'COLLEAGUE-1' })).body);
    const aHotel = await holdHotelOrder(a, {
      checkIn: inDays(30),
      checkOut: inDays(31),
      clientReference: 'COLLEAGUE-1',
    });

    // B tries both, and one no one has: the same answer each time (made, with nothing in it).
    const tried = async (reference: string) => {
      const made = await b.post('/trips', { name: 'Probe', reference });
      const trip = TripSchema.parse(made.body);
      const seen = await b.get(`/trips/${trip.id}`);
      return { status: made.status, parts: trip.parts, seen: TripDetailSchema.parse(seen.body).part_count };
    };
    const nobody = await tried('NOBODY-9');
    expect(nobody).toEqual({ status: 201, parts: 0, seen: 0 });
    expect(await tried('SECRET-A1')).toEqual(nobody);
    expect(await tried('COLLEAGUE-1')).toEqual(nobody);
    const listed = TripListSchema.parse((await b.get('/trips?limit=200')).body).data;
    expect(listed.map((trip) => trip.parts)).toEqual([0, 0, 0]);

    // B's own booking under that reference is B's trip's, never A's; A's stay A's.
    const bFlight = await holdFlightOrder(b, { clientReference: 'COLLEAGUE-1', inDays: 30 });
    const bTrip = listed.find((trip) => trip.reference === 'COLLEAGUE-1');
    const partsFor = async (who: typeof a, id: string | undefined) =>
      TripDetailSchema.parse((await who.get(`/trips/${id}`)).body).parts.map((p) => p.booking_id);
    expect(await partsFor(b, bTrip?.id)).toEqual([bFlight.id]);
    expect(await partsFor(a, aTrip.id)).toEqual([aHotel.id]);
    // An admin, who sees both trips, sees each with its own agent's bookings.
    expect(await partsFor(admin, aTrip.id)).toEqual([aHotel.id]);
    expect(await partsFor(admin, bTrip?.id)).toEqual([bFlight.id]);
    const tripsOf = async (who: typeof a, bookingId: string) =>
      TripListSchema.parse((await who.get(`/trips?booking=${bookingId}`)).body).data.map((trip) => trip.id);
    expect(await tripsOf(admin, aHotel.id)).toEqual([aTrip.id]);
    expect(await tripsOf(admin, bFlight.id)).toEqual([bTrip?.id]);
    expect(await tripsOf(admin, aFlight.id)).toEqual([]);

    // Whoever sees a trip is told its reference is taken: A for their own, an admin for anyone's.
    for (const who of [a, admin]) {
      const again = await who.post('/trips', { name: 'Again', reference: 'COLLEAGUE-1' });
      expect(again.status).toBe(409);
    }
    // A booking an admin makes for A's trip (picked from the trips they see) is part of it.
    const adminHotel = await holdHotelOrder(admin, {
      checkIn: inDays(30),
      checkOut: inDays(31),
      clientReference: 'SECRET-A1',
    });
    const aSecret = TripSchema.parse(
      (await a.post('/trips', { name: 'A secret', reference: 'SECRET-A1' })).body,
    );
    expect(aSecret.parts).toBe(1);
    expect(await partsFor(admin, aSecret.id)).toEqual([aFlight.id, adminHotel.id]);
  });

  it('looks a reference up by its indexes, on either store', async () => {
    // Some bookings under references of their own, so the plans are made for a table with rows.
    for (const reference of ['INDEX-1', 'INDEX-2', 'INDEX-3'])
      await holdFlightOrder(agent, { clientReference: reference, inDays: 20 });
    await holdCanalTour(agent);
    for (const reference of ['INDEX-T1', 'INDEX-T2', 'INDEX-T3'])
      expect((await agent.post('/trips', { name: reference, reference })).status).toBe(201);
    const db = t.console.deps.db;
    const plan = (query: { compile(): CompiledQuery }) =>
      db.transaction().execute(async (trx) => {
        const compiled = query.compile();
        const postgres = testDatabase() === 'postgres';
        // A handful of rows: PostgreSQL would scan them; told not to (and with the tables' figures), it shows
        // which index serves.
        if (postgres) {
          await sql`analyze bookings, trips`.execute(trx);
          await sql`set local enable_seqscan = off`.execute(trx);
        }
        const explained = await trx.executeQuery(
          CompiledQuery.raw(`${postgres ? 'explain' : 'explain query plan'} ${compiled.sql}`, [
            ...compiled.parameters,
          ]),
        );
        return JSON.stringify(explained.rows);
      });
    const me = (await agent.get('/me')).body as { user: { id: string } };
    expect(await plan(bookingsOfReference(db, 'X-1', 'test'))).toMatch(/bookings_client_reference/);
    expect(await plan(tripsOfReference(db, 'X-1', me.user.id, 'test'))).toMatch(/trips_(agent_)?reference/);
    expect(await plan(tripsOfReference(db, 'X-1', undefined, 'test'))).toMatch(/trips_reference/);
  });

  it('writes an itinerary PDF of the confirmed parts only', async () => {
    const tour = await holdCanalTour(agent);
    const trip = TripSchema.parse(
      (await agent.post('/trips', { name: 'Canal day', booking_id: tour.id })).body,
    );
    const held = await fetch(`${t.origin}/api/trips/${trip.id}/itinerary.pdf`, {
      headers: { Cookie: agent.cookie() },
    });
    expect(held.headers.get('content-type')).toBe('application/pdf');
    const heldText = (await pdfText(new Uint8Array(await held.arrayBuffer()))).join(' ');
    expect(heldText).toContain('No part of this trip is confirmed yet.');
    expect(heldText).not.toContain(tour.code ?? tour.id);
    expect((await agent.post(`/activities/bookings/${tour.id}/confirm`)).status).toBe(200);
    const confirmed = await fetch(`${t.origin}/api/trips/${trip.id}/itinerary.pdf`, {
      headers: { Cookie: agent.cookie() },
    });
    const confirmedText = (await pdfText(new Uint8Array(await confirmed.arrayBuffer()))).join(' ');
    expect(confirmedText).toContain(tour.code ?? tour.id);
  });
});
