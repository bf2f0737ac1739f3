import { describe, expect, it } from 'vitest';
import {
  CreateSessionRequestSchema,
  CreateSessionResponseSchema,
  SandboxCreditBalanceSchema,
  SESSION_ERROR_CODES,
  SESSION_ERRORS,
  SessionBodySchema,
  SessionProductsQuerySchema,
  sessionErrorNeedsRenewal,
} from './session.ts';

describe('session-based interface', () => {
  it('requires OfficeId, UserName and Password', () => {
    expect(
      CreateSessionRequestSchema.safeParse({ OfficeId: 'OFF-DEMO', UserName: 'demo', Password: 'demo-pass' })
        .success,
    ).toBe(true);
    expect(CreateSessionRequestSchema.safeParse({ OfficeId: 'OFF-DEMO', UserName: 'demo' }).success).toBe(
      false,
    );
  });

  it('parses a success and a failure, and rejects a success without a SessionId', () => {
    expect(
      CreateSessionResponseSchema.safeParse({ Success: true, SessionId: 'S'.repeat(32), Error: null })
        .success,
    ).toBe(true);
    expect(
      CreateSessionResponseSchema.safeParse({
        Success: false,
        SessionId: null,
        Error: { Id: 'Err0101003', Message: 'user name or password wrong' },
      }).success,
    ).toBe(true);
    expect(
      CreateSessionResponseSchema.safeParse({ Success: true, SessionId: null, Error: null }).success,
    ).toBe(false);
  });

  it('lists the six error codes, and only the first two call for a new session', () => {
    expect(SESSION_ERROR_CODES).toEqual([
      'Err0101001',
      'Err0101002',
      'Err0101003',
      'Err0101004',
      'Err0101005',
      'Err0101006',
    ]);
    expect(SESSION_ERROR_CODES.filter(sessionErrorNeedsRenewal)).toEqual(['Err0101001', 'Err0101002']);
    expect(SESSION_ERRORS.Err0101006.remedy).toBe('request that permission');
  });

  it('parses a credit balance and rejects a float amount', () => {
    expect(
      SandboxCreditBalanceSchema.parse({
        Success: true,
        Error: null,
        Balance: { Amount: '1500.00', Currency: 'USD' },
      }).Balance?.Amount,
    ).toBe('1500.00');
    expect(
      SandboxCreditBalanceSchema.safeParse({
        Success: true,
        Error: null,
        Balance: { Amount: 1500, Currency: 'USD' },
      }).success,
    ).toBe(false);
  });

  it('takes SessionId and per_page from the query of the products call', () => {
    expect(SessionProductsQuerySchema.parse({ SessionId: 'S'.repeat(32), per_page: '5' }).per_page).toBe(5);
    expect(SessionProductsQuerySchema.safeParse({ per_page: '5' }).success).toBe(false);
    expect(SessionBodySchema.safeParse({ SessionId: 'short' }).success).toBe(false);
  });
});
