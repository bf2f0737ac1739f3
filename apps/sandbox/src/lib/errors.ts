import {
  type ErrorEnvelope,
  errorEnvelope,
  issuePath,
  KNOWN_ERRORS,
  type KnownErrorCode,
} from '@console/contract';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { AppEnv } from './types.ts';

function statusOf(code: KnownErrorCode): ContentfulStatusCode {
  return KNOWN_ERRORS[code].status;
}

/** An expected failure: thrown anywhere, rendered by onError as the v3 envelope with its status. */
export class ApiError extends HTTPException {
  readonly code: KnownErrorCode;
  readonly param: string | null;
  readonly headers: Record<string, string>;

  constructor(
    code: KnownErrorCode,
    options: { message?: string; param?: string | null; headers?: Record<string, string> } = {},
  ) {
    super(statusOf(code), { message: options.message ?? KNOWN_ERRORS[code].message });
    this.code = code;
    this.param = options.param ?? null;
    this.headers = options.headers ?? {};
  }
}

/** A 422 (or another code) naming the first issue's parameter, under an optional prefix such as `options`. */
export function validationError(
  error: z.ZodError,
  options: { prefix?: (string | number)[]; code?: KnownErrorCode } = {},
): ApiError {
  const issue = error.issues[0];
  const path = [...(options.prefix ?? []), ...(issue?.path ?? [])];
  const param = issuePath(path);
  const detail = issue?.message ?? 'is not valid';
  return new ApiError(options.code ?? 'validation_failed', {
    param,
    message: param ? `${param}: ${detail}` : detail,
  });
}

/**
 * The service's envelope. The document states its six fields are all strings, so a failure no single parameter is at
 * fault for has an empty `param` (not null, not left out); the request id is always the request's.
 */
export function serviceError(
  code: KnownErrorCode,
  options: { message?: string; param?: string | null; requestId: string },
): ErrorEnvelope {
  return errorEnvelope(code, { ...options, param: options.param ?? '' });
}

/** Renders any error as the v3 envelope. Unknown errors become a 500 that says nothing about internals. */
export function renderError(error: unknown, c: Context<AppEnv>): Response {
  const requestId = c.get('requestId');
  const headers = { 'Request-Id': requestId };
  if (error instanceof ApiError) {
    const body = serviceError(error.code, { message: error.message, param: error.param, requestId });
    return c.json(body, error.status, { ...error.headers, ...headers });
  }
  if (error instanceof HTTPException) {
    const code: KnownErrorCode = error.status === 413 ? 'payload_too_large' : 'invalid_json';
    return c.json(serviceError(code, { requestId }), statusOf(code), headers);
  }
  console.error('sandbox: unexpected error', error);
  return c.json(serviceError('internal_error', { requestId }), 500, headers);
}
