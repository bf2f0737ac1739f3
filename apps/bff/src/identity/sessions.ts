import { hash, randomBytes } from 'node:crypto';
import type { OwnSession } from '@console/contract';
import type { ExpressionBuilder } from 'kysely';
import { type Database, type Db, databaseInfo } from '../db/index.ts';
import type { SignedInUser } from '../platform/types.ts';
import { readSession, type SessionKey, type SessionRow } from './session-reads.ts';

/** How long a session read is kept while nothing is written to the sessions or users tables (decision 038). */
const SESSION_CACHE_MS = 10_000;
/** At most this many sessions are kept; past it the cache starts again (an office's agents are a few hundred). */
const SESSION_CACHE_SIZE = 10_000;

/**
 * The session a stored id names: the session itself, or the one it was rotated into less than the grace ago (decision
 * 035), for what must follow a session through a rotation (ending it, the single sign-on begun in it).
 */
const namesSession = (eb: ExpressionBuilder<Database, 'sessions'>, sessionId: string, at: number) =>
  eb.or([
    eb('id', '=', sessionId),
    eb.and([eb('previous_id', '=', sessionId), eb('previous_until', '>', at)]),
  ]);
/** How long the token a session had before a rotation is still taken: requests already on their way (decision 035). */
const ROTATION_GRACE_MS = 30_000;

/** How a session's last proof was made (decision 035): a password, a factor of the person's, the office's provider. */
export type ProofKind = 'password' | 'factor' | 'provider' | 'provider_mfa';
const proofKind = (value: string | null): ProofKind =>
  value === 'factor' || value === 'provider' || value === 'provider_mfa' ? value : 'password';

/** The id a browser is shown for a session: a hash of the stored id (itself a hash of the cookie's token). */
export const publicSessionId = (id: string) => hash('sha256', `session:${id}`, 'base64url').slice(0, 22);

/**
 * Sign-in sessions. A session ended or a user disabled on any instance is refused by every instance at its next
 * request (decision 014): each request reads its session, or takes the copy read a moment ago while nothing about
 * sessions or people has changed since, on this instance or another (decision 038).
 */
export class Sessions {
  readonly #identityVersion: (() => string | null) | null;

  constructor(
    private readonly db: Db,
    private readonly policy: { idleMs: number; absoluteMs: number; now?: () => number },
  ) {
    const info = databaseInfo(db);
    this.#identityVersion = info.identityVersion;
    // A session another instance only touched: its kept copy takes the newer "last seen" (the idle limit's clock).
    info.identityPush?.onTouch((sessionId, lastSeenAt) => {
      const kept = this.#sessions.get(sessionId);
      if (kept && Number.isFinite(lastSeenAt) && lastSeenAt > Number(kept.row.last_seen_at))
        kept.row.last_seen_at = lastSeenAt;
    });
  }

