import {
  ActivityBookingSchema,
  FlightOrderSchema,
  fromCents,
  HotelOrderSchema,
  LedgerListSchema,
  ReportSchema,
  type StatementLine,
  StatementSchema,
  toCents,
  WalletSchema,
} from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  holdCanalTour,
  holdFlightOrder,
  holdHotelOrder,
  inDays,
  startConsole,
  type TestConsole,
} from '../testing/console.ts';

let t: TestConsole;
// A console and its sandbox on a fresh database (PostgreSQL's may take a while on a busy machine).
beforeAll(async () => {
  t = await startConsole();
}, 60_000);
afterAll(() => t.close());

type Browser = Awaited<ReturnType<TestConsole['signedIn']>>;
const DAY_MS = 86_400_000;
/** The console's day (its clock moves with the sandbox's in this test). */
let offset = 0;
const dayOf = (n: number) => new Date(Date.now() + offset + n * DAY_MS).toISOString().slice(0, 10);

/** A day passes on the service and the console alike; sessions that lapsed with it are signed in again. */
async function nextDay(): Promise<{ agent: Browser; admin: Browser }> {
  await t.control('/clock/advance', { seconds: DAY_MS / 1000 });
  t.advanceConsoleClock(DAY_MS);
  offset += DAY_MS;
  return { agent: await t.signedIn('agent'), admin: await t.signedIn('admin') };
}

const ok = (reply: { status: number; text: string }) => {
  expect(reply.status, reply.text).toBeLessThan(300);
  return reply;
};
const balanceOf = async (admin: Browser) =>
  toCents(WalletSchema.parse((await admin.get('/wallet')).body).balance.amount);

/** Every line of a statement's period, page after page. */
async function allLines(admin: Browser, from: string, to: string): Promise<StatementLine[]> {
  const lines: StatementLine[] = [];
  let after = '';
  for (;;) {
    const page = StatementSchema.parse(
      (await admin.get(`/wallet/statement?from=${from}&to=${to}&limit=2${after}`)).body,
    );
    lines.push(...page.lines);
    if (!page.next_cursor) return lines;
    after = `&after=${page.next_cursor}`;
  }
}
const linesNet = (lines: StatementLine[]) =>
  lines.reduce(
    (n, l) =>
      n +
      (l.kind === 'payment'
        ? toCents(l.amount.amount)
        : l.kind === 'refund'
          ? -toCents(l.amount.amount)
          : 0n),
    0n,
  );

