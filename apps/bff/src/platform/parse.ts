import { jsonDepth, MAX_JSON_DEPTH } from '@console/contract';
import type { Context } from 'hono';
import type { z } from 'zod';
import { ConsoleError, validationError } from './errors.ts';

/** The JSON body, validated with a contract schema before anything reaches the service. */
export async function parseBody<S extends z.ZodType>(
  c: Context,
  schema: S,
  options: { optional?: boolean } = {},
): Promise<z.output<S>> {
  const text = await c.req.text();
  let raw: unknown = {};
  if (text.trim() === '') {
    if (!options.optional)
      throw new ConsoleError('invalid_json', { message: 'The request needs a JSON body.' });
  } else {
    if (jsonDepth(text) > MAX_JSON_DEPTH)
      throw new ConsoleError('invalid_json', {
        message: `The request's JSON nests deeper than ${MAX_JSON_DEPTH} levels; no request of the console needs that.`,
      });
    try {
      raw = JSON.parse(text);
    } catch {
      throw new ConsoleError('invalid_json');
    }
    if (/\\u0000/i.test(text) && holdsNul(raw))
      throw new ConsoleError('invalid_json', { message: NUL_MESSAGE });
  }
  const result = schema.safeParse(raw);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

const NUL_MESSAGE = 'Text may not contain the NUL character (\\u0000).';

/** A NUL character anywhere in a parsed value: no text of an agent holds one, and PostgreSQL refuses to store it. */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === 'object') return Object.values(value).some(holdsNul);
  return false;
}

export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const query = c.req.query();
  if (holdsNul(query)) throw new ConsoleError('invalid_query', { message: NUL_MESSAGE });
  const result = schema.safeParse(query);
  if (!result.success) throw validationError(result.error, 'invalid_query');
  return result.data;
}

/** Ids are opaque strings of any form (decision 013): any printable text without spaces, URL-encoded when sent. */
const ID = /^[\x21-\x7e]{1,200}$/;
export const isPathId = (value: string): boolean => ID.test(value);

/** A path id, checked before it is put in a URL to the service. */
export function pathId(c: Context, name: string): string {
  const value = c.req.param(name) ?? '';
  if (!isPathId(value))
    throw new ConsoleError('resource_not_found', { param: name, message: `No such ${name}.` });
  return value;
}
