import { ReportSchema, toCents } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type TestConsole } from '../testing/console.ts';
import { seedHistory } from '../testing/history-seed.ts';

let t: TestConsole;
beforeAll(async () => {
  t = await startConsole();
});
afterAll(() => t.close());

describe('a long report’s whole months', () => {
  it('add up to the same figures as its days, by period, product and agent, after the bookings and their moves change', async () => {
    const admin = await t.signedIn('admin');
    const agents = Array.from({ length: 4 }, (_, k) => ({
      id: `usr_month_${k}`,
      email: `month${k}@seed.test`,
    }));
    // Four years of bookings written with SQL, their moves filled after: the day totals are inserted, then updated.
    await seedHistory(t.console.deps.db, { bookings: 3000, audit: 10, agents });
    const from = new Date(Date.now() - 3 * 365 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date().toISOString().slice(0, 10);
    const read = async (by: string) =>
      ReportSchema.parse((await admin.get(`/admin/reports?from=${from}&to=${to}&by=${by}`)).body);
    const [byDay, byMonth] = [await read('day'), await read('month')];
    // The day report's periods are every day of the range from the day totals: the reference.
    expect(byDay.totals.bookings).toBeGreaterThan(2000);
    expect(byMonth.totals).toEqual(byDay.totals);
    // By product and by agent read the whole months from the month totals and the edge days from the day totals.
    const cents = (figures: { paid: { amount: string } }[]) =>
      figures.reduce((n, f) => n + toCents(f.paid.amount), 0n);
    expect(cents(byMonth.products)).toBe(toCents(byDay.totals.paid.amount));
    expect(cents(byMonth.agents)).toBe(toCents(byDay.totals.paid.amount));
    expect(byMonth.agents.reduce((n, a) => n + a.bookings, 0)).toBe(byDay.totals.bookings);
    // Each month's figures are its days' figures summed.
    for (const month of byMonth.periods) {
      const days = byDay.periods.filter((p) => p.period.startsWith(month.period));
      expect(month.bookings).toBe(days.reduce((n, d) => n + d.bookings, 0));
      expect(toCents(month.net_paid.amount)).toBe(days.reduce((n, d) => n + toCents(d.net_paid.amount), 0n));
      expect(toCents(month.client.amount)).toBe(days.reduce((n, d) => n + toCents(d.client.amount), 0n));
    }
    // A change made with SQL after that counts in the months as in the days.
    await t.console.deps.db
      .updateTable('bookings')
      .set({ status: 'cancelled' })
      .where('status', '=', 'confirmed')
      .where('created_at', '>=', from)
      .execute();
    const [again, againByMonth] = [await read('day'), await read('month')];
    expect(again.totals.cancelled).toBeGreaterThan(byDay.totals.cancelled);
    expect(againByMonth.totals).toEqual(again.totals);
    expect(again.agents.reduce((n, a) => n + a.cancelled, 0)).toBe(again.totals.cancelled);
    expect(again.products.reduce((n, p) => n + p.bookings, 0)).toBe(again.totals.bookings);
  });
});
