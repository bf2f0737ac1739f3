import { createHash } from 'node:crypto';
import {
  CSRF_HEADER,
  DOWNLOAD_VOUCHER,
  ErrorEnvelopeSchema,
  OPERATIONS,
  type OperationName,
  SERVICE_TIME_HEADER,
  STREAM_FLIGHT_SEARCH,
} from '@console/contract';
import { z } from 'zod';
import { SESSION_COOKIE } from './identity/guards.ts';
import { docOf, type RouteDoc } from './platform/openapi-doc.ts';

type Json = Record<string, unknown>;

/** A route of the console's API: what it takes and gives, as the schemas its handler validates with. */
interface Route extends RouteDoc {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** `/api/...` with `{param}`s. */
  path: string;
}

const tagOf = (path: string) => path.split('/')[1] ?? 'service';

/** Every service operation the console relays or acts on is mounted at `/api` + its own path (decision 013). */
function serviceRoutes(): Route[] {
  const routes: Route[] = (Object.keys(OPERATIONS) as OperationName[]).map((name) => {
    const op = OPERATIONS[name];
    return {
      method: op.method,
      path: `/api${op.path}`,
      summary: `${name}: the service's ${op.method} ${op.path}${op.effect === 'read' ? '' : ` (${op.effect}; audited and recorded in the ledger)`}`,
      tag: tagOf(op.path),
      ...('body' in op ? { body: op.body } : {}),
      ...('query' in op ? { query: op.query } : {}),
      response: op.response,
      ...('status' in op ? { status: op.status } : {}),
      ...(name === 'wallet' || name === 'introspect' ? { admin: true } : {}),
    };
  });
  return [
    // The service's introspection is the admin's credentials view; the wallet is admin-only too.
    ...routes.filter((r) => !r.path.startsWith('/api/auth/')),
    {
      method: 'POST',
      path: `/api${STREAM_FLIGHT_SEARCH.path}`,
      summary: 'The streamed flight search, relayed event by event (text/event-stream)',
      tag: 'flights',
      body: STREAM_FLIGHT_SEARCH.body,
      response: 'text/event-stream',
    },
    {
      method: 'GET',
      path: `/api${DOWNLOAD_VOUCHER.path}`,
      summary: 'A voucher as PDF (refused for a cancelled or refunded booking)',
      tag: 'activities',
      response: 'application/pdf',
    },
  ];
}

/** Every route of the console's API, as the OpenAPI document describes them. */
/** A mounted route as Hono lists it (`app.routes`): its method, its whole path, one of its handlers. */
export interface MountedRoute {
  method: string;
  path: string;
  handler: unknown;
}

