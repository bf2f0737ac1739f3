import { z } from 'zod';
import { MoneySchema } from './money.ts';
import { PageQueryShape, pageSchema } from './pages.ts';
import { DateTimeSchema } from './primitives.ts';
import { isTimeZoneName } from './time-zones.ts';

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
  /** Whether the person has a password (one invited who chose a passkey, or made by single sign-on, has none). */
  password: z.boolean(),
  /** The office's identity provider, when there is one, and whether this person's identity there is connected. */
  single_sign_on: z.object({ name: z.string(), connected: z.boolean() }).nullable(),
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
/**
 * Saving the policy. A policy that would cover the admin saving it while they have no second step is refused with 409
 * `policy_covers_you` (nothing saved) unless `confirm_covers_me` says they know their session will then reach only
 * their account page until they add one (decision 042).
 */
export const SetSignInPolicyRequestSchema = SignInPolicySchema.extend({
  confirm_covers_me: z.boolean().optional(),
});
export type SetSignInPolicyRequest = z.input<typeof SetSignInPolicyRequestSchema>;

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
  /**
   * The person has a second factor (decision 035): the link takes a new password only, and the person's second step
   * comes before any session (a passkey is added from the account page after).
   */
  second_factor: z.boolean(),
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

/**
 * Where the office's identity provider is to send the browser (decision 035): to prove it is oneself again, or to
 * connect one's identity there, the provider always asks the person to sign in there again (`max_age=0`).
 */
export const SingleSignOnRedirectRequestSchema = z
  .object({
    /** The console's page to come back to (a path of the console's). */
    return_to: z
      .string()
      .max(500)
      .regex(/^\/(?!\/)[^\s\\]*$/, { error: 'is a path of the console' })
      // Still one once normalised: `/.//elsewhere` or `/%2e%2e//elsewhere` would leave the console.
      .refine(
        (path) => {
          const url = new URL(path, 'http://console.invalid');
          return (
            url.origin === 'http://console.invalid' &&
            !url.pathname.startsWith('//') &&
            !/%2e|%2f|%5c/i.test(path)
          );
        },
        { error: 'is a path of the console' },
      )
      .optional(),
  })
  .strict();
export const SingleSignOnRedirectSchema = z.object({ url: z.string() });

/**
 * What changed on one's account that one must hear of (decision 035): a way in added (a passkey, an authenticator app,
 * new recovery codes, one's identity at the office's provider), or many wrong passwords or codes. "This was not me"
 * ends every session of the person and removes the way in the notice is about.
 */
export const SECURITY_NOTICE_KINDS = [
  'factor_added',
  'identity_connected',
  'recovery_codes_renewed',
  'way_in_removed',
  'password_changed',
  'wrong_passwords',
  'wrong_codes',
] as const;
export const SecurityNoticeSchema = z.object({
  id: z.string(),
  kind: z.enum(SECURITY_NOTICE_KINDS),
  /** The notice in a person's words. */
  summary: z.string(),
  created_at: DateTimeSchema,
  address: z.string().nullable(),
  browser: z.string().nullable(),
  seen_at: DateTimeSchema.nullable(),
});
export type SecurityNotice = z.infer<typeof SecurityNoticeSchema>;
export const SecurityNoticeListSchema = pageSchema(SecurityNoticeSchema);
export const SecurityNoticesQuerySchema = z
  .object({
    /** `unseen` (the default): what waits for the person; `all`: every notice, newest first. */
    state: z.enum(['unseen', 'all']).default('unseen'),
    ...PageQueryShape,
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
export type SecurityNoticesQuery = z.infer<typeof SecurityNoticesQuerySchema>;
export const NotMeRequestSchema = z.object({ token: LinkTokenSchema }).strict();

/** The time zone the console's own times are shown in for a person (decision 049): null is their browser's. */
export const TimeZoneSettingSchema = z
  .object({
    time_zone: z
      .string()
      .max(64, { error: 'is not a time zone: a name such as Europe/Paris, at most 64 characters' })
      .refine(isTimeZoneName, {
        error: 'is not a time zone the console knows: give a name such as Europe/Paris or America/New_York',
      })
      .nullable(),
  })
  .strict();
export type TimeZoneSetting = z.infer<typeof TimeZoneSettingSchema>;
