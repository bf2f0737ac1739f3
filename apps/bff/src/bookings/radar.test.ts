import {
  ActivityAvailabilitySchema,
  ActivityBookingSchema,
  ActivityProductListSchema,
  LedgerListSchema,
  RadarSchema,
} from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type TestConsole } from '../testing/console.ts';

let t: TestConsole;
let agent: Awaited<ReturnType<TestConsole['signedIn']>>;
beforeAll(async () => {
  t = await startConsole();
  agent = await t.signedIn('agent');
});
afterAll(() => t.close());

/** Holds a Louvre entry (no booking options) for `adults` adults on the first bookable date. */
async function holdLouvre(adults: number, key: string) {
  const list = ActivityProductListSchema.parse((await agent.get('/activities/products?query=louvre')).body);
  const type = list.data[0]?.product_types[0]?.id ?? '';
  const dates = ActivityAvailabilitySchema.parse(
    (await agent.get(`/activities/product-types/${type}/availability`)).body,
  );
  const date = dates.dates[0]?.date ?? '';
  const reply = await agent.post(
    '/activities/bookings',
    {
      product_type_id: type,
      date,
      timeslot: '09:00',
      travelers: { adults },
      customer: { given_name: 'Radar', family_name: 'Test', email: 'radar@example.com' },
    },
    { 'Idempotency-Key': key },
  );
  expect(reply.status).toBe(201);
  return ActivityBookingSchema.parse(reply.body);
}

describe('the deadline radar', () => {
  it('lists running clocks most urgent first, marks what the wallet cannot pay, and drops holds that expired', async () => {
    const first = await holdLouvre(1, 'radar-1');
    await t.control('/clock/advance', { seconds: 60 });
    const second = await holdLouvre(2, 'radar-2');

    let radar = RadarSchema.parse((await agent.get('/bookings/radar')).body);
    expect(radar.data.map((e) => e.id)).toEqual([first.id, second.id]);
    expect(radar.data.map((e) => e.actions)).toEqual([['confirm'], ['confirm']]);
    expect(radar.wallet_checked).toBe(true);
    expect(radar.data.some((e) => e.at_risk)).toBe(false);

    // This service sets a hold's money aside when it is made: with 30.00 left available, both holds (22 and 44)
    // are still covered by what the wallet already holds. No false alarm.
    await t.control('/wallets', { environment: 'test', available: '30.00' });
    radar = RadarSchema.parse((await agent.get('/bookings/radar')).body);
    expect(radar.data.map((e) => [e.id, e.at_risk])).toEqual([
      [first.id, false],
      [second.id, false],
    ]);
    await t.control('/wallets', { environment: 'test', balance: '50000.00' });

    // Past the 30-minute hold the service has released both. The desk reads the ledger only; the scheduled round
    // reads the running clocks again, and then the radar and the ledger show it.
    await t.control('/clock/advance', { seconds: 31 * 60 });
    expect(RadarSchema.parse((await agent.get('/bookings/radar')).body).data).toHaveLength(2);
    const round = await t.console.jobs.runOnce();
    expect(round).toMatchObject({ ran: true, clocks: { read: 2, failed: 0 } });
    radar = RadarSchema.parse((await agent.get('/bookings/radar')).body);
    expect(radar.data).toEqual([]);
    const ledger = LedgerListSchema.parse((await agent.get('/bookings?product=activity')).body);
    expect(
      ledger.data.filter((e) => [first.id, second.id].includes(e.id)).map((e) => [e.status, e.deadline]),
    ).toEqual([
      ['cancelled', null],
      ['cancelled', null],
    ]);
  });

  it('marks, most urgent first, the holds a wallet that sets nothing aside could not pay from what it has', async () => {
    await t.control('/reset');
    // Another legal service: a hold only checks the wallet, and the money is found when it is paid.
    await t.control('/settings', { holds_reserve_money: false });
    const first = await holdLouvre(1, 'radar-open-1');
    await t.control('/clock/advance', { seconds: 60 });
    const second = await holdLouvre(2, 'radar-open-2');
    await t.control('/wallets', { environment: 'test', balance: '30.00' });
    const radar = RadarSchema.parse((await agent.get('/bookings/radar')).body);
    // 30.00 pays the first (22) and leaves 8, short of the second (44).
    expect(radar.data.map((e) => [e.id, e.at_risk])).toEqual([
      [first.id, false],
      [second.id, true],
    ]);
    await t.control('/reset');
  });

  it("gives the browser the service's now: the sandbox clock moved 26 minutes shows in Console-Service-Time", async () => {
    await t.control('/reset');
    await agent.get('/activities/products?query=louvre');
    const before = Number((await agent.get('/me')).headers.get('Console-Service-Time'));
    expect(Math.abs(before - Date.now())).toBeLessThan(2000);
    await t.control('/clock/advance', { seconds: 26 * 60 });
    await agent.get('/activities/products?query=louvre');
    const after = Number((await agent.get('/me')).headers.get('Console-Service-Time'));
    expect(Math.abs(after - Date.now() - 26 * 60_000)).toBeLessThan(2000);
    await t.control('/reset');
  });

  it('learns a moved sandbox clock at once, with no call of its own to the service in between', async () => {
    await t.control('/reset');
    await t.control('/clock/advance', { seconds: 17 * 60 });
    // Only /me is read: it does not call the service. The clock control told the console, which asked the service.
    await expect
      .poll(async () => Number((await agent.get('/me')).headers.get('Console-Service-Time')) - Date.now())
      .toBeGreaterThan(17 * 60_000 - 2000);
    await t.control('/reset');
  });

  it('lists two clocks that end in the same second in the order the holds were made', async () => {
    await t.control('/reset');
    const first = await holdLouvre(1, 'radar-tie-1');
    const second = await holdLouvre(1, 'radar-tie-2');
    const radar = RadarSchema.parse((await agent.get('/bookings/radar')).body);
    const both = radar.data.filter((e) => e.id === first.id || e.id === second.id);
    // The service gives deadlines to the second: made a few milliseconds apart, the two end together.
    expect(both.map((e) => e.id)).toEqual([first.id, second.id]);
  });

  it('stops the clock of a hold the service no longer knows (404): shown as missing, off the radar', async () => {
    await t.control('/reset');
    const hold = await holdLouvre(1, 'radar-forgotten');
    // The service forgets it (here: the sandbox is reset).
    await t.control('/reset');
    await t.console.jobs.runOnce();
    const radar = RadarSchema.parse((await agent.get('/bookings/radar')).body);
    expect(radar.data.map((e) => e.id)).not.toContain(hold.id);
    const ledger = LedgerListSchema.parse((await agent.get('/bookings?product=activity')).body);
    expect(ledger.data.find((e) => e.id === hold.id)).toMatchObject({ status: 'missing', deadline: null });
  });
});
