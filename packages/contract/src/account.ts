import { z } from 'zod';
import { DateTimeSchema } from './primitives.ts';

/**
 * One's own account (decision 028): a new password, one's sessions. A module of its own so the schemas are in the
 * account page's chunk only (zod schemas are built when their module loads, so every screen would carry them).
 */

/**
 * A new password a person chooses (decision 028): at least 12 characters, at most 200; the console also refuses one
 * that is well known or easily guessed (checked on the server, with the reason).
 */
export const NewPasswordSchema = z
  .string()
  .min(12, { error: 'must be at least 12 characters' })
  .max(200, { error: 'must be at most 200 characters' });

export const ChangePasswordRequestSchema = z
  .object({
    current_password: z.string().min(1, { error: 'is required' }).max(200),
    new_password: NewPasswordSchema,
  })
  .strict();
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequestSchema>;

/** One of a person's own sign-in sessions, as they see it. */
export const OwnSessionSchema = z.object({
  id: z.string(),
  created_at: DateTimeSchema,
  last_seen_at: DateTimeSchema,
  address: z.string().nullable(),
  /** The browser's User-Agent as it signed in. */
  browser: z.string().nullable(),
  /** The session of the browser asking. */
  current: z.boolean(),
});
export type OwnSession = z.infer<typeof OwnSessionSchema>;
export const OwnSessionListSchema = z.object({ data: z.array(OwnSessionSchema) });

/** A second factor a person has (decision 029): an authenticator app, by the name they gave it. */
export const AccountFactorSchema = z.object({
  id: z.string(),
  kind: z.enum(['totp']),
  name: z.string(),
  created_at: DateTimeSchema,
  last_used_at: DateTimeSchema.nullable(),
});
export const AccountFactorsSchema = z.object({
  data: z.array(AccountFactorSchema),
  recovery_codes: z.object({ total: z.number().int(), left: z.number().int() }),
});
export type AccountFactors = z.infer<typeof AccountFactorsSchema>;

export const BeginTotpRequestSchema = z
  .object({ name: z.string().trim().min(1, { error: 'is required' }).max(60) })
  .strict();
/** A new authenticator app's key, shown once: as text, as an otpauth:// URI and as a QR code (SVG). */
export const TotpEnrolmentSchema = z.object({
  id: z.string(),
  secret: z.string(),
  uri: z.string(),
  qr_svg: z.string(),
});
export type TotpEnrolment = z.infer<typeof TotpEnrolmentSchema>;

export const TotpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: 'is the six digits the app shows' });
export const ConfirmTotpRequestSchema = z.object({ code: TotpCodeSchema }).strict();
export const RecoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

/** The second step of a sign-in: a code from an authenticator app, or a recovery code. */
export const SECOND_FACTOR_METHODS = ['totp', 'recovery_code'] as const;
export const SecondFactorRequestSchema = z
  .object({
    method: z.enum(SECOND_FACTOR_METHODS),
    code: z.string().trim().min(1, { error: 'is required' }).max(40),
  })
  .strict();
export type SecondFactorRequest = z.input<typeof SecondFactorRequestSchema>;

/** What a right password answers when the person has a second factor: the next step, not yet a session. */
export const SecondFactorNeededSchema = z.object({
  second_factor: z.object({ methods: z.array(z.enum(SECOND_FACTOR_METHODS)) }),
});

/** Who in the office must sign in with a second factor (decision 029). */
export const TWO_FACTOR_POLICIES = ['nobody', 'admins', 'everyone'] as const;
export const TwoFactorPolicySchema = z.enum(TWO_FACTOR_POLICIES);
export type TwoFactorPolicy = z.infer<typeof TwoFactorPolicySchema>;
export const SignInPolicySchema = z.object({ two_factor: TwoFactorPolicySchema });
export type SignInPolicy = z.infer<typeof SignInPolicySchema>;

/** Proving it is oneself again before something sensitive: the strongest factor one has (a code), else the password. */
export const ProveRequestSchema = z
  .object({
    password: z.string().min(1).max(200).optional(),
    code: z.string().trim().max(40).optional(),
  })
  .strict()
  .refine((p) => p.password !== undefined || p.code !== undefined, { error: 'give your password or a code' });
export type ProveRequest = z.input<typeof ProveRequestSchema>;

/** A one-time link's token (from the link's #fragment, never its path, so no log holds it). */
export const LinkTokenSchema = z.string().min(20).max(200);
export const LinkLookupRequestSchema = z.object({ token: LinkTokenSchema }).strict();
/** Whom a one-time link is for, to greet them. */
export const LinkInfoSchema = z.object({
  purpose: z.enum(['invite', 'reset']),
  email: z.string(),
  name: z.string(),
  expires_at: DateTimeSchema,
});
export type LinkInfo = z.infer<typeof LinkInfoSchema>;
export const LinkAcceptRequestSchema = z
  .object({ token: LinkTokenSchema, password: NewPasswordSchema })
  .strict();
export type LinkAcceptRequest = z.input<typeof LinkAcceptRequestSchema>;
