import { travellersApi } from '@console/contract';
import type { Context } from 'hono';
import { mayReach, reachableBooking, seesOfficeWide } from '../bookings/index.ts';
import { requireRole } from '../identity/index.ts';
import { ConsoleError } from '../platform/errors.ts';
import { router } from '../platform/route.ts';
import type { AppEnv, SignedInUser } from '../platform/types.ts';
import type { TravellersDeps } from './deps.ts';
import { Travellers } from './travellers.ts';

const notFound = () => new ConsoleError('resource_not_found', { param: 'id', message: 'No such traveller.' });

/**
 * Who may merge profiles (decision 043, after 015): those who see the office's bookings merge any; an agent, the
 * profiles they saved themselves.
 */
const mayMerge = (user: SignedInUser, createdBy: readonly string[]) =>
  seesOfficeWide(user) || createdBy.every((id) => id === user.id);

/**
 * The office's traveller directory: every agent reads and writes it, one profile per person (decision 043); only an
 * admin deletes (decision 018).
 */
export function travellerRoutes(d: TravellersDeps) {
  const travellers = new Travellers(d.db);
  const environment = () => d.upstream.service.environment;
  /** A booking a traveller is linked to must be one this user may reach (else 404, as decision 015). */
  const reachable = async (c: Context<AppEnv>, bookingId: string | undefined) => {
    if (bookingId) await reachableBooking(d.ledger, c.get('user'), bookingId, environment(), 'booking_id');
  };
  const audited = (
    c: { get(key: 'user'): { id: string; email: string } },
    action: string,
    id: string,
    status: number,
  ) => d.audit.write(c.get('user'), { action, resourceId: id }, 'succeeded', status, null);
  return router('/travellers')
    .handle(travellersApi.list, async (c, { query }) => c.json(await travellers.list(query)))
    .handle(travellersApi.save, async (c, { body }) => {
      await reachable(c, body.booking_id);
      const { traveller, outcome } = await travellers.save(body, c.get('user'));
      const status = outcome === 'created' ? 201 : 200;
      await audited(c, `traveller.${outcome === 'created' ? 'create' : 'update'}`, traveller.id, status);
      return c.json({ ...traveller, outcome }, status);
    })
    .handle(travellersApi.matches, async (c, { body }) =>
      c.json({ data: await travellers.matches(body, { bookingId: body.booking_id }) }),
    )
    .handle(travellersApi.duplicates, async (c, { query }) => {
      const user = c.get('user');
      return c.json(await travellers.duplicates(query, (createdBy) => mayMerge(user, createdBy)));
    })
    .handle(travellersApi.merge, async (c, { params: { id }, body: { other_id } }) => {
      if (other_id === id)
        throw new ConsoleError('validation_failed', {
          param: 'other_id',
          message: 'other_id: a profile cannot be merged into itself.',
        });
      const [kept, other] = [await travellers.createdBy(id), await travellers.createdBy(other_id)];
      if (kept === undefined) throw notFound();
      if (other === undefined)
        throw new ConsoleError('resource_not_found', { param: 'other_id', message: 'No such traveller.' });
      if (!mayMerge(c.get('user'), [kept, other]))
        throw new ConsoleError('forbidden', {
          message:
            'You may merge only travellers you saved yourself; an admin, or an agent with the office’s bookings, may merge these.',
        });
      const merged = await travellers.merge(id, other_id, c.get('user'));
      if (!merged) throw notFound();
      await audited(c, 'traveller.merge', id, 200);
      await audited(c, 'traveller.merged_away', other_id, 200);
      return c.json(merged);
    })
    .handle(travellersApi.bookings, async (c, { params: { id }, query }) => {
      const traveller = await travellers.get(id);
      if (!traveller) throw notFound();
      const page = await travellers.bookingIds(traveller.id, query);
      const user = c.get('user');
      // A page may hold fewer than asked: the bookings of other agents are left out (decision 015).
      const data = (await d.ledger.byIds(page.ids, environment())).filter((e) => mayReach(user, e.agent.id));
      return c.json({ data, has_more: page.has_more, next_cursor: page.next_cursor });
    })
    .handle(travellersApi.link, async (c, { params: { id, bookingId } }) => {
      if ((await travellers.createdBy(id)) === undefined) throw notFound();
      await reachable(c, bookingId);
      await travellers.link(id, bookingId);
      return c.json({ id, booking_id: bookingId });
    })
    .handle(travellersApi.one, async (c, { params: { id } }) => {
      const traveller = await travellers.get(id);
      if (!traveller) throw notFound();
      return c.json(traveller);
    })
    .handle(travellersApi.update, async (c, { params: { id }, body }) => {
      const updated = await travellers.update(id, body);
      if (!updated) throw notFound();
      await audited(c, 'traveller.update', id, 200);
      return c.json(updated);
    })
    .handle(travellersApi.remove, requireRole('admin'), async (c, { params: { id } }) => {
      if (!(await travellers.delete(id))) throw notFound();
      await audited(c, 'traveller.delete', id, 200);
      return c.json({ id, deleted: true });
    }).app;
}
