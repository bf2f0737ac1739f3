import type { Scope } from '@console/contract';
import { createMiddleware } from 'hono/factory';
import type { Store } from '../store.ts';
import { ApiError } from './errors.ts';
import type { AppEnv } from './types.ts';

const challenge = (error: string) => ({
  'WWW-Authenticate': `Bearer realm="travel-booking", error="${error}"`,
});

/**
 * Checks the bearer token and that it carries `scope`. The token is the only credential on a request (spec);
 * the caller it names is set for the handler.
 */
export function requireScope(store: Store, scope: Scope) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('Authorization');
    const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match?.[1]) {
      throw new ApiError('missing_authorization', {
        headers: { 'WWW-Authenticate': 'Bearer realm="travel-booking"' },
      });
    }
    const token = store.tokens.get(match[1]);
    if (!token) throw new ApiError('invalid_token', { headers: challenge('invalid_token') });
    if (store.clock.now() >= token.expiresAt) {
      throw new ApiError('expired_token', { headers: challenge('invalid_token') });
    }
    if (!token.scopes.includes(scope)) {
      throw new ApiError('insufficient_scope', {
        message: `This endpoint needs the ${scope} scope; the token has ${token.scopes.join(' ') || 'none'}.`,
        headers: {
          'WWW-Authenticate': `Bearer realm="travel-booking", error="insufficient_scope", scope="${scope}"`,
        },
      });
    }
    c.set('caller', {
      clientId: token.clientId,
      officeId: token.officeId,
      environment: token.environment,
      scopes: token.scopes,
      tokenExpiresAt: token.expiresAt,
    });
    await next();
  });
}

/** Any valid token, whatever its scopes (introspection). */
export function requireToken(store: Store) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('Authorization');
    const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match?.[1]) throw new ApiError('missing_authorization');
    const token = store.tokens.get(match[1]);
    if (!token) throw new ApiError('invalid_token', { headers: challenge('invalid_token') });
    if (store.clock.now() >= token.expiresAt)
      throw new ApiError('expired_token', { headers: challenge('invalid_token') });
    c.set('caller', {
      clientId: token.clientId,
      officeId: token.officeId,
      environment: token.environment,
      scopes: token.scopes,
      tokenExpiresAt: token.expiresAt,
    });
    await next();
  });
}
