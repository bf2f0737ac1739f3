import { z } from 'zod';
import { consoleRoute } from '../console-route.ts';

/** Signing out, from every screen's shell: in a module of its own, so the shell carries none of the sign-in page's schemas. */
export const signOut = consoleRoute({
  method: 'POST',
  path: '/auth/sign-out',
  summary: 'Sign out; clears the session cookie',
  tag: 'console',
  response: z.object({ signed_out: z.boolean() }),
  open: true,
});
