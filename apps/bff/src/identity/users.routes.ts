import {
  type AccountLink,
  adminUsersApi,
  type ConsoleUser,
  type Invitation,
  type UpdateUserRequest,
} from '@console/contract';
import type { MiddlewareHandler } from 'hono';
import { ConsoleError } from '../platform/errors.ts';
import { mailText } from '../platform/mailer.ts';
import { requireRole } from '../platform/roles.ts';
import { router } from '../platform/route.ts';
import type { AppEnv } from '../platform/types.ts';
import type { IdentityDeps } from './deps.ts';
import { requireStrongProof, sessionCookie } from './guards.ts';
import type { LinkPurpose } from './links.ts';
import { SignInPolicy } from './sign-in-policy.ts';
import { accepted, officeUser, officeUsers } from './user-states.ts';

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
  const hasAcceptedInvitation = async (userId: string) => {
    const ways = (await d.users.waysIn([userId])).get(userId);
    return ways !== undefined && accepted({ password: ways.password, otherWayIn: ways.other });
  };
  /** The person of the path, who has not accepted their invitation (else 404, or 409 with what to do instead). */
  const notYetJoined = async (id: string, instead: string): Promise<ConsoleUser> => {
    const user = await d.users.get(id);
    if (!user) throw new ConsoleError('resource_not_found', { param: 'id', message: 'No such user.' });
    if (await hasAcceptedInvitation(user.id))
      throw new ConsoleError('invalid_state', {
        message: `${user.email} accepted their invitation already: ${instead}`,
      });
    return user;
  };
  // Every /admin route is for admins only, whichever router it is on (a refused caller learns nothing more).
  /** A fresh strong proof, asked before the path is read (as it always was for these routes). */
  const proved: MiddlewareHandler<AppEnv> = async (c, next) => {
    await requireStrongProof(c, hasFactor, d.clock);
    await next();
  };
  const routes = router('/admin');
  routes.app.use('*', requireRole('admin'));
  return (
    routes
      .handle(adminUsersApi.list, async (c, { query }) => {
        const page = await d.users.list(query);
        return c.json({ ...page, data: await officeUsers(d, page.data) });
      })
      // An invitation (decision 030): the person chooses their own password through a one-time link. A new way into
      // the office: only by an admin who proved it was them in the last five minutes (decision 035).
      .handle(adminUsersApi.invite, async (c, { body }) => {
        await requireStrongProof(c, hasFactor, d.clock);
        if (await d.users.findByEmail(body.email))
          throw new ConsoleError('invalid_state', {
            param: 'email',
            message: `email: ${body.email} already has an account.`,
          });
        const user = await d.users.createInvited(body);
        const link = await oneTimeLink(d, user, 'invite', c.get('user').email);
        await d.audit.write(
          c.get('user'),
          { action: `user.invite.${user.role}`, resourceId: user.id },
          'succeeded',
          201,
          null,
        );
        const invitation: Invitation = { user: await officeUser(d, user), link };
        return c.json(invitation, 201);
      })
      // A password reset is a new one-time link, never a password an admin types (decision 030).
      .handle(adminUsersApi.resetLink, proved, async (c, { params }) => {
        const user = await d.users.get(params.id);
        if (!user) throw new ConsoleError('resource_not_found', { param: 'id', message: 'No such user.' });
        // A person who never chose a way in has no password to reset: their invitation is what to send (decision 041).
        if (!(await hasAcceptedInvitation(user.id)))
          throw new ConsoleError('invalid_state', {
            message: `${user.email} has not accepted their invitation yet, so has no password to reset: resend the invitation instead.`,
          });
        const link = await oneTimeLink(d, user, 'reset', c.get('user').email);
        await d.audit.write(
          c.get('user'),
          { action: 'user.password.reset_link', resourceId: user.id },
          'succeeded',
          200,
          null,
        );
        return c.json(link);
      })
      // An invitation sent again (decision 041): a new one-time link, e-mailed, the one before dead at once. A revoked
      // or disabled invitee is enabled by it (invited again). A new way into the office: after a fresh proof.
      .handle(adminUsersApi.resendInvitation, proved, async (c, { params }) => {
        const before = await notYetJoined(
          params.id,
          'make them a password reset link instead, if they need one.',
        );
        const user = before.disabled
          ? ((await d.users.update(before.id, { disabled: false })) ?? before)
          : before;
        const link = await oneTimeLink(d, user, 'invite', c.get('user').email);
        await d.audit.write(
          c.get('user'),
          { action: 'user.invite.resend', resourceId: user.id },
          'succeeded',
          200,
          null,
        );
        if (before.disabled)
          await d.audit.write(
            c.get('user'),
            { action: 'user.enable', resourceId: user.id },
            'succeeded',
            200,
            null,
          );
        const invitation: Invitation = { user: await officeUser(d, user), link };
        return c.json(invitation);
      })
      // An invitation withdrawn (decision 041): its link dead at once on every instance, the person disabled — kept, not
      // deleted, so the audit log still names whom its entries are about, and they can be invited again.
      .handle(adminUsersApi.revokeInvitation, async (c, { params }) => {
        const id = params.id;
        const before = await notYetJoined(id, 'disable them instead.');
        // Withdrawing an admin's way in is a change of who is an admin: a fresh proof, as disabling one (decision 035).
        if (before.role === 'admin') await requireStrongProof(c, hasFactor, d.clock);
        if (before.disabled && (await officeUser(d, before)).invitation?.state === 'revoked')
          throw new ConsoleError('invalid_state', {
            message: `${before.email}'s invitation is revoked already.`,
          });
        await d.links.revoke(id, c.get('user').email);
        // Disabling ends a sign-in the link began, waiting for a second step (decision 035), and any session.
        const user = (await d.users.update(id, { disabled: true })) ?? before;
        await d.audit.write(
          c.get('user'),
          { action: 'user.invite.revoke', resourceId: id },
          'succeeded',
          200,
          null,
        );
        return c.json(await officeUser(d, user));
      })
      .handle(adminUsersApi.update, async (c, { params, body }) => {
        const id = params.id;
        if (id === c.get('user').id && (body.disabled === true || body.role === 'agent')) {
          throw new ConsoleError('invalid_state', {
            message: 'You cannot disable yourself or take away your own admin role.',
          });
        }
        const before = await d.users.get(id);
        if (!before) throw new ConsoleError('resource_not_found', { param: 'id', message: 'No such user.' });
        // Who is an admin, and who sees the office's bookings: only someone who proved it was them in the last five
        // minutes (decision 035).
        if (changeWantsProof(before, body)) await requireStrongProof(c, hasFactor, d.clock);
        const user = await d.users.update(id, body);
        if (!user) throw new ConsoleError('resource_not_found', { param: 'id', message: 'No such user.' });
        // Each change an admin makes to a user is in the audit log, one entry per thing changed.
        for (const action of userChanges(before, body))
          await d.audit.write(c.get('user'), { action, resourceId: id }, 'succeeded', 200, null);
        return c.json(await officeUser(d, user));
      })
      // A user's second factors reset (a lost phone): only by an admin who proved it was them in the last five minutes.
      .handle(adminUsersApi.resetFactors, proved, async (c, { params }) => {
        const id = params.id;
        const user = await d.users.get(id);
        if (!user) throw new ConsoleError('resource_not_found', { param: 'id', message: 'No such user.' });
        const removed = await d.factors.removeAll(id);
        // Covered by the policy, they set a new one up at their next click.
        if (SignInPolicy.covers(await d.policy.get(), user.role)) await d.sessions.setFactorSetup([id], true);
        await d.audit.write(
          c.get('user'),
          { action: 'user.factors.reset', resourceId: id },
          'succeeded',
          200,
          null,
        );
        return c.json({ removed });
      })
      // Every session of a user ended at once (a lost laptop, a suspected takeover): refused on every instance next.
      .handle(adminUsersApi.endSessions, async (c, { params }) => {
        const id = params.id;
        if (!(await d.users.get(id)))
          throw new ConsoleError('resource_not_found', { param: 'id', message: 'No such user.' });
        const ended = await d.sessions.endSessionsOf(id);
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
      }).app
  );
}
