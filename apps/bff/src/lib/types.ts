import type { Role } from '@console/contract';
import type { HttpBindings } from '@hono/node-server';

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** May read and act on every booking of the office (admins always may). */
  officeWide: boolean;
  sessionId: string;
  sessionExpiresAt: number;
}

export interface AppEnv {
  Bindings: Partial<HttpBindings>;
  Variables: {
    requestId: string;
    user: SignedInUser;
  };
}