describe('reports that reconcile with the wallet', () => {
  it('give the same net paid as the wallet statement for the same days, to the cent, holds apart and a supplier’s cancellation as a loss', async () => {
    let agent = await t.signedIn('agent');
    let admin = await t.signedIn('admin');
    ok(await admin.post('/pricing/rules', { product: 'flight', percent: '10' }));
    // The first statement takes the service's balance as where its running balance starts.
    ok(await admin.get(`/wallet/statement?from=${dayOf(0)}&to=${dayOf(0)}`));
    const before = await balanceOf(admin);
    const first = dayOf(0);

    // Day 1: two flights ticketed, a hotel and a tour paid, a flight held then cancelled (reserved, let go).
    const kept = await holdFlightOrder(agent, { clientReference: 'KEPT' });
    const refunded = await holdFlightOrder(agent, { clientReference: 'REFUNDED' });
    const dropped = await holdFlightOrder(agent, { clientReference: 'DROPPED' });
    for (const order of [kept, refunded]) ok(await agent.post(`/flights/orders/${order.id}/ticket`));
    ok(await agent.post(`/flights/orders/${dropped.id}/cancellation`));
    const hotel = await holdHotelOrder(agent, { checkIn: inDays(40), checkOut: inDays(42) });
    ok(await agent.post(`/hotels/orders/${hotel.id}/confirm`));
    const tour = await holdCanalTour(agent);
    ok(await agent.post(`/activities/bookings/${tour.id}/confirm`));
    // The kept flight's fee changed after it was paid: what its client owes follows; no money moves.
    ok(
      await admin.put(`/pricing/bookings/${kept.id}/fee`, { fee: '12.34', reason: 'Agreed with the client' }),
    );

    // Day 2: the hotel cancels the stay by itself (no refund: a loss); the office cancels the paid tour (refunded)
    // and a second hotel it had paid (refunded less its penalty).
    ({ agent, admin } = await nextDay());
    await t.control(`/bookings/${hotel.id}/cancel`);
    expect(HotelOrderSchema.parse((await agent.get(`/hotels/orders/${hotel.id}`)).body).status).toBe(
      'cancelled',
    );
    ok(await agent.post(`/activities/bookings/${tour.id}/cancel`));
    const second = await holdHotelOrder(agent, { checkIn: inDays(44), checkOut: inDays(45) });
    ok(await agent.post(`/hotels/orders/${second.id}/confirm`));
    ok(await agent.post(`/hotels/orders/${second.id}/cancellation`));

    // Day 3: a flight refunded once ticketing has completed; a tour left on hold.
    ({ agent, admin } = await nextDay());
    expect(FlightOrderSchema.parse((await agent.get(`/flights/orders/${refunded.id}`)).body).status).toBe(
      'ticketed',
    );
    ok(await agent.post(`/flights/orders/${refunded.id}/refund`, {}));
    const onHold = ActivityBookingSchema.parse(await holdCanalTour(agent));
    const last = dayOf(0);
    const after = await balanceOf(admin);

    const reportOf = async (from: string, to: string) =>
      ReportSchema.parse((await admin.get(`/admin/reports?from=${from}&to=${to}&by=day`)).body);
    const statementOf = async (from: string, to: string) =>
      StatementSchema.parse((await admin.get(`/wallet/statement?from=${from}&to=${to}`)).body);

    // The whole stretch, and each day alone: the report's net paid is the statement's, and the service's wallet's.
    const report = await reportOf(first, last);
    const statement = await statementOf(first, last);
    expect(report.totals.net_paid.amount).toBe(statement.totals.net);
    expect(report.totals.net_paid.amount).toBe(fromCents(before - after));
    expect(fromCents(linesNet(await allLines(admin, first, last)))).toBe(statement.totals.net);
    for (const day of [first, dayOf(-1), last]) {
      const [r, s] = [await reportOf(day, day), await statementOf(day, day)];
      expect({ day, net: r.totals.net_paid.amount }).toEqual({ day, net: s.totals.net });
      expect(fromCents(linesNet(await allLines(admin, day, day)))).toBe(s.totals.net);
    }

    // The hold is apart: on hold, not paid, and in neither net paid nor what clients owe.
    expect(report.totals).toMatchObject({ on_hold: 1, on_hold_net: onHold.total });
    // What clients owe: the one flight still sold, at its client price; the rest ended.
    const keptEntry = LedgerListSchema.parse((await admin.get('/bookings?q=KEPT')).body).data[0];
    expect(report.totals.client.amount).toBe(keptEntry?.price?.client.amount);
    expect(keptEntry?.price?.client.amount).toBe(fromCents(toCents(kept.total.amount) + 1234n));
    expect(report.totals.margin.amount).toBe(
      fromCents(toCents(report.totals.client.amount) - toCents(report.totals.net_paid.amount)),
    );
    // The hotel the supplier cancelled is a loss (its whole total), on the day it was cancelled; not revenue.
    const day2 = await reportOf(dayOf(-1), dayOf(-1));
    expect(day2.totals.lost).toBeGreaterThanOrEqual(1);
    expect(toCents(day2.totals.lost_net.amount)).toBeGreaterThanOrEqual(toCents(hotel.total.amount));
    const hotelLines = (await allLines(admin, first, last)).filter((l) => l.booking_id === hotel.id);
    expect(hotelLines.map((l) => l.kind)).toEqual(['hold', 'payment']);

    // The running balance ends at what the service's wallet says.
    expect(statement.balance?.closing).toBe(fromCents(after));
    expect(statement.balance?.difference).toBe('0.00');
    const lines = await allLines(admin, first, last);
    expect(lines.at(-1)?.balance).toBe(fromCents(after));

    // Money moved outside the console (a top-up): the statement says by how much, and why.
    await t.control('/wallets', { environment: 'test', balance: fromCents(after + 10_000n) });
    const topped = await statementOf(first, last);
    expect(topped.balance?.difference).toBe('100.00');
    expect(topped.balance?.explanation).toContain('outside the console');
  });
});
