import { isKnownErrorCode, KNOWN_ERROR_MESSAGES, type KnownErrorCode } from '@console/contract';

/** The next step an error can offer as a button or link, when the page it is on can take it. */
export type NextStep =
  | 'search-again'
  | 'current-rates'
  | 'reprice'
  | 'top-up'
  | 'reload'
  | 'sign-in'
  | 'read-again';

export interface AgentWords {
  /** What happened, in an agent's words. */
  say: string;
  /** What to do about it. */
  todo: string;
  next?: NextStep;
}

const SET_UP = {
  say: "The console's connection to the booking service is not set up right.",
  todo: 'Tell your office admin; nothing was booked.',
} as const;

/**
 * Every error code the console can show, in an agent's words (issue 17): no field paths, no API words. The service's
 * own message is shown beside it only when it adds something an agent can use (amounts, dates).
 */
export const AGENT_WORDS: Record<KnownErrorCode, AgentWords> = {
  missing_credentials: SET_UP,
  unsupported_grant_type: SET_UP,
  invalid_scope: SET_UP,
  invalid_client: SET_UP,
  missing_authorization: SET_UP,
  invalid_token: SET_UP,
  expired_token: SET_UP,
  insufficient_scope: {
    say: "The office's account with the booking service does not allow this.",
    todo: 'Tell your office admin.',
  },
  validation_failed: { say: 'Some details are not right.', todo: 'Correct them and try again.' },
  invalid_json: {
    say: 'The console sent something the booking service could not read.',
    todo: 'Reload the page and try again.',
    next: 'reload',
  },
  invalid_query: { say: 'Some search details are not right.', todo: 'Correct them and search again.' },
  payload_too_large: { say: 'That is too large to send.', todo: 'Use smaller files and try again.' },
  resource_not_found: {
    say: 'This booking or offer was not found.',
    todo: 'It may have been made by another agent, or in the other environment (test or live).',
  },
  route_not_found: {
    say: 'The console asked for something that does not exist.',
    todo: 'Reload the page.',
    next: 'reload',
  },
  method_not_allowed: {
    say: 'The console asked for something that does not exist.',
    todo: 'Reload the page.',
    next: 'reload',
  },
  offer_expired: {
    say: 'This offer is no longer available.',
    todo: 'Search again for current offers.',
    next: 'search-again',
  },
  offer_price_changed: {
    say: 'The airline changed the price of this offer.',
    todo: 'Check the new price, then book at it.',
    next: 'reprice',
  },
  rate_price_changed: {
    say: 'The hotel changed the price of this rate.',
    todo: 'Check the new price, then book at it.',
    next: 'reprice',
  },
  rate_unavailable: {
    say: 'This rate is no longer available.',
    todo: "See the hotel's current rates and choose again.",
    next: 'current-rates',
  },
  invalid_state: {
    say: 'This booking has changed since the page was opened, so that cannot be done now.',
    todo: 'Its current state is shown above.',
    next: 'read-again',
  },
  quote_expired: { say: 'The quote has run out.', todo: 'Ask for a new quote.', next: 'read-again' },
  traveller_exists: {
    say: 'This traveller is already in the directory.',
    todo: 'Update the saved profile, or save them as a new person if they are someone else.',
  },
  insufficient_funds: {
    say: 'The office wallet cannot pay this.',
    todo: 'An office admin can top up the wallet, or release holds that are no longer needed.',
    next: 'top-up',
  },
  idempotency_key_reused: {
    say: 'This booking was already sent with other details.',
    todo: 'Check the bookings desk before booking again.',
  },
  idempotency_key_in_use: {
    say: 'This booking is still being made.',
    todo: 'Wait a moment; it appears on the bookings desk when it is done.',
  },
  invalid_idempotency_key: {
    say: 'The console sent a booking it could not label.',
    todo: 'Reload the page and try again.',
    next: 'reload',
  },
  rate_limited: { say: 'Too many tries in a short time.', todo: 'Wait a moment and try again.' },
  unauthenticated: { say: 'You are signed out.', todo: 'Sign in again to go on.', next: 'sign-in' },
  invalid_login: { say: 'The email or password is wrong.', todo: 'Check them and try again.' },
  account_disabled: { say: 'This account is disabled.', todo: 'Ask an office admin to enable it.' },
  invalid_code: {
    say: 'That code is not right, or it was used already.',
    todo: 'Enter the code your app shows now (it changes every 30 seconds), or a recovery code you have not used.',
  },
  invalid_passkey: {
    say: 'That passkey could not sign you in here.',
    todo: 'Try again with the passkey you made for this console, or sign in with your password.',
  },
  single_sign_on_failed: {
    say: 'Single sign-on did not complete.',
    todo: 'Try again, or sign in with your email and password.',
  },
  unknown_identity: {
    say: 'No account of this office has that email address.',
    todo: 'Ask your office admin to invite you with the address your organisation uses.',
  },
  identity_not_connected: {
    say: 'Your account is not connected to your organisation’s sign-in yet.',
    todo: 'Sign in with your password or passkey once, then connect it on your account page.',
  },
  identity_in_use: {
    say: 'That identity is connected to another account of this office.',
    todo: 'Sign in there as yourself and try again, or ask your office admin.',
  },
  link_invalid: {
    say: 'This link was used already, replaced by a newer one or withdrawn, or is past its 72 hours.',
    todo: 'Ask your office admin for a new one.',
  },
  reauthentication_required: {
    say: 'Confirm it is you first.',
    todo: 'Use your passkey, your app’s code or your password when asked.',
  },
  second_factor_setup_required: {
    say: 'Your office requires two-step sign-in.',
    todo: 'Add a passkey or an authenticator app on your account page; then everything opens.',
  },
  policy_covers_you: {
    say: 'This policy covers you, and you have no second step yet.',
    todo: 'Set up a passkey or an authenticator app first, or save anyway and set one up next: until then you reach only your account page.',
  },
  second_factor_expired: {
    say: 'The sign-in waited too long for its code, or had too many wrong ones.',
    todo: 'Sign in again with your email and password.',
  },
  forbidden: { say: 'Your role does not allow this.', todo: 'Ask an office admin.' },
  csrf_failed: {
    say: 'The console could not check that this came from you.',
    todo: 'Reload the page and try again.',
    next: 'reload',
  },
  upstream_unavailable: { say: 'The booking service could not be reached.', todo: 'Try again in a moment.' },
  upstream_timeout: { say: 'The booking service did not answer in time.', todo: 'Try again in a moment.' },
  upstream_malformed: {
    say: 'The booking service sent an answer the console could not read.',
    todo: 'Try again; if it keeps happening, tell your office admin.',
  },
  outcome_unknown: {
    say: 'The answer from the booking service was lost, so it is not known yet whether this went through.',
    todo: 'Trying again is safe: it never books twice. The bookings desk shows it once it is known.',
  },
  stream_interrupted: {
    say: 'The search stopped before it finished.',
    todo: 'The offers shown so far are real; search again for the full list.',
    next: 'search-again',
  },
  internal_error: {
    say: 'Something went wrong in the console.',
    todo: 'Try again; if it keeps happening, quote the reference below.',
  },
  service_unavailable: { say: 'The booking service is busy or restarting.', todo: 'Try again in a moment.' },
};

