import type { Role } from '@console/contract';
import { createMiddleware } from 'hono/factory';
import { ConsoleError } from './errors.ts';
import type { AppEnv } from './types.ts';

/**
 * Only a signed-in person of this role passes (403 otherwise). It reads only the user the session middleware set on the
 * request, so it stands on the platform with the request's types (decision 057): every domain guards its routes with it
 * without importing identity, and identity, which writes the audit log, is imported by no domain that it imports.
 */
export function requireRole(role: Role) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.get('user').role !== role)
      throw new ConsoleError('forbidden', { message: `Only an ${role} may do this.` });
    await next();
  });
}
