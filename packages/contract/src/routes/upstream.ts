import { z } from 'zod';
import { IntrospectionSchema } from '../auth.ts';
import { SessionStateSchema } from '../console-admin.ts';
import { consoleRoute } from '../console-route.ts';
import { CreditBalanceResponseSchema } from '../session.ts';

/**
 * The service connection's console routes: the office's credential and the session-based interface's one session
 * (admins only), and the service's images from the console's origin.
 * Imported as `upstreamApi` (routes/index.ts).
 */

export const credentials = consoleRoute({
  method: 'GET',
  path: '/admin/credentials',
  summary: "The office's credential as the service describes it",
  tag: 'admin',
  response: IntrospectionSchema,
  admin: true,
});

export const session = consoleRoute({
  method: 'GET',
  path: '/admin/session',
  summary: "The session-based interface's session",
  tag: 'admin',
  response: SessionStateSchema,
  admin: true,
});

export const creditBalance = consoleRoute({
  method: 'GET',
  path: '/admin/session/credit-balance',
  summary: 'Credit balance (session-based interface)',
  tag: 'admin',
  response: CreditBalanceResponseSchema,
  admin: true,
});

export const endSession = consoleRoute({
  method: 'POST',
  path: '/admin/session/end',
  summary: 'End the session-based session',
  tag: 'admin',
  response: z.object({ ended: z.boolean() }),
  admin: true,
});

export const media = consoleRoute({
  method: 'GET',
  path: '/media/{kind}/{id}/{file}',
  summary: "An image the service links to, from the console's origin",
  tag: 'console',
  response: 'image/*',
});
