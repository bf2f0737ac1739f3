import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

/**
 * An HttpOnly (unless `readable`), SameSite=Strict (or Lax, when asked) cookie on the whole console, `__Host-` over
 * HTTPS.
 */
export function namedCookie(
  name: string,
  secure: boolean,
  sameSite: 'Strict' | 'Lax' = 'Strict',
  readable = false,
) {
  const prefix = secure ? ('host' as const) : undefined;
  const options = {
    httpOnly: !readable,
    secure,
    sameSite,
    path: '/',
    ...(prefix ? { prefix } : {}),
  };
  return {
    name: prefix ? `__Host-${name}` : name,
    read: (c: Context) => getCookie(c, name, prefix),
    write: (c: Context, token: string, maxAgeSeconds: number) =>
      setCookie(c, name, token, { ...options, maxAge: maxAgeSeconds }),
    clear: (c: Context) => deleteCookie(c, name, options),
  };
}
