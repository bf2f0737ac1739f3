import {
  type Away,
  type ChangeEmail,
  ChangeEmailSchema,
  type Colleague,
  type ConsoleUser,
  newId,
  type Role,
  type UsersQuery,
} from '@console/contract';
import { type Db, sql } from '../db/index.ts';
import { containing, decodeCursor, type Page, pageFrom, searchWords } from '../platform/pages.ts';
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import type { Sessions } from './sessions.ts';
import { NO_PASSWORD, signsIn, waysIn } from './ways-in.ts';

const now = () => new Date().toISOString();

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

/**
 * The office's people: their accounts, passwords and choices. What ends their sessions (a new password, disabling, a
 * new role) ends them through the sessions.
 */
export class Users {
  constructor(
    private readonly db: Db,
    private readonly sessions: Sessions,
  ) {}

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
    await this.sessions.endSessionsOf(userId);
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
   * passkey, or their identity at the office's provider connected).
   */
  waysIn(userIds: readonly string[]): Promise<Map<string, { password: boolean; other: boolean }>> {
    return waysIn(this.db, userIds);
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
    if (change.disabled === true || change.role !== undefined) await this.sessions.endSessionsOf(id);
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
    await this.sessions.setFactorSetup(covered, true);
    await this.sessions.setFactorSetup(
      users.filter((u) => !covered.includes(u.id)).map((u) => u.id),
      false,
    );
  }

  /** A new password for a person, and every other session of theirs ended (decision 028). */
  async setOwnPassword(userId: string, password: string, keepSession: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(password), updated_at: now() })
      .where('id', '=', userId)
      .execute();
    await this.sessions.endSessionsOf(userId, keepSession);
  }

  async passwordHashOf(userId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.password_hash ?? null;
  }

  async ensureUser(input: { email: string; name: string; role: Role; password: string }): Promise<void> {
    if (!(await this.findByEmail(input.email))) await this.createUser(input);
  }
}
