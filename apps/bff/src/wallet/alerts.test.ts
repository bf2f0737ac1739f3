import { StatementSchema, WalletAlertSchema, WalletSchema } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdCanalTour, holdFlightOrder, startConsole, type TestConsole } from '../testing/console.ts';

let t: TestConsole;
let agent: Awaited<ReturnType<TestConsole['signedIn']>>;
let admin: Awaited<ReturnType<TestConsole['signedIn']>>;

beforeAll(async () => {
  t = await startConsole();
  agent = await t.signedIn('agent');
  admin = await t.signedIn('admin');
});
afterAll(() => t.close());

const alertOf = async (who: typeof agent) => WalletAlertSchema.parse((await who.get('/wallet/alert')).body);

describe('wallet alerts', () => {
  it('says nothing until an admin sets a threshold, and only an admin may set it', async () => {
    expect(await alertOf(agent)).toMatchObject({ threshold: null, alerts: [] });
    expect((await agent.put('/wallet/alert', { low_balance_threshold: '100.00' })).status).toBe(403);
    const bad = await admin.put('/wallet/alert', { low_balance_threshold: '-5' });
    expect(bad.status).toBe(422);
  });

  it('warns admins with the figures and agents without them when available falls under the threshold', async () => {
    const wallet = WalletSchema.parse((await admin.get('/wallet')).body);
    const available = Number(wallet.available.amount);
    // Just under what is available: no alert yet.
    await admin.put('/wallet/alert', { low_balance_threshold: (available - 1).toFixed(2) });
    expect((await alertOf(admin)).alerts).toEqual([]);

    // A hold takes money out of `available` (or would, once paid): the alert comes up.
    await holdFlightOrder(agent, { clientReference: 'wallet-alert' });
    const forAdmin = await alertOf(admin);
    expect(forAdmin.alerts.length).toBeGreaterThan(0);
    expect(forAdmin.alerts[0]?.message).toContain('USD');
    expect(forAdmin.threshold?.amount).toBe((available - 1).toFixed(2));
    const forAgent = await alertOf(agent);
    expect(forAgent.alerts.length).toBe(forAdmin.alerts.length);
    expect(JSON.stringify(forAgent)).not.toContain('USD');
    expect(forAgent.threshold).toBeNull();

    await admin.put('/wallet/alert', { low_balance_threshold: null });
    expect((await alertOf(agent)).alerts).toEqual([]);
  });

  it('gives admins the statement of money moves over a period, as JSON and CSV', async () => {
    const tour = await holdCanalTour(agent);
    await agent.post(`/activities/bookings/${tour.id}/cancel`);
    const today = new Date().toISOString().slice(0, 10);
    const reply = await admin.get(`/wallet/statement?from=${today}&to=${today}`);
    const statement = StatementSchema.parse(reply.body);
    const mine = statement.lines
      .filter((l) => l.booking_id === tour.id)
      .map((l) => [l.kind, l.amount.amount]);
    expect(mine).toEqual([
      ['hold', tour.total.amount],
      ['release', tour.total.amount],
    ]);
    expect(statement.days.map((d) => d.day)).toEqual([today]);
    expect(Number(statement.totals.hold)).toBeGreaterThanOrEqual(Number(tour.total.amount));

    const csv = await admin.get(`/wallet/statement?from=${today}&to=${today}&format=csv`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.text.split('\r\n')[0]).toBe('at,kind,action,booking_id,user,amount,currency');
    expect(csv.text).toContain(`"${tour.id}"`);

    expect((await agent.get('/wallet/statement')).status).toBe(403);
    expect((await admin.get('/wallet/statement?from=2026-12-01&to=2026-11-01')).status).toBe(400);
  });

  it('covers by default the same 30 days as the reports screen, today included, so the two show one net paid', async () => {
    const statement = StatementSchema.parse((await admin.get('/wallet/statement')).body);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    expect({ from: statement.from, to: statement.to }).toEqual({ from: day(-29), to: day(0) });
  });
});
