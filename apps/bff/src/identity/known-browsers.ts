import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import type { Db } from '../db/index.ts';
import { namedCookie } from '../platform/cookies.ts';
import { throttleNetwork } from './throttle.ts';

/** The cookie that names a browser a person signed in from (decision 035): 400 days, HttpOnly, SameSite=Strict. */
export const BROWSER_COOKIE = 'console_browser';
const BROWSER_COOKIE_SECONDS = 400 * 86_400;
const hash = (what: 'browser' | 'address', value: string, userId: string) =>
  createHash('sha256').update(`${what}:${value}:${userId}`).digest('hex');

/**
 * The browsers and addresses a person signed in from before (decision 035). A browser is known by a random token in
 * its own cookie, stored here only as a hash bound to the person, so a browser shared by two people is known to each;
 * an address (an IPv6 address by its /64) the same way, once the person signed in from it. Each is one point read. A
 * per-account limit lets these through: whoever guesses at an account from elsewhere cannot keep its owner out.
 */
export class KnownBrowsers {
  readonly #cookie;

  constructor(
    private readonly db: Db,
    secure: boolean,
    private readonly clock: () => number = Date.now,
  ) {
    this.#cookie = namedCookie(BROWSER_COOKIE, secure);
  }

  /**
   * The person signed in from this browser and address: both are known for them from now on (the browser's token is
   * made now if it has none).
   */
  async remember(c: Context, userId: string, address: string): Promise<void> {
    const at = this.clock();
    let token = this.#cookie.read(c);
    if (!token || token.length < 40 || token.length > 100) token = randomBytes(32).toString('base64url');
    for (const id of [hash('browser', token, userId), hash('address', throttleNetwork(address), userId)])
      await this.db
        .insertInto('known_browsers')
        .values({ id, user_id: userId, created_at: at, last_used_at: at })
        .onConflict((oc) => oc.column('id').doUpdateSet({ last_used_at: at }))
        .execute();
    this.#cookie.write(c, token, BROWSER_COOKIE_SECONDS);
  }

  /** Whether this request comes from a browser, or an address, the person signed in from before. */
  async knows(c: Context, userId: string, address: string): Promise<boolean> {
    const token = this.#cookie.read(c);
    const ids = [hash('address', throttleNetwork(address), userId)];
    if (token) ids.push(hash('browser', token, userId));
    const row = await this.db
      .selectFrom('known_browsers')
      .select('id')
      .where('id', 'in', ids)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Forgets every browser of a person ("this was not me": the attacker's browser is one of them). */
  async forget(userId: string): Promise<void> {
    await this.db.deleteFrom('known_browsers').where('user_id', '=', userId).execute();
  }
}
