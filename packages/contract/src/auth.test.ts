import { describe, expect, it } from 'vitest';
import {
  ClientIdSchema,
  ClientSecretSchema,
  credentialsMatch,
  environmentOfCredential,
  formatScopes,
  IntrospectionSchema,
  parseScopeString,
  TokenRequestSchema,
  TokenResponseSchema,
} from './auth.ts';

describe('auth', () => {
  it('tells the environment from the credential prefix', () => {
    expect(environmentOfCredential('cid_test_demo')).toBe('test');
    expect(environmentOfCredential('sk_live_demo')).toBe('live');
    expect(environmentOfCredential('demo')).toBeNull();
  });

  it('rejects a client id or secret without a known prefix', () => {
    expect(ClientIdSchema.safeParse('cid_test_demo').success).toBe(true);
    expect(ClientIdSchema.safeParse('cid_prod_demo').success).toBe(false);
    expect(ClientSecretSchema.safeParse('sk_live_demo').success).toBe(true);
    expect(ClientSecretSchema.safeParse('pk_live_demo').success).toBe(false);
  });

  it('says a test id and a live secret do not match', () => {
    expect(credentialsMatch('cid_test_demo', 'sk_test_demo')).toBe(true);
    expect(credentialsMatch('cid_test_demo', 'sk_live_demo')).toBe(false);
  });

  it('accepts a token request with credentials in the body, or without them for Basic auth', () => {
    expect(
      TokenRequestSchema.safeParse({
        grant_type: 'client_credentials',
        client_id: 'cid_test_demo',
        client_secret: 'sk_test_demo',
        scope: 'flights:read flights:write',
      }).success,
    ).toBe(true);
    expect(TokenRequestSchema.safeParse({ grant_type: 'client_credentials' }).success).toBe(true);
  });

  it('rejects a grant type other than client_credentials', () => {
    const result = TokenRequestSchema.safeParse({ grant_type: 'password' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['grant_type']);
  });

  it('parses a token response and an introspection', () => {
    expect(
      TokenResponseSchema.parse({
        access_token: 'tok_abc',
        token_type: 'Bearer',
        expires_in: 3600,
        expires_at: '2026-11-20T11:00:00Z',
        scope: 'flights:read wallet:read',
        environment: 'test',
      }).expires_in,
    ).toBe(3600);
    expect(
      IntrospectionSchema.safeParse({
        active: true,
        client_id: 'cid_test_demo',
        environment: 'test',
        token_type: 'Bearer',
        office: { id: 'off_demo', name: 'Demo Travel' },
        scopes: ['flights:read', 'wallet:read'],
        expires_at: '2026-11-20T11:00:00Z',
      }).success,
    ).toBe(true);
    expect(TokenResponseSchema.safeParse({ token_type: 'MAC' }).success).toBe(false);
  });

  it('parses space-separated scopes, dropping unknown names, and formats them in canonical order', () => {
    expect(parseScopeString(' wallet:read  flights:read admin ')).toEqual(['flights:read', 'wallet:read']);
    expect(formatScopes(['wallet:read', 'hotels:write'])).toBe('hotels:write wallet:read');
  });
});
