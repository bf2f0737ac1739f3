import { z } from 'zod';
import { KNOWN_ERROR_MESSAGES, type KnownErrorCode } from './error-messages.ts';

/**
 * The v3 error envelope: `{ error: { type, code, message, param, doc_url, request_id } }`.
 * `param` is null when no single parameter is at fault (Stripe omits it; we send null so the shape is fixed).
 * `type` and `code` are open strings when parsing, since the spec says the full list is not shown.
 */
export const ErrorBodySchema = z.object({
  type: z.string(),
  code: z.string(),
  message: z.string(),
  param: z.string().nullish(),
  doc_url: z.string().nullish(),
  request_id: z.string().nullish(),
});
export const ErrorEnvelopeSchema = z.object({ error: ErrorBodySchema });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** Error categories, after Stripe's: one per kind of remedy. */
export const ERROR_TYPES = [
  'invalid_request_error',
  'authentication_error',
  'permission_error',
  'payment_error',
  'idempotency_error',
  'rate_limit_error',
  'api_error',
] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

interface KnownError {
  status: number;
  type: ErrorType;
  /** What happened, in words an agent can read. */
  message: string;
  /** What to do about it. */
  remedy: string;
}

/**
 * Every code the service (and the sandbox) produces, with its status. The first eight are the spec's own;
 * the rest fill what the spec leaves open (docs/decisions/003-errors-and-idempotency.md). Built by a pure call, so a
 * bundle that does not use the table carries neither it nor the messages it reads (the SPA's first screen).
 */
