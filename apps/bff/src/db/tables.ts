import type { Generated } from 'kysely';

/**
 * One period's totals per product and agent (migration 020): the bookings made and what became of them (triggers on
 * `bookings`, decision 033) and the wallet's moves' sums (kept with each move, decision 039). `day_totals` and
 * `month_totals` hold the same figures per day and per month.
 */
interface PeriodTotals {
  product: 'flight' | 'hotel' | 'activity';
  agent_id: string;
  agent_email: string;
  bookings: Generated<number | string>;
  cancelled: Generated<number | string>;
  cancelled_net_cents: Generated<number | string>;
  lapsed: Generated<number | string>;
  lapsed_net_cents: Generated<number | string>;
  held_cents: number | string;
  holds: number | string;
  released_cents: number | string;
  releases: number | string;
  paid_cents: number | string;
  payments: number | string;
  refunded_cents: number | string;
  refunds: number | string;
  client_cents: number | string;
  lost_cents: number | string;
  losses: number | string;
  open_holds: number | string;
  open_hold_cents: number | string;
}

/**
 * The console's database: users, sessions, the bookings ledger, the audit log, sign-in throttling, leases,
 * booking intents, the traveller directory, trips and office settings. Embedded SQLite by default (`pnpm start`); PostgreSQL when `DATABASE_URL` is a `postgres://` URL,
 * for several instances sharing one store (docs/decisions/014). The queries and migrations are plain Kysely and run
 * unchanged on both.
 */
