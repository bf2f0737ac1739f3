import { BlockList, isIP } from 'node:net';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';

export interface ThrottlePolicy {
  windowMs: number;
  /** Sign-in attempts that may fail per email in a window. */
  perEmail: number;
  /** Per client address: an office shares one address behind its router. */
  perAddress: number;
}

export const DEFAULT_THROTTLE: ThrottlePolicy = { windowMs: 15 * 60_000, perEmail: 10, perAddress: 50 };

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Sign-in throttling in the database, shared by every instance (decision 014). Each attempt is counted atomically
 * *before* the password is checked (one upsert per key), so a concurrent burst cannot slip past the count while the
 * hashes run; a success gives its count back. Windows are fixed per key; rows of past windows are swept, never the
 * current counts.
 */
export class SignInThrottle {
  constructor(
    private readonly db: Db,
    private readonly policy: ThrottlePolicy = DEFAULT_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt in the key's current window; its count and when that window started. */
  async #count(key: string, at: number): Promise<{ count: number; windowStart: number }> {
    const stale = at - this.policy.windowMs;
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

  /** One sign-in attempt, counted for its email and its client address; refused past either limit. */
  async attempt(email: string, address: string): Promise<ThrottleVerdict> {
    const at = this.now();
    const byEmail = await this.#count(`email:${email.toLowerCase()}`, at);
    const byAddress = await this.#count(`address:${address}`, at);
    const over = [
      byEmail.count > this.policy.perEmail ? byEmail.windowStart : null,
      byAddress.count > this.policy.perAddress ? byAddress.windowStart : null,
    ].filter((start) => start !== null);
    if (over.length === 0) return { allowed: true };
    const until = Math.max(...over.map((start) => start + this.policy.windowMs));
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((until - at) / 1000)) };
  }

  /** A successful sign-in: its email starts afresh, and the address gets back the attempt it counted. */
  async succeeded(email: string, address: string): Promise<void> {
    await this.db.deleteFrom('sign_in_attempts').where('key', '=', `email:${email.toLowerCase()}`).execute();
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
