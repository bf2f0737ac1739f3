import type { Scope } from '@console/contract';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Store } from '../store.ts';
import { ApiError } from './errors.ts';
import type { AppEnv } from './types.ts';

const challenge = (error: string) => ({
  'WWW-Authenticate': `Bearer realm="travel-booking", error="${error}"`,
});

/** The bearer token of a request, checked: present, known, not expired. The token is the only credential. */
function authenticate(store: Store, c: Context<AppEnv>) {
  const header = c.req.header('Authorization');
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match?.[1]) {
    throw new ApiError('missing_authorization', {
      headers: { 'WWW-Authenticate': 'Bearer realm="travel-booking"' },
    });
  }
  const token = store.tokens.get(match[1]);
  if (!token) throw new ApiError('invalid_token', { headers: challenge('invalid_token') });
  if (store.clock.now() >= token.expiresAt)
    throw new ApiError('expired_token', { headers: challenge('invalid_token') });
  return token;
}

/**
 * A valid bearer token, carrying `scope` when one is named (introspection needs none). The caller it names is set
 * for the handler.
 */
export function requireScope(store: Store, scope: Scope | null) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = authenticate(store, c);
    if (scope !== null && !token.scopes.includes(scope)) {
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
