import { ServiceError, type Settled } from '@console/client';
import { OPERATIONS, type OperationName, type Product } from '@console/contract';
import { type Context, Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { type Facts, looseFacts } from './ledger.ts';
import { parseBody, parseQuery, pathId } from './parse.ts';
import type { AppEnv } from './types.ts';

/**
 * Reads that the console passes on as they are: every `read` operation of the table except those with handlers of
 * their own (the order reads refresh the ledger; wallet and credentials are for admins only).
 */
const OWN_HANDLERS = new Set<OperationName>([
  'wallet',
  'introspect',
  'getFlightOrder',
  'getHotelOrder',
  'getActivityBooking',
]);
export const RELAYED_READS = (Object.keys(OPERATIONS) as OperationName[]).filter(
  (name) => OPERATIONS[name].effect === 'read' && !OWN_HANDLERS.has(name),
);

/** The Hono route of a table path: `/flights/offers/{id}` → `/flights/offers/:id`. */
export const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** One operation's input from a browser request: path ids checked, query and body validated with its schemas. */
async function inputOf(c: Context<AppEnv>, name: OperationName): Promise<Record<string, unknown>> {
  const operation = OPERATIONS[name];
  const input: Record<string, unknown> = { signal: c.req.raw.signal };
  for (const [, param] of operation.path.matchAll(/\{(\w+)\}/g)) if (param) input[param] = pathId(c, param);
  if ('query' in operation) input.query = parseQuery(c, operation.query);
  if ('body' in operation) input.body = await parseBody(c, operation.body);
  return input;
}

/**
 * The relay routes derived from the operation table: method, path, query and body schemas and success status all
 * come from the one declaration.
 */
export function relayRoutes(d: Deps) {
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

/**
 * The ledger's facts of a settled create or action: read in full when the answer matched the contract, otherwise
 * what can be read of it (id, status, total, deadline). An answer that names no booking at all cannot be recorded:
 * the outcome is unknown and the browser asks again with the same key.
 */
export function factsOf<T>(
  settled: Settled<T>,
  product: Product,
  read: (value: T) => Facts,
  knownId?: string,
): Facts & { partial: boolean } {
  if (settled.value !== null) return { ...read(settled.value), partial: false };
  const facts = looseFacts(product, settled.raw, knownId);
  if (!facts)
    throw ServiceError.local('outcome_unknown', 502, {
      outcome: 'unknown',
      retryable: true,
      message: 'The booking service answered, but its answer names no booking. The console will ask again.',
    });
  return { ...facts, partial: true };
}

/**
 * The body to send on for a settled answer: the answer as read, or the service's own body when it could not be read
 * in full (marked `Console-Partial: true`, so the page shows what it can instead of an error).
 */
export function settledBody<T>(c: Context<AppEnv>, settled: Settled<T>): unknown {
  if (settled.value !== null) return settled.value;
  c.header('Console-Partial', 'true');
  return settled.raw;
}

/** What the audit log keeps of a settled answer: the booking's id and amount when they can be read. */
export function auditFacts<T>(
  settled: Settled<T>,
  product: Product,
  read: (value: T) => Facts,
  knownId?: string,
): { resourceId?: string; amount?: Facts['total'] | null } {
  const facts = settled.value !== null ? read(settled.value) : looseFacts(product, settled.raw, knownId);
  return facts ? { resourceId: facts.id, amount: facts.partial ? null : facts.total } : {};
}
