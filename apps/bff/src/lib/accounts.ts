import { createHash, randomBytes } from 'node:crypto';
import { type ConsoleUser, newId, type Role, type UsersQuery } from '@console/contract';
import { type Db, sql } from '../db/index.ts';
import { containing, decodeCursor, type Page, pageFrom, searchWords } from './pages.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from './passwords.ts';
import type { SignedInUser } from './types.ts';

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
 * Users and sign-in sessions. Every request asks the database (one indexed read): a session ended or a user disabled
 * on any instance is refused by every instance at its next request (decision 014).
 */
export class Accounts {
  constructor(
    private readonly db: Db,
    private readonly policy: { idleMs: number; absoluteMs: number; now?: () => number },
  ) {}

  #clock(): number {
    return this.policy.now?.() ?? Date.now();
  }

  async createUser(input: {
    email: string;
    name: string;
    role: Role;
    password: string;
  }): Promise<ConsoleUser> {
    const at = now();
    const row = {
      id: newId('user'),
      email: input.email.toLowerCase(),
      name: input.name,
      role: input.role,
      password_hash: await hashPassword(input.password),
      disabled: 0,
      office_wide: 0,
      created_at: at,
      updated_at: at,
    };
    await this.db.insertInto('users').values(row).execute();
    return toUser(row);
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
    change: { name?: string; role?: Role; disabled?: boolean; office_wide?: boolean; password?: string },
  ): Promise<ConsoleUser | null> {
    const values: Partial<{
      name: string;
      role: Role;
      disabled: number;
      office_wide: number;
      password_hash: string;
      updated_at: string;
    }> = { updated_at: now() };
    if (change.name !== undefined) values.name = change.name;
    if (change.role !== undefined) values.role = change.role;
    if (change.disabled !== undefined) values.disabled = change.disabled ? 1 : 0;
    if (change.office_wide !== undefined) values.office_wide = change.office_wide ? 1 : 0;
    if (change.password !== undefined) values.password_hash = await hashPassword(change.password);
    await this.db.updateTable('users').set(values).where('id', '=', id).execute();
    // A disabled user, a new password or a new role ends every session at once.
    if (change.disabled === true || change.password !== undefined || change.role !== undefined) {
      await this.db.deleteFrom('sessions').where('user_id', '=', id).execute();
    }
    return this.get(id);
  }

  /** Checks a password; the same work is done for an unknown email, so timing does not reveal which exist. */
  async authenticate(email: string, password: string) {
    const user = await this.findByEmail(email);
    const ok = await verifyPassword(password, user?.password_hash ?? (await DUMMY_HASH));
    return user && ok ? user : null;
  }

  static hashToken(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }

  /** A new session: the cookie gets the random token, the database only its hash. */
  async startSession(userId: string): Promise<{ token: string; expiresAt: number }> {
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
      })
      .execute();
    return { token, expiresAt };
  }

  /** The user of a session token if the session is alive (idle and absolute timeouts), touching it. */
  async resume(token: string): Promise<SignedInUser | null> {
    const id = Accounts.hashToken(token);
    const at = this.#clock();
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.id as sessionId',
        'sessions.last_seen_at',
        'sessions.expires_at',
        'users.id',
        'users.email',
        'users.name',
        'users.role',
        'users.disabled',
        'users.office_wide',
      ])
      .where('sessions.id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    if (
      row.disabled === 1 ||
      at >= Number(row.expires_at) ||
      at - Number(row.last_seen_at) >= this.policy.idleMs
    ) {
      await this.db.deleteFrom('sessions').where('id', '=', id).execute();
      return null;
    }
    // Touch at most once a minute: a busy agent does not write on every request.
    if (at - Number(row.last_seen_at) > 60_000) {
      await this.db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
    }
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role,
      officeWide: row.office_wide === 1,
      sessionId: id,
      sessionExpiresAt: Number(row.expires_at),
    };
  }

  async endSession(token: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', Accounts.hashToken(token)).execute();
  }

  async ensureUser(input: { email: string; name: string; role: Role; password: string }): Promise<void> {
    if (!(await this.findByEmail(input.email))) await this.createUser(input);
  }
}
