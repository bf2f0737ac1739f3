import { BlockList, isIP } from 'node:net';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';

export interface ThrottlePolicy {
  windowMs: number;
  /** Attempts one address may make at one email in a window. */
  perPair: number;
  /** Attempts from one address across every email: an office shares one address behind its router. */
  perAddress: number;
  /** Failed attempts at one email (from any address) after which it is slowed down ... */
  emailSlowAfter: number;
  /** ... to one attempt in this time from any address that has already failed at it. */
  emailPaceMs: number;
}

export const DEFAULT_THROTTLE: ThrottlePolicy = {
  windowMs: 15 * 60_000,
  perPair: 10,
  perAddress: 50,
  emailSlowAfter: 5,
  emailPaceMs: 15_000,
};

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Sign-in throttling in the database, shared by every instance (decisions 014 and 028). Each attempt is counted
 * atomically *before* the password is checked (one upsert per key), so a concurrent burst cannot slip past the count
 * while the hashes run; a success gives its counts back. What is refused is an address's attempts at one email, and
 * an address's attempts in all; an email is never locked: past a few failures it is slowed down, and only for
 * addresses that have already failed at it. So someone who knows an agent's email cannot keep the agent out: the
 * agent, from an address that has not failed, signs in at once. Windows are fixed per key; rows of past windows are
 * swept, never the current counts.
 */
export class SignInThrottle {
  constructor(
    private readonly db: Db,
    private readonly policy: ThrottlePolicy = DEFAULT_THROTTLE,
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

  /** One sign-in attempt, counted for its address at its email, its address, and its email; refused or paced. */
  async attempt(email: string, address: string): Promise<ThrottleVerdict> {
    const at = this.now();
    const who = email.toLowerCase();
    const pair = await this.#count(`pair:${who}|${address}`, at);
    const byAddress = await this.#count(`address:${address}`, at);
    const byEmail = await this.#count(`email:${who}`, at);
    const refusedUntil = (start: number, windowMs = this.policy.windowMs) => {
      const seconds = Math.ceil((start + windowMs - at) / 1000);
      return { allowed: false as const, retryAfterSeconds: Math.max(1, seconds) };
    };
    const over = [
      pair.count > this.policy.perPair ? pair.windowStart : null,
      byAddress.count > this.policy.perAddress ? byAddress.windowStart : null,
    ].filter((start) => start !== null);
    if (over.length > 0) return refusedUntil(Math.max(...over));
    // An address that has failed at this email before, while the email is under attack: one try per pace.
    if (byEmail.count > this.policy.emailSlowAfter && pair.count > 1) {
      const pace = await this.#count(`pace:${who}`, at, this.policy.emailPaceMs);
      if (pace.count > 1) return refusedUntil(pace.windowStart, this.policy.emailPaceMs);
    }
    return { allowed: true };
  }

  /** A successful sign-in: its address at its email and its email start afresh, and the address gets its try back. */
  async succeeded(email: string, address: string): Promise<void> {
    const who = email.toLowerCase();
    await this.db
      .deleteFrom('sign_in_attempts')
      .where('key', 'in', [`pair:${who}|${address}`, `email:${who}`, `pace:${who}`])
      .execute();
    await this.db
      .updateTable('sign_in_attempts')
      .set({ count: sql<number>`case when count > 0 then count - 1 else 0 end` })
      .where('key', '=', `address:${address}`)
      .execute();
  }

  /** Removes rows whose window has passed (the scheduled sweep). */
  async sweep(): Promise<number> {
    const result = await this.db
      .deleteFrom('sign_in_attempts')
      .where('window_start', '<=', this.now() - this.policy.windowMs)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

/**
 * The proxies whose `X-Forwarded-For` is believed: addresses and CIDR ranges, comma-separated (`TRUSTED_PROXIES`),
 * or `loopback`. With none, the socket's peer is the client.
 */
export function trustedProxies(spec: string | undefined): BlockList | null {
  if (!spec?.trim()) return null;
  const list = new BlockList();
  for (const raw of spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (raw === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [address = '', bits] = raw.split('/');
    const family = isIP(address);
    if (family === 0) throw new Error(`TRUSTED_PROXIES: "${raw}" is not an address or a CIDR range`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');
/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) as `10.0.0.1`. */
const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

/**
 * The client's address: the socket's peer, unless that peer is a trusted proxy; then the right-most address of
 * `X-Forwarded-For` that is not itself a trusted proxy (the left part can be written by the client).
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trusted: BlockList | null,
): string {
  const socket = plain(peer ?? 'unknown');
  const isTrusted = (address: string) =>
    isIP(address) !== 0 && trusted !== null && trusted.check(address, familyOf(address));
  if (!trusted || !forwardedFor || !isTrusted(socket)) return socket;
  const hops = forwardedFor
    .split(',')
    .map((hop) => plain(hop.trim()))
    .filter((hop) => isIP(hop) !== 0);
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    const hop = hops[i];
    if (hop !== undefined && !isTrusted(hop)) return hop;
  }
  return hops[0] ?? socket;
}
