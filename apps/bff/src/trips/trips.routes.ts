import { type TripDetail, tripsApi } from '@console/contract';
import type { Context } from 'hono';
import { mayReach, reachableBooking, tripEvent } from '../bookings/index.ts';
import { ConsoleError } from '../platform/errors.ts';
import { router } from '../platform/route.ts';
import type { AppEnv } from '../platform/types.ts';
import { zoneOfRequest } from '../platform/zoned-time.ts';
import { tripConflicts } from './conflicts.ts';
import type { TripsDeps } from './deps.ts';
import { itineraryPdf } from './itinerary-pdf.ts';
import { readParts, Trips } from './trips.ts';

const noTrip = () => new ConsoleError('resource_not_found', { param: 'id', message: 'No such trip.' });

/** Trip files (decision 019): a client's flight, hotel and activity bookings as one timeline, with conflicts. */
export function tripRoutes(d: TripsDeps) {
  const trips = new Trips(d.db, d.ledger, d.people);
  const environment = () => d.upstream.service.environment;

  /** The trip of the path, if this user may see it. */
  const tripOf = async (c: Context<AppEnv>, id: string) => {
    const row = await trips.get(id, c.get('user'), environment());
    if (!row) throw noTrip();
    return row;
  };
  /** A booking this user may reach (their own, or the office's when they see it), as the ledger has it. */
  const reachable = (c: Context<AppEnv>, bookingId: string) =>
    reachableBooking(d.ledger, c.get('user'), bookingId, environment(), 'booking_id');
  /** The trip's parts as the service has them now, limited to the bookings this user may reach. */
  const partsOf = async (c: Context<AppEnv>, row: Parameters<Trips['bookingIds']>[0]) => {
    const user = c.get('user');
    const entries = (await d.ledger.byIds(await trips.bookingIds(row, user), row.environment)).filter((e) =>
      mayReach(user, e.agent.id),
    );
    return readParts(d, entries);
  };
  const audit = (c: Context<AppEnv>, action: string, id: string, status = 200) =>
    d.audit.write(c.get('user'), { action, resourceId: id }, 'succeeded', status, null);

  return router('/trips')
    .handle(tripsApi.list, async (c, { query }) => {
      if (query.booking) {
        const entry = await reachable(c, query.booking).catch(() => null);
        if (!entry) return c.json({ data: [], has_more: false, next_cursor: null });
        const rows = await trips.ofBooking(
          { id: entry.id, clientReference: entry.client_reference, agentId: entry.agent.id },
          environment(),
        );
        const user = c.get('user');
        // The few trips one booking is part of: one page.
        return c.json({
          data: await Promise.all(
            rows.filter((r) => mayReach(user, r.agent_id)).map((r) => trips.view(r, user)),
          ),
          has_more: false,
          next_cursor: null,
        });
      }
      return c.json(await trips.list(query, c.get('user'), environment()));
    })
    .handle(tripsApi.create, async (c, { body }) => {
      const entry = body.booking_id ? await reachable(c, body.booking_id) : null;
      // Unique per agent, checked among the trips this user sees: another agent's is no answer (decision 044).
      const taken = () =>
        new ConsoleError('invalid_state', {
          param: 'reference',
          message: `reference: ${body.reference} is already a trip's reference.`,
        });
      if (body.reference && (await trips.byReference(body.reference, c.get('user'), environment())))
        throw taken();
      const travellers =
        body.travellers.length > 0 ? body.travellers : (entry?.people.filter((p) => !p.includes('@')) ?? []);
      const row = await trips.create({ ...body, travellers }, c.get('user'), environment());
      if (!row) throw taken();
      await audit(c, 'trip.create', row.id, 201);
      if (body.booking_id) await d.timeline.note(tripEvent(body.booking_id, c.get('user'), row, true));
      return c.json(await trips.view(row, c.get('user')), 201);
    })
    .handle(tripsApi.one, async (c, { params: { id } }) => {
      const row = await tripOf(c, id);
      const parts = await partsOf(c, row);
      const trip = await trips.view(row, c.get('user'));
      const body: TripDetail = {
        ...trip,
        parts: parts.map(({ arrival_on: _a, departure_on: _d, ...part }) => part),
        part_count: parts.length,
        conflicts: tripConflicts(parts),
      };
      return c.json(body);
    })
    .handle(tripsApi.update, async (c, { params: { id }, body }) => {
      const row = await tripOf(c, id);
      const updated = await trips.update(row, body);
      await audit(c, 'trip.update', row.id);
      return c.json(await trips.view(updated, c.get('user')));
    })
    .handle(tripsApi.attach, async (c, { params: { id }, body: { booking_id } }) => {
      const row = await tripOf(c, id);
      await reachable(c, booking_id);
      const joined = await trips.attach(row.id, booking_id);
      await audit(c, 'trip.attach', row.id);
      if (joined) await d.timeline.note(tripEvent(booking_id, c.get('user'), row, true));
      return c.json(await trips.view(row, c.get('user')));
    })
    .handle(tripsApi.detach, async (c, { params: { id, bookingId } }) => {
      const row = await tripOf(c, id);
      if (!(await trips.detach(row.id, bookingId)))
        throw new ConsoleError('invalid_state', {
          param: 'booking_id',
          message:
            'This booking is not attached to the trip: it belongs by its client reference, which is the trip’s.',
        });
      await audit(c, 'trip.detach', row.id);
      await d.timeline.note(tripEvent(bookingId, c.get('user'), row, false));
      return c.json(await trips.view(row, c.get('user')));
    })
    .handle(tripsApi.itinerary, async (c, { params: { id } }) => {
      const row = await tripOf(c, id);
      const parts = await partsOf(c, row);
      const pdf = await itineraryPdf(
        await trips.view(row, c.get('user')),
        parts,
        new Date(),
        zoneOfRequest(c),
      );
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="itinerary-${row.reference.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf"`,
      });
    }).app;
}
