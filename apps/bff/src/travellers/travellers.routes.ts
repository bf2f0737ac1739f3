import {
  LedgerListSchema,
  TravellerDuplicateListSchema,
  TravellerDuplicatesQuerySchema,
  TravellerInputSchema,
  TravellerListSchema,
  TravellerMatchListSchema,
  TravellerMatchQuerySchema,
  TravellerMergeSchema,
  TravellerSavedSchema,
  TravellerSaveSchema,
  TravellerSchema,
  TravellersQuerySchema,
} from '@console/contract';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { mayReach, reachableBooking, seesOfficeWide } from '../bookings/index.ts';
import { requireRole } from '../identity/index.ts';
import { ConsoleError } from '../platform/errors.ts';
import { doc } from '../platform/openapi-doc.ts';
import { parseBody, parseQuery, pathId } from '../platform/parse.ts';
import type { AppEnv, SignedInUser } from '../platform/types.ts';
import type { TravellersDeps } from './deps.ts';
import { Travellers } from './travellers.ts';

const notFound = () => new ConsoleError('resource_not_found', { param: 'id', message: 'No such traveller.' });

const BookingsQuerySchema = z.object({
  after: z.string().trim().min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

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
  return new Hono<AppEnv>()
    .get(
      '/',
      doc({
        summary: "The office's traveller directory (no document numbers, contact or notes)",
        tag: 'travellers',
        query: TravellersQuerySchema,
        response: TravellerListSchema,
      }),
      async (c) => c.json(await travellers.list(parseQuery(c, TravellersQuerySchema))),
    )
    .post(
      '/',
      doc({
        summary:
          'Save a traveller once (audited): 409 traveller_exists with the profiles matched, unless on_match says update or new',
        tag: 'travellers',
        body: TravellerSaveSchema,
        response: TravellerSavedSchema,
        status: 201,
      }),
      async (c) => {
        const body = await parseBody(c, TravellerSaveSchema);
        await reachable(c, body.booking_id);
        const { traveller, outcome } = await travellers.save(body, c.get('user'));
        const status = outcome === 'created' ? 201 : 200;
        await audited(c, `traveller.${outcome === 'created' ? 'create' : 'update'}`, traveller.id, status);
        return c.json({ ...traveller, outcome }, status);
      },
    )
    .post(
      '/matches',
      doc({
        summary: 'The profiles a person matches (name and birth date, or a document); nothing is written',
        tag: 'travellers',
        body: TravellerMatchQuerySchema,
        response: TravellerMatchListSchema,
      }),
      async (c) => {
        const body = await parseBody(c, TravellerMatchQuerySchema);
        return c.json({ data: await travellers.matches(body, { bookingId: body.booking_id }) });
      },
    )
    .get(
      '/duplicates',
      doc({
        summary: 'Profiles that are likely one person, in pairs, and whether this user may merge each',
        tag: 'travellers',
        query: TravellerDuplicatesQuerySchema,
        response: TravellerDuplicateListSchema,
      }),
      async (c) => {
        const user = c.get('user');
        const query = parseQuery(c, TravellerDuplicatesQuerySchema);
        return c.json(await travellers.duplicates(query, (createdBy) => mayMerge(user, createdBy)));
      },
    )
    .post(
      '/:id/merge',
      doc({
        summary: 'Merge another profile into this one: its bookings follow, its id leads here (audited)',
        tag: 'travellers',
        body: TravellerMergeSchema,
        response: TravellerSchema,
      }),
      async (c) => {
        const id = pathId(c, 'id');
        const { other_id } = await parseBody(c, TravellerMergeSchema);
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
      },
    )
    .get(
      '/:id/bookings',
      doc({
        summary: "A traveller's bookings, newest link first, those this user may reach",
        tag: 'travellers',
        query: BookingsQuerySchema,
        response: LedgerListSchema,
      }),
      async (c) => {
        const traveller = await travellers.get(pathId(c, 'id'));
        if (!traveller) throw notFound();
        const query = parseQuery(c, BookingsQuerySchema);
        const page = await travellers.bookingIds(traveller.id, query);
        const user = c.get('user');
        // A page may hold fewer than asked: the bookings of other agents are left out (decision 015).
        const data = (await d.ledger.byIds(page.ids, environment())).filter((e) =>
          mayReach(user, e.agent.id),
        );
        return c.json({ data, has_more: page.has_more, next_cursor: page.next_cursor });
      },
    )
    .put(
      '/:id/bookings/:bookingId',
      doc({
        summary: 'Link a traveller to a booking they travel on (picked from the directory on its form)',
        tag: 'travellers',
        response: z.object({ id: z.string(), booking_id: z.string() }),
      }),
      async (c) => {
        const id = pathId(c, 'id');
        const bookingId = pathId(c, 'bookingId');
        if ((await travellers.createdBy(id)) === undefined) throw notFound();
        await reachable(c, bookingId);
        await travellers.link(id, bookingId);
        return c.json({ id, booking_id: bookingId });
      },
    )
    .get(
      '/:id',
      doc({
        summary: 'One traveller, whole',
        tag: 'travellers',
        response: TravellerSchema,
      }),
      async (c) => {
        const traveller = await travellers.get(pathId(c, 'id'));
        if (!traveller) throw notFound();
        return c.json(traveller);
      },
    )
    .put(
      '/:id',
      doc({
        summary: 'Change a traveller (audited)',
        tag: 'travellers',
        body: TravellerInputSchema,
        response: TravellerSchema,
      }),
      async (c) => {
        const id = pathId(c, 'id');
        const body = await parseBody(c, TravellerInputSchema);
        const updated = await travellers.update(id, body);
        if (!updated) throw notFound();
        await audited(c, 'traveller.update', id, 200);
        return c.json(updated);
      },
    )
    .delete(
      '/:id',
      doc({
        summary: 'Delete a traveller and all their data (audited)',
        tag: 'travellers',
        response: z.object({ id: z.string(), deleted: z.boolean() }),
        admin: true,
      }),
      requireRole('admin'),
      async (c) => {
        const id = pathId(c, 'id');
        if (!(await travellers.delete(id))) throw notFound();
        await audited(c, 'traveller.delete', id, 200);
        return c.json({ id, deleted: true });
      },
    );
}