export const KNOWN_ERRORS = /* @__PURE__ */ (() =>
  ({
    missing_credentials: {
      status: 400,
      type: 'authentication_error',
      message: KNOWN_ERROR_MESSAGES.missing_credentials,
      remedy: 'Send both, in the JSON body or as HTTP Basic authentication.',
    },
    unsupported_grant_type: {
      status: 400,
      type: 'invalid_request_error',
      message: KNOWN_ERROR_MESSAGES.unsupported_grant_type,
      remedy: 'Send grant_type "client_credentials".',
    },
    invalid_scope: {
      status: 400,
      type: 'invalid_request_error',
      message: KNOWN_ERROR_MESSAGES.invalid_scope,
      remedy: 'Ask only for scopes the client has.',
    },
    invalid_client: {
      status: 401,
      type: 'authentication_error',
      message: KNOWN_ERROR_MESSAGES.invalid_client,
      remedy: "Check the office's API credentials.",
    },
    missing_authorization: {
      status: 401,
      type: 'authentication_error',
      message: KNOWN_ERROR_MESSAGES.missing_authorization,
      remedy: 'Send Authorization: Bearer <token>.',
    },
    invalid_token: {
      status: 401,
      type: 'authentication_error',
      message: KNOWN_ERROR_MESSAGES.invalid_token,
      remedy: 'Get a new token from POST /auth/tokens.',
    },
    expired_token: {
      status: 401,
      type: 'authentication_error',
      message: KNOWN_ERROR_MESSAGES.expired_token,
      remedy: 'Get a new token from POST /auth/tokens.',
    },
    insufficient_scope: {
      status: 403,
      type: 'permission_error',
      message: KNOWN_ERROR_MESSAGES.insufficient_scope,
      remedy: 'Ask for a token with the scope, or use a credential that has it.',
    },
    validation_failed: {
      status: 422,
      type: 'invalid_request_error',
      message: KNOWN_ERROR_MESSAGES.validation_failed,
      remedy: 'Correct the parameter named in param and send it again.',
    },
    invalid_json: {
      status: 400,
      type: 'invalid_request_error',
      message: KNOWN_ERROR_MESSAGES.invalid_json,
      remedy: 'Send a JSON body with Content-Type: application/json.',
    },
    invalid_query: {
      status: 400,
      type: 'invalid_request_error',
      message: KNOWN_ERROR_MESSAGES.invalid_query,
      remedy: 'Correct the parameter named in param.',
    },
    payload_too_large: {
      status: 413,
      type: 'invalid_request_error',
      message: KNOWN_ERROR_MESSAGES.payload_too_large,
      remedy: 'Send a smaller body.',
    },
    resource_not_found: {
      status: 404,
      type: 'invalid_request_error',
      message: KNOWN_ERROR_MESSAGES.resource_not_found,
      remedy: 'Check the id; it may belong to the other environment.',
    },
    route_not_found: {
      status: 404,
      type: 'invalid_request_error',
      message: KNOWN_ERROR_MESSAGES.route_not_found,
      remedy: 'Check the method and path.',
    },
    method_not_allowed: {
      status: 405,
      type: 'invalid_request_error',
      message: KNOWN_ERROR_MESSAGES.method_not_allowed,
      remedy: 'Check the method.',
    },
    offer_expired: {
      status: 409,
      type: 'invalid_request_error',
      message: KNOWN_ERROR_MESSAGES.offer_expired,
      remedy: 'Search again for fresh offers.',
    },
    offer_price_changed: {
      status: 409,
      type: 'invalid_request_error',
      message: KNOWN_ERROR_MESSAGES.offer_price_changed,
      remedy: 'Re-price the offer and book at the new price.',
    },
    rate_price_changed: {
      status: 409,
      type: 'invalid_request_error',
      message: KNOWN_ERROR_MESSAGES.rate_price_changed,
      remedy: 'Confirm the rate again and book at the new price.',
    },
    rate_unavailable: {
      status: 409,
      type: 'invalid_request_error',
      message: KNOWN_ERROR_MESSAGES.rate_unavailable,
      remedy: 'Search the hotel again and choose another rate.',
    },
    invalid_state: {
      status: 409,
      type: 'invalid_request_error',
      message: KNOWN_ERROR_MESSAGES.invalid_state,
      remedy: 'Read the resource to see its status.',
    },
    quote_expired: {
      status: 409,
      type: 'invalid_request_error',
      message: KNOWN_ERROR_MESSAGES.quote_expired,
      remedy: 'Ask for a new quote.',
    },
    traveller_exists: {
      status: 409,
      type: 'invalid_request_error',
      message: KNOWN_ERROR_MESSAGES.traveller_exists,
      remedy: 'Update the profile already there, or save them as a new person if they are someone else.',
    },
    insufficient_funds: {
      status: 402,
      type: 'payment_error',
      message: KNOWN_ERROR_MESSAGES.insufficient_funds,
      remedy: 'Top up the wallet, or release holds that are no longer needed.',
    },
    idempotency_key_reused: {
      status: 422,
      type: 'idempotency_error',
      message: KNOWN_ERROR_MESSAGES.idempotency_key_reused,
      remedy: 'Use a new key for a new request.',
    },
    idempotency_key_in_use: {
      status: 409,
      type: 'idempotency_error',
      message: KNOWN_ERROR_MESSAGES.idempotency_key_in_use,
      remedy: 'Retry the same request after a moment.',
    },
    invalid_idempotency_key: {
      status: 400,
      type: 'idempotency_error',
      message: KNOWN_ERROR_MESSAGES.invalid_idempotency_key,
      remedy: 'Send 1 to 255 printable ASCII characters, such as a UUID.',
    },
    rate_limited: {
      status: 429,
      type: 'rate_limit_error',
      message: KNOWN_ERROR_MESSAGES.rate_limited,
      remedy: 'Wait a moment and try again.',
    },
    unauthenticated: {
      status: 401,
      type: 'authentication_error',
      message: KNOWN_ERROR_MESSAGES.unauthenticated,
      remedy: 'Sign in again.',
    },
    invalid_login: {
      status: 401,
      type: 'authentication_error',
      message: KNOWN_ERROR_MESSAGES.invalid_login,
      remedy: 'Check them and try again.',
    },
    invalid_code: {
      status: 401,
      type: 'authentication_error',
      message: KNOWN_ERROR_MESSAGES.invalid_code,
      remedy: 'Enter the current code, or an unused recovery code.',
    },
    second_factor_expired: {
      status: 401,
      type: 'authentication_error',
      message: KNOWN_ERROR_MESSAGES.second_factor_expired,
      remedy: 'Sign in again.',
    },
    invalid_passkey: {
      status: 401,
      type: 'authentication_error',
      message: KNOWN_ERROR_MESSAGES.invalid_passkey,
      remedy: 'Try again, or sign in with your password.',
    },
    single_sign_on_failed: {
      status: 401,
      type: 'authentication_error',
      message: KNOWN_ERROR_MESSAGES.single_sign_on_failed,
      remedy: 'Try again, or sign in with your password.',
    },
    unknown_identity: {
      status: 403,
      type: 'permission_error',
      message: KNOWN_ERROR_MESSAGES.unknown_identity,
      remedy: 'Ask your office admin to invite you with the address your organisation uses.',
    },
    identity_not_connected: {
      status: 403,
      type: 'permission_error',
      message: KNOWN_ERROR_MESSAGES.identity_not_connected,
      remedy: 'Sign in with your password or passkey, then connect it on your account page.',
    },
    identity_in_use: {
      status: 409,
      type: 'invalid_request_error',
      message: KNOWN_ERROR_MESSAGES.identity_in_use,
      remedy: 'Connect your own identity, or ask your office admin.',
    },
    link_invalid: {
      status: 404,
      type: 'invalid_request_error',
      message: KNOWN_ERROR_MESSAGES.link_invalid,
      remedy: 'Ask your office admin for a new link.',
    },
    reauthentication_required: {
      status: 403,
      type: 'permission_error',
      message: KNOWN_ERROR_MESSAGES.reauthentication_required,
      remedy: 'Use your passkey, your app code or your password.',
    },
    second_factor_setup_required: {
      status: 403,
      type: 'permission_error',
      message: KNOWN_ERROR_MESSAGES.second_factor_setup_required,
      remedy: 'Add a passkey or an authenticator app on your account page.',
    },
    policy_covers_you: {
      status: 409,
      type: 'invalid_request_error',
      message: KNOWN_ERROR_MESSAGES.policy_covers_you,
      remedy:
        'Add a passkey or an authenticator app on your account page first, or save again with confirm_covers_me: once saved, you reach only your account page until you add one.',
    },
    account_disabled: {
      status: 403,
      type: 'permission_error',
      message: KNOWN_ERROR_MESSAGES.account_disabled,
      remedy: 'Ask an office admin to enable it.',
    },
    forbidden: {
      status: 403,
      type: 'permission_error',
      message: KNOWN_ERROR_MESSAGES.forbidden,
      remedy: 'Ask an office admin.',
    },
    csrf_failed: {
      status: 403,
      type: 'permission_error',
      message: KNOWN_ERROR_MESSAGES.csrf_failed,
      remedy: 'Reload the console and try again.',
    },
    upstream_unavailable: {
      status: 502,
      type: 'api_error',
      message: KNOWN_ERROR_MESSAGES.upstream_unavailable,
      remedy: 'Try again in a moment.',
    },
    upstream_timeout: {
      status: 504,
      type: 'api_error',
      message: KNOWN_ERROR_MESSAGES.upstream_timeout,
      remedy: 'Try again; a booking is never made twice when retried from the console.',
    },
    upstream_malformed: {
      status: 502,
      type: 'api_error',
      message: KNOWN_ERROR_MESSAGES.upstream_malformed,
      remedy: 'Try again in a moment.',
    },
    outcome_unknown: {
      status: 502,
      type: 'api_error',
      message: KNOWN_ERROR_MESSAGES.outcome_unknown,
      remedy:
        'Retry with the same Idempotency-Key: it completes the action once, or shows the result if it already happened.',
    },
    stream_interrupted: {
      status: 502,
      type: 'api_error',
      message: KNOWN_ERROR_MESSAGES.stream_interrupted,
      remedy: 'The offers shown so far are real; search again for the full list.',
    },
    internal_error: {
      status: 500,
      type: 'api_error',
      message: KNOWN_ERROR_MESSAGES.internal_error,
      remedy: 'Try again; if it keeps happening, quote the request_id to support.',
    },
    service_unavailable: {
      status: 503,
      type: 'api_error',
      message: KNOWN_ERROR_MESSAGES.service_unavailable,
      remedy: 'Try again in a moment.',
    },
  }) as const satisfies Record<KnownErrorCode, KnownError>)();
