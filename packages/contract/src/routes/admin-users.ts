import { z } from 'zod';
import { SetSignInPolicyRequestSchema, SignInPolicySchema } from '../account.ts';
import {
  AccountLinkSchema,
  CreateUserRequestSchema,
  InvitationSchema,
  OfficeUserSchema,
  UpdateUserRequestSchema,
  UserListSchema,
  UsersQuerySchema,
} from '../console-admin.ts';
import { consoleRoute } from '../console-route.ts';

/** Admins only: the office's people (decisions 030, 035, 041) and its sign-in policy (decision 029). */
export const list = consoleRoute({
  method: 'GET',
  path: '/admin/users',
  summary: 'Users of the console, a page at a time by email',
  tag: 'admin',
  query: UsersQuerySchema,
  response: UserListSchema,
  admin: true,
});

export const invite = consoleRoute({
  method: 'POST',
  path: '/admin/users',
  summary:
    'Invite a person: their account and a one-time link to choose their password, e-mailed with SMTP (audited)',
  tag: 'admin',
  body: CreateUserRequestSchema,
  response: InvitationSchema,
  status: 201,
  admin: true,
});

export const resetLink = consoleRoute({
  method: 'POST',
  path: '/admin/users/{id}/reset-link',
  summary:
    'A password reset: a new one-time link for the person, e-mailed with SMTP (audited, after proving it again)',
  tag: 'admin',
  response: AccountLinkSchema,
  admin: true,
});

export const resendInvitation = consoleRoute({
  method: 'POST',
  path: '/admin/users/{id}/invitation/resend',
  summary:
    'Send an invitation again: a new one-time link, e-mailed with SMTP, the old one dead; a revoked invitee invited again (audited, after proving it again)',
  tag: 'admin',
  response: InvitationSchema,
  admin: true,
});

export const revokeInvitation = consoleRoute({
  method: 'POST',
  path: '/admin/users/{id}/invitation/revoke',
  summary:
    "Revoke an invitation: its link dead, the person disabled and kept with their history (audited; an admin's after proving it again)",
  tag: 'admin',
  response: OfficeUserSchema,
  admin: true,
});

export const update = consoleRoute({
  method: 'PATCH',
  path: '/admin/users/{id}',
  summary: 'Change a user: name, role, disabled, office-wide access (audited)',
  tag: 'admin',
  body: UpdateUserRequestSchema,
  response: OfficeUserSchema,
  admin: true,
});

export const resetFactors = consoleRoute({
  method: 'POST',
  path: '/admin/users/{id}/factors/reset',
  summary:
    "Remove a user's authenticator apps and recovery codes (a lost phone; audited, after proving it again)",
  tag: 'admin',
  response: z.object({ removed: z.number().int() }),
  admin: true,
});

export const endSessions = consoleRoute({
  method: 'POST',
  path: '/admin/users/{id}/sessions/end',
  summary: 'End every session of a user, on every instance at its next request (audited)',
  tag: 'admin',
  response: z.object({ ended: z.number().int() }),
  admin: true,
});

export const signInPolicy = consoleRoute({
  method: 'GET',
  path: '/admin/sign-in-policy',
  summary: 'Who must sign in with a second factor: nobody, admins or everyone',
  tag: 'admin',
  response: SignInPolicySchema,
  admin: true,
});

export const setSignInPolicy = consoleRoute({
  method: 'PUT',
  path: '/admin/sign-in-policy',
  summary:
    'Set who must sign in with a second factor; people it covers without one reach only their account (audited). One that covers the admin saving it, who has none, is refused (409 policy_covers_you) unless confirmed',
  tag: 'admin',
  body: SetSignInPolicyRequestSchema,
  response: SignInPolicySchema,
  admin: true,
});
