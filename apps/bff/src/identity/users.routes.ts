import {
  type AccountLink,
  AccountLinkSchema,
  type ConsoleUser,
  ConsoleUserSchema,
  CreateUserRequestSchema,
  InvitationSchema,
  type UpdateUserRequest,
  UpdateUserRequestSchema,
  UserListSchema,
  UsersQuerySchema,
} from '@console/contract';
import { Hono } from 'hono';
import { z } from 'zod';
import { ConsoleError } from '../platform/errors.ts';
import { mailText } from '../platform/mailer.ts';
import { doc } from '../platform/openapi-doc.ts';
import { parseBody, parseQuery, pathId } from '../platform/parse.ts';
import type { AppEnv } from '../platform/types.ts';
import type { IdentityDeps } from './deps.ts';
import { requireRole, requireStrongProof, sessionCookie } from './guards.ts';
import type { LinkPurpose } from './links.ts';
import { SignInPolicy } from './sign-in-policy.ts';

/** The audit log's names for what an update changes of a user. */
function userChanges(before: ConsoleUser, change: UpdateUserRequest): string[] {
  const actions: string[] = [];
  if (change.role !== undefined && change.role !== before.role) actions.push(`user.role.${change.role}`);
  if (change.disabled !== undefined && change.disabled !== before.disabled)
    actions.push(change.disabled ? 'user.disable' : 'user.enable');
  if (change.office_wide !== undefined && change.office_wide !== before.office_wide)
    actions.push(change.office_wide ? 'user.office_wide.grant' : 'user.office_wide.revoke');
  if (change.name !== undefined && change.name !== before.name) actions.push('user.rename');
  return actions;
}

/** A one-time link for a person, e-mailed when the console has an SMTP server, and what the admin is shown. */
async function oneTimeLink(
  d: IdentityDeps,
  user: ConsoleUser,
  purpose: LinkPurpose,
  by: string,
): Promise<AccountLink> {
  const { token, expiresAt } = await d.links.create(user.id, purpose, by);
  const url = `${d.env.PUBLIC_URL ?? `http://localhost:${d.env.PORT}`}/welcome#${token}`;
  const until = new Date(expiresAt).toISOString().slice(0, 16).replace('T', ' ');
  const emailed = await d.mailer.send({
    to: user.email,
    subject:
      purpose === 'invite'
        ? 'Your invitation to the Booking console'
        : 'Choose a new password for the Booking console',
    text: mailText([
      `Hello ${user.name},`,
      '',
      purpose === 'invite'
        ? `${by} invited you to the office's Booking console. Choose your password here:`
        : `${by} reset your password for the Booking console. Choose a new one here:`,
      '',
      url,
      '',
      `The link works once, until ${until} UTC. If you did not expect it, tell your office admin.`,
    ]),
  });
  // A link the SMTP server took goes to its person alone, never through the admin's screen (decision 035).
  return { url: emailed ? null : url, expires_at: new Date(expiresAt).toISOString(), emailed };
}

/**
 * Whether a change to a user wants the admin's fresh proof (decision 035): making an admin; any change of an admin's
 * role or of whether they are disabled (demoting, disabling, enabling); office-wide access given or taken.
 */
function changeWantsProof(before: ConsoleUser, change: UpdateUserRequest): boolean {
  if (change.role === 'admin' && before.role !== 'admin') return true;
  if (before.role === 'admin' && change.role !== undefined && change.role !== before.role) return true;
  if (before.role === 'admin' && change.disabled !== undefined && change.disabled !== before.disabled)
    return true;
  return change.office_wide !== undefined && change.office_wide !== before.office_wide;
}

