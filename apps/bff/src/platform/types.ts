import type { Role } from '@console/contract';
import type { HttpBindings } from '@hono/node-server';

/** Who did something: enough of a user to record it, also when no one is signed in (the reconciler). */
export interface Actor {
  id: string;
  email: string;
}

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** May read and act on every booking of the office (admins always may). */
  officeWide: boolean;
  /** The time zone the person chose (IANA), or null for their browser's (decision 049). */
  timeZone: string | null;
  sessionId: string;
  sessionExpiresAt: number;
  /** The office's policy wants a second factor this person has not set up: their account only, until they do. */
  factorSetup: boolean;
  /** When the person last proved it was them (epoch ms): the sign-in, or again (decision 029). */
  provedAt: number;
  /** How that proof was made: a password, a factor of the person's, or the office's identity provider. */
  provedWith: 'password' | 'factor' | 'provider' | 'provider_mfa';
}

export interface AppEnv {
  Bindings: Partial<HttpBindings>;
  Variables: {
    requestId: string;
    user: SignedInUser;
  };
}
