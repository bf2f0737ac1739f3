import { hash, randomBytes } from 'node:crypto';
import {
  type Away,
  type ChangeEmail,
  ChangeEmailSchema,
  type Colleague,
  type ConsoleUser,
  newId,
  type OwnSession,
  type Role,
  type UsersQuery,
} from '@console/contract';
import type { ExpressionBuilder } from 'kysely';
import { type Database, type Db, databaseInfo, sql } from '../db/index.ts';
import { containing, decodeCursor, type Page, pageFrom, searchWords } from '../platform/pages.ts';
import type { SignedInUser } from '../platform/types.ts';
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from './passwords.ts';

const now = () => new Date().toISOString();

/** How long a session read is kept while nothing is written to the sessions or users tables (decision 038). */
const SESSION_CACHE_MS = 10_000;
/** At most this many sessions are kept; past it the cache starts again (an office's agents are a few hundred). */
const SESSION_CACHE_SIZE = 10_000;

/** A session and its person, by the session's id or (a rotation's grace) its previous id. */
const sessionQuery = (db: Db) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'sessions.previous_id',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'users.id',
      'users.email',
      'users.name',
      'users.role',
      'users.disabled',
      'users.office_wide',
      'users.time_zone',
      'sessions.factor_setup',
      'sessions.proved_at',
      'sessions.proved_with',
      'sessions.previous_until',
      'sessions.created_at',
    ]);
type SessionRow = NonNullable<Awaited<ReturnType<ReturnType<typeof sessionQuery>['executeTakeFirst']>>>;
type SessionKey = 'sessions.id' | 'sessions.previous_id';

/**
 * Reads a session: on PostgreSQL through the turn's batch (below), on SQLite as any query (its statements are kept
 * compiled, and a read a moment ago is usually kept in memory anyway).
 */
function readSession(db: Db, by: SessionKey, hashed: string): Promise<SessionRow | undefined> {
  const named = databaseInfo(db).named;
  if (!named) return sessionQuery(db).where(by, '=', hashed).executeTakeFirst();
  const turn = sessionTurns.get(db) ?? new Map<SessionKey, SessionBatch>();
  sessionTurns.set(db, turn);
  const batch: SessionBatch = turn.get(by) ?? new Map();
  if (!turn.has(by)) {
    turn.set(by, batch);
    // Sent once this turn of the event loop has read what arrived: the batch is closed as it is sent, so a request
    // arriving while it is on its way starts a read of its own (it never takes an answer older than itself).
    setImmediate(() => {
      turn.delete(by);
      void sendSessionBatch(db, named, by, batch);
    });
  }
  return new Promise((resolve, reject) => {
    const list = batch.get(hashed);
    if (list) list.push({ resolve, reject });
    else batch.set(hashed, [{ resolve, reject }]);
  });
}

type SessionBatch = Map<
  string,
  { resolve: (row: SessionRow | undefined) => void; reject: (error: unknown) => void }[]
>;
/** The sessions asked for in this turn of the event loop, per store and key, not yet sent. */
const sessionTurns = new WeakMap<Db, Map<SessionKey, SessionBatch>>();
/** At most this many tokens in one statement. */
const SESSION_BATCH_SIZE = 200;
/** How many statements the batched session reads have sent (for tests and the bench). */
export const sessionReadStatements = { count: 0 };

/**
 * The session reads of one turn of the event loop on PostgreSQL, as one named statement (parsed and planned once per
 * connection) for all their tokens: under load a turn reads several requests, often of the same person (decision
 * 038). Each request's read still starts after the request arrived, as it did when every request sent its own.
 */
