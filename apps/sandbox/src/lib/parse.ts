import { jsonDepth, MAX_JSON_DEPTH } from '@console/contract';
import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError, validationError } from './errors.ts';

/** The JSON body parsed with a contract schema: 400 invalid_json when it is not JSON, 422 when it does not fit. */
export async function parseBody<S extends z.ZodType>(
  c: Context,
  schema: S,
  options: { optional?: boolean } = {},
) {
  const text = await c.req.text();
  let raw: unknown = {};
  if (text.trim() === '') {
    if (!options.optional) throw new ApiError('invalid_json', { message: 'The request needs a JSON body.' });
  } else {
    if (jsonDepth(text) > MAX_JSON_DEPTH)
      throw new ApiError('invalid_json', { message: `The JSON nests deeper than ${MAX_JSON_DEPTH} levels.` });
    try {
      raw = JSON.parse(text);
    } catch {
      throw new ApiError('invalid_json');
    }
  }
  const result = schema.safeParse(raw);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** The query string parsed with a contract schema: 400 invalid_query naming the parameter. */
export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const result = schema.safeParse(c.req.query());
  if (!result.success) throw validationError(result.error, { code: 'invalid_query' });
  return result.data;
}
