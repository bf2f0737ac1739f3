import { CSRF_HEADER } from '@console/contract';
import { createMiddleware } from 'hono/factory';
import { ConsoleError } from './errors.ts';
import type { AppEnv } from './types.ts';

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