/** Admins only: the office's people (invitations, roles, resets, sessions), each change in the audit log. */
export function usersRoutes(d: IdentityDeps) {
  const hasFactor = (userId: string) => d.factors.has(userId);
  return (
    new Hono<AppEnv>()
      .use('*', requireRole('admin'))
      .get(
        '/users',
        doc({
          summary: 'Users of the console, a page at a time by email',
          tag: 'admin',
          query: UsersQuerySchema,
          response: UserListSchema,
          admin: true,
        }),
        async (c) => c.json(await d.accounts.list(parseQuery(c, UsersQuerySchema))),
      )
      // An invitation (decision 030): the person chooses their own password through a one-time link. A new way into
      // the office: only by an admin who proved it was them in the last five minutes (decision 035).
      .post(
        '/users',
        doc({
          summary:
            'Invite a person: their account and a one-time link to choose their password, e-mailed with SMTP (audited)',
          tag: 'admin',
          body: CreateUserRequestSchema,
          response: InvitationSchema,
          status: 201,
          admin: true,
        }),
        async (c) => {
          const body = await parseBody(c, CreateUserRequestSchema);
          await requireStrongProof(c, hasFactor, d.clock);
          if (await d.accounts.findByEmail(body.email))
            throw new ConsoleError('invalid_state', {
              param: 'email',
              message: `email: ${body.email} already has an account.`,
            });
          const user = await d.accounts.createInvited(body);
          const link = await oneTimeLink(d, user, 'invite', c.get('user').email);
          await d.audit.write(
            c.get('user'),
            { action: `user.invite.${user.role}`, resourceId: user.id },
            'succeeded',
            201,
            null,
          );
          return c.json({ user, link }, 201);
        },
      )
      // A password reset is a new one-time link, never a password an admin types (decision 030).
      .post(
        '/users/:id/reset-link',
        doc({
          summary:
            'A password reset: a new one-time link for the person, e-mailed with SMTP (audited, after proving it again)',
          tag: 'admin',
          response: AccountLinkSchema,
          admin: true,
        }),
        async (c) => {
          await requireStrongProof(c, hasFactor, d.clock);
          const user = await d.accounts.get(pathId(c, 'id'));
          if (!user) throw new ConsoleError('resource_not_found', { param: 'id', message: 'No such user.' });
          const link = await oneTimeLink(d, user, 'reset', c.get('user').email);
          await d.audit.write(
            c.get('user'),
            { action: 'user.password.reset_link', resourceId: user.id },
            'succeeded',
            200,
            null,
          );
          return c.json(link);
        },
      )
      .patch(
        '/users/:id',
        doc({
          summary: 'Change a user: name, role, disabled, office-wide access (audited)',
          tag: 'admin',
          body: UpdateUserRequestSchema,
          response: ConsoleUserSchema,
          admin: true,
        }),
        async (c) => {
          const id = pathId(c, 'id');
          const body = await parseBody(c, UpdateUserRequestSchema);
          if (id === c.get('user').id && (body.disabled === true || body.role === 'agent')) {
            throw new ConsoleError('invalid_state', {
              message: 'You cannot disable yourself or take away your own admin role.',
            });
          }
          const before = await d.accounts.get(id);
          if (!before)
            throw new ConsoleError('resource_not_found', { param: 'id', message: 'No such user.' });
          // Who is an admin, and who sees the office's bookings: only someone who proved it was them in the last five
          // minutes (decision 035).
          if (changeWantsProof(before, body)) await requireStrongProof(c, hasFactor, d.clock);
          const user = await d.accounts.update(id, body);
          if (!user) throw new ConsoleError('resource_not_found', { param: 'id', message: 'No such user.' });
          // Each change an admin makes to a user is in the audit log, one entry per thing changed.
          for (const action of userChanges(before, body))
            await d.audit.write(c.get('user'), { action, resourceId: id }, 'succeeded', 200, null);
          return c.json(user);
        },
      )
      // A user's second factors reset (a lost phone): only by an admin who proved it was them in the last five minutes.
      .post(
        '/users/:id/factors/reset',
        doc({
          summary:
            "Remove a user's authenticator apps and recovery codes (a lost phone; audited, after proving it again)",
          tag: 'admin',
          response: z.object({ removed: z.number().int() }),
          admin: true,
        }),
        async (c) => {
          await requireStrongProof(c, hasFactor, d.clock);
          const id = pathId(c, 'id');
          const user = await d.accounts.get(id);
          if (!user) throw new ConsoleError('resource_not_found', { param: 'id', message: 'No such user.' });
          const removed = await d.factors.removeAll(id);
          // Covered by the policy, they set a new one up at their next click.
          if (SignInPolicy.covers(await d.policy.get(), user.role))
            await d.accounts.setFactorSetup([id], true);
          await d.audit.write(
            c.get('user'),
            { action: 'user.factors.reset', resourceId: id },
            'succeeded',
            200,
            null,
          );
          return c.json({ removed });
        },
      )
      // Every session of a user ended at once (a lost laptop, a suspected takeover): refused on every instance next.
      .post(
        '/users/:id/sessions/end',
        doc({
          summary: 'End every session of a user, on every instance at its next request (audited)',
          tag: 'admin',
          response: z.object({ ended: z.number().int() }),
          admin: true,
        }),
        async (c) => {
          const id = pathId(c, 'id');
          if (!(await d.accounts.get(id)))
            throw new ConsoleError('resource_not_found', { param: 'id', message: 'No such user.' });
          const ended = await d.accounts.endSessionsOf(id);
          await d.audit.write(
            c.get('user'),
            { action: 'user.sessions.end', resourceId: id },
            'succeeded',
            200,
            null,
          );
          // An admin who ended their own sessions ended this browser's too: its cookies go with it.
          if (id === c.get('user').id) sessionCookie(d.env.COOKIE_SECURE).clear(c);
          return c.json({ ended });
        },
      )
  );
}
