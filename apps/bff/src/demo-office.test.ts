import {
  ChangeListSchema,
  LedgerListSchema,
  RadarSchema,
  ReportSchema,
  StatementSchema,
  TravellerListSchema,
  TripListSchema,
} from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoOfficeResult } from './demo-office.ts';
import { freshDatabaseUrl, startConsole, type TestConsole } from './testing/console.ts';

/** Every row of a keyset-paged list, page after page, as the signed-in browser reads it. */
async function everyRow<T>(
  get: (path: string) => Promise<{ status: number; body: unknown }>,
  path: string,
  parse: (body: unknown) => { data: T[]; next_cursor: string | null },
): Promise<T[]> {
  const rows: T[] = [];
  let after: string | null = null;
  do {
    const join = path.includes('?') ? '&' : '?';
    const reply = await get(`${path}${join}limit=200${after ? `&after=${encodeURIComponent(after)}` : ''}`);
    expect(reply.status).toBe(200);
    const page = parse(reply.body);
    rows.push(...page.data);
    after = page.next_cursor;
  } while (after);
  return rows;
}

describe('a newcomer sees an office (decision 045)', () => {
  let app: TestConsole;
  let other: DemoOfficeResult | null;
  let demo: DemoOfficeResult | null;
  let database: string;
  const readsWhileSeeding: number[] = [];

  beforeAll(async () => {
    // A store made (migrated) by a console without the demo office, then two instances started on it at once.
    database = await freshDatabaseUrl();
    await (await startConsole({ DATABASE_URL: database }, { serviceClock: true })).close();
    const instances = await Promise.all(
      [1, 2].map(() => startConsole({ DEMO_OFFICE: 'true', DATABASE_URL: database }, { serviceClock: true })),
    );
    // The console answers while the office is being made: the desk, the radar and the changes read, never a 500.
    const admins = await Promise.all(instances.map((instance) => instance.signedIn('admin')));
    let seeding = true;
    const made = Promise.all(instances.map((instance) => instance.console.demo)).finally(() => {
      seeding = false;
    });
    while (seeding) {
      for (const admin of admins)
        for (const path of ['/bookings', '/bookings/radar', '/changes', '/travellers'])
          readsWhileSeeding.push((await admin.get(path)).status);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const results = await made;
    const maker = results.findIndex((result) => result?.seeded);
    const [seeded] = instances.splice(maker, 1);
    if (!seeded) throw new Error('neither instance made the demo office');
    app = seeded;
    demo = results[maker] ?? null;
    other = results[1 - maker] ?? null;
    for (const instance of instances) await instance.close();
  }, 600_000);
  afterAll(async () => {
    await app?.close();
  });

  it('is made on a first start on the embedded sandbox, by one of two instances, the console answering all along', () => {
    expect(demo?.seeded).toBe(true);
    expect(other?.seeded).toBe(false);
    expect(other?.reason).toMatch(/already/);
    expect(demo?.bookings.length).toBeGreaterThan(150);
    expect(readsWhileSeeding.length).toBeGreaterThan(0);
    expect(readsWhileSeeding.filter((status) => status !== 200)).toEqual([]);
  });

  it('puts every booking on the desk, of the three products, ticketed, confirmed, held and cancelled', async () => {
    const admin = await app.signedIn('admin');
    const rows = await everyRow(admin.get, '/bookings', (body) => LedgerListSchema.parse(body));
    expect(new Set(rows.map((row) => row.id))).toEqual(new Set(demo?.bookings.map((b) => b.id)));
    expect(new Set(rows.map((row) => row.product))).toEqual(new Set(['flight', 'hotel', 'activity']));
    const statuses = new Set(rows.map((row) => row.status.toLowerCase()));
    for (const status of ['ticketed', 'confirmed', 'held', 'cancelled']) expect(statuses).toContain(status);
    // Made over past months and for the coming ones, by both demo users.
    const made = rows.map((row) => row.created_at.slice(0, 7));
    expect(new Set(made).size).toBeGreaterThanOrEqual(5);
    expect(new Set(rows.map((row) => row.agent.email))).toEqual(
      new Set(['agent@demo.test', 'admin@demo.test']),
    );
  });

  it('has every booking in the sandbox, as the service reads it', async () => {
    const { service } = app.console.deps.upstream;
    for (const booking of demo?.bookings ?? []) {
      const read =
        booking.product === 'flight'
          ? await service.op.getFlightOrder({ id: booking.id })
          : booking.product === 'hotel'
            ? await service.op.getHotelOrder({ id: booking.id })
            : await service.op.getActivityBooking({ id: booking.id });
      expect(read.id).toBe(booking.id);
    }
  });

  it('runs clocks on the radar, leaves a few changes to act on and shows the ones handled', async () => {
    const admin = await app.signedIn('admin');
    const radar = RadarSchema.parse((await admin.get('/bookings/radar')).body);
    expect(radar.running).toBeGreaterThan(0);
    const open = ChangeListSchema.parse((await admin.get('/changes?state=open')).body);
    expect(open.data.length).toBe(demo?.openChanges);
    expect(open.data.length).toBeGreaterThanOrEqual(3);
    expect(new Set(open.data.map((change) => change.kind)).size).toBeGreaterThanOrEqual(2);
    const handled = ChangeListSchema.parse((await admin.get('/changes?state=handled')).body);
    expect(handled.data.every((change) => change.note)).toBe(true);
  });

  it('has the travellers in the directory and the trips with their bookings', async () => {
    const agent = await app.signedIn('agent');
    const travellers = await everyRow(agent.get, '/travellers', (body) => TravellerListSchema.parse(body));
    expect(travellers.length).toBe(demo?.travellers);
    expect(travellers.some((t) => /[^\p{Script=Latin}\s'-]/u.test(t.family_name))).toBe(true);
    const admin = await app.signedIn('admin');
    const trips = await everyRow(admin.get, '/trips', (body) => TripListSchema.parse(body));
    expect(trips.length).toBe(demo?.trips);
    expect(trips.length).toBeGreaterThanOrEqual(8);
    expect(trips.every((trip) => trip.parts >= 1)).toBe(true);
    expect(trips.filter((trip) => trip.parts >= 2).length).toBeGreaterThanOrEqual(5);
  });

  it('reports the months behind by month, with a margin, every booking counted', async () => {
    const admin = await app.signedIn('admin');
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 170 * 86_400_000).toISOString().slice(0, 10);
    const report = ReportSchema.parse(
      (await admin.get(`/admin/reports?from=${from}&to=${to}&by=month`)).body,
    );
    expect(report.totals.bookings).toBe(demo?.bookings.length);
    expect(report.periods.filter((period) => period.bookings > 0).length).toBeGreaterThanOrEqual(5);
    expect(Number(report.totals.margin.amount)).toBeGreaterThan(0);
    expect(report.totals.cancelled).toBeGreaterThan(0);
    expect(report.totals.lapsed).toBeGreaterThan(0);
    expect(report.agents.length).toBe(2);
    // The wallet's statement has the money moves on the days they were made, over the same months.
    const statement = StatementSchema.parse(
      (await admin.get(`/wallet/statement?from=${from}&to=${to}`)).body,
    );
    expect(new Set(statement.days.map((day) => day.day.slice(0, 7))).size).toBeGreaterThanOrEqual(5);
  });

  it('is not made again by a second start on the same store', async () => {
    const again = await startConsole({ DEMO_OFFICE: 'true', DATABASE_URL: database }, { serviceClock: true });
    try {
      const second = await again.console.demo;
      expect(second?.seeded).toBe(false);
      expect(second?.reason).toMatch(/already/);
      const admin = await again.signedIn('admin');
      const rows = await everyRow(admin.get, '/bookings', (body) => LedgerListSchema.parse(body));
      expect(rows.length).toBe(demo?.bookings.length);
    } finally {
      await again.close();
    }
  });
});
