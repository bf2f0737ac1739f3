import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ErrorEnvelopeSchema,
  errorEnvelope,
  firstIssue,
  issuePath,
  KNOWN_ERROR_CODES,
  KNOWN_ERRORS,
} from './errors.ts';

describe('error envelope', () => {
  it('gives every known code an envelope that parses', () => {
    for (const code of KNOWN_ERROR_CODES) {
      const envelope = errorEnvelope(code, { requestId: 'req_1' });
      expect(ErrorEnvelopeSchema.parse(envelope).error.code).toBe(code);
    }
  });

  it("keeps the spec's statuses for the spec's codes", () => {
    expect(KNOWN_ERRORS.missing_credentials.status).toBe(400);
    expect(KNOWN_ERRORS.unsupported_grant_type.status).toBe(400);
    expect(KNOWN_ERRORS.invalid_client.status).toBe(401);
    expect(KNOWN_ERRORS.missing_authorization.status).toBe(401);
    expect(KNOWN_ERRORS.invalid_token.status).toBe(401);
    expect(KNOWN_ERRORS.expired_token.status).toBe(401);
    expect(KNOWN_ERRORS.insufficient_scope.status).toBe(403);
    expect(KNOWN_ERRORS.validation_failed).toMatchObject({ status: 422, type: 'invalid_request_error' });
  });

  it('rejects an envelope that is missing its code', () => {
    expect(ErrorEnvelopeSchema.safeParse({ error: { type: 'api_error', message: 'x' } }).success).toBe(false);
  });

  it('names the offending parameter with dots and brackets', () => {
    expect(issuePath(['passengers', 1, 'document', 'expires_on'])).toBe('passengers[1].document.expires_on');
    expect(issuePath(['options', 'per_pax', 0, 'passport'])).toBe('options.per_pax[0].passport');
    expect(issuePath([])).toBeNull();
  });

  it('turns the first zod issue into param and message', () => {
    const result = z.object({ adults: z.number().min(1) }).safeParse({ adults: 0 });
    expect(result.success).toBe(false);
    if (!result.success) expect(firstIssue(result.error).param).toBe('adults');
  });
});
