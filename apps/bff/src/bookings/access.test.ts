import {
  ActivityBookingListSchema,
  AuditListSchema,
  ConsoleUserSchema,
  FlightOrderSchema,
  LedgerListSchema,
} from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdCanalTour, holdFlightOrder, startConsole, type TestConsole } from '../testing/console.ts';

/**
 * Who may touch which booking (decision 015): an agent reads and acts on the bookings they made; an admin, or an agent
 * granted office-wide access, on all of the office's. Anything else answers 404, as if it did not exist.
 */
let t: TestConsole;
type Browser = Awaited<ReturnType<TestConsole['signedIn']>>;
let agentA: Browser;
let agentB: Browser;
let admin: Browser;
let agentBId: string;
let flightOrderId: string;
let activityBookingId: string;

beforeAll(async () => {
  t = await startConsole();
  admin = await t.signedIn('admin');
  agentA = await t.signedIn('agent');
  const created = await t.invite(
    admin,
    { email: 'second.agent@demo.test', name: 'Second Agent', role: 'agent' },
    'copper lantern orbit sleet',
  );
  agentBId = created.id;
  agentB = t.browser();
  expect((await agentB.signIn('second.agent@demo.test', 'copper lantern orbit sleet')).status).toBe(200);

  flightOrderId = (await holdFlightOrder(agentA, { clientReference: 'OWNED-BY-A', inDays: 28 })).id;
  activityBookingId = (await holdCanalTour(agentA)).id;
});
afterAll(() => t.close());

const flightPaths = () => [
  ['GET', `/flights/orders/${flightOrderId}`],
  ['GET', `/flights/orders/${flightOrderId}/refund`],
  ['POST', `/flights/orders/${flightOrderId}/ticket`],
  ['POST', `/flights/orders/${flightOrderId}/cancellation`],
  ['POST', `/flights/orders/${flightOrderId}/refund`],
  ['POST', `/flights/orders/${flightOrderId}/notes`],
];

describe('ownership of bookings', () => {
  it('answers 404 to another agent reading, ticketing, cancelling, refunding or annotating an order, and changes nothing', async () => {
    for (const [method, path] of flightPaths()) {
      const reply = await agentB.call(method ?? 'GET', `/api${path}`, {
        body: method === 'POST' ? {} : undefined,
      });
      expect([path, reply.status]).toEqual([path, 404]);
    }
    const order = FlightOrderSchema.parse((await agentA.get(`/flights/orders/${flightOrderId}`)).body);
    expect(order.status).toBe('held');
  });

  it("keeps another agent's booking out of their desk, radar and activity list, and out of reach by its id", async () => {
    expect(LedgerListSchema.parse((await agentB.get('/bookings?q=OWNED-BY-A')).body).data).toEqual([]);
    const list = ActivityBookingListSchema.parse((await agentB.get('/activities/bookings')).body);
    expect(list.data.map((b) => b.id)).not.toContain(activityBookingId);
    const own = ActivityBookingListSchema.parse((await agentA.get('/activities/bookings')).body);
    expect(own.data.map((b) => b.id)).toContain(activityBookingId);
    expect((await agentB.get(`/activities/bookings/${activityBookingId}`)).status).toBe(404);
    expect((await agentB.post(`/activities/bookings/${activityBookingId}/confirm`)).status).toBe(404);
    expect((await agentB.get(`/activities/bookings/${activityBookingId}/vouchers`)).status).toBe(404);
  });

  it('lets an admin read every booking, and an agent granted office-wide access by an admin (the grant audited)', async () => {
    expect((await admin.get(`/flights/orders/${flightOrderId}`)).status).toBe(200);
    const granted = await admin.patch(`/admin/users/${agentBId}`, { office_wide: true });
    expect(ConsoleUserSchema.parse(granted.body).office_wide).toBe(true);
    expect((await agentB.get(`/flights/orders/${flightOrderId}`)).status).toBe(200);
    expect(LedgerListSchema.parse((await agentB.get('/bookings?q=OWNED-BY-A')).body).data).toHaveLength(1);
    const audit = AuditListSchema.parse((await admin.get('/admin/audit?limit=50')).body).data;
    expect(audit.filter((e) => e.resource_id === agentBId).map((e) => e.action)).toEqual([
      'user.office_wide.grant',
      'user.invite.agent',
    ]);
    await admin.patch(`/admin/users/${agentBId}`, { office_wide: false });
    expect((await agentB.get(`/flights/orders/${flightOrderId}`)).status).toBe(404);
  });

  it('audits a role change made on the users screen', async () => {
    await admin.patch(`/admin/users/${agentBId}`, { role: 'admin' });
    await admin.patch(`/admin/users/${agentBId}`, { role: 'agent', disabled: true });
    const audit = AuditListSchema.parse((await admin.get('/admin/audit?limit=50')).body).data;
    expect(
      audit
        .filter((e) => e.resource_id === agentBId)
        .map((e) => e.action)
        .slice(0, 3),
    ).toEqual(['user.disable', 'user.role.agent', 'user.role.admin']);
  });
});
