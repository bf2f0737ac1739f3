import {
  ActivityBookingSchema,
  ChangeListSchema,
  ExtendDeadlineResultSchema,
  LedgerListSchema,
  TimelinePageSchema,
} from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdCanalTour, holdHotelOrder, inDays, startConsole, type TestConsole } from '../testing/console.ts';
import { readAndRefresh } from './refresh.ts';

/**
 * One booking read (decision 058): a product's page, the read after a money move and the scheduled rounds all read a
 * booking through `readAndRefresh`, so each records what it saw the same way — on the service's time, the console's
 * own move as no news. The console's own clock is the test's here, the service's the sandbox's: the two part when the
 * sandbox's clock is moved, as a real service's and a machine's can.
 */
let t: TestConsole;
beforeAll(async () => {
  t = await startConsole({ CHANGE_WATCH_MINUTES: '1', CHANGE_WATCH_RATE: '1000' });
  await t.calm();
});
afterAll(async () => {
  await t.close();
});

type Browser = ReturnType<TestConsole['browser']>;
const changesOf = async (b: Browser) => ChangeListSchema.parse((await b.get('/changes')).body).data;
const desk = async (b: Browser, id: string) =>
  LedgerListSchema.parse((await b.get(`/bookings?ids=${encodeURIComponent(id)}`)).body).data[0];
const timeline = async (b: Browser, id: string) =>
  TimelinePageSchema.parse((await b.get(`/bookings/${encodeURIComponent(id)}/timeline`)).body).data;

let agents = 0;
async function newAgent() {
  agents += 1;
  const admin = await t.signedIn('admin');
  const email = `one.read.${agents}@demo.test`;
  await t.invite(admin, { email, name: `One Read ${agents}`, role: 'agent' }, 'violet tram harbour 42');
  const b = t.browser();
  expect((await b.signIn(email, 'violet tram harbour 42')).status).toBe(200);
  return b;
}

describe('one booking read', () => {
  it('a booking’s page that finds its hold ended past the deadline on the service’s clock records a lapsed hold, as the scheduled read does', async () => {
    const byPage = await newAgent();
    const byRound = await newAgent();
    const seenByPage = await holdCanalTour(byPage);
    const seenByRound = await holdCanalTour(byRound);
    // Past both holds' deadlines on the service's clock; the console's own clock has not moved.
    await t.control('/clock/advance', { seconds: 31 * 60 });

    const page = await byPage.get(`/activities/bookings/${seenByPage.id}`);
    expect(page.status, page.text).toBe(200);
    const answer = ActivityBookingSchema.parse(page.body);
    await readAndRefresh(t.console.deps, { product: 'activity', id: seenByRound.id });

    for (const [b, id] of [
      [byPage, seenByPage.id],
      [byRound, seenByRound.id],
    ] as const) {
      expect((await changesOf(b)).map((c) => [c.booking_id, c.kind])).toEqual([[id, 'hold_lapsed']]);
      expect((await desk(b, id))?.status).toBe(answer.status);
      // Seen in the same instant, the move and the change it is may come in either order.
      expect((await timeline(b, id)).map((e) => e.kind).sort()).toEqual([
        'change_found',
        'made',
        'service_move',
      ]);
    }
  });

  it('the read after a hold’s deadline is extended is the console’s own move: the desk has the new deadline, no change for anyone, one move on the timeline', async () => {
    const agent = await newAgent();
    const order = await holdHotelOrder(agent, { checkIn: inDays(30), checkOut: inDays(31) });
    const extended = await agent.post(`/hotels/orders/${order.id}/extend-deadline`, undefined, {
      'Idempotency-Key': `extend-${order.id}`,
    });
    expect(extended.status, extended.text).toBe(200);

    const { payment_deadline } = ExtendDeadlineResultSchema.parse(extended.body);
    expect(Date.parse(payment_deadline)).toBeGreaterThan(Date.parse(order.payment_deadline ?? ''));
    const row = await desk(agent, order.id);
    expect(row?.status).toBe('held');
    expect(Date.parse(row?.deadline ?? '')).toBe(Date.parse(payment_deadline));
    expect(await changesOf(agent)).toEqual([]);
    const events = await timeline(agent, order.id);
    expect(events.map((e) => [e.kind, e.data?.action ?? null])).toEqual([
      ['made', null],
      ['console_move', 'hotel.order.extend_deadline'],
    ]);
    expect(events[1]?.summary).toContain('now held');
  });
});
