import { createHash, randomBytes } from 'node:crypto';
import { browserLabel, newId, type SecurityNotice, type SecurityNoticesQuery } from '@console/contract';
import { z } from 'zod';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/tables.ts';
import { type Mailer, mailText } from '../platform/mailer.ts';
import { decodeCursor, type Page, pageFrom } from '../platform/pages.ts';

type Kind = Database['security_notices']['kind'];
const ORDER = 'notices.created';
/** How long the "this was not me" link of a notice's e-mail works. */
const UNDO_MS = 7 * 86_400_000;
const hash = (token: string) => createHash('sha256').update(`not-me:${token}`).digest('hex');

const DetailSchema = z.object({
  /** The way in's name (a passkey's, an app's), or the provider's. */
  name: z.string().optional(),
  address: z.string().nullable().optional(),
  browser: z.string().nullable().optional(),
  /** How many wrong tries, and from how many networks. */
  tries: z.number().int().optional(),
  /** The wrong tries came from a signed-in session, asked to confirm it was the person (decision 042). */
  session: z.boolean().optional(),
});
type Detail = z.infer<typeof DetailSchema>;

/** The ways in: "this was not me" removes what the notice names and ends every session. */
const WAYS_IN: readonly Kind[] = ['factor_added', 'identity_connected', 'recovery_codes_renewed'];

/** What a notice says, in a person's words. */
function summaryOf(kind: Kind, detail: Detail): string {
  const from = [
    detail.browser ? browserLabel(detail.browser) : null,
    detail.address ? `at ${detail.address}` : null,
  ]
    .filter(Boolean)
    .join(' ');
  const where = from ? ` (${from})` : '';
  switch (kind) {
    case 'factor_added':
      return `A new way to sign in, “${detail.name ?? 'unnamed'}”, was added to your account${where}.`;
    case 'identity_connected':
      return `Your account was connected to ${detail.name ?? 'the office’s identity provider'}${where}: it now signs you in.`;
    case 'recovery_codes_renewed':
      return `New recovery codes were made for your account${where}; the old ones no longer work.`;
    case 'way_in_removed':
      return `A way to sign in, “${detail.name ?? 'unnamed'}”, was removed from your account${where}.`;
    case 'password_changed':
      return `The password of your account was changed${where}; every other session of yours ended.`;
    case 'wrong_passwords':
      if (detail.session)
        return `Someone signed in as you gave a wrong password ${detail.tries ?? 'many'} times when asked to confirm it was you (to change your password, or before something sensitive). If it was not you, someone holds one of your sessions: change your password and sign out everywhere else.`;
      return `Someone typed a wrong password for your account ${detail.tries ?? 'many'} times in a few minutes. Sign-ins from browsers you have not used before wait a while.`;
    case 'wrong_codes':
      if (detail.session)
        return `Someone signed in as you gave wrong codes ${detail.tries ?? 'many'} times when asked to confirm it was you. If it was not you, someone holds one of your sessions: sign out everywhere else and change your password.`;
      return `Someone gave wrong codes at your second step ${detail.tries ?? 'many'} times in a few minutes: they know your password. Change it.`;
  }
}

export interface NoticeEnding {
  userId: string;
  kind: Kind;
  /** The way in that was removed (a factor's id, `issuer subject` of an identity), if any. */
  removed: string | null;
}

/**
 * What a person must hear of about their own account (decision 035): a way in added to it (a passkey, an authenticator
 * app, new recovery codes, their identity at the office's provider), or many wrong passwords or codes. Each is kept for
 * the account page and, when the console has SMTP, e-mailed at once, with a one-time "this was not me" link (only its
 * hash is kept) that ends every session of the person and removes the way in, without their having to sign in.
 */