  #clock(): number {
    return this.policy.now?.() ?? Date.now();
  }

  static hashToken(token: string): string {
    // The one-shot form: no Hash object per request (it was a third of reading a kept session, decision 038).
    return hash('sha256', token, 'hex');
  }

  /**
   * A new session: the cookie gets the random token, the database only its hash, with where and in what it began and
   * how the person proved it was them (by default now, with their password).
   */
  async startSession(
    userId: string,
    from: {
      address?: string | null;
      browser?: string | null;
      factorSetup?: boolean;
      provedWith?: ProofKind;
      provedAt?: number;
    } = {},
  ): Promise<{ token: string; expiresAt: number }> {
    const token = randomBytes(32).toString('base64url');
    const at = this.#clock();
    const expiresAt = at + this.policy.absoluteMs;
    await this.db
      .insertInto('sessions')
      .values({
        id: Sessions.hashToken(token),
        user_id: userId,
        created_at: at,
        last_seen_at: at,
        expires_at: expiresAt,
        address: from.address ?? null,
        browser: from.browser?.slice(0, 300) ?? null,
        factor_setup: from.factorSetup ? 1 : 0,
        proved_at: Math.min(from.provedAt ?? at, at),
        proved_with: from.provedWith ?? 'password',
        previous_id: null,
        previous_until: null,
      })
      .execute();
    return { token, expiresAt };
  }

  /**
   * A new token for a session (decision 035): after a proof (which it records) and a completed set-up. The old token
   * is still taken for a few seconds, for the requests already on their way with it; then only the new one is. Null
   * when the session is gone.
   */
  async rotate(sessionId: string, proof?: ProofKind): Promise<{ token: string; expiresAt: number } | null> {
    const token = randomBytes(32).toString('base64url');
    const at = this.#clock();
    const row = await this.db
      .updateTable('sessions')
      .set({
        id: Sessions.hashToken(token),
        previous_id: sessionId,
        previous_until: at + ROTATION_GRACE_MS,
        ...(proof ? { proved_at: at, proved_with: proof } : {}),
      })
      .where('id', '=', sessionId)
      .returning('expires_at')
      .executeTakeFirst();
    return row ? { token, expiresAt: Number(row.expires_at) } : null;
  }

  /** A live session's user, by the session's stored id (a single sign-on begun in it, back from the provider). */
  async sessionOwner(sessionId: string): Promise<string | null> {
    const at = this.#clock();
    const row = await this.db
      .selectFrom('sessions')
      .select(['id', 'user_id'])
      .where((eb) => namesSession(eb, sessionId, at))
      .where('expires_at', '>', at)
      .where('last_seen_at', '>', at - this.policy.idleMs)
      .executeTakeFirst();
    return row?.user_id ?? null;
  }

  /** The session a stored id names now (itself, or the session it was rotated into a moment ago). */
  async currentSessionId(sessionId: string): Promise<string | null> {
    const at = this.#clock();
    const row = await this.db
      .selectFrom('sessions')
      .select('id')
      .where((eb) => namesSession(eb, sessionId, at))
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** Marks (or clears) the live sessions of people who must set a second factor up first. */
  async setFactorSetup(userIds: readonly string[], required: boolean): Promise<void> {
    if (userIds.length === 0) return;
    await this.db
      .updateTable('sessions')
      .set({ factor_setup: required ? 1 : 0 })
      .where('user_id', 'in', [...userIds])
      .execute();
  }

  /**
   * A person's live sessions, newest first. Each is named by a public id (a hash of the stored one), so the list a
   * browser receives holds nothing that could be turned back into a session cookie.
   */
  async sessionsOf(userId: string, currentSessionId: string): Promise<OwnSession[]> {
    const at = this.#clock();
    const rows = await this.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('expires_at', '>', at)
      .where('last_seen_at', '>', at - this.policy.idleMs)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map((row) => ({
      id: publicSessionId(row.id),
      created_at: new Date(Number(row.created_at)).toISOString(),
      last_seen_at: new Date(Number(row.last_seen_at)).toISOString(),
      address: row.address,
      browser: row.browser,
      current: row.id === currentSessionId,
    }));
  }

  /** Ends one of a person's sessions by its public id; false when they have none by that id. */
  async endOwnSession(userId: string, publicId: string): Promise<boolean> {
    const rows = await this.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
    const row = rows.find((r) => publicSessionId(r.id) === publicId);
    if (!row) return false;
    await this.db.deleteFrom('sessions').where('id', '=', row.id).execute();
    return true;
  }

  /**
   * Ends every session of a person but one (or all, with none kept), and every sign-in of theirs waiting for its
   * second step (decision 035); how many sessions ended.
   */
  async endSessionsOf(userId: string, keep: string | null = null): Promise<number> {
    let q = this.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (keep) q = q.where('id', '!=', keep);
    const result = await q.executeTakeFirst();
    await this.db.deleteFrom('pending_sign_ins').where('user_id', '=', userId).execute();
    return Number(result.numDeletedRows);
  }

  /**
   * The user of a session token if the session is alive (idle and absolute timeouts), touching it. The token a
   * session had before its last rotation is taken for 30 seconds, for reads only (`safe`), and never with the proof
   * the rotation recorded (decision 035): a copy of the old cookie gains nothing from its owner's proof.
   */
  async resume(token: string, safe = true): Promise<SignedInUser | null> {
    const hashed = Sessions.hashToken(token);
    const at = this.#clock();
    const read = (by: SessionKey) => readSession(this.db, by, hashed);
    // A session read a moment ago is taken as it was while nothing was written to the sessions or users tables since
    // (by this instance or another; decision 038): signing out, disabling or a role change is seen by the next request.
    const version = this.#identityVersion?.() ?? null;
    const kept = version === null ? undefined : this.#sessions.get(hashed);
    let row: SessionRow | undefined;
    if (kept && kept.version === version && at < kept.until) {
      row = kept.row;
      this.sessionCacheHits += 1;
    } else {
      if (kept) this.#sessions.delete(hashed);
      row = await read('sessions.id');
      if (row && version !== null) this.#keep(hashed, row, version, at);
    }
    // The token of a session rotated a moment ago is still taken, for requests that were on their way with it.
    let rotatedAway = false;
    if (!row && safe) {
      const rotated = await read('sessions.previous_id');
      if (rotated && Number(rotated.previous_until ?? 0) > at) {
        row = rotated;
        rotatedAway = true;
      }
    }
    if (!row) return null;
    const id = row.sessionId;
    if (
      row.disabled === 1 ||
      at >= Number(row.expires_at) ||
      at - Number(row.last_seen_at) >= this.policy.idleMs
    ) {
      this.#sessions.delete(hashed);
      await this.db.deleteFrom('sessions').where('id', '=', id).execute();
      return null;
    }
    // Touch at most once a minute: a busy agent does not write on every request.
    if (at - Number(row.last_seen_at) > 60_000) {
      await this.db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
      if (!rotatedAway) row.last_seen_at = at;
    }
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role,
      officeWide: row.office_wide === 1,
      timeZone: row.time_zone,
      sessionId: id,
      sessionExpiresAt: Number(row.expires_at),
      factorSetup: Number(row.factor_setup) === 1,
      // Through the old token: no proof at all (it was the new token's to have).
      provedAt: rotatedAway ? 0 : Number(row.proved_at ?? row.created_at),
      provedWith: proofKind(row.proved_with),
    };
  }

  /** How many requests' sessions were taken from the cache (for tests and the bench). */
  sessionCacheHits = 0;
  /** Lets go of every session kept in memory (for tests of the reads themselves). */
  forgetSessions(): void {
    this.#sessions.clear();
  }
  readonly #sessions = new Map<string, { row: SessionRow; version: string; until: number }>();

  #keep(hashed: string, row: SessionRow, version: string, at: number): void {
    if (this.#sessions.size >= SESSION_CACHE_SIZE) this.#sessions.clear();
    this.#sessions.set(hashed, { row, version, until: at + SESSION_CACHE_MS });
  }

  /**
   * Ends the session this token is, or was a moment ago: a sign-out sent with the token a proof has just replaced (the
   * new cookie lost or not yet arrived) ends the session under its new token too.
   */
  async endSession(token: string): Promise<void> {
    const hashed = Sessions.hashToken(token);
    const at = this.#clock();
    await this.db
      .deleteFrom('sessions')
      .where((eb) => namesSession(eb, hashed, at))
      .execute();
  }
}
