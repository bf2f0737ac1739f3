import { z } from 'zod';
import {
  LinkAcceptRequestSchema,
  LinkInfoSchema,
  LinkLookupRequestSchema,
  NotMeRequestSchema,
  PasskeyAnswerSchema,
  PasskeyCeremonySchema,
  SecondFactorNeededSchema,
  SecondFactorRequestSchema,
  SignInOptionsSchema,
} from '../account.ts';
import { MeSchema, SignInRequestSchema } from '../console.ts';
import { consoleRoute } from '../console-route.ts';

/** Signing in and out (decisions 028–031, 035): reachable without a session, in the order the document lists them. */
export const options = consoleRoute({
  method: 'GET',
  path: '/auth/options',
  summary:
    'What the sign-in page offers beyond a password: single sign-on with the office’s provider, when set up',
  tag: 'console',
  response: SignInOptionsSchema,
  open: true,
});

export const passkeyOptions = consoleRoute({
  method: 'POST',
  path: '/auth/passkey/options',
  summary: 'Begin a sign-in with a passkey: WebAuthn options for the browser, and the ceremony’s token',
  tag: 'console',
  response: PasskeyCeremonySchema,
  open: true,
});

export const passkey = consoleRoute({
  method: 'POST',
  path: '/auth/passkey',
  summary: 'Sign in with a passkey alone (it also finishes a sign-in waiting for its second step); audited',
  tag: 'console',
  body: PasskeyAnswerSchema,
  response: MeSchema,
  open: true,
});

export const signIn = consoleRoute({
  method: 'POST',
  path: '/auth/sign-in',
  summary:
    'Sign in; sets the session cookie, or, for a person with a second factor, asks for it (a five-minute cookie)',
  tag: 'console',
  body: SignInRequestSchema,
  response: z.union([MeSchema, SecondFactorNeededSchema]),
  open: true,
});

export const secondFactorMethods = consoleRoute({
  method: 'GET',
  path: '/auth/sign-in/second-factor',
  summary:
    'The second step’s methods for the sign-in waiting in this browser (after single sign-on); not a try',
  tag: 'console',
  response: SecondFactorNeededSchema,
  open: true,
});

export const secondFactor = consoleRoute({
  method: 'POST',
  path: '/auth/sign-in/second-factor',
  summary:
    'The second step of a sign-in: a code from an authenticator app, or a recovery code; sets the session cookie',
  tag: 'console',
  body: SecondFactorRequestSchema,
  response: MeSchema,
  open: true,
});

export const linkLookup = consoleRoute({
  method: 'POST',
  path: '/auth/links/lookup',
  summary: "Whom a one-time link is for (the token from the link's fragment, in the body)",
  tag: 'console',
  body: LinkLookupRequestSchema,
  response: LinkInfoSchema,
  open: true,
});

export const linkPasskeyOptions = consoleRoute({
  method: 'POST',
  path: '/auth/links/passkey-options',
  summary: 'Begin making a passkey through a one-time link, in place of a password',
  tag: 'console',
  body: LinkLookupRequestSchema,
  response: PasskeyCeremonySchema,
  open: true,
});

export const linkAccept = consoleRoute({
  method: 'POST',
  path: '/auth/links/accept',
  summary:
    'Choose one’s password through a one-time link (once, within 72 hours); signs in, or, for a person with a second factor, asks for it first',
  tag: 'console',
  body: LinkAcceptRequestSchema,
  response: z.union([MeSchema, SecondFactorNeededSchema]),
  open: true,
});

export const notMe = consoleRoute({
  method: 'POST',
  path: '/auth/not-me',
  summary:
    '“This was not me” from a notice’s e-mail (its one-time token): the way in removed, every session ended',
  tag: 'console',
  body: NotMeRequestSchema,
  response: z.object({ signed_out_everywhere: z.literal(true) }),
  open: true,
});

export const oidcStart = consoleRoute({
  method: 'GET',
  path: '/auth/oidc/start',
  summary:
    'Single sign-on: redirects to the office’s OpenID provider (PKCE, state and nonce kept for this browser)',
  tag: 'console',
  status: 302,
  open: true,
});

export const oidcCallback = consoleRoute({
  method: 'GET',
  path: '/auth/oidc/callback',
  summary:
    'Single sign-on: the provider’s redirect back; signs in and redirects to the console, or to the sign-in page with ?sso=<code> or ?step=second-factor',
  tag: 'console',
  status: 302,
  open: true,
});
