import { CSRF_HEADER, type Role } from '@console/contract';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { Accounts } from './accounts.ts';
import { ConsoleError } from './errors.ts';
import type { AppEnv, SignedInUser } from './types.ts';

export const SESSION_COOKIE = 'console_session';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for every unsafe method, JSON included: a custom header a cross-site form cannot send, plus
 * Sec-Fetch-Site and Origin, when the browser sends them, must say the request came from this console.
 */
export const csrf = createMiddleware<AppEnv>(async (c, next) => {
  if (UNSAFE.has(c.req.method)) {
    if (c.req.header(CSRF_HEADER) !== '1')
      throw new ConsoleError('csrf_failed', { message: `The request lacks the ${CSRF_HEADER} header.` });
    const site = c.req.header('Sec-Fetch-Site');
    if (site !== undefined && site !== 'same-origin' && site !== 'none')
      throw new ConsoleError('csrf_failed');
    const origin = c.req.header('Origin');
    if (origin !== undefined) {
      let host: string | null = null;
      try {
        host = new URL(origin).host;
      } catch {
        host = null;
      }
      if (host === null || host !== c.req.header('Host')) throw new ConsoleError('csrf_failed');
    }
  }
  await next();
});

/** The agent or admin whose session the request's cookie is (which keeps the session alive), or null. */
export async function sessionUser(c: Context, accounts: Accounts): Promise<SignedInUser | null> {
  const token = getCookie(c, SESSION_COOKIE);
  return token ? accounts.resume(token) : null;
}

/** A signed-in agent or admin, from the session cookie; 401 otherwise. */
export function signedIn(accounts: Accounts) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = await sessionUser(c, accounts);
    if (!user) throw new ConsoleError('unauthenticated');
    c.set('user', user);
    await next();
  });
}

export function requireRole(role: Role) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.get('user').role !== role)
      throw new ConsoleError('forbidden', { message: `Only an ${role} may do this.` });
    await next();
  });
}
