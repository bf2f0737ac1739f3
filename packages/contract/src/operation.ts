import type { z } from 'zod';
import type { Scope } from './auth.ts';

/**
 * What an operation does at the service, which decides how it may be retried and what the console records:
 * - `read`: changes nothing (GETs, and searches sent as POST). Safe to repeat; a lost answer is just a failure.
 * - `create`: makes an order or booking and takes an Idempotency-Key. Repeated only with the same key; a 2xx is a
 *   booking that exists and goes in the ledger whatever else its body says.
 * - `act`: moves money on an existing order or booking (ticket, confirm, cancel, refund, extend) or changes it (notes).
 *   Never repeated by the console: the document gives these no Idempotency-Key.
 */
export type Effect = 'read' | 'create' | 'act';

/** One service operation, declared once: the client, the BFF's relay and the SPA's calls are derived from it. */
export interface Operation {
  method: 'GET' | 'POST';
  /** Relative to {base_url}; `{name}` marks a path parameter (an opaque id, sent URL-encoded). */
  path: string;
  scope: Scope;
  effect: Effect;
  /** What the service answers, read tolerantly (decision 013). */
  response: z.ZodType;
  /** The request body we send, strict. */
  body?: z.ZodType;
  /** The query we send, strict. */
  query?: z.ZodType;
  /** The success status the document gives when it is not 200. */
  status?: 200 | 201;
  /** A longer time limit than the client's default, for searches. */
  timeoutMs?: number;
}

/** The names of a path's parameters: `/a/{id}/b/{voucher}` → 'id' | 'voucher'. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParams<Rest>
  : never;

/** A path with its parameters filled in, each URL-encoded (ids are opaque: any character may appear). */
export function fillPath(path: string, params: Readonly<Record<string, unknown>>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (typeof value !== 'string') throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
