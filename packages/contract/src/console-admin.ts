import { z } from 'zod';
import { ConsoleUserSchema, RoleSchema } from './console.ts';
import { MoneySchema } from './money.ts';
import { PageQueryShape, pageSchema } from './pages.ts';
import { DateTimeSchema, EmailSchema } from './primitives.ts';

/**
 * The office admin's API: users, the audit log, the session-based interface's state. A module of its own, so the
 * admin screens' schemas are in their chunks only: a module most screens share goes to the common "shell" file with
 * everything of it the console uses anywhere (zod schemas are built when their module loads).
 */

export const CreateUserRequestSchema = z
  .object({
    email: z.string().trim().toLowerCase().pipe(EmailSchema),
    name: z.string().trim().min(1, { error: 'is required' }).max(100),
    role: RoleSchema,
  })
  .strict();
export type CreateUserRequest = z.input<typeof CreateUserRequestSchema>;

export const UpdateUserRequestSchema = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    role: RoleSchema.optional(),
    disabled: z.boolean().optional(),
    office_wide: z.boolean().optional(),
  })
  .strict()
  .refine((u) => Object.keys(u).length > 0, { error: 'nothing to change' });
export type UpdateUserRequest = z.input<typeof UpdateUserRequestSchema>;

/**
 * A one-time link (decision 030): the person it is for chooses their own password through it. Shown to the admin to
 * hand over, and e-mailed when the console has an SMTP server.
 */
export const AccountLinkSchema = z.object({
  /**
   * The link, to hand over, only when it was not e-mailed (decision 035): a link the SMTP server took goes to its
   * person alone, never through the admin's screen.
   */
  url: z.string().nullable(),
  expires_at: DateTimeSchema,
  /** Handed to the office's SMTP server. */
  emailed: z.boolean(),
});
export type AccountLink = z.infer<typeof AccountLinkSchema>;

/**
 * Where a person stands (decision 041), read from what is so, never a flag kept beside it: `invited` until they have a
 * way in of their own (a password, a passkey, or their identity at the office's provider connected), `active` once
 * they have, `disabled` while an admin has them disabled (a revoked invitation among them).
 */
export const USER_STATES = ['invited', 'active', 'disabled'] as const;
export const UserStateSchema = z.enum(USER_STATES);
export type UserState = z.infer<typeof UserStateSchema>;

/** The invitation of a person who has not accepted it: its link alive until `expires_at`, past it, or revoked. */
export const UserInvitationSchema = z.object({
  state: z.enum(['pending', 'expired', 'revoked']),
  sent_at: DateTimeSchema,
  expires_at: DateTimeSchema,
  revoked_at: DateTimeSchema.nullable(),
});
export type UserInvitation = z.infer<typeof UserInvitationSchema>;

/** A person as the admin's users screen shows them: their state, whether they have a password, their invitation. */
export const OfficeUserSchema = ConsoleUserSchema.extend({
  state: UserStateSchema,
  /** A password of their own (a person with only a passkey or single sign-on has none to reset). */
  has_password: z.boolean(),
  /** Null once they accepted (or never needed one: made with a password, or by single sign-on). */
  invitation: UserInvitationSchema.nullable(),
});
export type OfficeUser = z.infer<typeof OfficeUserSchema>;

export const InvitationSchema = z.object({ user: OfficeUserSchema, link: AccountLinkSchema });
export type Invitation = z.infer<typeof InvitationSchema>;

export const UsersQuerySchema = z.object({
  /** Part of a name or email. */
  q: z.string().trim().max(100).optional(),
  ...PageQueryShape,
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type UsersQuery = z.infer<typeof UsersQuerySchema>;
export const UserListSchema = pageSchema(OfficeUserSchema);

export const AUDIT_RESULTS = ['succeeded', 'failed', 'unknown', 'reconciled'] as const;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: DateTimeSchema,
  user: z.object({ id: z.string(), email: z.string() }),
  action: z.string(),
  resource_id: z.string().nullable(),
  amount: MoneySchema.nullable(),
  idempotency_key: z.string().nullable(),
  result: z.enum(AUDIT_RESULTS),
  status_code: z.number().int(),
  error_code: z.string().nullable(),
  /** A sign-in's client address, browser (as its User-Agent says) and factor; absent or null on other entries. */
  address: z.string().nullish(),
  browser: z.string().nullish(),
  factor: z.string().nullish(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditQuerySchema = z.object({
  user: z.string().trim().max(254).optional(),
  action: z.string().trim().max(60).optional(),
  result: z.enum(AUDIT_RESULTS).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  ...PageQueryShape,
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditListSchema = pageSchema(AuditEntrySchema);

export const SessionStateSchema = z.object({
  configured: z.boolean(),
  active: z.boolean(),
  created_at: DateTimeSchema.nullable(),
  last_renewed_at: DateTimeSchema.nullable(),
  last_used_at: DateTimeSchema.nullable(),
  renewals: z.number().int(),
});
