import { ErrorEnvelopeSchema, fromCents, LedgerListSchema, ReportSchema, toCents } from '@console/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  holdCanalTour,
  holdFlightOrder,
  startConsole,
  type TestConsole,
  testDatabase,
} from '../testing/console.ts';
import { rangeParts, reportReads } from './reports.ts';

let t: TestConsole;
beforeAll(async () => {
  t = await startConsole();
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe('the office’s reports', () => {
  it('count bookings, net, client price and margin by day, product and agent, from totals any write keeps', async () => {
    const admin = await t.signedIn('admin');
    const rule = (await admin.post('/pricing/rules', { product: 'activity', percent: '10' })).body as {
      id: string;
    };
    const agent = await t.signedIn('agent');
    const tours = [await holdCanalTour(agent), await holdCanalTour(agent)];
    const flight = await holdFlightOrder(agent, { clientReference: 'REPORT-1' });
    expect((await agent.post(`/flights/orders/${flight.id}/cancellation`)).status).toBe(200);

    let report = ReportSchema.parse(
      (await admin.get(`/admin/reports?from=${daysAgo(6)}&to=${today()}&by=day`)).body,
    );
    const desk = LedgerListSchema.parse(
      (await admin.get(`/bookings?created_from=${today()}&limit=500`)).body,
    ).data;
    const sum = (values: string[]) => fromCents(values.reduce((n, v) => n + toCents(v), 0n));
    expect(report.totals.bookings).toBe(desk.length);
    // Nothing paid yet: the two tours are on hold, not paid; the flight's hold was let go.
    expect(report.totals).toMatchObject({
      net_paid: { amount: '0.00' },
      client: { amount: '0.00' },
      on_hold: 2,
      on_hold_net: { amount: sum(tours.map((b) => b.total.amount)) },
    });
    expect(report.totals.cancelled).toBe(1);

    // Paid: the wallet paid their net, the clients owe their client price, the margin is the fee.
    for (const tour of tours) await agent.post(`/activities/bookings/${tour.id}/confirm`);
    report = ReportSchema.parse(
      (await admin.get(`/admin/reports?from=${daysAgo(6)}&to=${today()}&by=day`)).body,
    );
    const paid = LedgerListSchema.parse((await admin.get(`/bookings?product=activity&limit=500`)).body).data;
    expect(report.totals.net_paid.amount).toBe(sum(paid.map((e) => e.total.amount)));
    expect(report.totals.client.amount).toBe(sum(paid.map((e) => e.price?.client.amount ?? e.total.amount)));
    expect(report.totals.margin.amount).toBe(
      sum(tours.map((b) => fromCents((toCents(b.total.amount) * 1000n + 5000n) / 10000n))),
    );
    expect(report.totals.on_hold).toBe(0);
    // Seven days, the empty ones too; today's holds all on today.
    expect(report.periods.map((p) => p.period)).toHaveLength(7);
    expect(report.periods.at(-1)).toMatchObject({ period: today(), bookings: desk.length });
    expect(report.products.find((p) => p.product === 'activity')?.bookings).toBe(2);
    expect(report.products.find((p) => p.product === 'activity')?.net_paid.amount).toBe(
      report.totals.net_paid.amount,
    );
    expect(report.agents.find((a) => a.agent.email === 'agent@demo.test')?.bookings).toBe(3);

    // A hold that lapsed unpaid, written by another path (SQL): the totals of the bookings made follow.
    const lapsing = await holdCanalTour(agent);
    await sql`update bookings set status = 'cancelled', updated_at = ${'9999-01-01T00:00:00Z'} where id = ${lapsing.id}`.execute(
      t.console.deps.db,
    );
    const after = ReportSchema.parse((await admin.get(`/admin/reports?from=${today()}&to=${today()}`)).body);
    expect(after.totals).toMatchObject({ lapsed: 1, lapsed_net: lapsing.total, cancelled: 2 });
    await admin.delete(`/pricing/rules/${rule.id}`);
  });

  it('group by week from Monday or by month, give each table as CSV, and refuse a range backwards', async () => {
    const admin = await t.signedIn('admin');
    const weeks = ReportSchema.parse(
      (await admin.get('/admin/reports?from=2026-11-01&to=2026-11-30&by=week')).body,
    );
    expect(weeks.periods.map((p) => p.period)).toEqual([
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
    ]);
    const months = ReportSchema.parse(
      (await admin.get('/admin/reports?from=2026-01-15&to=2026-03-01&by=month')).body,
    );
    expect(months.periods.map((p) => p.period)).toEqual(['2026-01', '2026-02', '2026-03']);
    const csv = await admin.get(`/admin/reports?from=${daysAgo(1)}&to=${today()}&format=csv&table=products`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.text.split('\r\n')[0]).toBe(
      '"product","bookings","paid","refunded","net_paid","client","margin","lost","lost_net","on_hold","on_hold_net","cancelled","cancelled_net","lapsed","lapsed_net","currency"',
    );
    const backwards = await admin.get('/admin/reports?from=2026-11-30&to=2026-11-01');
    expect({
      status: backwards.status,
      param: ErrorEnvelopeSchema.parse(backwards.body).error.param,
    }).toEqual({
      status: 400,
      param: 'to',
    });
    expect(
      (await (await t.signedIn('agent')).get(`/admin/reports?from=${today()}&to=${today()}`)).status,
    ).toBe(403);
  });
});

describe('the report’s reads', () => {
  it('read through the totals’ keys, reading no table whole, for each grouping', async () => {
    const db = t.console.deps.db;
    for (const by of ['day', 'week', 'month'] as const) {
      const r = reportReads(db, { from: daysAgo(3 * 365), to: today(), by }, 'test');
      const reads = [...r.periods, ...r.products, ...r.agents];
      // By month, a long range's whole months come from the month totals, only its edge days from the day totals.
      if (by === 'month')
        expect(reads.filter((read) => /month_totals/.test(read.compile().sql))).toHaveLength(3);
      for (const read of reads) {
        const { sql: text, parameters } = read.compile();
        let n = 0;
        const explained = text.replace(/\$\d+|\?/g, () => `'${String(parameters[n++])}'`);
        let plan: string;
        if (testDatabase() === 'postgres')
          plan = await db.connection().execute(async (conn) => {
            // Whole-table reads made as dear as PostgreSQL allows, so a plan that needs one shows it.
            await sql`set enable_seqscan = off`.execute(conn);
            const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${sql.raw(explained)}`.execute(conn);
            await sql`reset enable_seqscan`.execute(conn);
            return rows.map((row) => row['QUERY PLAN']).join('\n');
          });
        else {
          const { rows } = await sql<{ detail: string }>`explain query plan ${sql.raw(explained)}`.execute(
            db,
          );
          plan = rows.map((row) => row.detail).join('\n');
        }
        expect(plan).toMatch(/(day|month)_totals/);
        expect(plan).not.toMatch(/Seq Scan|\bSCAN \w+$|\bSCAN \w+\n/m);
      }
    }
  });

  it('split a range into its whole months and the days at its edges', () => {
    expect(rangeParts('2024-01-15', '2026-11-29')).toEqual({
      days: [
        ['2024-01-15', '2024-01-31'],
        ['2026-11-01', '2026-11-29'],
      ],
      months: ['2024-02', '2026-10'],
    });
    expect(rangeParts('2026-01-01', '2026-03-31')).toEqual({ days: [], months: ['2026-01', '2026-03'] });
    expect(rangeParts('2024-02-01', '2024-02-29')).toEqual({ days: [], months: ['2024-02', '2024-02'] });
    expect(rangeParts('2026-11-03', '2026-11-29')).toEqual({
      days: [['2026-11-03', '2026-11-29']],
      months: null,
    });
    expect(rangeParts('2026-10-31', '2026-11-01')).toEqual({
      days: [['2026-10-31', '2026-11-01']],
      months: null,
    });
  });
});
