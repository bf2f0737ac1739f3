import { TripDetailSchema, TripListSchema, TripSchema } from '@console/contract';
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
import { pdfText } from '../testing/pdf-text.ts';

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