async function sendSessionBatch(
  db: Db,
  named: NonNullable<ReturnType<typeof databaseInfo>['named']>,
  by: SessionKey,
  batch: SessionBatch,
): Promise<void> {
  const hashes = [...batch.keys()];
  const parts: string[][] = [];
  for (let from = 0; from < hashes.length; from += SESSION_BATCH_SIZE)
    parts.push(hashes.slice(from, from + SESSION_BATCH_SIZE));
  // Every waiter is answered: with its row, or with the failure of its statement (never left waiting).
  const fail = (part: readonly string[], error: unknown) => {
    for (const hash of part) for (const w of batch.get(hash) ?? []) w.reject(error);
  };
  let text: string;
  try {
    // The statement's text is the same for every batch: compiled once per store, only the tokens sent each time.
    const texts = sessionTexts.get(db) ?? {};
    text =
      texts[by] ??
      sessionQuery(db)
        .where(by, '=', (eb) => eb.fn<string>('any', [eb.val<string[]>([])]))
        .compile().sql;
    texts[by] = text;
    sessionTexts.set(db, texts);
  } catch (error) {
    fail(hashes, error);
    return;
  }
  // Parts of a very large turn go side by side, not one after another.
  await Promise.all(
    parts.map(async (part) => {
      try {
        sessionReadStatements.count += 1;
        const rows = await named<SessionRow>(
          by === 'sessions.id' ? 'sessions_by_id' : 'sessions_by_previous_id',
          { sql: text, parameters: [part] },
        );
        const found = new Map<string, SessionRow>();
        for (const row of rows) {
          const key = by === 'sessions.id' ? row.sessionId : row.previous_id;
          if (key !== null && !found.has(key)) found.set(key, row);
        }
        // Each request gets its own copy: `resume` keeps and touches the row it was given.
        for (const hash of part) {
          const row = found.get(hash);
          for (const w of batch.get(hash) ?? []) w.resolve(row && { ...row });
        }
      } catch (error) {
        fail(part, error);
      }
    }),
  );
}
const sessionTexts = new WeakMap<Db, Partial<Record<SessionKey, string>>>();

/**
 * The session a stored id names: the session itself, or the one it was rotated into less than the grace ago (decision
 * 035), for what must follow a session through a rotation (ending it, the single sign-on begun in it).
 */
const namesSession = (eb: ExpressionBuilder<Database, 'sessions'>, sessionId: string, at: number) =>
  eb.or([
    eb('id', '=', sessionId),
    eb.and([eb('previous_id', '=', sessionId), eb('previous_until', '>', at)]),
  ]);

/** A password hash no password verifies: the account of a person who has not chosen theirs yet. */
const NO_PASSWORD = '!none';

/**
 * Who can sign in now (decision 053's "active" person, whom work can go to): not disabled, and with a way in of their
 * own — a password, a confirmed passkey, or their identity at the office's provider (decision 041's accepted). One
 * invited who has not accepted yet is not.
 */
export function signsIn(eb: ExpressionBuilder<Database, 'users'>) {
  return eb.and([
    eb('users.disabled', '=', 0),
    eb.or([
      eb('users.password_hash', '!=', NO_PASSWORD),
      eb.exists(
        eb
          .selectFrom('user_factors')
          .select('user_factors.id')
          .whereRef('user_factors.user_id', '=', 'users.id')
          .where('user_factors.kind', '=', 'passkey')
          .where('user_factors.confirmed_at', 'is not', null),
      ),
      eb.exists(
        eb
          .selectFrom('user_identities')
          .select('user_identities.subject')
          .whereRef('user_identities.user_id', '=', 'users.id'),
      ),
    ]),
  ]);
}
/** How long the token a session had before a rotation is still taken: requests already on their way (decision 035). */
const ROTATION_GRACE_MS = 30_000;

/** How a session's last proof was made (decision 035): a password, a factor of the person's, the office's provider. */
export type ProofKind = 'password' | 'factor' | 'provider' | 'provider_mfa';
const proofKind = (value: string | null): ProofKind =>
  value === 'factor' || value === 'provider' || value === 'provider_mfa' ? value : 'password';

