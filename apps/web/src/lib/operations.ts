import { fillPath, type Operation, type PathParams } from '@console/contract';
import type { z } from 'zod';
import { api, createOnce, queryString } from './api.ts';

/**
 * The console's `/api` mirrors the service's paths, so a screen's calls are derived from the operation table
 * (packages/contract operations-*.ts): path, method and response schema come from the one declaration. Each feature
 * passes its own product's table, so a screen loads only its product's schemas.
 */
type Table = Readonly<Record<string, Operation>>;
type Params<O extends Operation> = { [K in PathParams<O['path']>]: string };
type Query = Record<string, string | number | boolean | undefined>;

/** The `/api` path of an operation, with its ids filled in and an optional query. */
export function opPath<T extends Table, N extends keyof T & string>(
  table: T,
  name: N,
  params: Params<T[N]>,
  query?: Query,
): string {
  const operation: T[N] = table[name];
  const path = fillPath(operation.path, params);
  const search = query ? queryString(query) : '';
  return search ? `${path}?${search}` : path;
}

/** One call of an operation (a read, or an action on a booking), read with its response schema. */
export function callOp<T extends Table, N extends keyof T & string>(
  table: T,
  name: N,
  input: { params: Params<T[N]>; query?: Query; body?: unknown; signal?: AbortSignal | undefined },
): Promise<z.output<T[N]['response']>> {
  const operation: T[N] = table[name];
  const schema: T[N]['response'] = operation.response;
  return api(opPath(table, name, input.params, input.query), {
    method: operation.method,
    body: input.body,
    schema,
    ...(input.signal ? { signal: input.signal } : {}),
  });
}

/** A create under the attempt's Idempotency-Key (see createOnce), read with its response schema. */
export function createOp<T extends Table, N extends keyof T & string>(
  table: T,
  name: N,
  input: { params: Params<T[N]>; body: unknown; key: string },
): Promise<{ value: z.output<T[N]['response']>; reconciled: boolean }> {
  const operation: T[N] = table[name];
  const schema: T[N]['response'] = operation.response;
  return createOnce(opPath(table, name, input.params), {
    body: input.body,
    schema,
    idempotencyKey: input.key,
  });
}
