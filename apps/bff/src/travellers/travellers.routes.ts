import {
  TravellerInputSchema,
  TravellerListSchema,
  TravellerSchema,
  TravellersQuerySchema,
} from '@console/contract';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireRole } from '../identity/index.ts';
import { ConsoleError } from '../platform/errors.ts';
import { doc } from '../platform/openapi-doc.ts';
import { parseBody, parseQuery, pathId } from '../platform/parse.ts';
import type { AppEnv } from '../platform/types.ts';
import type { TravellersDeps } from './deps.ts';
import { Travellers } from './travellers.ts';

const notFound = () => new ConsoleError('resource_not_found', { param: 'id', message: 'No such traveller.' });

/** The office's traveller directory: every agent reads and writes it; only an admin deletes (decision 018). */
export function travellerRoutes(d: TravellersDeps) {
  const travellers = new Travellers(d.db);
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
        summary: 'Save a traveller (audited)',
        tag: 'travellers',
        body: TravellerInputSchema,
        response: TravellerSchema,
        status: 201,
      }),
      async (c) => {
        const body = await parseBody(c, TravellerInputSchema);
        const created = await travellers.create(body, c.get('user'));
        await audited(c, 'traveller.create', created.id, 201);
        return c.json(created, 201);
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
