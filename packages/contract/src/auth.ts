import { z } from 'zod';
import { DateTimeSchema, type Environment, EnvironmentSchema } from './primitives.ts';

export const SCOPES = [
  'flights:read',
  'flights:write',
  'hotels:read',
  'hotels:write',
  'activities:read',
  'activities:write',
  'wallet:read',
] as const;
export const ScopeSchema = z.enum(SCOPES);
export type Scope = z.infer<typeof ScopeSchema>;

/** Space-separated scopes, as the token request and response carry them. Unknown names are kept out. */
export function parseScopeString(value: string): Scope[] {
  const names = value.split(/\s+/).filter(Boolean);
  return SCOPES.filter((scope) => names.includes(scope));
}
export function formatScopes(scopes: readonly Scope[]): string {
  return SCOPES.filter((scope) => scopes.includes(scope)).join(' ');
}

export const CLIENT_ID_PATTERN = /^cid_(test|live)_[A-Za-z0-9_]{1,64}$/;
export const CLIENT_SECRET_PATTERN = /^sk_(test|live)_[A-Za-z0-9_]{1,128}$/;
export const ClientIdSchema = z
  .string()
  .regex(CLIENT_ID_PATTERN, { error: 'must start with cid_test_ or cid_live_' });
export const ClientSecretSchema = z
  .string()
  .regex(CLIENT_SECRET_PATTERN, { error: 'must start with sk_test_ or sk_live_' });

/** The environment a client id or secret implies by its prefix, or null if it has neither prefix. */
export function environmentOfCredential(credential: string): Environment | null {
  const match = /^(?:cid|sk)_(test|live)_/.exec(credential);
  return match ? EnvironmentSchema.parse(match[1]) : null;
}

/** True when id and secret are both well formed and name the same environment. */
export function credentialsMatch(clientId: string, clientSecret: string): boolean {
  const idEnv = CLIENT_ID_PATTERN.test(clientId) ? environmentOfCredential(clientId) : null;
  const secretEnv = CLIENT_SECRET_PATTERN.test(clientSecret) ? environmentOfCredential(clientSecret) : null;
  return idEnv !== null && idEnv === secretEnv;
}

/**
 * POST /auth/tokens body. Credentials are optional here because HTTP Basic may carry them instead;
 * the server reports missing_credentials when neither does.
 */
export const TokenRequestSchema = z.object({
  grant_type: z.literal('client_credentials', { error: 'must be client_credentials' }),
  client_id: z.string().min(1).optional(),
  client_secret: z.string().min(1).optional(),
  scope: z.string().max(1000).optional(),
});
export type TokenRequest = z.infer<typeof TokenRequestSchema>;

export const TokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().positive(),
  expires_at: DateTimeSchema,
  scope: z.string(),
  environment: EnvironmentSchema,
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const OfficeSchema = z.object({ id: z.string(), name: z.string() });
export type Office = z.infer<typeof OfficeSchema>;

export const IntrospectionSchema = z.object({
  active: z.boolean(),
  client_id: z.string(),
  environment: EnvironmentSchema,
  token_type: z.string(),
  office: OfficeSchema,
  scopes: z.array(ScopeSchema),
  expires_at: DateTimeSchema,
});
export type Introspection = z.infer<typeof IntrospectionSchema>;

/** The access token's lifetime in seconds (spec: Limits). */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 3600;
