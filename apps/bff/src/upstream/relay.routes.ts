import type { CallInput } from '@console/client';
import { OPERATIONS, type OperationName } from '@console/contract';
import { type Context, Hono } from 'hono';
import { parseBody, parseQuery, pathId } from '../platform/parse.ts';
import type { AppEnv } from '../platform/types.ts';
import type { UpstreamDeps } from './deps.ts';

/**
 * Reads that the console passes on as they are: every `read` operation of the table except those with handlers of
 * their own (the order reads refresh the ledger; wallet and credentials are for admins only; a product's read notes
 * its first picture for its page's preload hint).
 */
const OWN_HANDLERS = new Set<OperationName>([
  'wallet',
  'introspect',
  'getFlightOrder',
  'getHotelOrder',
  'getActivityBooking',
  'activityBookings',
  'activityProduct',
]);
export const RELAYED_READS = (Object.keys(OPERATIONS) as OperationName[]).filter(
  (name) => OPERATIONS[name].effect === 'read' && !OWN_HANDLERS.has(name),
);

/** The Hono route of a table path: `/flights/offers/{id}` → `/flights/offers/:id`. */
export const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** One operation's input from a browser request: path ids checked, query and body validated with its schemas. */
async function inputOf(c: Context<AppEnv>, name: OperationName): Promise<CallInput> {
  const operation = OPERATIONS[name];
  const params: Record<string, string> = {};
  for (const [, param] of operation.path.matchAll(/\{(\w+)\}/g)) if (param) params[param] = pathId(c, param);
  return {
    ...params,
    signal: c.req.raw.signal,
    query: 'query' in operation ? parseQuery(c, operation.query) : undefined,
    body: 'body' in operation ? await parseBody(c, operation.body) : undefined,
  };
}

/**
 * The relay routes derived from the operation table: method, path, query and body schemas and success status all
 * come from the one declaration. The answer is read with the operation's schema here too, not passed on as the
 * service's bytes: tried (decision 038, seventh pass), that saved no measurable time under the bench's load and
 * would have lost the retried, enveloped `upstream_malformed` for an answer of the wrong shape.
 */
export function relayRoutes(d: UpstreamDeps) {
  const app = new Hono<AppEnv>();
  for (const name of RELAYED_READS) {
    const operation = OPERATIONS[name];
    app.on(operation.method, honoPath(operation.path), async (c) =>
      c.json(
        await d.upstream.service.callByName(name, await inputOf(c, name)),
        'status' in operation ? operation.status : 200,
      ),
    );
  }
  return app;
}
