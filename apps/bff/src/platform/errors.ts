import { ServiceError } from '@console/client';
import { errorEnvelope, issuePath, KNOWN_ERRORS, type KnownErrorCode } from '@console/contract';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { Logger } from './log.ts';
import type { AppEnv } from './types.ts';

/** An expected failure of the console itself, rendered in the v3 envelope. */
export class ConsoleError extends HTTPException {
  readonly code: KnownErrorCode;
  readonly param: string | null;
  /** More the client can act on, beside the envelope's fields (as Stripe's errors carry `payment_intent`). */
  readonly details: Record<string, unknown>;

  constructor(
    code: KnownErrorCode,
    options: { message?: string; param?: string | null; details?: Record<string, unknown> } = {},
  ) {
    const status: ContentfulStatusCode = KNOWN_ERRORS[code].status;
    super(status, { message: options.message ?? KNOWN_ERRORS[code].message });
    this.code = code;
    this.param = options.param ?? null;
    this.details = options.details ?? {};
  }
}

export function validationError(error: z.ZodError, code: KnownErrorCode = 'validation_failed'): ConsoleError {
  const issue = error.issues[0];
  const param = issue ? issuePath(issue.path) : null;
  const message = issue
    ? param
      ? `${param}: ${issue.message}`
      : issue.message
    : 'The request is not valid.';
  return new ConsoleError(code, { param, message });
}

function toStatus(status: number): ContentfulStatusCode {
  const known: ContentfulStatusCode[] = [
    400, 401, 402, 403, 404, 405, 409, 410, 413, 422, 429, 500, 502, 503, 504,
  ];
  return known.find((s) => s === status) ?? (status >= 500 ? 502 : 400);
}

/**
 * One error shape for every answer: the service's own envelope passed through unchanged (with its status), or the
 * console's. Anything unexpected is a 500 that names the request and nothing else.
 */
export function renderError(error: unknown, c: Context<AppEnv>, log?: Logger): Response {
  const requestId = c.get('requestId');
  const headers: Record<string, string> = { 'Request-Id': requestId, 'Cache-Control': 'no-store' };
  // A body refused for its size is not read: the connection closes after the answer, so the client gets the 413
  // instead of a reset while it is still sending (as nginx does).
  if (error instanceof HTTPException && error.status === 413) headers.Connection = 'close';
  if (error instanceof ServiceError) {
    // The service's own wait (Retry-After), passed on when the console gave up waiting for it.
    if (error.retryAfterSeconds !== undefined) headers['Retry-After'] = String(error.retryAfterSeconds);
    // The service's envelope, under this request's id (the one sent to the service as X-Request-Id and in our
    // logs); the service's own id, when it differs, stays beside it for its support desk.
    const theirs = error.envelope.error.request_id;
    const envelope = {
      error: {
        ...error.envelope.error,
        // The console's own shape: null when no one parameter is at fault, whether the service said so with an
        // empty string (as the document's "all strings" asks), null or nothing.
        param: error.envelope.error.param || null,
        request_id: requestId,
        ...(theirs && theirs !== requestId ? { service_request_id: theirs } : {}),
      },
    };
    return c.json(envelope, toStatus(error.status), headers);
  }
  if (error instanceof ConsoleError) {
    const envelope = errorEnvelope(error.code, { message: error.message, param: error.param, requestId });
    return c.json({ error: { ...error.details, ...envelope.error } }, error.status, headers);
  }
  if (error instanceof HTTPException) {
    const code: KnownErrorCode =
      error.status === 413 ? 'payload_too_large' : error.status === 404 ? 'route_not_found' : 'invalid_json';
    return c.json(errorEnvelope(code, { requestId }), KNOWN_ERRORS[code].status, headers);
  }
  if (c.req.raw.signal.aborted) {
    // The browser went away (a replaced or cancelled search): nobody reads this answer and nothing went wrong.
    return new Response(null, { status: 499, headers });
  }
  (log ?? console).error(
    { err: error, request_id: requestId, method: c.req.method, path: c.req.path },
    'unexpected error',
  );
  return c.json(errorEnvelope('internal_error', { requestId }), 500, headers);
}