const METHODS = new Set(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']);

/**
 * Every route of `/api`: the console's own, each described by the `doc()` it is declared with (platform/openapi-doc.ts),
 * and the service's operations the console relays or acts on, described by the operation table itself.
 */
export function apiRoutes(mounted: readonly MountedRoute[]): Route[] {
  const own = mounted.flatMap((route): Route[] => {
    const described = docOf(route.handler);
    if (!described || !METHODS.has(route.method)) return [];
    return [
      {
        ...described,
        method: route.method as Route['method'],
        path: route.path.replace(/:(\w+)/g, '{$1}'),
      },
    ];
  });
  return [...own, ...serviceRoutes()];
}

/** Shared definitions (recursive ones: an open JSON value) named by their content, for `components.schemas`. */
const definitions = new Map<string, Json>();

/**
 * A schema as JSON Schema 2020-12 for the document: its own `$defs` (Zod's, for recursive values) move to
 * `components.schemas` under names made from their content, and the references follow them.
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const {
    $defs,
    $schema: _dialect,
    ...out
  } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as Json & { $defs?: Record<string, Json>; $schema?: string };
  if (!$defs) return out;
  const names = new Map(
    Object.entries($defs).map(([name, def]) => [
      name,
      `Def${createHash('sha1').update(JSON.stringify(def)).digest('hex').slice(0, 10)}`,
    ]),
  );
  const rewrite = (value: unknown): Json =>
    JSON.parse(
      JSON.stringify(value).replace(
        /"#\/\$defs\/([^"]+)"/g,
        (_, name: string) => `"#/components/schemas/${names.get(name)}"`,
      ),
    ) as Json;
  for (const [name, def] of Object.entries($defs)) definitions.set(names.get(name) ?? name, rewrite(def));
  return rewrite(out);
}

function parameters(route: Route): Json[] {
  const out: Json[] = [];
  for (const [, name] of route.path.matchAll(/\{(\w+)\}/g))
    out.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  if (route.query) {
    const schema = jsonSchema(route.query, 'input');
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries(
      (schema.properties as Record<string, Json> | undefined) ?? {},
    ))
      out.push({ name, in: 'query', required: required.has(name), schema: property });
  }
  if (route.method !== 'GET')
    out.push({
      name: CSRF_HEADER,
      in: 'header',
      required: true,
      description: 'Must be 1: a header a cross-site form cannot send (CSRF defence).',
      schema: { type: 'string', enum: ['1'] },
    });
  if (route.path.endsWith('/orders') || route.path.endsWith('/bookings'))
    if (route.method === 'POST')
      out.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          "The attempt's key: the same key never books twice. Without one the console makes one and returns it.",
        schema: { type: 'string', minLength: 1, maxLength: 255 },
      });
  return out;
}

function responses(route: Route): Json {
  const status = String(route.status ?? 200);
  const ok =
    typeof route.response === 'string'
      ? { description: 'OK', content: { [route.response]: { schema: { type: 'string', format: 'binary' } } } }
      : route.response
        ? {
            description: 'OK',
            content: { 'application/json': { schema: jsonSchema(route.response, 'output') } },
          }
        : { description: 'OK' };
  return {
    [status]: {
      ...ok,
      headers: {
        [SERVICE_TIME_HEADER]: {
          description: "The service's now, in epoch milliseconds (decision 016)",
          schema: { type: 'string' },
        },
        'Request-Id': {
          description: 'This request, as in the logs and error envelopes',
          schema: { type: 'string' },
        },
      },
    },
    default: {
      description: "An error, in the v3 error envelope (the service's own, or the console's)",
      content: { 'application/json': { schema: jsonSchema(ErrorEnvelopeSchema, 'output') } },
    },
  };
}

/** The OpenAPI 3.1 document of `/api`, built from the schemas the routes validate with (never written by hand). */
export function openApiDocument(mounted: readonly MountedRoute[]): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of apiRoutes(mounted)) {
    const operation: Json = {
      summary: route.summary,
      tags: [route.tag],
      operationId: `${route.method.toLowerCase()}${route.path.replace(/[{}]/g, '').replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      parameters: parameters(route),
      responses: responses(route),
      ...(route.open ? { security: [] } : {}),
      ...(route.admin ? { description: 'Admins only (403 otherwise).' } : {}),
    };
    if (route.body)
      operation.requestBody = {
        required: !route.bodyOptional,
        content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
      };
    paths[route.path] ??= {};
    const entry = paths[route.path];
    if (entry) entry[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Booking console API',
      version: '1.0.0',
      description:
        "The console's own API under /api: sign-in, the travel booking service's operations as the console relays and " +
        'records them, the bookings ledger and radar, and the admin screens. A browser signs in and keeps the session ' +
        `cookie; every unsafe method sends ${CSRF_HEADER}: 1. Errors are the v3 error envelope.`,
    },
    servers: [{ url: '/' }],
    security: [{ session: [] }],
    components: {
      schemas: Object.fromEntries([...definitions].sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description:
            'Set by POST /api/auth/sign-in; named `__Host-console_session` when the console is served over HTTPS',
        },
      },
    },
    paths,
  };
}