/** The id a browser is shown for a session: a hash of the stored id (itself a hash of the cookie's token). */
export const publicSessionId = (id: string) => hash('sha256', `session:${id}`, 'base64url').slice(0, 22);

function toUser(row: {
  id: string;
  email: string;
  name: string;
  role: Role;
  disabled: number;
  office_wide: number;
  created_at: string;
}): ConsoleUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    disabled: row.disabled === 1,
    office_wide: row.office_wide === 1,
    created_at: row.created_at,
  };
}

/**
 * Users and sign-in sessions. A session ended or a user disabled on any instance is refused by every instance at its
 * next request (decision 014): each request reads its session, or takes the copy read a moment ago while nothing about
 * sessions or people has changed since, on this instance or another (decision 038).
 */
export class Accounts {
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

  /** A user with a password (the demo users, `users create`); an admin invites everyone else (createInvited). */
  async createUser(input: {
    email: string;
    name: string;
    role: Role;
    password: string;
  }): Promise<ConsoleUser> {
    return this.#insertUser(input, await hashPassword(input.password));
  }

  /**
   * A person invited by an admin (decision 030): their account, with no password that could sign in until they choose
   * one through their link.
   */
  async createInvited(input: { email: string; name: string; role: Role }): Promise<ConsoleUser> {
    return this.#insertUser(input, NO_PASSWORD);
  }