export class SecurityNotices {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
    private readonly clock: () => number = Date.now,
  ) {}

  async record(
    user: { id: string; email: string; name: string },
    kind: Kind,
    given: Detail,
    wayIn: string | null = null,
  ): Promise<void> {
    // What an attacker may have written (a passkey's name, a browser's User-Agent) is one plain line, short.
    const plain = (text: string | null | undefined) =>
      text == null ? text : text.replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ').slice(0, 120);
    const detail: Detail = { ...given, name: plain(given.name) ?? undefined, browser: plain(given.browser) };
    const undo = WAYS_IN.includes(kind) ? randomBytes(32).toString('base64url') : null;
    const at = this.clock();
    await this.db
      .insertInto('security_notices')
      .values({
        id: newId('notice'),
        user_id: user.id,
        kind,
        detail: JSON.stringify(detail),
        factor_id: wayIn,
        created_at: new Date(at).toISOString(),
        seen_at: null,
        undo_hash: undo ? hash(undo) : null,
        undo_until: undo ? at + UNDO_MS : null,
      })
      .execute();
    if (!this.mailer.configured) return;
    const summary = summaryOf(kind, detail);
    await this.mailer.send({
      to: user.email,
      subject: WAYS_IN.includes(kind)
        ? 'A new way to sign in to your Booking console account'
        : kind === 'way_in_removed' || kind === 'password_changed'
          ? 'A change to how you sign in to the Booking console'
          : 'Wrong sign-in attempts on your Booking console account',
      text: mailText([
        `Hello ${user.name},`,
        '',
        summary,
        '',
        ...(undo
          ? [
              'If this was you, there is nothing to do.',
              '',
              'If it was not you, open this link: it signs you out everywhere and removes what was added. Then change your password and tell your office admin.',
              '',
              `${this.publicUrl.replace(/\/$/, '')}/not-me#${undo}`,
              '',
              `The link works once, for seven days.`,
            ]
          : ['If this was not you, change your password and tell your office admin.']),
      ]),
    });
  }

  /** A page of a person's notices, newest first (their index: user, time, id). */
  async list(userId: string, query: SecurityNoticesQuery): Promise<Page<SecurityNotice>> {
    const key = decodeCursor(query.after, ORDER, ['string', 'string']);
    let q = this.db.selectFrom('security_notices').selectAll().where('user_id', '=', userId);
    if (query.state === 'unseen') q = q.where('seen_at', 'is', null);
    if (key)
      q = q.where((eb) =>
        eb.or([
          eb('created_at', '<', key[0]),
          eb.and([eb('created_at', '=', key[0]), eb('id', '<', key[1])]),
        ]),
      );
    const rows = await q
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit + 1)
      .execute();
    return pageFrom(
      rows,
      query.limit,
      ORDER,
      (row) => [row.created_at, row.id],
      (row) => {
        const detail = DetailSchema.catch({}).parse(JSON.parse(row.detail));
        return {
          id: row.id,
          kind: row.kind,
          summary: summaryOf(row.kind, detail),
          created_at: row.created_at,
          address: detail.address ?? null,
          browser: detail.browser ?? null,
          seen_at: row.seen_at,
        };
      },
    );
  }

  /** How many notices wait for the person (told at sign-in). */
  async unseenCount(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('security_notices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('seen_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** What a person's notice is about; null when they have no such notice. */
  async kindOf(userId: string, id: string): Promise<Kind | null> {
    const row = await this.db
      .selectFrom('security_notices')
      .select('kind')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.kind ?? null;
  }

  /**
   * "This was me": the notice is seen. The e-mail's "not me" link keeps working: whoever marks it seen in a session
   * cannot take the owner's undo away (decision 035). False when the person has no such notice.
   */
  async seen(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .updateTable('security_notices')
      .set({ seen_at: new Date(this.clock()).toISOString() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * "This was not me", from the account page (the person's own notice) or the e-mail's link (its token, once, for
   * seven days): the notice is closed and what it is about named, for the caller to remove and to end every session.
   * Null when there is no such notice (or its link was used or is past).
   */
  async notMe(by: { userId: string; id: string } | { token: string }): Promise<NoticeEnding | null> {
    const at = this.clock();
    let q = this.db
      .updateTable('security_notices')
      .set({ seen_at: new Date(at).toISOString(), undo_hash: null, undo_until: null });
    q =
      'token' in by
        ? q.where('undo_hash', '=', hash(by.token)).where('undo_until', '>', at)
        : q.where('id', '=', by.id).where('user_id', '=', by.userId);
    const row = await q.returning(['user_id', 'kind', 'factor_id']).executeTakeFirst();
    return row ? { userId: row.user_id, kind: row.kind, removed: row.factor_id } : null;
  }
}