// Pure: a screen that does not use the list does not carry KNOWN_ERRORS for it.
export const KNOWN_ERROR_CODES = /* @__PURE__ */ Object.keys(KNOWN_ERRORS) as KnownErrorCode[];

/** Builds an envelope for a known code; message and param may be made specific. */
export function errorEnvelope(
  code: KnownErrorCode,
  options: { message?: string; param?: string | null; requestId?: string; docBaseUrl?: string } = {},
): ErrorEnvelope {
  const known = KNOWN_ERRORS[code];
  return {
    error: {
      type: known.type,
      code,
      message: options.message ?? known.message,
      param: options.param ?? null,
      doc_url: `${options.docBaseUrl ?? 'https://docs.travel-booking.example/errors'}#${code}`,
      request_id: options.requestId ?? null,
    },
  };
}

/** The dotted path of a zod issue, as `param` names it: `passengers[1].given_name`. */
export function issuePath(path: readonly PropertyKey[]): string | null {
  if (path.length === 0) return null;
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

/** The first issue of a failed parse as `{ param, message }`, for a validation_failed envelope. */
export function firstIssue(error: z.ZodError): { param: string | null; message: string } {
  const issue = error.issues[0];
  if (!issue) return { param: null, message: 'The request is not valid.' };
  const param = issuePath(issue.path);
  return { param, message: param ? `${param}: ${issue.message}` : issue.message };
}
