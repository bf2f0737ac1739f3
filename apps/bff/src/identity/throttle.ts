import { isIP } from 'node:net';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { ScheduledJob } from '../platform/scheduler.ts';

export interface ThrottlePolicy {
  windowMs: number;
  /** Attempts one address (an IPv6 /64) may make at one account in a window. */
  perPair: number;
  /** Attempts from one address across every account: an office shares one address behind its router. */
  perAddress: number;
  /** Failed passwords at one email (from any address) after which it is slowed down ... */
  emailSlowAfter: number;
  /** ... to one attempt in this time from any address that has already failed at it. */
  emailPaceMs: number;
  /**
   * Wrong passwords, and wrong second-step codes, one account may take in a window whatever the addresses (decision
   * 035). Past it, only the browsers and addresses the person signed in from before are let try; the others wait a
   * back-off that doubles each time the account is pushed past it again within `strikeMemoryMs`.
   */
  perAccount: number;
  strikeMemoryMs: number;
  maxBackOffMs: number;
  /** Wrong tries at "confirm it is you" one person may make in a window: their own count, never shared. */
  provesPerPerson: number;
}

export const DEFAULT_THROTTLE: ThrottlePolicy = {
  windowMs: 15 * 60_000,
  perPair: 10,
  perAddress: 50,
  emailSlowAfter: 5,
  emailPaceMs: 15_000,
  perAccount: 30,
  strikeMemoryMs: 24 * 3_600_000,
  maxBackOffMs: 24 * 3_600_000,
  provesPerPerson: 10,
};

/** How long to wait, in words: "40 seconds", "15 minutes". */
export const waitWords = (seconds: number) =>
  seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;

export type ThrottleVerdict =
  | { allowed: true; struck: boolean }
  | { allowed: false; retryAfterSeconds: number; struck: boolean };

/** What a per-account count is of: passwords (by email) or second-step codes (by user id). */
export type AccountTry = 'password' | 'code';

/**
 * The part of an address the throttle counts by (decision 035): an IPv4 address as it is, an IPv6 address by its /64
 * (one subscriber's whole prefix, which they can rotate through at will).
 */