/** The words for a code the console does not know (a service may have codes of its own). */
export const UNKNOWN_WORDS: AgentWords = {
  say: 'The booking service said no.',
  todo: 'Try again; if it keeps happening, tell your office admin.',
};

/** `slices[0].departure_date` → `Departure date`: a field path as the agent knows the field. */
export function fieldName(param: string): string {
  const last =
    param
      .split(/[.[\]]+/)
      .filter((part) => part && !/^\d+$/.test(part))
      .at(-1) ?? param;
  const words = last.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The service's own message, without API words: a leading field path becomes the field's name
 * (`slices[0].departure_date: must be …` → `Departure date: must be …`); a message that only repeats the code's
 * generic sentence is dropped (null).
 */
export function serviceDetail(
  message: string,
  param: string | null,
  generic: string | undefined,
): string | null {
  let text = message.trim();
  if (!text || text === generic) return null;
  text = text.replace(
    /^([A-Za-z_][\w]*(?:\[\d+\]|\.[A-Za-z_]\w*)*):\s*/,
    (_, path: string) => `${fieldName(path)}: `,
  );
  if (param && text.startsWith(`${param} `)) text = `${fieldName(param)}${text.slice(param.length)}`;
  return text;
}

/**
 * What an error from /api says in an agent's words: what happened, the service's own detail when it adds something,
 * and what to do (null words for an error that is not the console's: its message is shown as it is).
 */
export function agentWordsOf(error: {
  code: string;
  status: number;
  message: string;
  param: string | null;
}): { words: AgentWords; detail: string | null } {
  const known = isKnownErrorCode(error.code) ? error.code : null;
  const words = known
    ? AGENT_WORDS[known]
    : error.status === 0
      ? // The console's own failure to reach itself or read its answer: its message is already in plain words.
        { say: error.message, todo: 'Check the connection and try again.' }
      : UNKNOWN_WORDS;
  const detail = serviceDetail(error.message, error.param, known ? KNOWN_ERROR_MESSAGES[known] : undefined);
  return { words, detail };
}
