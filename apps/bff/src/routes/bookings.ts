import { BookingsQuerySchema } from '@console/contract';
import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { parseQuery } from '../lib/parse.ts';
import type { AppEnv } from '../lib/types.ts';

/** The bookings ledger: agents see their own bookings, admins every agent's (docs/decisions/006). */
export function bookingRoutes(d: Deps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const query = parseQuery(c, BookingsQuerySchema);
    const user = c.get('user');
    const data = await d.ledger.list(query, {
      environment: d.upstream.service.environment,
      ...(user.role === 'admin' ? {} : { agentId: user.id }),
    });
    return c.json({ data });
  });
}
