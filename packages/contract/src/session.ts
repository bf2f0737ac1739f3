import { z } from 'zod';
import { AmountSchema, CurrencySchema } from './money.ts';

/**
 * The session-based interface: PascalCase bodies with Success / SessionId / Error.
 * Shapes the spec does not show (EndSession, CreditBalance, products) are ours: docs/decisions/002.
 */

export const SESSION_ERRORS = {
  Err0101001: { meaning: 'session missing or invalid', remedy: 'create a new session', renew: true },
  Err0101002: { meaning: 'session expired', remedy: 'create a new session', renew: true },
  Err0101003: {
    meaning: 'user name or password wrong',
    remedy: "check the office's credentials",
    renew: false,
  },
  Err0101004: {
    meaning: 'user has no access to that office',
    remedy: 'use an office the user belongs to',
    renew: false,
  },
  Err0101005: { meaning: 'user account not verified', remedy: 'contact the account manager', renew: false },
  Err0101006: {
    meaning: 'office lacks the permission for this endpoint',
    remedy: 'request that permission',
    renew: false,
  },
} as const;
export type SessionErrorCode = keyof typeof SESSION_ERRORS;
export const SESSION_ERROR_CODES = Object.keys(SESSION_ERRORS) as SessionErrorCode[];

export function isSessionErrorCode(code: string): code is SessionErrorCode {
  return Object.hasOwn(SESSION_ERRORS, code);
}
/** Err0101001 and Err0101002 mean the session is gone: create a new one and repeat the request once. */
export function sessionErrorNeedsRenewal(code: string): boolean {
  return isSessionErrorCode(code) && SESSION_ERRORS[code].renew;
}

/** Error.Id is an open string when parsing: the service may have codes beyond the six. */
export const SessionErrorSchema = z.object({ Id: z.string(), Message: z.string() });
export type SessionError = z.infer<typeof SessionErrorSchema>;

export const SessionIdSchema = z.string().min(16).max(128);

export const CreateSessionRequestSchema = z
  .object({
    OfficeId: z.string().min(1, { error: 'is required' }).max(100),
    UserName: z.string().min(1, { error: 'is required' }).max(100),
    Password: z.string().min(1, { error: 'is required' }).max(200),
  })
  .strict();
export type CreateSessionRequest = z.infer<typeof CreateSessionRequestSchema>;

const envelope = {
  Success: z.boolean(),
  Error: SessionErrorSchema.nullable(),
};

export const CreateSessionResponseSchema = z
  .object({ ...envelope, SessionId: SessionIdSchema.nullable() })
  .refine(
    (r) => (r.Success ? r.SessionId !== null && r.Error === null : r.SessionId === null && r.Error !== null),
    {
      error: 'Success, SessionId and Error disagree',
    },
  );
export type CreateSessionResponse = z.infer<typeof CreateSessionResponseSchema>;

/** Body of POST calls that carry only the session: EndSession and CreditBalance. */
export const SessionBodySchema = z.object({ SessionId: SessionIdSchema }).strict();
export type SessionBody = z.infer<typeof SessionBodySchema>;

/** A failure of any session-based call: Success false, Error set. */
export const SessionFailureSchema = z.object({
  Success: z.literal(false),
  SessionId: z.string().nullable().optional(),
  Error: SessionErrorSchema,
});
export type SessionFailure = z.infer<typeof SessionFailureSchema>;

/** EndSession's body is not shown in the document: any JSON (or none) is read; only a failure envelope is acted on. */
export const EndSessionResponseSchema = z.unknown();
/** Our sandbox's EndSession body. */
export const SandboxEndSessionSchema = z.object({ ...envelope });
export type EndSessionResponse = z.infer<typeof EndSessionResponseSchema>;

/** CreditBalance's body is not shown in the document: any JSON object is read and shown. */
export const CreditBalanceResponseSchema = z.unknown();
/** Our sandbox's CreditBalance body, read with `readKnown` where a service keeps it. */
export const SandboxCreditBalanceSchema = z.object({
  ...envelope,
  /** Absent or null when Success is false. */
  Balance: z.object({ Amount: AmountSchema, Currency: CurrencySchema }).nullish(),
});
export type CreditBalanceResponse = z.infer<typeof CreditBalanceResponseSchema>;

export const SESSION_PRODUCTS_PER_PAGE = { default: 20, max: 100 } as const;
export const SessionProductsQuerySchema = z.object({
  SessionId: SessionIdSchema,
  per_page: z.coerce
    .number({ error: 'must be a whole number' })
    .int()
    .min(1)
    .max(SESSION_PRODUCTS_PER_PAGE.max)
    .default(SESSION_PRODUCTS_PER_PAGE.default),
});

export const SessionProductSchema = z.object({
  Id: z.string(),
  Title: z.string(),
  City: z.string(),
  Country: z.string(),
  FromPrice: z.object({ Amount: AmountSchema, Currency: CurrencySchema }),
});
export const SessionProductsResponseSchema = z.object({
  ...envelope,
  /** Absent or null when Success is false. */
  Products: z.array(SessionProductSchema).nullish(),
  Total: z.number().int().min(0).nullish(),
});
export type SessionProductsResponse = z.infer<typeof SessionProductsResponseSchema>;
