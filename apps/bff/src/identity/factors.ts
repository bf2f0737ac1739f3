import { createHash, randomBytes, randomInt } from 'node:crypto';
import { type AccountFactors, newId } from '@console/contract';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Db } from '../db/index.ts';
import { SecretBox } from '../platform/secret-box.ts';

/** RFC 6238 as every authenticator app reads it: SHA-1, six digits, 30 seconds; one step either side is taken. */
const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
const WINDOW = 1;
const RECOVERY_CODES = 10;
/**
 * Recovery codes (decision 035): 24 characters of an alphabet without look-alikes (0/O, 1/I/L), about 119 bits, shown
 * as six groups of four. At that size no search of the stored hashes can find one, salted or not; each hash is bound to
 * its person all the same.
 */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const RECOVERY_LENGTH = 24;
const PENDING_MS = 5 * 60_000;
const PENDING_TRIES = 5;

const hash = (text: string) => createHash('sha256').update(text).digest('hex');
/** A recovery code as typed: any case, spaces and dashes ignored. */
const normalCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');
/** A recovery code's stored id: bound to its person. */
const codeId = (userId: string, code: string) => hash(`recovery:${userId}:${normalCode(code)}`);
/** The codes of ten characters given before decision 035 were stored as the hash of the code alone. */
const legacyCodeId = (code: string) => hash(normalCode(code));
const now = () => new Date().toISOString();

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code.match(/.{4}/g)?.join('-') ?? code;
}

/** A sign-in waiting for its second step: whose, what it began with, and a link's password set only after it. */
export interface PendingSignIn {
  userId: string;
  first: string;
  linkId: string | null;
  newPasswordHash: string | null;
}

/**
 * Second factors (decision 029): authenticator apps (TOTP, RFC 6238) and single-use recovery codes, and the sign-ins
 * that wait for one. Everything is in the database, so a code taken on one instance is refused on every other.
 */
export class Factors {
  constructor(
    private readonly db: Db,
    private readonly issuer: string,
    private readonly clock: () => number = Date.now,
    private readonly box: SecretBox = new SecretBox(null),
  ) {}

  /**
   * Seals the authenticator keys still kept as they are (written before SECRETS_KEY was set); how many. Run at start,
   * on every instance: a row already sealed is left alone.
   */
  async sealStoredKeys(): Promise<number> {
    if (!this.box.sealing) return 0;
    const rows = await this.db
      .selectFrom('user_factors')
      .select(['id', 'user_id', 'secret'])
      .where('kind', '=', 'totp')
      .where('secret', 'is not', null)
      .where('secret', 'not like', 'v1:%')
      .execute();
    for (const row of rows) {
      if (!row.secret) continue;
      await this.db
        .updateTable('user_factors')
        .set({ secret: this.box.seal(row.secret, row.user_id) })
        .where('id', '=', row.id)
        .where('secret', '=', row.secret)
        .execute();
    }
    return rows.length;
  }

