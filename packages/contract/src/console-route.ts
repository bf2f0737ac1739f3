import type { z } from 'zod';
import { fillPath, type PathParams } from './operation.ts';

/**
 * One route of the console's own API (`/api` + `path`), declared once (decision 055): the BFF mounts it and validates
 * the request with it (apps/bff/src/platform/route.ts), the OpenAPI document describes it from it, and the SPA's calls
 * take their path, method, input and answer types from it (apps/web/src/lib/api.ts `call`).
 */
export interface ConsoleRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Relative to `/api`; `{name}` marks a path parameter (an opaque id, sent URL-encoded). */
  path: string;
  summary: string;
  tag: string;
  /** The JSON body the route takes, strict. */
  body?: z.ZodType;
  /** The body may be left out (an empty body is read as `{}`). */
  bodyOptional?: boolean;
  /** The query the route takes. */
  query?: z.ZodType;
  /** The answer's schema, read tolerantly by the SPA; a string for a non-JSON answer (its media type). */
  response?: z.ZodType | string;
  /** The success status when it is not 200. */
  status?: 200 | 201 | 202 | 204 | 302;
  /** Reachable without a session (health, readiness, sign-in). */
  open?: boolean;
  /** For admins only. */
  admin?: boolean;
}

/** A route's declaration, its literal path and schemas kept in its type. */
export const consoleRoute = <const R extends ConsoleRoute>(route: R): R => route;

/** The path parameters a route takes: `{ id: string }` for `/changes/{id}/assign`. */
export type RouteParams<R extends ConsoleRoute> = { [K in PathParams<R['path']>]: string };
/** The body a route takes, as the caller writes it (its schema's input). */
export type RouteBody<R extends ConsoleRoute> = R['body'] extends z.ZodType ? z.input<R['body']> : never;
/** The query a route takes, as the caller writes it. */
export type RouteQuery<R extends ConsoleRoute> = R['query'] extends z.ZodType ? z.input<R['query']> : never;
/** The answer a route gives, as the reader sees it after parsing. */
export type RouteAnswer<R extends ConsoleRoute> = R['response'] extends z.ZodType
  ? z.output<R['response']>
  : never;

/** A query string (with its `?`) of the defined values, or nothing. */
export function queryOf(query: Readonly<Record<string, unknown>> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The address of a route under `/api`, its parameters filled and URL-encoded, with its query. */
export function routeUrl(
  route: ConsoleRoute,
  params: Readonly<Record<string, unknown>> = {},
  query?: Readonly<Record<string, unknown>>,
): string {
  return `/api${fillPath(route.path, params)}${queryOf(query)}`;
}
