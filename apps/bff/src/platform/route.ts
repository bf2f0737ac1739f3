import type { ConsoleRoute, RouteParams } from '@console/contract';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { ConsoleError } from './errors.ts';
import { doc } from './openapi-doc.ts';
import { isPathId, parseBody, parseQuery } from './parse.ts';
import type { AppEnv } from './types.ts';

/** What a route's handler is given, validated and typed from its declaration. */
export interface RouteInput<R extends ConsoleRoute> {
  params: RouteParams<R>;
  query: R['query'] extends z.ZodType ? z.output<R['query']> : Record<string, never>;
  body: R['body'] extends z.ZodType ? z.output<R['body']> : undefined;
}

export type RouteHandler<R extends ConsoleRoute> = (
  c: Context<AppEnv>,
  input: RouteInput<R>,
) => Response | Promise<Response>;

/** `/changes/{id}/assign` under the mount `/changes` → Hono's `/:id/assign`. */
function localPath(prefix: string, path: string): string {
  if (prefix !== '' && path !== prefix && !path.startsWith(`${prefix}/`))
    throw new Error(`the route ${path} is not under its router's ${prefix}`);
  return path.slice(prefix.length).replace(/\{(\w+)\}/g, ':$1') || '/';
}

/**
 * The request's checks a declaration asks for, through Hono's validator contract (`c.req.valid`): the path's ids
 * (opaque printable text, else 404), the query and the JSON body by the declared schemas (else the envelope's 400 or
 * 422 with the first issue). The body is read by the console's own reader (depth, NUL, empty body: platform/parse.ts).
 */
function checks(route: ConsoleRoute): MiddlewareHandler<AppEnv>[] {
  const out: MiddlewareHandler<AppEnv>[] = [
    validator('param', (value: Record<string, string>) => {
      for (const [name, id] of Object.entries(value))
        if (!isPathId(id))
          throw new ConsoleError('resource_not_found', { param: name, message: `No such ${name}.` });
      return value;
    }),
  ];
  const { query, body } = route;
  if (query) out.push(validator('query', (_value, c) => parseQuery(c, query)));
  if (body)
    out.push(async (c, next) => {
      c.req.addValidatedData(
        'json',
        (await parseBody(c, body, { optional: route.bodyOptional ?? false })) as object,
      );
      await next();
    });
  return out;
}

/**
 * A domain's router mounted at `prefix` (under `/api`): each route is declared once in the contract and mounted with
 * `handle(route, ...middlewares, handler)`. The method and path are the declaration's, the OpenAPI document reads the
 * declaration off the route, and the handler gets the validated input, typed. Middlewares (a role, a rate) run before
 * the request is read, so a refused caller learns nothing of the schema.
 */
export interface Router {
  /** The Hono app the routes are mounted on (for the service's relayed operations, described by their own table). */
  app: Hono<AppEnv>;
  handle<R extends ConsoleRoute>(
    route: R,
    ...rest: [...MiddlewareHandler<AppEnv>[], RouteHandler<R>]
  ): Router;
}

export function router(prefix: string): Router {
  const app = new Hono<AppEnv>();
  const self: Router = {
    app,
    handle(route, ...rest) {
      const handler = rest.at(-1) as RouteHandler<typeof route>;
      const middlewares = rest.slice(0, -1) as MiddlewareHandler<AppEnv>[];
      app.on(route.method, localPath(prefix, route.path), doc(route), ...middlewares, ...checks(route), (c) =>
        handler(c, {
          params: c.req.valid('param' as never),
          query: route.query ? c.req.valid('query' as never) : ({} as never),
          body: route.body ? c.req.valid('json' as never) : (undefined as never),
        }),
      );
      return self;
    },
  };
  return self;
}