  /** Whether a person has a confirmed second factor (then a password alone does not sign them in). */
  async has(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('user_factors')
      .select('id')
      .where('user_id', '=', userId)
      .where('confirmed_at', 'is not', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** How the person can give their second step: passkey and/or app, and recovery codes while any are left. */
  async methods(userId: string): Promise<Array<'passkey' | 'totp' | 'recovery_code'>> {
    const kinds = await this.kinds(userId);
    const codes = (await this.list(userId)).recovery_codes.left;
    return [
      ...(kinds.has('passkey') ? (['passkey'] as const) : []),
      ...(kinds.has('totp') ? (['totp'] as const) : []),
      ...(codes > 0 ? (['recovery_code'] as const) : []),
    ];
  }

  /** The kinds of confirmed factor the person has. */
  async kinds(userId: string): Promise<Set<'totp' | 'passkey'>> {
    const rows = await this.db
      .selectFrom('user_factors')
      .select('kind')
      .where('user_id', '=', userId)
      .where('confirmed_at', 'is not', null)
      .execute();
    return new Set(rows.map((r) => r.kind));
  }

  async list(userId: string): Promise<Pick<AccountFactors, 'data' | 'recovery_codes'>> {
    const factors = await this.db
      .selectFrom('user_factors')
      .select(['id', 'kind', 'name', 'created_at', 'last_used_at'])
      .where('user_id', '=', userId)
      .where('confirmed_at', 'is not', null)
      .orderBy('created_at')
      .execute();
    const codes = await this.db
      .selectFrom('recovery_codes')
      .select(['used_at'])
      .where('user_id', '=', userId)
      .execute();
    return {
      data: factors,
      recovery_codes: { total: codes.length, left: codes.filter((c) => c.used_at === null).length },
    };
  }

  /** A new authenticator app, not yet in use: its key (as text, as a URI and as a QR code) to show once. */
  async beginTotp(user: { id: string; email: string }, name: string) {
    const secret = new Secret({ size: 20 });
    const totp = new TOTP({ ...TOTP_SETTINGS, issuer: this.issuer, label: user.email, secret });
    const id = newId('factor');
    await this.db
      .deleteFrom('user_factors')
      .where('user_id', '=', user.id)
      .where('confirmed_at', 'is', null)
      .execute();
    await this.db
      .insertInto('user_factors')
      .values({
        id,
        user_id: user.id,
        kind: 'totp',
        name,
        secret: this.box.seal(secret.base32, user.id),
        created_at: now(),
        confirmed_at: null,
        last_used_at: null,
        last_step: null,
        credential_id: null,
        public_key: null,
        sign_count: null,
        transports: null,
      })
      .execute();
    const uri = totp.toString();
    return { id, secret: secret.base32, uri, qr_svg: await QRCode.toString(uri, { type: 'svg', margin: 1 }) };
  }

  /**
   * Confirms an authenticator app with a code from it. The first factor a person has comes with ten recovery codes,
   * returned here, the one time they are shown.
   */
  async confirmTotp(
    userId: string,
    id: string,
    code: string,
  ): Promise<{ ok: boolean; recoveryCodes: string[] }> {
    const row = await this.db
      .selectFrom('user_factors')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('confirmed_at', 'is', null)
      .executeTakeFirst();
    if (!row?.secret) return { ok: false, recoveryCodes: [] };
    const step = this.#step(this.box.open(row.secret, userId), code);
    if (step === null) return { ok: false, recoveryCodes: [] };
    const hadCodes = (await this.list(userId)).recovery_codes.total > 0;
    await this.db
      .updateTable('user_factors')
      .set({ confirmed_at: now(), last_used_at: now(), last_step: step })
      .where('id', '=', id)
      .execute();
    return { ok: true, recoveryCodes: hadCodes ? [] : await this.renewRecoveryCodes(userId) };
  }

  async remove(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('user_factors')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!(await this.has(userId)))
      await this.db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    return Number(result.numDeletedRows) > 0;
  }

  /** Every factor and recovery code of a person gone (an admin's reset, when a phone is lost); how many factors. */
  async removeAll(userId: string): Promise<number> {
    const result = await this.db.deleteFrom('user_factors').where('user_id', '=', userId).executeTakeFirst();
    await this.db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    return Number(result.numDeletedRows);
  }

  /** Every recovery code of the person void (codes an attacker saw: "this was not me"). */
  async voidRecoveryCodes(userId: string): Promise<void> {
    await this.db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  }

  /** Ten new recovery codes, the old ones void; stored hashed, so these are the only time they are seen. */
  async renewRecoveryCodes(userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await this.db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await this.db
      .insertInto('recovery_codes')
      .values(
        codes.map((code) => ({
          id: codeId(userId, code),
          user_id: userId,
          created_at: now(),
          used_at: null,
        })),
      )
      .execute();
    return codes;
  }

  /** The time step a code is right for (this one, or one either side), or null. */
  #step(secret: string, code: string): number | null {
    const token = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(token)) return null;
    const timestamp = this.clock();
    const totp = new TOTP({ ...TOTP_SETTINGS, secret: Secret.fromBase32(secret) });
    const delta = totp.validate({ token, timestamp, window: WINDOW });
    return delta === null ? null : TOTP.counter({ period: TOTP_SETTINGS.period, timestamp }) + delta;
  }

  /**
   * A code from one of the person's authenticator apps, taken once: the factor's last accepted step moves forward in
   * one conditional update, so the same code (or an older one) on another instance at the same moment is refused.
   */
  async verifyTotp(userId: string, code: string): Promise<boolean> {
    const rows = await this.db
      .selectFrom('user_factors')
      .select(['id', 'secret'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'totp')
      .where('confirmed_at', 'is not', null)
      .execute();
    for (const row of rows) {
      if (!row.secret) continue;
      const step = this.#step(this.box.open(row.secret, userId), code);
      if (step === null) continue;
      const taken = await this.db
        .updateTable('user_factors')
        .set({ last_step: step, last_used_at: now() })
        .where('id', '=', row.id)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1;
    }
    return false;
  }

  /** A recovery code, taken once. */
  async useRecoveryCode(userId: string, code: string): Promise<boolean> {
    const ids = [codeId(userId, code)];
    if (normalCode(code).length === 10) ids.push(legacyCodeId(code));
    const taken = await this.db
      .updateTable('recovery_codes')
      .set({ used_at: now() })
      .where('id', 'in', ids)
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  }

  /**
   * A right password (or single sign-on, or a one-time link) waiting for its second factor: the token goes in an
   * HttpOnly cookie, its hash here. A link's new password waits here too, hashed, until the second step is given.
   */
  async beginSignIn(
    userId: string,
    first: 'password' | 'single_sign_on' | 'link' = 'password',
    link: { id: string; passwordHash: string } | null = null,
  ): Promise<{ token: string; maxAgeSeconds: number }> {
    const token = randomBytes(32).toString('base64url');
    const at = this.clock();
    await this.db.deleteFrom('pending_sign_ins').where('expires_at', '<', at).execute();
    await this.db
      .insertInto('pending_sign_ins')
      .values({
        id: hash(token),
        user_id: userId,
        created_at: at,
        expires_at: at + PENDING_MS,
        attempts: 0,
        first_factor: first,
        link_id: link?.id ?? null,
        new_password_hash: link?.passwordHash ?? null,
      })
      .execute();
    return { token, maxAgeSeconds: PENDING_MS / 1000 };
  }

  /**
   * The person a pending sign-in is for and what it began with, counting this try; null when it is unknown, past, or
   * out of tries.
   */
  async pendingUser(token: string): Promise<PendingSignIn | null> {
    const id = hash(token);
    const row = await this.db
      .updateTable('pending_sign_ins')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .returning(['user_id', 'expires_at', 'attempts', 'first_factor', 'link_id', 'new_password_hash'])
      .executeTakeFirst();
    if (!row) return null;
    if (Number(row.expires_at) <= this.clock() || row.attempts > PENDING_TRIES) {
      await this.endSignIn(token);
      return null;
    }
    return {
      userId: row.user_id,
      first: row.first_factor ?? 'password',
      linkId: row.link_id,
      newPasswordHash: row.new_password_hash,
    };
  }

  /** A waiting sign-in, read without counting a try (a passkey finishing it); null when unknown or past. */
  async peekSignIn(token: string): Promise<PendingSignIn | null> {
    const row = await this.db
      .selectFrom('pending_sign_ins')
      .selectAll()
      .where('id', '=', hash(token))
      .executeTakeFirst();
    if (!row || Number(row.expires_at) <= this.clock()) return null;
    return {
      userId: row.user_id,
      first: row.first_factor ?? 'password',
      linkId: row.link_id,
      newPasswordHash: row.new_password_hash,
    };
  }

  /** The second-step methods of a pending sign-in that is still good (not counted as a try); null otherwise. */
  async pendingMethods(token: string): Promise<Array<'passkey' | 'totp' | 'recovery_code'> | null> {
    const row = await this.db
      .selectFrom('pending_sign_ins')
      .select(['user_id', 'expires_at', 'attempts'])
      .where('id', '=', hash(token))
      .executeTakeFirst();
    if (!row || Number(row.expires_at) <= this.clock() || row.attempts >= PENDING_TRIES) return null;
    return this.methods(row.user_id);
  }

  async endSignIn(token: string): Promise<void> {
    await this.db.deleteFrom('pending_sign_ins').where('id', '=', hash(token)).execute();
  }
}
