import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChangeListSchema, LedgerListSchema } from '@console/contract';
import { describe, expect, it } from 'vitest';
import {
  freshDatabaseUrl,
  holdCanalTour,
  holdFlightOrder,
  holdHotelOrder,
  inDays,
  startConsole,
} from '../testing/console.ts';

/**
 * `pnpm start` twice on the same store (decision 045): the embedded sandbox keeps its state in a file beside the
 * console's, so the bookings made before the restart are still the service's.
 */
describe('the embedded sandbox across a restart of the console', () => {
  it('still knows the bookings made before: they read from the service, and the watch finds nothing missing', async () => {
    const settings = {
      DATABASE_URL: await freshDatabaseUrl(),
      SANDBOX_STATE_PATH: join(await mkdtemp(join(tmpdir(), 'console-sandbox-state-')), 'sandbox-state.json'),
      CHANGE_WATCH_MINUTES: '1',
      CHANGE_WATCH_RATE: '1000',
    };
    const first = await startConsole(settings);
    const reads: Record<string, unknown> = {};
    let ids: string[] = [];
    try {
      await first.calm();
      const agent = await first.signedIn('agent');
      const flight = await holdFlightOrder(agent, { clientReference: 'KEPT-FLIGHT' });
      const hotel = await holdHotelOrder(agent, { checkIn: inDays(20), checkOut: inDays(22) });
      const tour = await holdCanalTour(agent);
      // Paid and settled by the service (holds are the running clocks' to read; the watch reads these).
      expect((await agent.post(`/flights/orders/${flight.id}/ticket`)).status).toBe(200);
      expect((await agent.post(`/hotels/orders/${hotel.id}/confirm`)).status).toBe(200);
      expect((await agent.post(`/activities/bookings/${tour.id}/confirm`)).status).toBe(200);
      await first.control('/clock/advance', { seconds: 60 });
      const paths = [
        `/flights/orders/${flight.id}`,
        `/hotels/orders/${hotel.id}`,
        `/activities/bookings/${tour.id}`,
      ];
      ids = [flight.id, hotel.id, tour.id];
      for (const path of paths) {
        const reply = await agent.get(path);
        expect(reply.status).toBe(200);
        reads[path] = reply.body;
      }
    } finally {
      await first.close();
    }

    const second = await startConsole(settings);
    try {
      await second.calm();
      const agent = await second.signedIn('agent');
      for (const [path, before] of Object.entries(reads)) {
        const reply = await agent.get(path);
        expect({ path, status: reply.status }).toEqual({ path, status: 200 });
        expect(reply.body).toEqual(before);
      }
      // Each comes due for the watch and is read again from the service: none is missing.
      second.advanceConsoleClock(61_000);
      const round = await second.console.jobs.runOnce();
      expect(round).toMatchObject({ ran: true, watch: { read: 3, failed: 0 } });
      expect(ChangeListSchema.parse((await agent.get('/changes')).body).data).toEqual([]);
      const desk = LedgerListSchema.parse(
        (await agent.get(`/bookings?ids=${ids.map(encodeURIComponent).join(',')}`)).body,
      ).data;
      expect(desk.map((row) => row.id).sort()).toEqual([...ids].sort());
      expect(desk.map((row) => row.status)).not.toContain('unknown');
    } finally {
      await second.close();
    }
  });
});
