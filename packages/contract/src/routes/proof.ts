import { z } from 'zod';
import {
  AccountFactorsSchema,
  PasskeyCeremonySchema,
  ProveRequestSchema,
  SingleSignOnRedirectRequestSchema,
  SingleSignOnRedirectSchema,
} from '../account.ts';
import { consoleRoute } from '../console-route.ts';

/**
 * Proving it is oneself again (decisions 029, 031, 035), and the ways in it offers: asked by the shell's dialog from any
 * screen, so in a module of their own, apart from the account page's routes: every screen's shell carries only these schemas.
 */
export const factors = consoleRoute({
  method: 'GET',
  path: '/account/factors',
  summary: "One's second factors, and how many recovery codes are left",
  tag: 'account',
  response: AccountFactorsSchema,
});

export const provePasskeyOptions = consoleRoute({
  method: 'POST',
  path: '/account/prove/passkey-options',
  summary: 'Begin proving it is oneself again with one of one’s passkeys',
  tag: 'account',
  response: PasskeyCeremonySchema,
});

export const proveSingleSignOn = consoleRoute({
  method: 'POST',
  path: '/account/prove/single-sign-on',
  summary:
    'Prove it is oneself again at the office’s provider: where to send the browser (the provider asks to sign in again)',
  tag: 'account',
  body: SingleSignOnRedirectRequestSchema,
  response: SingleSignOnRedirectSchema,
});

export const prove = consoleRoute({
  method: 'POST',
  path: '/account/prove',
  summary:
    'Prove it is oneself again before something sensitive: a passkey or a code from one’s app, else the password (audited)',
  tag: 'account',
  body: ProveRequestSchema,
  response: z.object({ proved: z.literal(true), method: z.enum(['passkey', 'totp', 'password']) }),
});
