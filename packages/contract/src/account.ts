import { z } from 'zod';
import { MoneySchema } from './money.ts';
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
  kind: z.enum(['totp', 'passkey']),
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
  second_factor: z.object({ methods: z.array(z.enum(['passkey', ...SECOND_FACTOR_METHODS])) }),
});

/**
 * A WebAuthn ceremony begun by the console (decision 031): the options for the browser's
 * `navigator.credentials.create/get` (WebAuthn's JSON form, passed through as they are) and the ceremony's token to
 * send back with the browser's answer.
 */
export const PasskeyCeremonySchema = z.object({
  ceremony: z.string(),
  options: z.record(z.string(), z.unknown()),
});
export type PasskeyCeremony = z.infer<typeof PasskeyCeremonySchema>;
/** The browser's answer to a ceremony: WebAuthn's JSON form, checked by the server's WebAuthn library. */
export const PasskeyAnswerSchema = z
  .object({
    ceremony: z.string().min(20).max(200),
    response: z.looseObject({ id: z.string().min(1).max(1024), type: z.literal('public-key') }),
  })
  .strict();
export type PasskeyAnswer = z.input<typeof PasskeyAnswerSchema>;
export const FactorNameSchema = z.string().trim().min(1, { error: 'is required' }).max(60);
/** A new passkey of one's own: the ceremony's answer and the name it will be listed under. */
export const AddPasskeyRequestSchema = PasskeyAnswerSchema.extend({ name: FactorNameSchema }).strict();
export type AddPasskeyRequest = z.input<typeof AddPasskeyRequestSchema>;

/** The sign-in page's choices beyond a password: single sign-on with the office's provider, when configured. */
export const SignInOptionsSchema = z.object({
  single_sign_on: z.object({ name: z.string(), url: z.string() }).nullable(),
});
export type SignInOptions = z.infer<typeof SignInOptionsSchema>;

/** Who in the office must sign in with a second factor (decision 029). */
export const TWO_FACTOR_POLICIES = ['nobody', 'admins', 'everyone'] as const;
export const TwoFactorPolicySchema = z.enum(TWO_FACTOR_POLICIES);
export type TwoFactorPolicy = z.infer<typeof TwoFactorPolicySchema>;
export const SignInPolicySchema = z.object({
  two_factor: TwoFactorPolicySchema,
  /** A person the office's OpenID provider vouches for, with no account here, is made an agent (decision 031). */
  single_sign_on_creates_agents: z.boolean().optional(),
  /**
   * On a LIVE credential, a payment (ticketing, confirming) above this amount asks the agent to prove it is them
   * again when their last proof is over five minutes old (decision 031); null: none asks.
   */
  proof_above: MoneySchema.nullable().optional(),
});
export type SignInPolicy = z.infer<typeof SignInPolicySchema>;

/** Proving it is oneself again before something sensitive: the strongest factor one has (a code), else the password. */
export const ProveRequestSchema = z
  .object({
    password: z.string().min(1).max(200).optional(),
    code: z.string().trim().max(40).optional(),
    passkey: PasskeyAnswerSchema.optional(),
  })
  .strict()
  .refine((p) => p.password !== undefined || p.code !== undefined || p.passkey !== undefined, {
    error: 'give your password, a code or a passkey',
  });
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
/** Taking a one-time link: with the password one chooses, or with a passkey made for it (then no password). */
export const LinkAcceptRequestSchema = z
  .object({
    token: LinkTokenSchema,
    password: NewPasswordSchema.optional(),
    passkey: AddPasskeyRequestSchema.optional(),
  })
  .strict()
  .refine((p) => (p.password === undefined) !== (p.passkey === undefined), {
    error: 'choose a password or a passkey',
  });
export type LinkAcceptRequest = z.input<typeof LinkAcceptRequestSchema>;