export interface Database {
  users: {
    id: string;
    email: string;
    name: string;
    role: 'agent' | 'admin';
    password_hash: string;
    disabled: number;
    /** 1: an agent who sees and acts on every booking of the office (decision 015). */
    office_wide: Generated<number>;
    /** How the person hears of their bookings' changes by e-mail: immediate, daily or none (migration 018). */
    change_email: Generated<string>;
    /** The person's time zone (IANA), or null for their browser's (migration 024). */
    time_zone: string | null;
    /** Away until this instant (ISO, the service's clock), covered by `cover_user_id` (migration 026). */
    away_until: Generated<string | null>;
    cover_user_id: Generated<string | null>;
    created_at: string;
    updated_at: string;
  };
  sessions: {
    id: string;
    user_id: string;
    created_at: number;
    last_seen_at: number;
    expires_at: number;
    /** Where and in what the session began (migration 009; null for sessions begun before it). */
    address: string | null;
    browser: string | null;
    /** 1: the office's policy wants a second factor this person has not set up (migration 010). */
    factor_setup: number;
    /** When the person last proved it was them: the sign-in, or again before something sensitive (decision 029). */
    proved_at: number | null;
    /** How that proof was made: `password`, a `factor` of the person's, or the office's `provider` (migration 017). */
    proved_with: string | null;
    /** The token hash this session had before its last rotation, and until when it is still taken (migration 017). */
    previous_id: string | null;
    previous_until: number | null;
  };
  bookings: {
    id: string;
    product: 'flight' | 'hotel' | 'activity';
    environment: 'test' | 'live';
    agent_id: string;
    agent_email: string;
    client_reference: string | null;
    /** The PNR, confirmation number or activity code the customer quotes. */
    reference: Generated<string | null>;
    total_amount: string;
    status: string;
    deadline: string | null;
    summary: string;
    people: string;
    search_text: string;
    /**
     * What the desk's search matches, computed by the database from the row itself (decision 023): the ids and
     * references, the people, and `search_text`; indexed by FTS5 trigrams (SQLite) or pg_trgm (PostgreSQL).
     */
    search_doc: Generated<string>;
    idempotency_key: string | null;
    created_at: string;
    updated_at: string;
    /** The office's fee and what the client pays, as when the booking was made (migration 013; null before it). */
    fee_amount: string | null;
    client_amount: string | null;
    fee_rule_id: string | null;
    /** Why the fee of this booking was changed from the rule's, when it was. */
    fee_reason: string | null;
    /** The fee and the client price in cents, computed by the database (migration 016). */
    fee_cents: Generated<number | string>;
    client_cents: Generated<number | string>;
    /** What the watch compares (migration 018): the segments or dates, status and total as last read (JSON). */
    watched: string | null;
    /** The first day of travel (YYYY-MM-DD): the flight's first departure, the check-in, the activity's day. */
    travel_on: string | null;
    /** When the booking was last read from the service, and when the watch reads it next (null: no more). */
    checked_at: string | null;
    next_check_at: string | null;
    /** Since when the booking has its status (a passing one is read again soon, then less often). */
    status_since: string | null;
    /** An activity booking's `updated_at` as the service's list last gave it. */
    service_updated_at: string | null;
  };
  /** Changes on bookings an agent must act on (migration 018), recorded once each. */
  booking_changes: {
    id: string;
    booking_id: string;
    environment: 'test' | 'live';
    product: 'flight' | 'hotel' | 'activity';
    kind: string;
    summary: string;
    /** JSON: what it was, and what it is. */
    before_value: string;
    after_value: string;
    detected_at: string;
    agent_id: string;
    agent_email: string;
    /** The first day of travel, or '9999-12-31' when unknown: the lists' order, nearest travel first. */
    travel_key: string;
    state: 'open' | 'snoozed' | 'handled';
    handled_at: string | null;
    handled_by: string | null;
    note: string | null;
    /** The booking, the kind and what it is now: the same change seen twice is one row. */
    fingerprint: string;
    /** Whose it is (migration 026): the booking's agent, their cover while away, a colleague; null: unassigned. */
    assignee_id: string | null;
    /** While snoozed: when it comes back (ISO, the service's clock). */
    snoozed_until: string | null;
    /** JSON: what an action beside the change did (migration 027), with the amounts the service answered. */
    outcome: string | null;
  };
  /** Each press of a change's action under its Idempotency-Key (migration 027): a press sent again answers the same. */
  change_actions: {
    idempotency_key: string;
    user_id: string;
    change_id: string;
    action: string;
    /** JSON: the change, the action and the body, as first sent under the key. */
    request: string;
    state: 'running' | 'done';
    /** JSON: the change as answered once done. */
    answer: string | null;
    created_at: string;
    updated_at: string;
  };
  /** A booking that replaces another (migration 027): a rebooking, or a lapsed hold booked again. */
  booking_links: {
    booking_id: string;
    replaces_id: string;
    change_id: string;
    linked_at: string;
    linked_by: string;
  };
  /** Every booking's timeline (migration 025): one append-only row per event, with who or what caused it. */
  booking_events: {
    seq: Generated<number>;
    booking_id: string;
    /** When it happened (ISO, the ledger's clock: the embedded sandbox's on the demo). */
    at: string;
    kind: string;
    /** `agent` (someone's press: actor_id and actor_email say who), `service` (moved by itself), `console` (the watch, a job). */
    actor_kind: 'agent' | 'service' | 'console';
    actor_id: string | null;
    actor_email: string | null;
    summary: string;
    /** JSON: the event's facts (amounts, ids, the note), read tolerantly. */
    data: string | null;
    /** The same event written twice (a retried press, two instances) is one row. */
    dedupe: string | null;
  };
  /** E-mails waiting to be sent (migration 018): one row per what and whom (`dedupe`), claimed, then sent once. */
  mail_outbox: {
    id: string;
    dedupe: string;
    kind: 'change' | 'hold_expiring' | 'client_message' | 'change_assigned';
    user_id: string;
    /** The booking the e-mail is about, when it is about one (migration 028): its timeline says when it went. */
    booking_id: string | null;
    email: string;
    /** JSON: what the e-mail says. */
    payload: string;
    due_at: number;
    claimed_until: number | null;
    sent_at: string | null;
    attempts: Generated<number>;
  };
  audit_log: {
    id: Generated<number>;
    at: string;
    user_id: string;
    user_email: string;
    action: string;
    resource_id: string | null;
    amount: string | null;
    idempotency_key: string | null;
    result: 'succeeded' | 'failed' | 'unknown' | 'reconciled';
    status_code: number;
    error_code: string | null;
    /** A sign-in's address, browser and factor (migration 009); null on other entries. */
    address: string | null;
    browser: string | null;
    factor: string | null;
  };
  /** Sign-in attempts counted per key (`pair:…`, `address:…`, `email:…`, `pace:…`) in fixed windows, shared by every instance. */
  sign_in_attempts: {
    key: string;
    window_start: number;
    count: number;
  };
  /** Jobs one instance at a time does (the running-clock refresh, the session-based session): who holds them, until. */
  leases: {
    name: string;
    holder: string;
    expires_at: number;
  };
  /** The session-based interface's one session, shared by every instance (decision 014). */
  upstream_sessions: {
    name: string;
    session_id: string;
    created_at: number;
    last_renewed_at: number | null;
    last_used_at: number | null;
    renewals: number;
  };
  /**
   * A create written before it is sent (decision 014): the key, who, what, and the exact request, so a create whose
   * answer was lost to a crash is asked again with the same Idempotency-Key and lands in the ledger once.
   */
  booking_intents: {
    idempotency_key: string;
    product: 'flight' | 'hotel' | 'activity';
    operation: string;
    environment: 'test' | 'live';
    agent_id: string;
    agent_email: string;
    request: string;
    state: 'open' | 'done' | 'failed';
    booking_id: string | null;
    attempts: number;
    last_error: string | null;
    created_at: string;
    updated_at: string;
  };
  /** The office's traveller directory (decision 018): one row per person, documents as JSON. */
  travellers: {
    id: string;
    given_name: string;
    family_name: string;
    date_of_birth: string;
    gender: 'male' | 'female' | null;
    nationality: string | null;
    /** JSON array of documents (kind, number, country, issued_on, expires_on, name as printed). */
    documents: string;
    email: string | null;
    phone: string | null;
    notes: string | null;
    /** Lower-cased names, email and document numbers: what the directory's search matches. */
    search_text: string;
    /** The search document the database computes (names, email, `search_text`), trigram-indexed (decision 023). */
    search_doc: Generated<string>;
    created_by: string;
    created_at: string;
    updated_at: string;
  };
  /**
   * What makes two profiles one person (decision 043): `n:<name as compared>|<date of birth>`, `d:<issuer>:<number>`.
   */
  traveller_keys: {
    key: string;
    traveller_id: string;
  };
  /** The profile that holds a key: the first saved with it (unique, so two saves at once make one profile). */
  traveller_claims: {
    key: string;
    traveller_id: string;
  };
  /** Two profiles sharing a key, `first_id` < `second_id`: likely one person, for the directory to merge. */
  traveller_duplicates: {
    first_id: string;
    second_id: string;
    matched_on: 'name_and_birth' | 'document';
    found_at: string;
  };
  /** A booking a profile was saved from or picked for; it follows the profile in a merge. */
  traveller_bookings: {
    traveller_id: string;
    booking_id: string;
    linked_at: string;
  };
  /** A profile merged into another: its old id leads to the one kept. */
  traveller_merges: {
    merged_id: string;
    into_id: string;
    merged_by: string;
    merged_at: string;
  };
  /** A client's trip: bookings across products grouped under one reference (decision 019). */
  trips: {
    id: string;
    environment: 'test' | 'live';
    name: string;
    reference: string;
    /** JSON array of the travellers' names. */
    travellers: string;
    starts_on: string | null;
    ends_on: string | null;
    notes: string | null;
    agent_id: string;
    agent_email: string;
    search_text: string;
    /** The search document the database computes (name, reference, travellers, `search_text`), trigram-indexed. */
    search_doc: Generated<string>;
    created_at: string;
    updated_at: string;
  };
  trip_bookings: {
    trip_id: string;
    booking_id: string;
    added_at: string;
  };
  /** The office's settings, one row per name (the wallet's low-balance threshold). */
  office_settings: {
    name: string;
    value: string;
    updated_by: string;
    updated_at: string;
  };
  /**
   * Second factors (migration 010): an authenticator app's key, confirmed once a code from it was given; a passkey
   * (migration 012) with its credential id, public key (base64url COSE) and signature counter.
   */
  user_factors: {
    id: string;
    user_id: string;
    kind: 'totp' | 'passkey';
    name: string;
    secret: string | null;
    created_at: string;
    confirmed_at: string | null;
    last_used_at: string | null;
    /** The last TOTP time step accepted: a code of it or before is refused (replay). */
    last_step: number | null;
    credential_id: string | null;
    public_key: string | null;
    sign_count: number | null;
    /** The passkey's transports as the browser gave them, comma-separated. */
    transports: string | null;
  };
  /** Single-use recovery codes, by the SHA-256 of the code. */
  recovery_codes: {
    id: string;
    user_id: string;
    created_at: string;
    used_at: string | null;
  };
  /** A password that was right, waiting for its second factor (five minutes, five tries). */
  pending_sign_ins: {
    id: string;
    user_id: string;
    created_at: number;
    expires_at: number;
    attempts: number;
    /** `password`, `single_sign_on` or `link` (migration 012; null before it: a password). */
    first_factor: string | null;
    /** A one-time link taken with a new password (migration 017): used, and the password set, at the second step. */
    link_id: string | null;
    new_password_hash: string | null;
  };
  /** Browsers and addresses a person signed in from (migration 017), by a SHA-256 bound to the person. */
  known_browsers: {
    id: string;
    user_id: string;
    created_at: number;
    last_used_at: number;
  };
  /**
   * What changed on a person's account that they must hear of (migration 017): a way in added, many wrong tries.
   * `undo_hash` is the SHA-256 of the one-time "this was not me" token of its e-mail.
   */
  security_notices: {
    id: string;
    user_id: string;
    kind:
      | 'factor_added'
      | 'identity_connected'
      | 'recovery_codes_renewed'
      | 'way_in_removed'
      | 'password_changed'
      | 'wrong_passwords'
      | 'wrong_codes';
    /** JSON: what the notice says (the factor's name, the browser and address, how many tries). */
    detail: string;
    /** The way in it is about, removed by "this was not me". */
    factor_id: string | null;
    created_at: string;
    seen_at: string | null;
    undo_hash: string | null;
    undo_until: number | null;
  };
  /** One-time links: an invitation or a password reset (migration 011), by the SHA-256 of the link's token. */
  account_links: {
    id: string;
    user_id: string;
    purpose: 'invite' | 'reset';
    created_by: string;
    created_at: number;
    expires_at: number;
    used_at: number | null;
    /** An invitation an admin revoked: when, and by whom (migration 022); a revoked link is dead. */
    revoked_at: Generated<number | null>;
    revoked_by: Generated<string | null>;
  };
  /** A WebAuthn ceremony's challenge or an OpenID Connect sign-in's state, waiting (migration 012). */
  auth_challenges: {
    id: string;
    purpose: 'passkey.register' | 'passkey.sign_in' | 'passkey.prove' | 'passkey.link' | 'oidc';
    user_id: string | null;
    /** JSON: what the ceremony's end checks against. */
    data: string;
    expires_at: number;
  };
  /** A person's identity at the office's OpenID provider (issuer + subject), once they signed in with it. */
  user_identities: {
    issuer: string;
    subject: string;
    user_id: string;
    created_at: string;
    last_used_at: string | null;
  };
  /** The office's service-fee rules (migration 013). */
  fee_rules: {
    id: string;
    product: 'flight' | 'hotel' | 'activity';
    /** JSON of the rule's scope (`{}`: the product's own rule). */
    scope: string;
    percent: string;
    fixed: string;
    fixed_per: 'booking' | 'passenger' | 'night';
    minimum: string | null;
    maximum: string | null;
    updated_at: string;
    updated_by: string;
    removed_at: string | null;
  };
  /** The wallet's moves, one row each (migration 020, decision 039): what the statement lists and the reports sum. */
  wallet_moves: {
    id: Generated<number>;
    environment: 'test' | 'live';
    /** On the service's clock. */
    at: string;
    day: string;
    booking_id: string;
    product: 'flight' | 'hotel' | 'activity';
    /** The booking's agent (the reports' "by agent"). */
    agent_id: string;
    agent_email: string;
    /** Who made the move: the console's user, or `service` for what the service did by itself. */
    user_email: string;
    action: string;
    kind: 'hold' | 'release' | 'payment' | 'refund' | 'cancelled' | 'fee';
    amount_cents: number | string;
    client_cents: number | string;
    lost_cents: number | string;
  };
  /**
   * Per environment, day, product and agent (migration 020): the bookings made that day and what became of them (kept by
   * triggers on `bookings`, decision 033) and the wallet's moves' sums (kept with each move, decision 039).
   */
  day_totals: { environment: 'test' | 'live'; day: string } & PeriodTotals;
  /** `day_totals` summed per month (migration 020), kept from the day's rows by triggers: a long report's whole months. */
  month_totals: { environment: 'test' | 'live'; month: string } & PeriodTotals;
  /** Where the statement's running balance starts (migration 020): the service's balance when first read. */
  wallet_anchors: {
    environment: 'test' | 'live';
    at: string;
    balance_cents: number | string;
  };
  /** Quotes for clients (migration 015): the options as quoted, in JSON. */
  quotes: {
    id: string;
    environment: 'test' | 'live';
    agent_id: string;
    agent_email: string;
    client_name: string;
    /** The client's name in lower case: what "found by the client's name" matches the start of. */
    client_key: string;
    client_email: string | null;
    note: string | null;
    options: string;
    /** The latest expiry of its options (null: none said): past it, an unbooked quote is expired. */
    expires_at: string | null;
    booking_id: string | null;
    created_at: string;
    updated_at: string;
  };
}
