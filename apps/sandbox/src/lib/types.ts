import type { Environment, Scope } from '@console/contract';
import type { HttpBindings } from '@hono/node-server';

/** Who a v3 request is from, once its bearer token is checked. */
export interface Caller {
  clientId: string;
  officeId: string;
  environment: Environment;
  scopes: Scope[];
  tokenExpiresAt: number;
}

/** Hono's Env for every sandbox route: node bindings (for dropping sockets) and per-request variables. */
export interface AppEnv {
  Bindings: Partial<HttpBindings>;
  Variables: {
    requestId: string;
    caller: Caller;
    /** Set by a `cut_stream` fault: the stream is cut after this many events. */
    cutStreamAfter: number | undefined;
  };
}
