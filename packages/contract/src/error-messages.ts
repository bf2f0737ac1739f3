/**
 * What each error the console knows says by default (errors.ts gives each its status, type and remedy). A module of
 * its own: it is the part the browser needs (to tell a service's own words from the default), in every screen.
 */
export const KNOWN_ERROR_MESSAGES = {
  missing_credentials: 'client_id or client_secret was not sent.',
  unsupported_grant_type: 'grant_type must be client_credentials.',
  invalid_scope: 'A requested scope is unknown or not granted to this client.',
  invalid_client: 'The client id or secret is wrong.',
  missing_authorization: 'The request has no bearer token.',
  invalid_token: 'The bearer token is not known.',
  expired_token: 'The bearer token has expired.',
  insufficient_scope: 'The token lacks the scope this endpoint needs.',
  validation_failed: 'The request is not valid.',
  invalid_json: 'The body is not valid JSON.',
  invalid_query: 'A query parameter is not valid.',
  payload_too_large: 'The body is too large.',
  resource_not_found: 'No such resource.',
  route_not_found: 'No such endpoint.',
  method_not_allowed: 'This method is not allowed on this path.',
  offer_expired: 'The offer has expired.',
  offer_price_changed: "The offer's price has changed since it was found.",
  rate_price_changed: "The rate's price has changed since it was found.",
  rate_unavailable: 'The rate is no longer available.',
  invalid_state: 'The resource is not in a state that allows this action.',
  quote_expired: 'The quote has expired.',
  traveller_exists: 'This traveller is already in the directory.',
  insufficient_funds: "The wallet's available balance cannot pay this total.",
  idempotency_key_reused: 'This Idempotency-Key was used with a different request.',
  idempotency_key_in_use: 'A request with this Idempotency-Key is still being processed.',
  invalid_idempotency_key: 'The Idempotency-Key header is not valid.',
  rate_limited: 'Too many requests.',
  unauthenticated: 'You are not signed in, or your sign-in has expired.',
  invalid_login: 'The email or password is wrong.',
  invalid_code: 'The code is wrong or was used already.',
  second_factor_expired: 'The sign-in waited too long for its code.',
  invalid_passkey: 'That passkey is not one this console knows, or it could not be checked.',
  single_sign_on_failed: 'Single sign-on did not complete.',
  unknown_identity: 'No account of this office has that email address.',
  identity_not_connected: 'Your account is not connected to the office’s sign-in yet.',
  identity_in_use: 'That identity is connected to another account of this office.',
  link_invalid: 'This link was used already, replaced by a newer one or withdrawn, or is past its 72 hours.',
  reauthentication_required: 'Confirm it is you first.',
  second_factor_setup_required: 'Your office requires two-step sign-in.',
  policy_covers_you: 'This policy covers you, and you have no second step yet.',
  account_disabled: 'This account is disabled.',
  forbidden: 'Your role does not allow this.',
  csrf_failed: 'The request did not come from the console.',
  upstream_unavailable: 'The booking service could not be reached.',
  upstream_timeout: 'The booking service did not answer in time.',
  upstream_malformed: 'The booking service sent an answer that could not be read.',
  outcome_unknown:
    'The connection to the booking service broke before it answered, so it is not known whether it acted.',
  stream_interrupted: 'The search stream from the booking service stopped before it finished.',
  internal_error: 'Something went wrong on our side.',
  service_unavailable: 'The service is temporarily unavailable.',
} as const;
export type KnownErrorCode = keyof typeof KNOWN_ERROR_MESSAGES;

export function isKnownErrorCode(code: string): code is KnownErrorCode {
  return Object.hasOwn(KNOWN_ERROR_MESSAGES, code);
}