  async #insertUser(
    input: { email: string; name: string; role: Role },
    passwordHash: string,
  ): Promise<ConsoleUser> {
    const at = now();
    const row = {
      id: newId('user'),
      email: input.email.toLowerCase(),
      name: input.name,
      role: input.role,
      password_hash: passwordHash,
      disabled: 0,
      office_wide: 0,
      created_at: at,
      updated_at: at,
    };
    await this.db.insertInto('users').values(row).execute();
    return toUser(row);
  }

  /** The password a person chose through a one-time link; every session and waiting sign-in of theirs ends. */
  async setPassword(userId: string, password: string): Promise<void> {
    await this.setPasswordHash(userId, await hashPassword(password));
  }

  /** A password hashed before (chosen through a link, set once the second step was given); every session ends. */
  async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now() })
      .where('id', '=', userId)
      .execute();
    await this.endSessionsOf(userId);
  }

  /** No password signs the person in any more (a reset taken with a passkey); every session ends. */
  async voidPassword(userId: string): Promise<void> {
    await this.setPasswordHash(userId, NO_PASSWORD);
  }

  /** How the person hears of their bookings' changes by e-mail (decision 037). */
  async changeEmail(userId: string): Promise<ChangeEmail> {
    const row = await this.db
      .selectFrom('users')
      .select('change_email')
      .where('id', '=', userId)
      .executeTakeFirst();
    return ChangeEmailSchema.catch('immediate').parse(row?.change_email);
  }

  async setChangeEmail(userId: string, choice: ChangeEmail): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ change_email: choice, updated_at: now() })
      .where('id', '=', userId)
      .execute();
  }

  /**
   * Away until an instant (the service's clock), covered by a colleague (decision 053); null when not away, or when
   * that instant has passed (`now`), or the cover is gone.
   */
  async away(userId: string, now: number): Promise<Away['away']> {
    const row = await this.db
      .selectFrom('users')
      .leftJoin('users as cover', 'cover.id', 'users.cover_user_id')
      .select([
        'users.away_until',
        'cover.id as cover_id',
        'cover.name as cover_name',
        'cover.email as cover_email',
      ])
      .where('users.id', '=', userId)
      .executeTakeFirst();
    if (!row?.away_until || !row.cover_id || Date.parse(row.away_until) <= now) return null;
    return {
      until: row.away_until,
      cover: { id: row.cover_id, name: row.cover_name ?? '', email: row.cover_email ?? '' },
    };
  }

  async setAway(userId: string, away: { until: string; coverId: string } | null): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ away_until: away?.until ?? null, cover_user_id: away?.coverId ?? null, updated_at: now() })
      .where('id', '=', userId)
      .execute();
  }

  /** Whether this person can sign in now (decision 053's "active"): not disabled, and their invitation accepted. */
  async signsIn(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .where(signsIn)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Colleagues who can sign in (not disabled, invitation accepted) by name (keyset-paged), narrowed by part of a name or
   * e-mail: whom work can go to.
   */
  async colleagues(query: {
    q?: string | undefined;
    after?: string | undefined;
    limit: number;
  }): Promise<Page<Colleague>> {
    const key = decodeCursor(query.after, 'users.name', ['string', 'string']);
    let q = this.db.selectFrom('users').select(['id', 'name', 'email']).where(signsIn);
    for (const word of searchWords(query.q))
      q = q.where(sql<boolean>`lower(email || ' ' || name) like ${containing(word)} escape '\\'`);
    if (key)
      q = q.where((eb) =>
        eb.or([eb('name', '>', key[0]), eb.and([eb('name', '=', key[0]), eb('id', '>', key[1])])]),
      );
    const rows = await q
      .orderBy('name')
      .orderBy('id')
      .limit(query.limit + 1)
      .execute();
    return pageFrom(
      rows,
      query.limit,
      'users.name',
      (row) => [row.name, row.id],
      (row) => row,
    );
  }

  /** The time zone the person chose (decision 049), or null for their browser's: read with every session. */
  async setTimeZone(userId: string, timeZone: string | null): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ time_zone: timeZone, updated_at: now() })
      .where('id', '=', userId)
      .execute();
  }

  async hasPassword(userId: string): Promise<boolean> {
    const hash = await this.passwordHashOf(userId);
    return hash !== null && hash !== NO_PASSWORD;
  }

  /**
   * The ways in each of these people has of their own (decision 041): a password, and whether they have another (a
   * passkey, or their identity at the office's provider connected). One read of a page's worth, by the indexes on
   * `user_id`.
   */
  async waysIn(userIds: readonly string[]): Promise<Map<string, { password: boolean; other: boolean }>> {
    const ways = new Map<string, { password: boolean; other: boolean }>();
    if (userIds.length === 0) return ways;
    const rows = await this.db
      .selectFrom('users')
      .select((eb) => [
        'users.id',
        'users.password_hash',
        eb
          .exists(
            eb
              .selectFrom('user_factors')
              .select('user_factors.id')
              .whereRef('user_factors.user_id', '=', 'users.id')
              .where('user_factors.kind', '=', 'passkey')
              .where('user_factors.confirmed_at', 'is not', null),
          )
          .as('passkey'),
        eb
          .exists(
            eb
              .selectFrom('user_identities')
              .select('user_identities.subject')
              .whereRef('user_identities.user_id', '=', 'users.id'),
          )
          .as('identity'),
      ])
      .where('users.id', 'in', [...userIds])
      .execute();
    // PostgreSQL answers `exists` with a boolean, SQLite with 0 or 1.
    const yes = (value: unknown) => value === true || value === 1 || value === '1';
    for (const row of rows)
      ways.set(row.id, {
        password: row.password_hash !== NO_PASSWORD,
        other: yes(row.passkey) || yes(row.identity),
      });
    return ways;
  }

  async findByEmail(email: string) {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
  }

  /** A page of the office's users by email (the unique index's order); `q` matches part of a name or email. */
  async list(query: UsersQuery): Promise<Page<ConsoleUser>> {
    const key = decodeCursor(query.after, 'users.email', ['string']);
    let q = this.db.selectFrom('users').selectAll();
    for (const word of searchWords(query.q))
      q = q.where(sql<boolean>`lower(email || ' ' || name) like ${containing(word)} escape '\\'`);
    if (key) q = q.where('email', '>', key[0]);
    const rows = await q
      .orderBy('email')
      .limit(query.limit + 1)
      .execute();
    return pageFrom(rows, query.limit, 'users.email', (row) => [row.email], toUser);
  }

  async get(id: string): Promise<ConsoleUser | null> {
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toUser(row) : null;
  }

  async update(
    id: string,
    change: { name?: string; role?: Role; disabled?: boolean; office_wide?: boolean },
  ): Promise<ConsoleUser | null> {
    const values: Partial<{
      name: string;
      role: Role;
      disabled: number;
      office_wide: number;
      updated_at: string;
    }> = { updated_at: now() };
    if (change.name !== undefined) values.name = change.name;
    if (change.role !== undefined) values.role = change.role;
    if (change.disabled !== undefined) values.disabled = change.disabled ? 1 : 0;
    if (change.office_wide !== undefined) values.office_wide = change.office_wide ? 1 : 0;
    await this.db.updateTable('users').set(values).where('id', '=', id).execute();
    // A disabled user or a new role ends every session, and every sign-in waiting for its second step, at once.
    if (change.disabled === true || change.role !== undefined) await this.endSessionsOf(id);
    return this.get(id);
  }

  /**
   * Checks a password; the same work is done for an unknown email, so timing does not reveal which exist. A hash made
   * at older parameters is made again now, while the password is at hand (decision 028).
   */
  async authenticate(email: string, password: string) {
    const user = await this.findByEmail(email);
    // An unknown email, or a person who has not chosen a password yet: the same work against a hash that never matches.
    const usable = user && user.password_hash !== NO_PASSWORD;
    const ok = await verifyPassword(password, usable ? user.password_hash : await DUMMY_HASH);
    if (!user || !usable || !ok) return null;
    if (needsRehash(user.password_hash)) {
      const rehashed = await hashPassword(password);
      await this.db
        .updateTable('users')
        .set({ password_hash: rehashed })
        .where('id', '=', user.id)
        .where('password_hash', '=', user.password_hash)
        .execute();
      return { ...user, password_hash: rehashed };
    }
    return user;
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
        id: Accounts.hashToken(token),
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
        id: Accounts.hashToken(token),
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

  /**
   * After a change of the office's policy: the sessions of the enabled people it covers (by role) who have no second
   * factor reach their account only; everyone else's open up.
   */
  async holdToFactorSetup(covers: (role: Role) => boolean): Promise<void> {
    const users = await this.db
      .selectFrom('users')
      .select(['id', 'role'])
      .where('disabled', '=', 0)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('user_factors')
              .select('id')
              .whereRef('user_factors.user_id', '=', 'users.id')
              .where('confirmed_at', 'is not', null),
          ),
        ),
      )
      .execute();
    const covered = users.filter((u) => covers(u.role)).map((u) => u.id);
    await this.setFactorSetup(covered, true);
    await this.setFactorSetup(
      users.filter((u) => !covered.includes(u.id)).map((u) => u.id),
      false,
    );
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

  /** A new password for a person, and every other session of theirs ended (decision 028). */
  async setOwnPassword(userId: string, password: string, keepSession: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(password), updated_at: now() })
      .where('id', '=', userId)
      .execute();
    await this.endSessionsOf(userId, keepSession);
  }

  async passwordHashOf(userId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.password_hash ?? null;
  }

  /**
   * The user of a session token if the session is alive (idle and absolute timeouts), touching it. The token a
   * session had before its last rotation is taken for 30 seconds, for reads only (`safe`), and never with the proof
   * the rotation recorded (decision 035): a copy of the old cookie gains nothing from its owner's proof.
   */
  async resume(token: string, safe = true): Promise<SignedInUser | null> {
    const hashed = Accounts.hashToken(token);
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
    const hashed = Accounts.hashToken(token);
    const at = this.#clock();
    await this.db
      .deleteFrom('sessions')
      .where((eb) => namesSession(eb, hashed, at))
      .execute();
  }

  async ensureUser(input: { email: string; name: string; role: Role; password: string }): Promise<void> {
    if (!(await this.findByEmail(input.email))) await this.createUser(input);
  }
}
