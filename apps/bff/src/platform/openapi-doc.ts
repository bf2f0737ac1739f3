import type { ConsoleRoute } from '@console/contract';
import type { MiddlewareHandler } from 'hono';

/**
 * A console route described where it is declared (issue 41): the handler's first middleware carries what the OpenAPI
 * document says of it, and the document is assembled from the mounted app's own routes (openapi.ts), so no table
 * describes every route a second time. Method and path come from the route itself.
 */
export type RouteDoc = Omit<ConsoleRoute, 'method' | 'path'>;

const DOC = Symbol.for('console.route-doc');
type Documented = MiddlewareHandler & { [DOC]?: RouteDoc };

/** The route's description, as a middleware that does nothing but carry it: `.get('/x', doc({ … }), handler)`. */
export function doc(description: RouteDoc): MiddlewareHandler {
  const pass: Documented = async (_c, next) => {
    await next();
  };
  pass[DOC] = description;
  return pass;
}

/** The description a route's handler carries, if it is a `doc()`. */
export function docOf(handler: unknown): RouteDoc | undefined {
  return typeof handler === 'function' ? (handler as Documented)[DOC] : undefined;
}
