import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  deskRows,
  holdCanalTour,
  holdFlightOrder,
  holdHotelOrder,
  inDays,
  passenger,
  startConsole,
  type TestConsole,
} from '../testing/console.ts';

/**
 * The desk knows whom the console booked, whatever shape the service answers its passengers, guests and customer in
 * (not shown in the document): the ledger records the travellers from the request the console sent. `pnpm test` runs
 * this on both sandbox profiles; the last case makes the answer unreadable beyond its id and status.
 */
let t: TestConsole;
let agent: Awaited<ReturnType<TestConsole['signedIn']>>;
beforeAll(async () => {
  t = await startConsole();
  agent = await t.signedIn('agent');
});
beforeEach(() => t.calm());
afterAll(() => t.close());

const found = async (q: string) => (await deskRows(agent, q)).map((e) => e.id);
const who = async (id: string) => (await deskRows(agent, id))[0]?.people;

const ines = { ...passenger, given_name: 'Inès', family_name: 'Quarrington' };
const olu = { ...passenger, given_name: 'Oluwaseun', family_name: 'Brightwater', gender: 'male' };

describe('the travellers the console booked', () => {
  it('finds a flight order by each passenger’s name, and shows them as Who', async () => {
    const order = await holdFlightOrder(agent, { clientReference: 'WHO-FLIGHT', passengers: [ines, olu] });
    for (const name of ['Quarrington', 'Brightwater', 'Inès', 'Oluwaseun Brightwater'])
      expect(await found(name)).toContain(order.id);
    expect(await who(order.id)).toEqual(
      expect.arrayContaining(['Inès Quarrington', 'Oluwaseun Brightwater']),
    );
    // A later read of the order (in the service's shape) keeps them.
    expect((await agent.get(`/flights/orders/${order.id}`)).status).toBe(200);
    expect(await found('Quarrington')).toContain(order.id);
  });

  it('finds a hotel order by each guest’s name', async () => {
    const order = await holdHotelOrder(agent, {
      checkIn: inDays(40),
      checkOut: inDays(42),
      guests: [
        { given_name: 'Marguerite', family_name: 'Okonkwo-Laurent' },
        { given_name: 'Tadeusz', family_name: 'Wiśniewski' },
      ],
    });
    for (const name of ['Okonkwo-Laurent', 'Wiśniewski', 'Marguerite', 'Tadeusz'])
      expect(await found(name)).toContain(order.id);
    expect(await who(order.id)).toEqual(
      expect.arrayContaining(['Marguerite Okonkwo-Laurent', 'Tadeusz Wiśniewski']),
    );
  });

  it('finds an activity booking by the customer’s name', async () => {
    const booking = await holdCanalTour(agent, {
      given_name: 'Saoirse',
      family_name: 'Fitzgibbon',
      email: 'saoirse@example.com',
    });
    for (const name of ['Saoirse', 'Fitzgibbon', 'saoirse@example.com'])
      expect(await found(name)).toContain(booking.id);
    expect(await who(booking.id)).toEqual(expect.arrayContaining(['Saoirse Fitzgibbon']));
  });

  it('finds a flight order by its passengers when the answer carried nothing but its id and status', async () => {
    await t.control('/faults', { path: '/v3/flights/orders', method: 'POST', mode: 'reshape' });
    await expect(
      holdFlightOrder(agent, {
        clientReference: 'WHO-RESHAPED',
        passengers: [{ ...ines, family_name: 'Vanterpool' }],
      }),
    ).rejects.toThrow();
    const [id] = await found('WHO-RESHAPED');
    expect(id).toBeDefined();
    expect(await found('Vanterpool')).toEqual([id]);
    expect(await who(id ?? '')).toEqual(expect.arrayContaining(['Inès Vanterpool']));
  });
});
