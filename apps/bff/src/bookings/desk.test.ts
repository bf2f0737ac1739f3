import { type ActivityBookingSchema, type FlightOrderSchema, LedgerListSchema } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deskRows,
  holdCanalTour,
  holdFlightOrder,
  startConsole,
  type TestConsole,
} from '../testing/console.ts';

/** The bookings desk as agents search it: by what the customer quotes, case-insensitive, on the run's database. */
let t: TestConsole;
let agent: Awaited<ReturnType<TestConsole['signedIn']>>;
let order: ReturnType<typeof FlightOrderSchema.parse>;
let booking: ReturnType<typeof ActivityBookingSchema.parse>;

beforeAll(async () => {
  t = await startConsole();
  agent = await t.signedIn('agent');
  order = await holdFlightOrder(agent, {
    clientReference: 'ACME-100%',
    contact: { email: 'amelia_hart+trips@example.com', phone: '+442071234567' },
  });
  booking = await holdCanalTour(agent, {
    given_name: 'Noor',
    family_name: 'Haddad',
    email: 'noor@example.com',
  });
});
afterAll(() => t.close());

const find = async (q: string) => (await deskRows(agent, q)).map((e) => e.id);

describe('the bookings desk', () => {
  it('shows the reference the customer quotes: the PNR, the activity code', async () => {
    const rows = LedgerListSchema.parse((await agent.get('/bookings')).body).data;
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(order.id)?.reference).toBe(order.booking_reference ?? null);
    expect(byId.get(booking.id)?.reference).toBe(booking.code);
  });

  it('finds a booking by its PNR, activity code, id, email with _ and +, client reference with %, in any case', async () => {
    if (order.booking_reference)
      expect(await find(order.booking_reference.toLowerCase())).toEqual([order.id]);
    expect(await find((booking.code ?? '').toLowerCase())).toEqual([booking.id]);
    expect(await find(order.id.toUpperCase())).toEqual([order.id]);
    expect(await find('AMELIA_HART+TRIPS')).toEqual([order.id]);
    expect(await find('acme-100%')).toEqual([order.id]);
    expect(await find('noor haddad')).toEqual([booking.id]);
    // `_` and `%` are text, not wildcards.
    expect(await find('amelia%hart')).toEqual([]);
    expect(await find('acme_100')).toEqual([]);
  });
});