export function throttleNetwork(address: string): string {
  if (isIP(address) !== 6) return address;
  // A zone (`%eth0`) names an interface, not a network; an IPv4 tail is two groups.
  const bare = address.toLowerCase().split('%')[0] ?? '';
  const groupsOf = (part: string) =>
    part
      ? part.split(':').flatMap((g) => {
          if (!g.includes('.')) return [g];
          const [a = 0, b = 0, c = 0, d = 0] = g.split('.').map(Number);
          return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
        })
      : [];
  const [head = '', tail = ''] = bare.split('::');
  const left = groupsOf(head);
  const right = groupsOf(tail);
  const groups = bare.includes('::')
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/**
 * Sign-in throttling in the database, shared by every instance (decisions 014, 028 and 035). Each attempt is counted
 * atomically *before* the secret is checked (one upsert per key), so a concurrent burst cannot slip past the count
 * while the hashes run; a success gives its counts back. Refused: an address's attempts at one account, an address's
 * attempts in all, and an account's wrong passwords or codes past `perAccount` whatever the addresses — except from a
 * browser or address the person signed in from before, so someone who knows an agent's email cannot keep the agent
 * out of their own browser. Past a few failures an email is also slowed down for the addresses that failed at it.
 * Windows are fixed per key; rows of past windows are swept, never the current counts.
 */
export class SignInThrottle {
  constructor(
    private readonly db: Db,
    readonly policy: ThrottlePolicy = DEFAULT_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt in the key's current window; its count and when that window started. */
  async #count(
    key: string,
    at: number,
    windowMs = this.policy.windowMs,
  ): Promise<{ count: number; windowStart: number }> {
    const stale = at - windowMs;
    const row = await this.db
      .insertInto('sign_in_attempts')
      .values({ key, window_start: at, count: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when sign_in_attempts.window_start <= ${stale} then 1 else sign_in_attempts.count + 1 end`,
          window_start: sql<number>`case when sign_in_attempts.window_start <= ${stale} then ${at} else sign_in_attempts.window_start end`,
        }),
      )
      .returning(['count', 'window_start'])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), windowStart: Number(row.window_start) };
  }

  #refused(until: number, at: number, struck = false): ThrottleVerdict {
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((until - at) / 1000)), struck };
  }

  /** Until when an account is locked for browsers and addresses it does not know (0: it is not). */
  async #lockedUntil(key: string, at: number): Promise<number> {
    const row = await this.db
      .selectFrom('sign_in_attempts')
      .select('window_start')
      .where('key', '=', key)
      .executeTakeFirst();
    const until = Number(row?.window_start ?? 0);
    return until > at ? until : 0;
  }

  /**
   * One attempt at an account's password (`account` its email) or second-step code (`account` its user id), from an
   * address; `known` says whether the browser or address is one the person signed in from before (asked only when the
   * account is past its limit). `struck` is true for the one attempt that pushed the account past it: the person is
   * told.
   */
  async attempt(
    kind: AccountTry,
    account: string,
    address: string,
    known: () => Promise<boolean>,
  ): Promise<ThrottleVerdict> {
    const at = this.now();
    const who = account.toLowerCase();
    const net = throttleNetwork(address);
    const pair = await this.#count(`${kind}:pair:${who}|${net}`, at);
    const byAddress = await this.#count(`address:${net}`, at);
    const over = [
      pair.count > this.policy.perPair ? pair.windowStart : null,
      byAddress.count > this.policy.perAddress ? byAddress.windowStart : null,
    ].filter((start) => start !== null);
    if (over.length > 0) return this.#refused(Math.max(...over) + this.policy.windowMs, at);

    const byAccount = await this.#account(kind, who, at, known);
    if (!byAccount.allowed) return byAccount;
    const { struck } = byAccount;
    // A password from an address that has failed at this email before, while the email is under attack: one try per
    // pace.
    if (kind === 'password') {
      const byEmail = await this.#count(`email:${who}`, at);
      if (byEmail.count > this.policy.emailSlowAfter && pair.count > 1) {
        const pace = await this.#count(`pace:${who}`, at, this.policy.emailPaceMs);
        if (pace.count > 1) return this.#refused(pace.windowStart + this.policy.emailPaceMs, at, struck);
      }
    }
    return { allowed: true, struck };
  }

  /**
   * One wrong-or-right try at an account's password (or code) that is not a sign-in: the password given to change it
   * (decision 042). Only the account's own count, the one sign-ins add to, so wrong passwords here and there add up;
   * past it, as at a sign-in, only the person's known browsers and addresses may try.
   */
  attemptAccount(kind: AccountTry, account: string, known: () => Promise<boolean>): Promise<ThrottleVerdict> {
    return this.#account(kind, account.toLowerCase(), this.now(), known);
  }

  /** A right password given outside a sign-in: the account gets its try back. */
  succeededAccount(kind: AccountTry, account: string): Promise<void> {
    return this.#giveBack([`${kind}:account:${account.toLowerCase()}`]);
  }

  /** The per-account count (decision 035): one try counted; past `perAccount`, unknown browsers wait a back-off. */
  async #account(
    kind: AccountTry,
    who: string,
    at: number,
    known: () => Promise<boolean>,
  ): Promise<ThrottleVerdict> {
    const byAccount = await this.#count(`${kind}:account:${who}`, at);
    let struck = false;
    let lockedUntil = await this.#lockedUntil(`${kind}:${who}:lock:`, at);
    if (byAccount.count === this.policy.perAccount + 1) {
      lockedUntil = await this.#strike(`${kind}:${who}`, at, byAccount.windowStart, lockedUntil);
      struck = true;
    }
    const pastLimit = byAccount.count > this.policy.perAccount;
    if ((pastLimit || lockedUntil > 0) && !(await known())) {
      const until = Math.max(lockedUntil, pastLimit ? byAccount.windowStart + this.policy.windowMs : 0);
      return this.#refused(until, at, struck);
    }
    return { allowed: true, struck };
  }

  /**
   * The one attempt that pushed a count past its limit: a lock until a back-off that doubles with each time in the
   * strikes' memory (15 min, 30, 60 … at most `maxBackOffMs`); until when.
   */
  async #strike(name: string, at: number, windowStart: number, lockedUntil: number): Promise<number> {
    const strikes = await this.#count(`${name}:strikes:`, at, this.policy.strikeMemoryMs);
    const backOff = Math.min(this.policy.windowMs * 2 ** (strikes.count - 1), this.policy.maxBackOffMs);
    const until = Math.max(lockedUntil, at + backOff, windowStart + this.policy.windowMs);
    const key = `${name}:lock:`;
    await this.db
      .insertInto('sign_in_attempts')
      .values({ key, window_start: until, count: strikes.count })
      .onConflict((oc) => oc.column('key').doUpdateSet({ window_start: until, count: strikes.count }))
      .execute();
    return until;
  }

  /**
   * A right password or code: its address at this account starts afresh, and the account and the address get their
   * try back (a lock stays until it ends: only known browsers pass it).
   */
  async succeeded(kind: AccountTry, account: string, address: string): Promise<void> {
    const who = account.toLowerCase();
    const net = throttleNetwork(address);
    await this.db
      .deleteFrom('sign_in_attempts')
      .where('key', 'in', [`${kind}:pair:${who}|${net}`, `email:${who}`, `pace:${who}`])
      .execute();
    await this.#giveBack([`address:${net}`, `${kind}:account:${who}`]);
  }

  async #giveBack(keys: string[]): Promise<void> {
    await this.db
      .updateTable('sign_in_attempts')
      .set({ count: sql<number>`case when count > 0 then count - 1 else 0 end` })
      .where('key', 'in', keys)
      .execute();
  }

  /** A sign-in with a passkey alone: counted per address (its pair with no account, and its address in all). */
  async attemptAddress(address: string): Promise<ThrottleVerdict> {
    const at = this.now();
    const net = throttleNetwork(address);
    const pair = await this.#count(`passkey:${net}`, at);
    const byAddress = await this.#count(`address:${net}`, at);
    if (pair.count > this.policy.perPair) return this.#refused(pair.windowStart + this.policy.windowMs, at);
    if (byAddress.count > this.policy.perAddress)
      return this.#refused(byAddress.windowStart + this.policy.windowMs, at);
    return { allowed: true, struck: false };
  }

  async succeededAddress(address: string): Promise<void> {
    const net = throttleNetwork(address);
    await this.db.deleteFrom('sign_in_attempts').where('key', '=', `passkey:${net}`).execute();
    await this.#giveBack([`address:${net}`]);
  }

  /**
   * One try at "confirm it is you" by one person — the current password given to change it is one too (decision 042):
   * their own count (decision 035), never another person's; past the limit, a back-off that doubles as for an account.
   * `struck` for the one try that went past it: the person is told.
   */
  async attemptProof(userId: string): Promise<ThrottleVerdict> {
    const at = this.now();
    const tries = await this.#count(`prove:${userId}`, at);
    let lockedUntil = await this.#lockedUntil(`prove:${userId}:lock:`, at);
    const struck = tries.count === this.policy.provesPerPerson + 1;
    if (struck) lockedUntil = await this.#strike(`prove:${userId}`, at, tries.windowStart, lockedUntil);
    if (tries.count > this.policy.provesPerPerson || lockedUntil > 0)
      return this.#refused(Math.max(lockedUntil, tries.windowStart + this.policy.windowMs), at, struck);
    return { allowed: true, struck: false };
  }

  async succeededProof(userId: string): Promise<void> {
    await this.db.deleteFrom('sign_in_attempts').where('key', '=', `prove:${userId}`).execute();
  }

  /** Removes rows whose window has passed (the scheduled sweep): locks once they end, strikes once forgotten. */
  async sweep(): Promise<number> {
    const at = this.now();
    const result = await this.db
      .deleteFrom('sign_in_attempts')
      .where((eb) =>
        eb.or([
          eb.and([eb('key', 'like', '%:lock:'), eb('window_start', '<=', at)]),
          eb.and([
            eb('key', 'like', '%:strikes:'),
            eb('window_start', '<=', at - this.policy.strikeMemoryMs),
          ]),
          eb.and([
            eb('key', 'not like', '%:lock:'),
            eb('key', 'not like', '%:strikes:'),
            eb('window_start', '<=', at - this.policy.windowMs),
          ]),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

/** The scheduled sweep of the sign-in counts whose windows have passed (how many rows went). */
export const sweepSignInCounts = (throttle: SignInThrottle): ScheduledJob<number> => ({
  name: 'swept',
  run: () => throttle.sweep(),
});
